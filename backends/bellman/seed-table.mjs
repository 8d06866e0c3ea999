#!/usr/bin/env node
// The seed's Bellman table (../shared/seeds/002: BLAKE2s in Groth16 on BLS12-381, 192 bytes to
// 12,288 bytes and beyond), reproduced natively: one process per size runs
// crates/zkplay-bellman/examples/seed_table.rs (a setup of its own, the parameters' size, proofs
// of a message that fills the circuit, a verification, peak memory). Not part of `npm test`: the
// setups alone take minutes per size (1M constraints: ~10 minutes on 2 cores).
//   node backends/bellman/seed-table.mjs [--max-bytes 3072] [--runs 3] [--threads 2]
// Prints a Markdown table with the seed's published figures beside ours and writes both, with
// the machine and its load, to web/public/bellman-seed-table.json (the bench view reads it).
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { cliOptions, countList } from '@zkplay/build-kit/args';
import { describeLoad, machineLoad } from '@zkplay/build-kit/machine-load';
import { runRustExample } from '@zkplay/build-kit/native';
import { capture, log, root, step } from '@zkplay/build-kit/steps';

/** The seed's published Bellman figures (6-core i5-8400, 32 GB, bellman 0.2 with Sapling's BLAKE2s gadget, multicore). */
export const PUBLISHED = {
  source: '../shared/seeds/002 (Bellman rows): Intel i5-8400 (6 cores), 32 GB, bellman 0.2, multicore',
  rows: [
    { constraints: '64K', bytes: 192, memoryGB: 0.1, setupSeconds: 9.5, proveSeconds: 0.46, paramsMB: 32 },
    { constraints: '128K', bytes: 384, memoryGB: 0.18, setupSeconds: 18.95, proveSeconds: 0.83, paramsMB: 63 },
    { constraints: '256K', bytes: 768, memoryGB: 0.27, setupSeconds: 43.8, proveSeconds: 2.6, paramsMB: 150 },
    { constraints: '512K', bytes: 1536, memoryGB: 0.76, setupSeconds: 87.6, proveSeconds: 5.3, paramsMB: 300 },
    { constraints: '1M', bytes: 3072, memoryGB: 1.5, setupSeconds: 174.5, proveSeconds: 10.57, paramsMB: 601 },
    { constraints: '2M', bytes: 6144, memoryGB: 2.9, setupSeconds: 348.7, proveSeconds: 20, paramsMB: 1200 },
    { constraints: '4M', bytes: 12288, memoryGB: 5.8, setupSeconds: 696.3, proveSeconds: 40.4, paramsMB: 2400 },
  ],
};

const opts = cliOptions('node backends/bellman/seed-table.mjs [--max-bytes 3072] [--runs 3] [--threads N]', {
  'max-bytes': '3072',
  runs: '3',
  threads: String(cpus().length),
});
const maxBytes = countList(opts['max-bytes'], 'max-bytes')[0];
const runs = countList(opts.runs, 'runs')[0];
const threads = countList(opts.threads, 'threads')[0];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const loads = [await machineLoad('before')];
const rows = [];
for (const p of PUBLISHED.rows.filter((r) => r.bytes <= maxBytes)) {
  const blocks = p.bytes / 64;
  const row = await step(
    `bellman seed table: ${p.bytes} bytes (${blocks} blocks), setup + ${runs} proofs on ${threads} threads`,
    () => runRustExample({ root, crate: 'zkplay-bellman', example: 'seed_table', args: [blocks, runs], threads }),
  );
  rows.push({ ...row, proveMedianSeconds: median(row.proveSeconds) });
}
loads.push(await machineLoad('after'));

const doc = {
  generatedAt: new Date().toISOString(),
  commit: capture('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown',
  command: `node backends/bellman/seed-table.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryBytes: totalmem() },
  note: `Ours: bellman 0.15 + groth16 0.2, this project's variable-length BLAKE2s circuit (22,417 constraints per 64-byte block), RAYON_NUM_THREADS=${threads}, median of ${runs} proofs after one setup per size, peak RSS of the process. ${describeLoad(loads)}`,
  published: PUBLISHED,
  rows,
};
writeFileSync(join(root, 'web', 'public', 'bellman-seed-table.json'), JSON.stringify(doc, null, 2) + '\n');

const f = (x, d = 1) => x.toFixed(d);
const lines = [
  '| bytes | constraints (seed / ours) | memory GB (seed / ours) | setup s (seed / ours) | prove s (seed / ours) | params MB (seed / ours) |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => {
    const p = PUBLISHED.rows.find((x) => x.bytes === r.bytes);
    return `| ${r.bytes.toLocaleString('en')} | ${p.constraints} / ${r.constraints.toLocaleString('en')} | ${p.memoryGB} / ${f(r.peakRssBytes / 1e9, 2)} | ${p.setupSeconds} / ${f(r.setupSeconds)} | ${p.proveSeconds} / ${f(r.proveMedianSeconds, 2)} | ${p.paramsMB} / ${f(r.paramsBytes / 1e6, 0)} |`;
  }),
];
console.log(lines.join('\n'));
log(`bellman seed table: ${rows.length} sizes written to web/public/bellman-seed-table.json`);
