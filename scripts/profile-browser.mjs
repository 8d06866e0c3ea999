#!/usr/bin/env node
// npm run profile:browser — where a prover's time goes in Chromium. Runs the page's benchmark
// view for one backend and message size on the built playground (as bench:compare does) while
// V8's sampling profiler records every worker through the DevTools protocol; writes one
// .cpuprofile per worker (DevTools: Performance panel, "Load profile") and a summary:
// time under MSM / FFT / hashing / witness generation / allocator / GC, self time per crate or
// Go package, and the hottest functions.
//   npm run profile:browser -- --backend halo2 [--blocks 1] [--threads 1] [--runs 1] [--warmup 1]
//                              [--sampling-us 500] [--top 30] [--out /tmp/zkplay-profiles] [--wide]
//   --wide: Chromium with the wasm wide-arithmetic flag, so a Rust backend's threads-wide build runs.
//   --build threads: the standard threaded build on every thread count, one included (the bench
//   view's pin), to set against the single-threaded build on one thread.
//   node scripts/profile-browser.mjs --summarize a.cpuprofile [b.cpuprofile ...] [--top 30]
//                              summarizes profiles written before (or saved from DevTools).
// The profiler's sampling slows the run a little: read the times here as shares, and take
// speed from bench:compare.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserSweep, servePlayground } from './lib/browser-bench.mjs';
import { nameWasmFrames, profileWorkers, summarizeProfiles, summaryMarkdown } from './lib/cpu-profile.mjs';
import { describeLoad, machineLoad } from './lib/machine-load.mjs';
import { cacheDir, capture, log, root } from './lib/steps.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { cliOptions, countList } from './lib/args.mjs';

const USAGE =
  'npm run profile:browser -- --backend <id> [--blocks 1] [--threads 1] [--runs 1] [--warmup 1] [--sampling-us 500] [--top 30] [--out dir] [--wide] [--build threads]\n       node scripts/profile-browser.mjs --summarize a.cpuprofile [b.cpuprofile ...] [--top 30]';
const opts = cliOptions(
  USAGE,
  {
    summarize: false,
    wide: false,
    build: '',
    backend: '',
    blocks: '1',
    threads: '1',
    runs: '1',
    warmup: '1',
    'sampling-us': '500',
    top: '30',
    out: '/tmp/zkplay-profiles',
  },
  { positionals: true },
);
if (opts.summarize) {
  const files = opts._.filter((f) => f.endsWith('.cpuprofile'));
  const profiles = files.map((f) => ({ profile: JSON.parse(readFileSync(f, 'utf8')) }));
  console.log(summaryMarkdown(summarizeProfiles(profiles, { top: Number(opts.top) }), files.join(', ')));
  process.exit(0);
}
const backend = opts.backend;
if (!/^[a-z0-9-]+$/.test(backend) || !['', 'single', 'threads'].includes(opts.build)) {
  console.error(`usage: ${USAGE}`);
  process.exit(2);
}
const blocks = countList(opts.blocks, 'blocks')[0];
const threadCounts = countList(opts.threads, 'threads');
const runs = countList(opts.runs, 'runs')[0];
const warmup = Number(opts.warmup);
const samplingUs = countList(opts['sampling-us'], 'sampling-us')[0];
const top = countList(opts.top, 'top')[0];
const outDir = opts.out;
mkdirSync(outDir, { recursive: true });
const commit = capture('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown';

// A backend whose shipped wasm has no name section says how to name its frames.
const names = backendIds('profile-names.mjs').includes(backend)
  ? await (await importBackendFile(backend, 'profile-names.mjs')).profileNames({ root, cacheDir })
  : undefined;

const server = await servePlayground();
const report = [`# CPU profile: ${backend}, ${blocks} block(s), commit ${commit}`, ''];
try {
  // One page per thread count: the page replaces a backend's worker when the thread count
  // changes, and a worker that ends takes its samples with it.
  for (const threads of threadCounts) {
    const loads = [await machineLoad('before')];
    let profiles = [];
    const exported = await browserSweep({
      url: server.url,
      backends: [backend],
      blocks: [blocks],
      threads: [threads],
      runs,
      warmup,
      wide: !!opts.wide,
      build: opts.build || undefined,
      log,
      onPage: async (page) => {
        const profiler = await profileWorkers(page, { samplingUs, log });
        return async () => {
          profiles = await profiler.stop();
        };
      },
    });
    loads.push(await machineLoad('after'));
    const result = exported.results.find((r) => r.backend === backend);
    const prove = result?.phases.find((p) => p.id === 'prove')?.ms;
    if (names) for (const p of profiles) nameWasmFrames(p.profile, names);
    const stem = `${backend}-${blocks}b-${threads}t${opts.wide ? '-wide' : ''}${opts.build ? `-${opts.build}` : ''}`;
    profiles.forEach((p, i) => writeFileSync(join(outDir, `${stem}-worker${i}.cpuprofile`), JSON.stringify(p.profile)));
    const summary = summarizeProfiles(profiles, { top });
    const title = `${backend}, ${result?.message.bytes ?? '?'} B, ${threads} thread(s), build ${result?.environment.build ?? '?'}: ${warmup} warm-up + ${runs} run(s), everything the worker did (download, prepare, prove, verify)`;
    report.push(
      summaryMarkdown(summary, title),
      `Prove while profiled (sampling every ${samplingUs} µs): median ${prove ? prove.median.toFixed(0) : '?'} ms of ${runs} run(s). ${describeLoad(loads)}`,
      '',
    );
    writeFileSync(
      join(outDir, `${stem}.summary.json`),
      JSON.stringify({ commit, backend, blocks, threads, runs, warmup, samplingUs, loads, prove, summary }, null, 2),
    );
    log(`${profiles.length} profile(s) written to ${outDir}/${stem}-worker*.cpuprofile`);
  }
} finally {
  server.stop();
}
const md = report.join('\n');
writeFileSync(join(outDir, `${backend}-${blocks}b.md`), md + '\n');
console.log(`\n${md}`);
