#!/usr/bin/env node
// npm run bench:compare — native and wasm measured in ONE run, so that their ratio compares like
// with like: each backend's native runner (the Go and Rust functions the wasm builds call), then
// the page's benchmark view in Chromium on a server this script starts, with the machine's load
// and busiest other processes recorded before, between and after. Prints, per backend and
// message size, median prove times (spread min–max) at each thread count, WASM/native, and the
// multi-thread speed-up in wasm next to native's; writes everything as JSON (RunResults in the
// shared schema).
//   npm run bench:compare -- [--blocks 1,8] [--threads 1,2] [--runs 5] [--warmup 1]
//                            [--backends gnark,halo2,plonky2] [--out /tmp/zkplay-bench-compare.json]
import { writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { browserSweep, servePlayground } from './lib/browser-bench.mjs';
import { machineLoad, wasUnderLoad } from './lib/machine-load.mjs';
import { cacheDir, capture, log, root, step } from './lib/steps.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { cliOptions, countList } from './lib/args.mjs';

const available = backendIds('bench-native.mjs');
const opts = cliOptions(
  'npm run bench:compare -- [--blocks 1,8] [--threads 1,2] [--runs 5] [--warmup 1] [--backends a,b] [--out F]',
  {
    blocks: '1,8',
    threads: '1,2',
    runs: '5',
    warmup: '1',
    backends: available.join(','),
    out: '/tmp/zkplay-bench-compare.json',
  },
);
const blocks = countList(opts.blocks, 'blocks');
const threads = [...new Set(countList(opts.threads, 'threads'))].sort((a, b) => a - b);
const runs = countList(opts.runs, 'runs')[0];
const warmup = Number(opts.warmup);
const out = opts.out;
const commit = capture('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown';
const backends = opts.backends.split(',').filter((id) => available.includes(id));

const proveStat = (r) => r?.phases.find((p) => p.id === 'prove')?.ms;
const fmt = (s) =>
  s
    ? `${s.median >= 1000 ? (s.median / 1000).toFixed(2) + ' s' : s.median.toFixed(0) + ' ms'} (${s.min >= 1000 ? (s.min / 1000).toFixed(2) : s.min.toFixed(0)}–${s.max >= 1000 ? (s.max / 1000).toFixed(2) + ' s' : s.max.toFixed(0) + ' ms'})`
    : '–';
const ratio = (a, b) => (a && b ? `${(a.median / b.median).toFixed(2)}x` : '–');

/** One row per (backend, bytes): prove at each thread count, natively and in wasm. */
function compare(native, wasm) {
  const key = (r) => `${r.backend}/${r.message.bytes}`;
  const cells = [...new Set([...native, ...wasm].map(key))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return cells.map((k) => {
    const [backend, bytes] = k.split('/');
    const at = (set, t) => set.find((r) => key(r) === k && r.environment.threads === t);
    const row = { backend, bytes: Number(bytes), threads: {} };
    for (const t of threads) {
      const n = proveStat(at(native, t));
      const w = proveStat(at(wasm, t));
      row.threads[t] = {
        nativeMs: n ?? null,
        wasmMs: w ?? null,
        wasmOverNative: n && w ? w.median / n.median : null,
        wasmBuild: at(wasm, t)?.environment.build ?? null,
      };
    }
    return row;
  });
}

function printTable(rows) {
  const [t1, ...more] = threads;
  const head = [
    'backend, message',
    ...threads.flatMap((t) => [`native ${t}T`, `wasm ${t}T`]),
    ...threads.map((t) => `wasm/native ${t}T`),
    ...more.map((t) => `wasm ${t}T/${t1}T speed-up (native's)`),
  ];
  const lines = [head];
  for (const r of rows) {
    const c = (t) => r.threads[t];
    lines.push([
      `${r.backend}, ${r.bytes} B`,
      ...threads.flatMap((t) => [fmt(c(t).nativeMs), fmt(c(t).wasmMs)]),
      ...threads.map((t) => ratio(c(t).wasmMs, c(t).nativeMs)),
      ...more.map((t) => `${ratio(c(t1).wasmMs, c(t).wasmMs)} (${ratio(c(t1).nativeMs, c(t).nativeMs)})`),
    ]);
  }
  console.log(`\n| ${lines[0].join(' | ')} |\n|${lines[0].map(() => '---').join('|')}|`);
  for (const l of lines.slice(1)) console.log(`| ${l.join(' | ')} |`);
  console.log(
    `\nProve times: median (min–max) of ${runs} runs after ${warmup} warm-up run(s) in wasm; natively ${runs} runs after building once. '–': not measured (over the circuit's capacity, or a build without threads).`,
  );
}

const loads = [await machineLoad('before')];
const native = [];
for (const id of backends) {
  const mod = await importBackendFile(id, 'bench-native.mjs');
  native.push(
    ...(await step(`native: ${id} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs)`, () =>
      mod.benchNative({ root, cacheDir, blocks, threads, runs, commit }),
    )),
  );
}
loads.push(await machineLoad('after native'));
const server = await servePlayground();
let exported;
try {
  exported = await step(
    `wasm in Chromium: ${backends.join(',')} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs, ${warmup} warm-up)`,
    () => browserSweep({ url: server.url, backends, blocks, threads, runs, warmup, log }),
  );
} finally {
  server.stop();
}
loads.push(await machineLoad('after wasm'));

const rows = compare(native, exported.results);
printTable(rows);
const busy = wasUnderLoad(loads);
if (busy)
  console.log(`\nLabel these figures as measured UNDER LOAD: the load average or other processes above were not idle.`);
writeFileSync(
  out,
  JSON.stringify(
    {
      format: 'zkplay-bench-compare',
      version: 1,
      command: `npm run bench:compare -- ${process.argv.slice(2).join(' ')}`.trim(),
      commit,
      generatedAt: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        memoryBytes: totalmem(),
        os: `${platform()} ${release()}`,
      },
      underLoad: busy,
      loads,
      settings: { backends, blocks, threads, runs, warmup },
      browser: exported.device,
      rows,
      native,
      wasm: exported.results,
    },
    null,
    2,
  ) + '\n',
);
log(`wrote ${out}`);
