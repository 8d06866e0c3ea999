#!/usr/bin/env node
// npm run bench:native — native reference numbers for every backend, through the same Rust
// and Go functions the wasm builds call, written to web/public/native-reference.json (the
// page shows them next to what this device measures). Each workers/<id>/bench-native.mjs
// exports benchNative({ root, cacheDir, blocks, threads, runs, commit }) -> RunResult[].
//   node scripts/bench-native.mjs [--runs 5] [--blocks 1,2,4,8] [--threads 1,2] [--only gnark]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { cacheDir, capture, log, root, step } from './lib/steps.mjs';

function schemaErrors(doc) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv, ['date-time']);
  for (const name of ['run-result', 'native-reference']) ajv.addSchema(JSON.parse(readFileSync(join(root, 'schema', `${name}.schema.json`), 'utf8')));
  const validate = ajv.getSchema('https://zkplay.local/schema/native-reference.schema.json');
  return validate(doc) ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`);
}

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const list = (s) => s.split(',').map(Number).filter((n) => n > 0);
const runs = Number(arg('runs', '5'));
const blocks = list(arg('blocks', '1,2,4,8'));
const allCores = cpus().length;
const threads = [...new Set(list(arg('threads', `1,${allCores}`)))];
const only = arg('only', '')?.split(',').filter(Boolean);
const commit = capture('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown';
const out = join(root, 'web', 'public', 'native-reference.json');

const started = Date.now();
const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
const results = [];
const measured = new Set();
for (const id of readdirSync(join(root, 'workers')).sort()) {
  const script = join(root, 'workers', id, 'bench-native.mjs');
  if (!existsSync(script) || (only.length && !only.includes(id))) continue;
  const mod = await import(pathToFileURL(script).href);
  const r = await step(`native reference: ${id} (blocks ${blocks.join(',')}, threads ${threads.join(',')}, ${runs} runs)`, () =>
    mod.benchNative({ root, cacheDir, blocks, threads, runs, commit }),
  );
  results.push(...r);
  measured.add(id);
}
// With --only, keep the other backends' earlier numbers.
for (const r of previous?.results ?? []) if (!measured.has(r.backend)) results.push(r);

const doc = {
  schemaVersion: 1,
  machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: allCores, memoryBytes: totalmem(), os: `${platform()} ${release()}`, kind: process.env.ZKPLAY_MACHINE_KIND ?? 'polyglot (2 cores, 24 GiB)' },
  commit,
  generatedAt: new Date().toISOString(),
  command: `npm run bench:native -- ${process.argv.slice(2).join(' ')}`.trim(),
  note: `Medians of ${runs} runs per configuration after loading keys / building once; threads = GOMAXPROCS for Go and RAYON_NUM_THREADS for Rust. Measured on the project's own machine; timings on a shared or loaded machine are upper bounds.`,
  versions: { go: capture('go', ['version']) ?? '', node: process.version },
  results,
};
// The page refuses a reference that does not follow its schema: check before writing over the old one.
const problems = schemaErrors(doc);
if (problems.length) {
  const rejected = out.replace(/\.json$/, '.rejected.json');
  writeFileSync(rejected, JSON.stringify(doc, null, 2) + '\n');
  throw new Error(`the native reference does not follow schema/native-reference.schema.json (written to ${rejected} instead):\n  ${problems.join('\n  ')}`);
}
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
log(`wrote ${out}: ${results.length} results in ${((Date.now() - started) / 1000).toFixed(0)}s`);
