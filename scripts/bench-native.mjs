#!/usr/bin/env node
// npm run bench:native — native reference numbers for every backend, through the same Rust
// and Go functions the wasm builds call, written to web/public/native-reference.json (the
// page shows them next to what this device measures). Each backends/<id>/bench-native.mjs
// exports benchNative({ root, cacheDir, blocks, threads, runs, commit }) -> RunResult[].
// The primitives under the provers are measured too, by their two native runners
// (gnark/cmd/primitives and crates/zkplay-primitives/examples/primitives.rs), into `primitives`
// (schema/primitive-result.schema.json records, runtime 'native') with their own conditions in
// `primitivesRun`.
//   node scripts/bench-native.mjs [--runs 5] [--blocks 1,2,4,8] [--threads 1,2] [--only gnark,primitives]
//     [--max-fft 15] [--max-g1 10] [--max-msm 16] [--note "extra conditions"]
// --only primitives measures only the primitives and keeps every other field of the file as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describeLoad, machineLoad } from './lib/machine-load.mjs';
import { cacheDir, capture, log, root, run, step } from './lib/steps.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { jsonLines, nativePrimitivesBinary } from './lib/native.mjs';
import { cliOptions, countList } from './lib/args.mjs';

function schemaErrors(doc) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv, ['date-time']);
  for (const name of ['run-result', 'primitive-result', 'native-reference'])
    ajv.addSchema(JSON.parse(readFileSync(join(root, 'schema', `${name}.schema.json`), 'utf8')));
  const validate = ajv.getSchema('https://zkplay.local/schema/native-reference.schema.json');
  return validate(doc)
    ? []
    : validate.errors.map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
      );
}

const allCores = cpus().length;
const opts = cliOptions(
  'node scripts/bench-native.mjs [--runs 5] [--blocks 1,2,4,8] [--threads 1,N] [--only a,primitives] [--max-fft 15] [--max-g1 10] [--max-msm 16] [--note "…"]',
  {
    runs: '5',
    blocks: '1,2,4,8',
    threads: `1,${allCores}`,
    only: '',
    'max-fft': '15',
    'max-g1': '10',
    'max-msm': '16',
    note: '',
  },
);
const runs = countList(opts.runs, 'runs')[0];
const blocks = countList(opts.blocks, 'blocks');
const threads = [...new Set(countList(opts.threads, 'threads'))];
const only = opts.only.split(',').filter(Boolean);
const commit = capture('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown';
// The primitives' scales: the thesis's by default (FFT over Fr 2^4…2^15, G1 FFT 2^4…2^10, MSM 2^10…2^16).
const scales = {
  fft: countList(opts['max-fft'], 'max-fft')[0],
  g1: countList(opts['max-g1'], 'max-g1')[0],
  msm: countList(opts['max-msm'], 'max-msm')[0],
};
const noteArg = opts.note;
const out = join(root, 'web', 'public', 'native-reference.json');

const started = Date.now();
const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
const wantPrimitives = !only.length || only.includes('primitives');
const onlyPrimitives = only.length > 0 && only.every((id) => id === 'primitives');
if (onlyPrimitives && !previous)
  throw new Error(`--only primitives adds to ${out}, which does not exist yet: run without --only first`);

const loads = [await machineLoad('before')];
const results = [];
const measured = new Set();
for (const id of onlyPrimitives ? [] : backendIds('bench-native.mjs')) {
  if (only.length && !only.includes(id)) continue;
  const mod = await importBackendFile(id, 'bench-native.mjs');
  const r = await step(
    `native reference: ${id} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs)`,
    () => mod.benchNative({ root, cacheDir, blocks, threads, runs, commit }),
  );
  results.push(...r);
  measured.add(id);
}
// With --only, keep the other backends' earlier numbers.
for (const r of previous?.results ?? []) if (!measured.has(r.backend)) results.push(r);

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: allCores,
  memoryBytes: totalmem(),
  os: `${platform()} ${release()}`,
  kind: process.env.ZKPLAY_MACHINE_KIND ?? 'polyglot (2 cores, 24 GiB)',
};
const versions = { go: capture('go', ['version']) ?? '', node: process.version };
if (!onlyPrimitives) loads.push(await machineLoad('after the provers'));
const provers = loads.slice();
const primitives = wantPrimitives
  ? await step(
      `native reference: primitives (threads ${threads.join(',')}, ${runs} runs, FFT ≤ 2^${scales.fft}, G1 FFT ≤ 2^${scales.g1}, MSM ≤ 2^${scales.msm})`,
      () => benchPrimitives(),
    )
  : undefined;
if (primitives) loads.push(await machineLoad('after the primitives'));

const doc = onlyPrimitives
  ? { ...previous }
  : {
      schemaVersion: 1,
      machine,
      commit,
      generatedAt: new Date().toISOString(),
      command: `npm run bench:native -- ${process.argv.slice(2).join(' ')}`.trim(),
      note: `Medians of ${runs} runs per configuration after loading keys / building once; threads = GOMAXPROCS for Go and RAYON_NUM_THREADS for Rust. ${describeLoad(provers)}${noteArg ? ` ${noteArg}` : ''}`,
      versions,
      results,
    };
if (primitives) {
  doc.primitives = primitives.records;
  doc.primitivesRun = {
    machine,
    commit,
    generatedAt: new Date().toISOString(),
    command: `node scripts/bench-native.mjs ${process.argv
      .slice(2)
      .map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a))
      .join(' ')}`.trim(),
    note: `Medians of ${runs} runs after ${primitives.warmup} warm-up per case; threads = GOMAXPROCS for gnark-crypto and RAYON_NUM_THREADS for halo2curves (its serial primitives and plonky2_field's report 1 thread). ${describeLoad(onlyPrimitives ? loads : [loads[0], ...loads.slice(-1)])}${noteArg ? ` ${noteArg}` : ''}`,
    versions: { ...versions, rustc: primitives.rustc },
  };
} else if (previous?.primitives && !onlyPrimitives) {
  // Measured before, not now: kept with the conditions they were measured in.
  doc.primitives = previous.primitives;
  if (previous.primitivesRun) doc.primitivesRun = previous.primitivesRun;
}
// The page refuses a reference that does not follow its schema: check before writing over the old one.
const problems = schemaErrors(doc);
if (problems.length) {
  const rejected = out.replace(/\.json$/, '.rejected.json');
  writeFileSync(rejected, JSON.stringify(doc, null, 2) + '\n');
  throw new Error(
    `the native reference does not follow schema/native-reference.schema.json (written to ${rejected} instead):\n  ${problems.join('\n  ')}`,
  );
}
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
log(
  `wrote ${out}: ${doc.results.length} results, ${doc.primitives?.length ?? 0} primitives, in ${((Date.now() - started) / 1000).toFixed(0)}s`,
);

/**
 * Both native primitive runners at every thread count: gnark-crypto (gnark/cmd/primitives,
 * -threads) and halo2curves / plonky2_field (the zkplay-primitives example, RAYON_NUM_THREADS),
 * built first so that no build time falls into a measurement. A case whose record says it ran
 * on fewer threads than asked (a serial primitive) is kept once.
 */
async function benchPrimitives() {
  const warmup = 1;
  const flags = [
    '--runs',
    String(runs),
    '--warmup',
    String(warmup),
    '--max-fft',
    String(scales.fft),
    '--max-g1',
    String(scales.g1),
    '--max-msm',
    String(scales.msm),
  ];
  const goDir = join(root, 'gnark');
  const goBin = join(cacheDir, 'primitives', 'primitives-native');
  await step('primitives: go build ./cmd/primitives', () =>
    run('go', ['build', '-o', goBin, './cmd/primitives'], { cwd: goDir, prefix: 'go build' }),
  );
  const rustBin = await nativePrimitivesBinary();
  const records = [];
  const seen = new Set();
  const keep = (r) => {
    const key = `${r.library}/${r.op}/${r.curve}/${r.logN}/${r.threads}`;
    if (seen.has(key)) return;
    seen.add(key);
    records.push({ ...r, runtime: 'native' });
  };
  for (const t of threads) {
    for (const r of await jsonLines(
      `gnark-crypto, GOMAXPROCS=${t}`,
      goBin,
      [...flags.map((f) => f.replace(/^--/, '-')), '-threads', String(t)],
      { cwd: goDir },
    ))
      keep(r);
    for (const r of await jsonLines(`halo2curves + plonky2_field, RAYON_NUM_THREADS=${t}`, rustBin, flags, {
      env: { RAYON_NUM_THREADS: String(t) },
    }))
      keep(r);
  }
  const rustc = capture('rustc', ['--version'], { cwd: join(root, 'crates') }) ?? '';
  return { records, warmup, rustc };
}
