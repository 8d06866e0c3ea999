// The schemas in schema/ at work: representative values of each shape validate, a value with
// an extra or a missing required field is refused with a sentence that names the field, and
// every schema compiles under ajv strict mode. (The TypeScript types of these shapes are
// generated from the schemas by scripts/gen-schema-types.mjs, so they cannot drift from them.)
// Here, at the top of the tree, because the shapes come from every layer: web, verifier, core.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeExport, type ColdSetup } from './bench/export';
import type { DeviceProbe } from './bench/probe';
import type { NativeReference } from './bench/reference';
import type { PrimitiveResult } from './primitives/result';
import { encodeProofFile, type ProofFile } from '@zkplay/verifier/proof-file';
import type { KeyFile, KeyManifest } from '@zkplay/verifier/keys';
import type { ArtifactIndex } from '@zkplay/core/artifacts';
import { stat, type RunResult } from '@zkplay/core/run-result';
import { SCHEMAS, schemaProblems, type SchemaName } from '@zkplay/core/schemas';

// ---- representative values ------------------------------------------------------------------
const sha = 'ab'.repeat(32);
const runResult: RunResult = {
  schemaVersion: 1,
  backend: 'halo2',
  config: { k: 12, rowsPerRound: 25, zk: true },
  environment: {
    kind: 'wasm',
    threads: 2,
    build: 'wasm-threads',
    device: 'desktop',
    userAgent: 'UA',
    os: 'Linux',
    cores: 2,
    memoryBytes: 8 * 2 ** 30,
    crossOriginIsolated: true,
    commit: 'abc1234',
  },
  message: { bytes: 136, blocks: 2 },
  phases: [{ id: 'prove', label: 'Prove', ms: stat([900, 1000, 1100]) }],
  sizes: { proof: 1504, provingKey: 1e6, verifyingKey: 1e3, params: 2e5, circuit: 0, download: 4e6, friTree: 12345 },
  circuit: { k: 12, advice: 'x' },
  memory: { peakBytes: 2 ** 30, what: 'wasm linear memory' },
  verified: true,
  runs: 3,
  cold: false,
  timestamp: '2026-01-01T00:00:00.000Z',
};
const device: DeviceProbe = {
  cores: 2,
  crossOriginIsolated: true,
  device: 'desktop',
  userAgent: 'UA',
  os: 'Linux',
  memoryBytes: 8 * 2 ** 30,
  threadsAvailable: 2,
  simd: true,
  maxWasmMemoryBytes: 4 * 2 ** 30,
  wasmMemoryAtLimit: true,
  wasmMemoryTimedOut: false,
  browser: 'Chrome 140',
  probedAt: '2026-01-01T00:00:00Z',
};
const coldSetup: ColdSetup[] = [
  { backend: 'gnark', config: {}, threads: 1, phases: [{ id: 'download', label: 'Download', ms: 1200 }] },
];
const reference: NativeReference = {
  schemaVersion: 1,
  machine: { cpu: 'CPU', cores: 2, memoryBytes: 24e9, os: 'linux', kind: 'ci' },
  commit: 'abc',
  generatedAt: '2026-01-01T00:00:00Z',
  command: 'npm run bench:native',
  note: 'n',
  versions: { go: 'go1.26' },
  results: [
    { ...runResult, environment: { kind: 'native', threads: 1, build: 'native-rust', device: 'server', cpu: 'CPU' } },
  ],
};
const primitive: PrimitiveResult = {
  library: 'halo2curves',
  op: 'msm-g1',
  curve: 'bn254',
  logN: 12,
  threads: 1,
  ms: stat([9, 10, 11]),
  warmup: 1,
  checked: true,
};
const referenceWithPrimitives: NativeReference = {
  ...reference,
  primitives: [
    { ...primitive, runtime: 'native' },
    { ...primitive, library: 'plonky2_field', curve: 'goldilocks', op: 'fft-fr', runtime: 'native' },
  ],
  primitivesRun: {
    machine: reference.machine,
    commit: 'def',
    generatedAt: '2026-01-02T00:00:00Z',
    command: 'node scripts/bench-native.mjs --only primitives',
    note: 'n',
  },
};
const proofFile: ProofFile = JSON.parse(
  encodeProofFile({
    backend: 'gnark',
    proofSystem: 'groth16',
    field: 'bn254',
    config: { circuit: 'keccak' },
    keyHash: sha,
    hash: 'keccak-256',
    digest: new Uint8Array(32).fill(7),
    length: 11,
    proof: new Uint8Array([1, 2, 3]),
    producer: { name: 'zkplay', version: '0.1.0', build: 'b', runtime: 'wasm' },
  }),
);
const keyFile: KeyFile = { file: 'halo2/keys/vk-k10-r12.bin', bytes: 3000, sha256: sha };
const keyManifest: KeyManifest = {
  format: 'zkplay-keys',
  version: 1,
  build: 'a.b',
  backends: {
    halo2: {
      proofSystem: 'halo2-kzg-shplonk',
      field: 'bn254',
      setup: { kind: 'single-party', note: 'n' },
      versions: { 'halo2-axiom': '0.4' },
      entries: [{ config: { k: 10, rowsPerRound: 12 }, keyHash: sha, vk: keyFile, capacityBytes: 271 }],
      shared: { params: keyFile },
      verifier: { glue: keyFile, wasm: keyFile },
      samples: [{ file: 'halo2/samples/a.proof.json', config: { k: 10, rowsPerRound: 12 }, message: 'hi' }],
    },
  },
};
const gnarkIndex: ArtifactIndex = {
  build: '30d716ca87a895bb-3d72bf4621f7-go1.26.8',
  maxMessageBytes: 135,
  circuit: { constraints: 237838, publicInputs: 33 },
  files: Object.fromEntries(
    ['ccs', 'pk', 'vk', 'wasm'].map((r) => [r, { file: `keccak256.${r}`, bytes: 10, sha256: sha }]),
  ),
};
const rustIndex: ArtifactIndex = {
  build: 'da4e8c1b-ca41e777',
  variants: {
    threads: {
      build: 'wasm-threads',
      glue: 'threads/x.js',
      wasm: { file: 'threads/x_bg.wasm', bytes: 8, sha256: sha },
      key: 'da4e8c1be56f61c7',
      buildSeconds: 20.5,
    },
    single: { build: 'wasm-single', glue: 'single/x.js', wasm: { file: 'single/x_bg.wasm', bytes: 4, sha256: sha } },
  },
};

const values: [SchemaName, string, unknown][] = [
  ['run-result', 'RunResult', runResult],
  ['native-reference', 'NativeReference', reference],
  ['native-reference', 'NativeReference with primitives', referenceWithPrimitives],
  ['primitive-result', 'PrimitiveResult', primitive],
  ['bench-export', 'BenchExport with primitives', makeExport(device, [], [], [{ ...primitive, runtime: 'wasm' }])],
  ['bench-export', 'BenchExport (makeExport)', JSON.parse(JSON.stringify(makeExport(device, [runResult], coldSetup)))],
  [
    'bench-export',
    'BenchExport without coldSetup',
    { ...makeExport({ ...device, memoryBytes: undefined }, []), coldSetup: undefined },
  ],
  ['proof-file', 'ProofFile (encodeProofFile)', proofFile],
  ['keys', 'KeyManifest', keyManifest],
  ['artifact-index', 'gnark index.json', gnarkIndex],
  ['artifact-index', 'Rust backend index.json', rustIndex],
];

/** The value without the field at path (a list of keys). */
function without(value: unknown, path: string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  delete at[path[path.length - 1]];
  return copy;
}
function withField(value: unknown, path: string[], v: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]] = v;
  return copy;
}

describe('representative values of each type validate against its schema', () => {
  for (const [schema, name, value] of values) {
    it(name, () => expect(schemaProblems(schema, JSON.parse(JSON.stringify(value)))).toBeUndefined());
  }
});

describe('a missing required field or an extra field is refused, naming it', () => {
  const cases: [SchemaName, unknown, string[], string][] = [
    ['run-result', runResult, ['verified'], '"verified" is missing'],
    ['run-result', runResult, ['environment', 'build'], '"environment.build" is missing'],
    ['run-result', runResult, ['phases', '0', 'ms', 'samples'], '"phases[0].ms.samples" is missing'],
    ['native-reference', reference, ['machine', 'cpu'], '"machine.cpu" is missing'],
    ['native-reference', reference, ['results', '0', 'memory'], '"results[0].memory" is missing'],
    ['native-reference', referenceWithPrimitives, ['primitives', '0', 'runtime'], '"primitives[0].runtime" is missing'],
    ['native-reference', referenceWithPrimitives, ['primitivesRun', 'note'], '"primitivesRun.note" is missing'],
    ['primitive-result', primitive, ['checked'], '"checked" is missing'],
    ['bench-export', makeExport(device, [runResult], coldSetup), ['device', 'simd'], '"device.simd" is missing'],
    [
      'bench-export',
      makeExport(device, [runResult], coldSetup),
      ['coldSetup', '0', 'threads'],
      '"coldSetup[0].threads" is missing',
    ],
    ['proof-file', proofFile, ['statement', 'digest'], '"statement.digest" is missing'],
    ['proof-file', proofFile, ['proof'], '"proof" is missing'],
    ['artifact-index', gnarkIndex, ['files', 'pk', 'sha256'], '"files.pk.sha256" is missing'],
    ['artifact-index', rustIndex, ['variants', 'single', 'glue'], '"variants.single.glue" is missing'],
    ['artifact-index', rustIndex, ['variants'], 'the top level has neither "files" nor "variants"'],
  ];
  for (const [schema, value, path, message] of cases) {
    it(`${schema} without ${path.join('.')}`, () =>
      expect(schemaProblems(schema, without(JSON.parse(JSON.stringify(value)), path))).toBe(message));
  }

  const extras: [SchemaName, unknown, string[], string][] = [
    ['run-result', runResult, ['surprise'], '"surprise" is not a field this format has'],
    ['run-result', runResult, ['environment', 'gpu'], '"environment.gpu" is not a field this format has'],
    ['native-reference', reference, ['machine', 'gpu'], '"machine.gpu" is not a field this format has'],
    ['bench-export', makeExport(device, []), ['device', 'gpu'], '"device.gpu" is not a field this format has'],
    ['proof-file', proofFile, ['statement', 'salt'], '"statement.salt" is not a field this format has'],
    ['artifact-index', gnarkIndex, ['files', 'vk', 'url'], '"files.vk.url" is not a field this format has'],
    [
      'artifact-index',
      rustIndex,
      ['variants', 'threads', 'extra'],
      '"variants.threads.extra" is not a field this format has',
    ],
  ];
  for (const [schema, value, path, message] of extras) {
    it(`${schema} with ${path.join('.')}`, () =>
      expect(schemaProblems(schema, withField(JSON.parse(JSON.stringify(value)), path, 1))).toBe(message));
  }
});

describe('refusals are sentences about the field', () => {
  it('wrong types, constants, patterns and dates', () => {
    expect(schemaProblems('run-result', withField(runResult, ['runs'], 1.5))).toBe(
      '"runs" must be a whole number, not 1.5',
    );
    expect(schemaProblems('run-result', withField(runResult, ['schemaVersion'], 2))).toBe(
      '"schemaVersion" must be 1, not 2',
    );
    expect(schemaProblems('run-result', withField(runResult, ['environment', 'kind'], 'gpu'))).toBe(
      '"environment.kind" must be one of "wasm", "native", not "gpu"',
    );
    expect(schemaProblems('run-result', withField(runResult, ['timestamp'], 'yesterday'))).toBe(
      '"timestamp" must be a date and time such as 2026-01-31T12:00:00Z, not "yesterday"',
    );
    expect(schemaProblems('artifact-index', withField(gnarkIndex, ['files', 'pk', 'sha256'], 'XYZ'))).toBe(
      '"files.pk.sha256" must be a sha256 written as 64 lowercase hex digits, not "XYZ"',
    );
    expect(schemaProblems('artifact-index', withField(gnarkIndex, ['files', 'pk', 'bytes'], -1))).toBe(
      '"files.pk.bytes" must be at least 0, not -1',
    );
    expect(schemaProblems('proof-file', [])).toBe('the top level must be an object, not []');
  });

  it('at most three problems, then how many more', () => {
    expect(schemaProblems('run-result', {})).toMatch(
      /^"schemaVersion" is missing; "backend" is missing; "config" is missing \(and 10 more problems\)$/,
    );
  });

  it('sizes is open: any label with a whole number of bytes', () => {
    expect(schemaProblems('run-result', withField(runResult, ['sizes', 'merkleCaps'], 4096))).toBeUndefined();
    expect(schemaProblems('run-result', withField(runResult, ['sizes', 'merkleCaps'], -1))).toBe(
      '"sizes.merkleCaps" must be at least 0, not -1',
    );
    expect(schemaProblems('run-result', withField(runResult, ['sizes', 'proof'], '1 KiB'))).toBe(
      '"sizes.proof" must be a whole number, not "1 KiB"',
    );
  });
});

describe('files on disk', () => {
  it('every schema compiles under ajv strict mode', () => {
    for (const name of Object.keys(SCHEMAS) as SchemaName[]) expect(() => schemaProblems(name, {})).not.toThrow();
  });

  // Build outputs: npm test runs the set-up first, so every backend that builds artifacts has
  // written its index.json; a missing one is a failed build, not a reason to skip.
  const artifacts = join(import.meta.dirname, '../public/artifacts');
  const backendsDir = join(import.meta.dirname, '../../backends');
  const buildingBackends = readdirSync(backendsDir).filter((id) => existsSync(join(backendsDir, id, 'build.mjs')));
  it('the artifact index of every backend build validates', () => {
    expect(buildingBackends.length).toBeGreaterThan(0);
    for (const id of buildingBackends) {
      const path = join(artifacts, id, 'index.json');
      expect(existsSync(path), `${path} is missing: run npm run build`).toBe(true);
      expect(schemaProblems('artifact-index', JSON.parse(readFileSync(path, 'utf8'))), id).toBeUndefined();
    }
  });
});
