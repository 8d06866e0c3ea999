#!/usr/bin/env node
// Measures the Primitives view's KZG panel in Debian's Chromium against a running playground, as
// a person would: a fresh page per Rust thread count (a rayon pool is sized once per worker),
// the panel's Runs set, its "Full sweep" (blobs, cells, cell verification, recovery; Go and Rust)
// and, with --thesis, the thesis's operations. Prints the load average before each sweep (an
// idle machine is the only one whose figures compare; with anything else seen busy), then one JSON line per sweep and a
// Markdown table per thread count, from the numbers the panel itself shows. Then, in the same
// browser, the JavaScript libraries a web developer uses today (micro-eth-signer, kzg-wasm:
// scripts/kzg-js/), on the same blob, so that the comparison is of one machine at one time.
//   npm run bench:kzg -- [--threads 1,2] [--runs 5] [--thesis none|quick|full] [--js on|off]
//   node scripts/measure-kzg.mjs --url http://127.0.0.1:5173/ ...   (a playground already served)
// Without --url it serves the built playground itself (scripts/serve.mjs) on a free port.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { root } from './lib/steps.mjs';
import { cliOptions, countList } from './lib/args.mjs';
import { servePlayground } from './lib/browser-bench.mjs';
import { machineLoad } from './lib/machine-load.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const THESIS_BUTTONS = { quick: /^Measure the thesis's operations/, full: /^Full sweep \(to 2\^12/ };
const opts = cliOptions(
  'node scripts/measure-kzg.mjs [--url U] [--threads 1,2] [--runs 5] [--thesis none|quick|full] [--js on|off]',
  { url: '', threads: '1,2', runs: '5', thesis: 'none', js: 'on' },
);
if (opts.thesis !== 'none' && !THESIS_BUTTONS[opts.thesis]) {
  console.error(`--thesis takes none, quick or full, not ${opts.thesis}`);
  process.exit(2);
}
const threadCounts = countList(opts.threads, 'threads');
const runs = countList(opts.runs, 'runs')[0];
/** A sweep takes minutes; the full thesis sweep about half an hour on a 2-core machine. */
const SWEEP_TIMEOUT_MS = 90 * 60_000;

/** A table's header and body cells as text, row by row. */
async function tableText(table) {
  return table.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
}

/** Clicks a sweep button of `scope`, waits until the scope offers its buttons again and returns its errors. */
async function sweep(scope, button) {
  await scope.getByRole('button', { name: button }).click();
  const stop = scope.getByRole('button', { name: 'Stop' }).first();
  await stop.waitFor({ state: 'attached' });
  await stop.waitFor({ state: 'detached', timeout: SWEEP_TIMEOUT_MS });
  return scope.locator(':scope > ul.errors li').allTextContents();
}

/** The JavaScript libraries, one fresh page each (a library's setup is timed from nothing). */
async function measureJsLibraries(browser) {
  const server = await createServer({
    root: join(root, 'scripts', 'kzg-js'),
    configFile: false,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0 },
  });
  await server.listen();
  const expected = JSON.parse(readFileSync(join(root, 'test-vectors', 'kzg', 'bench-blob.json'), 'utf8'));
  const rows = [['Operation (one blob)']];
  const column = new Map();
  try {
    for (const name of ['micro-eth-signer', 'kzg-wasm']) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(server.resolvedUrls.local[0]);
      await page.waitForFunction(() => globalThis.zkplayKzgJs);
      const load = await machineLoad(`before ${name}`);
      const r = await page.evaluate(([n, k, e]) => globalThis.zkplayKzgJs.measure(n, k, e), [name, runs, expected]);
      console.log(JSON.stringify({ sweep: 'js', runs, loadBefore: load, ...r }));
      rows[0].push(`${name} (${r.setup})`);
      column.set('Load the library and the trusted setup', [
        ...(column.get('Load the library and the trusted setup') ?? []),
        `${(r.setupMs / 1000).toFixed(2)} s`,
      ]);
      for (const [op, m] of Object.entries(r.ops))
        column.set(op, [...(column.get(op) ?? []), `${m.medianMs.toFixed(1)} ms`]);
      await page.context().close();
    }
  } finally {
    await server.close();
  }
  for (const [op, cells] of column) rows.push([op, ...cells]);
  console.log(`\nJavaScript libraries, one thread, medians of ${runs}\n`);
  console.log(markdown(rows));
}

const markdown = (rows) =>
  [rows[0], rows[0].map(() => '---'), ...rows.slice(1)].map((r) => `| ${r.join(' | ')} |`).join('\n');

const server = opts.url ? undefined : await servePlayground();
const url = opts.url || server.url;
const browser = await chromium.launch(chromiumLaunchOptions());
let failed = false;
try {
  for (const threads of threadCounts) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(new URL('#/primitives', url).href);
    const panel = page.locator('section.kzg');
    if (!(await page.evaluate(() => globalThis.crossOriginIsolated)) && threads > 1)
      throw new Error('the page is not cross-origin isolated, so Rust cannot run on more than 1 thread');
    await panel.getByRole('spinbutton', { name: 'Runs' }).fill(String(runs));
    await panel.getByRole('combobox', { name: 'Threads (Rust)' }).selectOption(String(threads));
    const sweeps = [['blobs', panel, /^Full sweep \(\+ cell/, 'KZG timings']];
    if (opts.thesis !== 'none')
      sweeps.push(['thesis', panel.locator('.thesis'), THESIS_BUTTONS[opts.thesis], "The thesis's operations"]);
    for (const [name, scope, button, tableName] of sweeps) {
      const load = await machineLoad(`before the ${name} sweep (Rust on ${threads} thread(s))`);
      const t0 = Date.now();
      const errors = await sweep(scope, button);
      const rows = await tableText(page.getByRole('table', { name: tableName }));
      const seconds = Math.round((Date.now() - t0) / 1000);
      console.log(JSON.stringify({ sweep: name, threads, runs, loadBefore: load, seconds, errors, rows }));
      console.log(
        `\n${name}, Rust on ${threads} thread(s), medians of ${runs}, load ${load.loadavg.join(' ')}, ${seconds} s\n`,
      );
      console.log(markdown(rows));
      if (errors.length) {
        failed = true;
        console.error(`errors: ${errors.join('; ')}`);
      }
    }
    await page.context().close();
  }
  if (opts.js === 'on') await measureJsLibraries(browser);
} finally {
  await browser.close();
  server?.stop();
}
process.exit(failed ? 1 : 0);
