#!/usr/bin/env node
// Measures one backend in Debian's Chromium against a running playground, as a person would
// use it: a cold page load (fresh profile: keys downloaded), prove + verify, then N warm runs
// in the same page. Prints each run's phases and the time to the first verified proof.
//   node scripts/measure-browser.mjs --backend gnark --bytes 3 --runs 3 [--url http://127.0.0.1:5173/]
//     [--threads N]  (backends with threads: the page's Threads select)
import { chromium } from '@playwright/test';
import { stat } from './lib/native.mjs';
import { cliOptions, countList } from './lib/args.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const opts = cliOptions(
  'node scripts/measure-browser.mjs --backend ID [--bytes 3] [--runs 3] [--url U] [--threads N]',
  {
    url: 'http://127.0.0.1:5173/',
    backend: undefined,
    bytes: '3',
    runs: '3',
    threads: undefined,
  },
);
const { url, backend, threads } = opts;
if (!backend) {
  console.error("--backend ID is required (an id of the registry, e.g. the playground's backend radio)");
  process.exit(2);
}
const bytes = Number(opts.bytes);
const runs = countList(opts.runs, 'runs')[0];

const browser = await chromium.launch(chromiumLaunchOptions());
const context = await browser.newContext({ acceptDownloads: true });
const page = await context.newPage();
const t0 = Date.now();
await page.goto(url);
await page.getByRole('radio', { name: backend }).check();
if (threads) await page.getByRole('combobox', { name: /^Threads/ }).selectOption(threads);
await page.getByRole('radio', { name: 'Hex' }).check();
await page.getByRole('textbox', { name: 'Message' }).fill('61'.repeat(bytes));
const results = [];
for (let i = 0; i <= runs; i++) {
  const start = Date.now();
  await page.getByRole('button', { name: 'Prove' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /Verified|Error|not verified/ })
    .waitFor({ timeout: 30 * 60_000 });
  const text = await page.getByRole('status').textContent();
  if (!/^Verified/.test(text)) throw new Error(text);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download result (JSON)' }).click();
  const r = JSON.parse(
    await (await (await download).createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  results.push(r);
  const phases = r.phases.map((p) => `${p.id}=${p.ms.median.toFixed(0)}ms`).join(' ');
  console.log(
    `${r.cold ? 'cold' : 'warm'} run ${i}: ${phases}  proof=${r.sizes.proof}B peak=${(r.memory.peakBytes / 2 ** 20).toFixed(0)}MiB threads=${r.environment.threads} build=${r.environment.build}${i === 0 ? `  time to first verified proof from page load: ${((Date.now() - t0) / 1000).toFixed(1)}s` : `  wall ${((Date.now() - start) / 1000).toFixed(1)}s`}`,
  );
}
const warm = results.filter((r) => !r.cold);
for (const id of ['prove', 'verify']) {
  const xs = warm.map((r) => r.phases.find((p) => p.id === id)?.ms.median).filter((x) => x !== undefined);
  if (!xs.length) continue;
  const s = stat(xs); // the shared median: the middle two averaged for an even count
  console.log(
    `${id}: median of ${xs.length} warm runs ${s.median.toFixed(1)} ms (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)})`,
  );
}
console.log(JSON.stringify({ download: results[0].sizes.download, cold: results[0].phases }, null, 0));
await browser.close();
