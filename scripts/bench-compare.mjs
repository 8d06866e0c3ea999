#!/usr/bin/env node
// npm run bench:compare — native and wasm measured in ONE run, so that their ratio compares like
// with like: each backend's native runner (the Go and Rust functions the wasm builds call), then
// the page's benchmark view in Chromium on a server this script starts, with the machine's load
// and busiest other processes recorded before, between and after. Prints, per backend and
// message size, median prove times (spread min–max) at each thread count, WASM/native, and the
// multi-thread speed-up in wasm next to native's; writes everything as JSON (RunResults in the
// shared schema).
//   --wasm today,wide,threads: more sweeps in the same run. wide: Chromium started with the
//   wide-arithmetic proposal on (scripts/lib/chromium.mjs), where the Rust backends that build
//   threads-wide run it. threads: the Rust backends' threaded build pinned at every thread count
//   (1 included: the single-threaded build against the threaded one on one thread). The table
//   has a column and a ratio to native for each sweep.
//   --primitives: also the Rust primitives (crates/zkplay-primitives: field products and FFTs
//   over BN254, BLS12-381 and Goldilocks, the quick scales, one thread): natively, then in the
//   primitives view of each of the today/wide sweeps; a second table compares them.
//   npm run bench:compare -- [--blocks 1,8] [--threads 1,2] [--runs 5] [--warmup 1] [--wasm today[,wide][,threads]]
//                            [--backends gnark,halo2,plonky2] [--out /tmp/zkplay-bench-compare.json]
import { writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { browserSweep, primitivesSweep, servePlayground } from './lib/browser-bench.mjs';
import { jsonLines, nativePrimitivesBinary } from './lib/native.mjs';
import { machineLoad, wasUnderLoad } from './lib/machine-load.mjs';
import { cacheDir, capture, log, root, step } from './lib/steps.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { cliOptions, countList } from './lib/args.mjs';

const available = backendIds('bench-native.mjs');
const opts = cliOptions(
  'npm run bench:compare -- [--blocks 1,8] [--threads 1,2] [--runs 5] [--warmup 1] [--wasm today[,wide][,threads]] [--primitives] [--backends a,b] [--out F]',
  {
    blocks: '1,8',
    threads: '1,2',
    runs: '5',
    warmup: '1',
    backends: available.join(','),
    wasm: 'today',
    primitives: false,
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
/** The wasm sweeps --wasm may ask for: a column label, the field prefix in the JSON rows, how Chromium runs. */
const SWEEPS = {
  today: { label: 'wasm', field: 'wasm' },
  wide: { label: 'wasm wide', field: 'wideWasm', wide: true },
  threads: { label: 'wasm threaded build', field: 'threadedWasm', build: 'threads' },
};
const sweeps = [...new Set(opts.wasm.split(','))];
for (const s of sweeps) if (!(s in SWEEPS)) throw new Error(`--wasm takes ${Object.keys(SWEEPS).join(', ')}, not ${s}`);

const proveStat = (r) => r?.phases.find((p) => p.id === 'prove')?.ms;
const fmt = (s) =>
  s
    ? `${s.median >= 1000 ? (s.median / 1000).toFixed(2) + ' s' : s.median.toFixed(0) + ' ms'} (${s.min >= 1000 ? (s.min / 1000).toFixed(2) : s.min.toFixed(0)}–${s.max >= 1000 ? (s.max / 1000).toFixed(2) + ' s' : s.max.toFixed(0) + ' ms'})`
    : '–';
const ratio = (a, b) => (a && b ? `${(a.median / b.median).toFixed(2)}x` : '–');

/**
 * One row per (backend, bytes): prove at each thread count, natively and in each wasm sweep
 * (wasm: { today?: RunResult[], wide?: ..., threads?: ... }), fields prefixed by SWEEPS' field.
 */
function compare(native, wasm) {
  // A backend measured in several configurations (its bench-native.mjs `variantOf`, e.g. halo2's
  // circuits) has a row for each: "halo2 (narrow)".
  const name = (r) => {
    const v = variantOf[r.backend]?.(r.config ?? {});
    return v ? `${r.backend} (${v})` : r.backend;
  };
  const key = (r) => `${name(r)}/${r.message.bytes}`;
  const all = [...native, ...Object.values(wasm).flat()];
  const cells = [...new Set(all.map(key))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return cells.map((k) => {
    const [backend, bytes] = k.split('/');
    const at = (set, t) => set?.find((r) => key(r) === k && r.environment.threads === t);
    const row = { backend, bytes: Number(bytes), threads: {} };
    for (const t of threads) {
      const n = proveStat(at(native, t));
      const cell = { nativeMs: n ?? null };
      for (const [sweep, { field: prefix }] of Object.entries(SWEEPS)) {
        if (!wasm[sweep]) continue;
        const w = proveStat(at(wasm[sweep], t));
        cell[`${prefix}Ms`] = w ?? null;
        cell[`${prefix}OverNative`] = n && w ? w.median / n.median : null;
        cell[`${prefix}Build`] = at(wasm[sweep], t)?.environment.build ?? null;
      }
      row.threads[t] = cell;
    }
    return row;
  });
}

function printTable(rows) {
  const [t1, ...more] = threads;
  const cols = sweeps.map((s) => ({ name: SWEEPS[s].label, field: SWEEPS[s].field }));
  const head = [
    'backend, message',
    ...threads.flatMap((t) => [`native ${t}T`, ...cols.map((c) => `${c.name} ${t}T`)]),
    ...threads.flatMap((t) => cols.map((c) => `${c.name}/native ${t}T`)),
    ...more.flatMap((t) => cols.map((c) => `${c.name} ${t}T/${t1}T speed-up (native's)`)),
  ];
  const lines = [head];
  for (const r of rows) {
    const c = (t) => r.threads[t];
    const build = (t, col) => {
      const b = c(t)[`${col.field}Build`];
      // Say which build ran where a sweep may run another than its name says (a backend without it).
      return b && col.field !== 'wasm' ? ` [${b}]` : '';
    };
    lines.push([
      `${r.backend}, ${r.bytes} B`,
      ...threads.flatMap((t) => [
        fmt(c(t).nativeMs),
        ...cols.map((col) => fmt(c(t)[`${col.field}Ms`]) + build(t, col)),
      ]),
      ...threads.flatMap((t) => cols.map((col) => ratio(c(t)[`${col.field}Ms`], c(t).nativeMs))),
      ...more.flatMap((t) =>
        cols.map(
          (col) =>
            `${ratio(c(t1)[`${col.field}Ms`], c(t)[`${col.field}Ms`])} (${ratio(c(t1).nativeMs, c(t).nativeMs)})`,
        ),
      ),
    ]);
  }
  console.log(`\n| ${lines[0].join(' | ')} |\n|${lines[0].map(() => '---').join('|')}|`);
  for (const l of lines.slice(1)) console.log(`| ${l.join(' | ')} |`);
  console.log(
    `\nProve times: median (min–max) of ${runs} runs after ${warmup} warm-up run(s) in wasm; natively ${runs} runs after building once. '–': not measured (over the circuit's capacity, or a build without threads).`,
  );
}

/** The Rust primitives natively on one thread at the primitives view's quick scales. */
async function nativePrimitives() {
  const bin = await nativePrimitivesBinary();
  const flags = ['--runs', String(runs), '--warmup', '1', '--max-fft', '10', '--max-g1', '5', '--max-msm', '12'];
  return jsonLines('halo2curves + plonky2_field, RAYON_NUM_THREADS=1', bin, flags, { env: { RAYON_NUM_THREADS: '1' } });
}

/** Field products and FFTs over Fr: native and each sweep's wasm medians, and their ratios. */
function printPrimitives(native, bySweep) {
  const key = (r) => `${r.op} ${r.curve} 2^${r.logN}`;
  const wanted = (r) => ['fr-mul', 'fft-fr'].includes(r.op) && r.threads === 1;
  const cols = Object.keys(bySweep);
  const head = [
    'primitive',
    'native',
    ...cols.map((s) => SWEEPS[s].label),
    ...cols.map((s) => `${SWEEPS[s].label}/native`),
  ];
  console.log(`\n| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const n of native.filter(wanted)) {
    const w = cols.map((s) => bySweep[s].find((r) => key(r) === key(n) && r.threads === 1));
    const ms = (r) => (r ? `${r.ms.median.toFixed(3)} ms${r.build ? ` [${r.build}]` : ''}` : '–');
    const ratio = (r) => (r ? `${(r.ms.median / n.ms.median).toFixed(2)}x` : '–');
    console.log(`| ${[key(n), ms(n), ...w.map(ms), ...w.map(ratio)].join(' | ')} |`);
  }
}

const loads = [await machineLoad('before')];
const native = [];
/** Each backend's row name for a configuration, when it measures several (bench-native.mjs `variantOf`). */
const variantOf = {};
for (const id of backends) {
  const mod = await importBackendFile(id, 'bench-native.mjs');
  if (mod.variantOf) variantOf[id] = mod.variantOf;
  native.push(
    ...(await step(`native: ${id} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs)`, () =>
      mod.benchNative({ root, cacheDir, blocks, threads, runs, commit }),
    )),
  );
}
const nativePrims = opts.primitives ? await nativePrimitives() : [];
loads.push(await machineLoad('after native'));
const server = await servePlayground();
const exported = {};
try {
  for (const sweep of sweeps) {
    const { label, wide, build } = SWEEPS[sweep];
    exported[sweep] = await step(
      `${label} in Chromium${wide ? ' with the wide-arithmetic flag' : ''}: ${backends.join(',')} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs, ${warmup} warm-up)`,
      () => browserSweep({ url: server.url, backends, blocks, threads, runs, warmup, wide, build, log }),
    );
    loads.push(await machineLoad(`after ${label}`));
  }
  if (opts.primitives)
    for (const sweep of sweeps.filter((s) => !SWEEPS[s].build)) {
      exported[`primitives-${sweep}`] = await step(`primitives view in Chromium (${SWEEPS[sweep].label})`, () =>
        primitivesSweep({ url: server.url, runs, wide: !!SWEEPS[sweep].wide, log }),
      );
      loads.push(await machineLoad(`after the primitives (${SWEEPS[sweep].label})`));
    }
} finally {
  server.stop();
}

const rows = compare(native, Object.fromEntries(sweeps.map((s) => [s, exported[s].results])));
printTable(rows);
const primitiveSweeps = Object.fromEntries(
  sweeps.filter((s) => exported[`primitives-${s}`]).map((s) => [s, exported[`primitives-${s}`]]),
);
if (opts.primitives) printPrimitives(nativePrims, primitiveSweeps);
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
      settings: { backends, blocks, threads, runs, warmup, wasm: sweeps },
      browser: exported[sweeps[0]].device,
      rows,
      native,
      wasm: exported.today?.results ?? [],
      ...(exported.wide ? { wideWasm: exported.wide.results, wideBrowser: exported.wide.device } : {}),
      ...(exported.threads ? { threadedWasm: exported.threads.results } : {}),
      ...(opts.primitives ? { primitives: { native: nativePrims, wasm: primitiveSweeps } } : {}),
    },
    null,
    2,
  ) + '\n',
);
log(`wrote ${out}`);
