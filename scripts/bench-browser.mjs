#!/usr/bin/env node
// Runs the page's benchmark view in Debian's Chromium against a running playground and prints
// each result beside the committed native reference (median prove time and WASM/native).
// The reference was measured at another time, maybe under other load: for honest ratios,
// measure both in one run with `npm run bench:compare`.
//   node scripts/bench-browser.mjs [--url http://127.0.0.1:5173/] [--backends gnark,halo2] [--blocks 1] [--threads 1,2] [--runs 1] [--warmup 0] [--out results.json]
import { writeFileSync } from 'node:fs';
import { browserSweep } from './lib/browser-bench.mjs';
import { cliOptions, countList } from './lib/args.mjs';

const opts = cliOptions(
  'node scripts/bench-browser.mjs [--url U] [--backends a,b] [--blocks 1] [--threads 1,2] [--runs 1] [--warmup 0] [--out F]',
  {
    url: 'http://127.0.0.1:5173/',
    backends: '',
    blocks: '1',
    threads: '1,2',
    runs: '1',
    warmup: '0',
    out: '/tmp/zkplay-bench.json',
  },
);
const base = opts.url;
const exported = await browserSweep({
  url: base,
  backends: opts.backends.split(',').filter(Boolean),
  blocks: countList(opts.blocks, 'blocks'),
  threads: countList(opts.threads, 'threads'),
  runs: countList(opts.runs, 'runs')[0],
  warmup: Number(opts.warmup),
});
const reference = await fetch(new URL('native-reference.json', base))
  .then((r) => r.json())
  .catch(() => ({ results: [] }));
for (const r of exported.results) {
  const native = reference.results.find(
    (n) =>
      n.backend === r.backend && n.message.bytes === r.message.bytes && n.environment.threads === r.environment.threads,
  );
  const wasm = r.phases.find((p) => p.id === 'prove')?.ms.median;
  const nat = native?.phases.find((p) => p.id === 'prove')?.ms.median;
  console.log(
    `${r.backend} ${r.message.bytes} B ${r.environment.threads} thread(s) ${r.environment.build}: prove ${wasm?.toFixed(0)} ms (median of ${r.runs})` +
      (nat
        ? `, committed native reference ${nat.toFixed(0)} ms (${reference.generatedAt ?? 'undated'}), WASM/native ${(wasm / nat).toFixed(2)}x`
        : ', no native reference'),
  );
}
const path = opts.out;
writeFileSync(path, JSON.stringify(exported, null, 2));
console.log(`export written to ${path}`);
