// Runs the page's benchmark view (#/bench) in Debian's Chromium against a served playground and
// returns its JSON export (format zkplay-bench: RunResults measured in the browser). Shared by
// scripts/bench-browser.mjs, scripts/bench-compare.mjs and scripts/profile-browser.mjs, which
// watches the sweep through `onPage` (called before the page opens; what it returns is awaited
// once the sweep is done, before the page closes).
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { freePort, root } from './steps.mjs';
import { chromiumLaunchOptions } from './chromium.mjs';

/**
 * wide: Chromium started with the wasm wide-arithmetic proposal on (the Rust backends' threads-wide builds run).
 * build: the wasm build the bench view pins for every run ('threads': the threaded build on one thread too).
 */
export async function browserSweep({
  url,
  backends,
  blocks,
  threads,
  runs,
  warmup,
  wide = false,
  build,
  log = console.log,
  onPage,
}) {
  const query = new URLSearchParams({
    blocks: blocks.join(','),
    threads: threads.join(','),
    runs: String(runs),
    warmup: String(warmup),
    autostart: '1',
  });
  if (backends?.length) query.set('backends', backends.join(','));
  if (build) query.set('build', build);
  const page_url = `${url}#/bench?${query.toString().replace(/%2C/g, ',')}`;
  const started = Date.now();
  const browser = await chromium.launch(chromiumLaunchOptions({ wide }));
  try {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    const done = await onPage?.(page);
    log(`opening ${page_url}`);
    await page.goto(page_url);
    await page
      .getByRole('status')
      .filter({ hasText: /^Done|^Cancelled|Error/ })
      .first()
      .waitFor({ timeout: 3 * 60 * 60_000 });
    const verdict = await page.getByRole('status').first().textContent();
    log(`sweep finished in ${((Date.now() - started) / 1000).toFixed(0)} s: ${verdict}`);
    if (!/^Done/.test(verdict ?? '')) throw new Error(`the benchmark view did not finish: ${verdict}`);
    await done?.();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const path = join(tmpdir(), `zkplay-bench-${process.pid}.json`);
    await (await download).saveAs(path);
    return JSON.parse(readFileSync(path, 'utf8'));
  } finally {
    await browser.close();
  }
}

/**
 * The primitives view (#/primitives) in Debian's Chromium: the Rust primitives at the quick
 * scales on one thread, `runs` timed runs each; returns its export's PrimitiveResult records
 * (each says which Rust build measured it). wide: Chromium with the wide-arithmetic flag.
 */
export async function primitivesSweep({ url, runs, wide = false, log = console.log }) {
  const browser = await chromium.launch(chromiumLaunchOptions({ wide }));
  try {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await page.goto(`${url}#/primitives`);
    await page.getByRole('combobox', { name: 'Libraries' }).selectOption('rust');
    await page.getByRole('spinbutton', { name: 'Runs' }).fill(String(runs));
    log(`primitives view${wide ? ' (wide-arithmetic flag)' : ''}: measuring the Rust primitives, ${runs} runs each`);
    await page.getByRole('button', { name: 'Measure' }).click();
    await page.getByRole('button', { name: 'Measure' }).waitFor({ timeout: 60 * 60_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download results (JSON)' }).click();
    const path = join(tmpdir(), `zkplay-primitives-${process.pid}.json`);
    await (await download).saveAs(path);
    return JSON.parse(readFileSync(path, 'utf8')).primitives;
  } finally {
    await browser.close();
  }
}

/** Serves the built playground (scripts/serve.mjs) on a free port until stop() is called. */
export async function servePlayground() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], {
    env: { ...process.env, ZKPLAY_PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the playground server did not answer on ${url}`);
}
