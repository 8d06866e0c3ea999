#!/usr/bin/env node
// Runs the page's benchmark view in Debian's Chromium against a running playground and prints
// each result beside the native reference (median prove time and the WASM/native ratio).
//   node scripts/bench-browser.mjs [--url http://127.0.0.1:5173/] [--backends gnark,halo2] [--blocks 1] [--threads 1,2] [--runs 1] [--warmup 0] [--out results.json]
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const base = arg('url', 'http://127.0.0.1:5173/');
const query = new URLSearchParams({ blocks: arg('blocks', '1'), threads: arg('threads', '1,2'), runs: arg('runs', '1'), warmup: arg('warmup', '0'), autostart: '1' });
if (arg('backends')) query.set('backends', arg('backends'));
const url = `${base}#/bench?${query.toString().replace(/%2C/g, ',')}`;

const started = Date.now();
const browser = await chromium.launch({ executablePath: process.env.ZKPLAY_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
console.log(`opening ${url}`);
await page.goto(url);
await page.getByRole('status').filter({ hasText: /^Done|^Cancelled|Error/ }).first().waitFor({ timeout: 3 * 60 * 60_000 });
console.log(`sweep finished in ${((Date.now() - started) / 1000).toFixed(0)} s: ${await page.getByRole('status').first().textContent()}`);
const download = page.waitForEvent('download');
await page.getByRole('button', { name: 'Export JSON' }).click();
const path = arg('out', '/tmp/zkplay-bench.json');
await (await download).saveAs(path);
await browser.close();

const exported = JSON.parse(readFileSync(path, 'utf8'));
const reference = await fetch(new URL('native-reference.json', base)).then((r) => r.json()).catch(() => ({ results: [] }));
for (const r of exported.results) {
  const native = reference.results.find((n) => n.backend === r.backend && n.message.bytes === r.message.bytes && n.environment.threads === r.environment.threads);
  const wasm = r.phases.find((p) => p.id === 'prove')?.ms.median;
  const nat = native?.phases.find((p) => p.id === 'prove')?.ms.median;
  console.log(`${r.backend} ${r.message.bytes} B ${r.environment.threads} thread(s) ${r.environment.build}: prove ${wasm?.toFixed(0)} ms (median of ${r.runs})` +
    (nat ? `, native ${nat.toFixed(0)} ms, WASM/native ${(wasm / nat).toFixed(2)}x` : ', no native reference'));
}
writeFileSync(path, JSON.stringify(exported, null, 2));
console.log(`export written to ${path}`);
