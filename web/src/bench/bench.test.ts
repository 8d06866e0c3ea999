import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import schema from '@zkplay/schema/run-result.schema.json';
import type { Backend } from '@zkplay/core/manifest';
import { hashDef, type HashId } from '@zkplay/core/hashes';
import { stat, type RunResult } from '@zkplay/core/run-result';
import { aggregateRuns } from './aggregate';
import { crossover, evalLine, fitLine } from './fit';
import { makeExport, parseExport, toCsv } from './export';
import type { DeviceProbe } from './probe';
import { findNative, knownPeak, type NativeReference } from './reference';
import { benchMessage, parseSettings, settingsQuery } from './settings';
import { hashBaseline, hashesOf, planSweep } from './sweep';
import { byHash, hashesText, type Shown } from './model';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

function run(ms: Record<string, number>, extra: Partial<RunResult> = {}): RunResult {
  return {
    schemaVersion: 1,
    backend: 'gnark',
    config: { circuit: 'keccak256-1block' },
    environment: {
      kind: 'wasm',
      threads: 1,
      build: 'go-js-wasm',
      device: 'desktop',
      cores: 2,
      crossOriginIsolated: true,
    },
    message: { bytes: 135, blocks: 1 },
    phases: Object.entries(ms).map(([id, v]) => ({ id, label: id[0].toUpperCase() + id.slice(1), ms: stat([v]) })),
    sizes: { proof: 164, provingKey: 1000, verifyingKey: 100 },
    circuit: { constraints: 151000, capacityBytes: 135 },
    memory: { peakBytes: 5e8, what: 'wasm linear memory' },
    verified: true,
    runs: 1,
    cold: false,
    timestamp: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

const device: DeviceProbe = {
  cores: 2,
  crossOriginIsolated: true,
  device: 'desktop',
  userAgent: 'test',
  os: 'Linux',
  threadsAvailable: 2,
  simd: true,
  maxWasmMemoryBytes: 2 ** 32,
  wasmMemoryAtLimit: true,
  wasmMemoryTimedOut: false,
  browser: 'Chrome 139',
  probedAt: '2025-01-01T00:00:00.000Z',
};

describe('aggregateRuns', () => {
  it('gives each phase the median and spread of its N samples, as one warm result', () => {
    const agg = aggregateRuns([
      run({ witness: 10, prove: 900, verify: 5 }),
      run({ witness: 30, prove: 1100, verify: 4 }, { memory: { peakBytes: 6e8, what: 'wasm linear memory' } }),
      run({ witness: 20, prove: 1000, verify: 6 }, { timestamp: '2025-01-01T00:01:00.000Z' }),
    ]);
    expect(agg.runs).toBe(3);
    expect(agg.cold).toBe(false);
    expect(agg.verified).toBe(true);
    expect(agg.phases.map((p) => p.id)).toEqual(['witness', 'prove', 'verify']);
    expect(agg.phases[1].ms).toEqual({ median: 1000, min: 900, max: 1100, samples: [900, 1100, 1000] });
    expect(agg.memory.peakBytes).toBe(6e8);
    expect(agg.sizes.proof).toBe(164);
    expect(agg.timestamp).toBe('2025-01-01T00:01:00.000Z');
    expect(validate(agg), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is not verified if any run failed, and refuses mixed cells or no runs', () => {
    expect(aggregateRuns([run({ prove: 1 }), run({ prove: 2 }, { verified: false })]).verified).toBe(false);
    expect(() => aggregateRuns([])).toThrow();
    expect(() =>
      aggregateRuns([run({ prove: 1 }), run({ prove: 1 }, { message: { bytes: 271, blocks: 2 } })]),
    ).toThrow();
  });
});

describe('fitLine and crossover', () => {
  it('fits exact lines', () => {
    const l = fitLine([1, 2, 3, 4].map((x) => ({ x, y: 3 + 2 * x })));
    expect(l.a).toBeCloseTo(3);
    expect(l.b).toBeCloseTo(2);
    expect(evalLine(l, 10)).toBeCloseTo(23);
    expect(fitLine([{ x: 5, y: 7 }])).toEqual({ a: 7, b: 0, n: 1 });
  });

  it('hash = 0.001·x ms against a constant 5 ms verify crosses at 5000 bytes', () => {
    const hash = fitLine([136, 1000, 10_000, 100_000].map((x) => ({ x, y: 0.001 * x })));
    const verify = fitLine([135, 271, 543].map((x) => ({ x, y: 5 })));
    const c = crossover(hash, verify);
    expect(c.kind).toBe('crossover');
    if (c.kind === 'crossover') {
      expect(c.bytes).toBeCloseTo(5000, 6);
      expect(c.cheaperAbove).toBe(true);
    }
  });

  it('parallel lines never cross: verification always or never cheaper', () => {
    expect(crossover({ a: 1, b: 0.001, n: 2 }, { a: 5, b: 0.001, n: 2 })).toEqual({ kind: 'never' });
    expect(crossover({ a: 5, b: 0.001, n: 2 }, { a: 1, b: 0.001, n: 2 })).toEqual({ kind: 'always' });
    // Lines that meet only at negative lengths.
    expect(crossover({ a: 10, b: 0.002, n: 2 }, { a: 5, b: 0.001, n: 2 })).toEqual({ kind: 'always' });
    expect(crossover({ a: 1, b: 0.001, n: 2 }, { a: 5, b: 0.002, n: 2 })).toEqual({ kind: 'never' });
  });
});

describe('export', () => {
  const reference: NativeReference = {
    schemaVersion: 1,
    machine: { cpu: 'Test CPU', cores: 8, memoryBytes: 16e9, os: 'Linux' },
    commit: 'abc',
    generatedAt: '2025-01-01T00:00:00Z',
    command: 'x',
    note: '',
    results: [
      run(
        { prove: 250, verify: 2 },
        {
          environment: { kind: 'native', threads: 1, build: 'native' },
          runs: 5,
          memory: { peakBytes: 3e9, what: 'process max RSS' },
        },
      ),
    ],
  };
  const results = [
    aggregateRuns([run({ witness: 10, prove: 1000, verify: 4 }), run({ witness: 10, prove: 1000, verify: 6 })]),
  ];

  it('JSON export: every result validates against schema/run-result.schema.json and reads back', () => {
    const text = JSON.stringify(makeExport(device, results));
    const back = parseExport(text);
    expect(back.format).toBe('zkplay-bench');
    expect(back.version).toBe(1);
    for (const r of back.results) expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(() => parseExport('{"format":"other"}')).toThrow(/not a zkplay benchmark export/);
    expect(() => parseExport('nope')).toThrow(/not JSON/);
    expect(() => parseExport(JSON.stringify({ ...makeExport(device, []), results: [{ backend: 1 }] }))).toThrow(
      /^the export is refused: "results\[0\]\.schemaVersion" is missing; .* \(and \d+ more problems\)$/,
    );
    expect(() =>
      parseExport(JSON.stringify({ ...makeExport(device, results), results: [{ ...results[0], backend: 1 }] })),
    ).toThrow('the export is refused: "results[0].backend" must be text, not 1');
  });

  it('CSV: one row per result × phase, with the native median and ratio', () => {
    const lines = toCsv(results, reference).trim().split('\n');
    expect(lines).toHaveLength(1 + 3);
    const head = lines[0].split(',');
    const prove = Object.fromEntries(head.map((h, i) => [h, lines[2].split(',')[i]]));
    expect(prove.phase).toBe('prove');
    expect(prove.median_ms).toBe('1000');
    expect(prove.native_median_ms).toBe('250');
    expect(prove.wasm_native_ratio).toBe('4');
    expect(prove.samples_ms).toBe('1000 1000');
    expect(lines[1]).toContain('"{""circuit"":""keccak256-1block""}"');
    // The hash of each row, last (results without one are Keccak-256).
    expect(head.at(-1)).toBe('hash');
    expect(lines[1].split(',').at(-1)).toBe('keccak-256');
    expect(
      toCsv([{ ...results[0], hash: 'blake2s-256' }])
        .split('\n')[1]
        .split(',')
        .at(-1),
    ).toBe('blake2s-256');
    expect(toCsv(results).split('\n')[3].split(',')[head.indexOf('native_median_ms')]).toBe('');
  });

  it('finds the native twin by backend, length and threads, and the known peak memory', () => {
    expect(findNative(reference, results[0])?.phases[0].ms.median).toBe(250);
    expect(
      findNative(reference, { ...results[0], environment: { ...results[0].environment, threads: 2 } }),
    ).toBeUndefined();
    expect(findNative(undefined, results[0])).toBeUndefined();
    expect(knownPeak(reference, 'gnark', { circuit: 'keccak256-1block' })?.bytes).toBe(3e9);
    expect(knownPeak(reference, 'halo2', {})).toBeUndefined();
  });
});

describe('settings and plan', () => {
  it('reads the URL with defaults, and writes it back', () => {
    const s = parseSettings(
      new URLSearchParams('backends=gnark,nope&blocks=8,1,2,x&threads=1&runs=1&warmup=0&autostart=1'),
      ['gnark', 'halo2'],
    );
    expect(s).toEqual({ backends: ['gnark'], blocks: [1, 2, 8], threads: [1], runs: 1, warmup: 0, autostart: true });
    expect(settingsQuery(s)).toBe('backends=gnark&blocks=1,2,8&threads=1&runs=1&warmup=0&autostart=1');
    const d = parseSettings(new URLSearchParams(''), ['gnark', 'halo2']);
    expect(d).toEqual({
      backends: ['gnark', 'halo2'],
      blocks: [1, 2, 4, 8],
      threads: [1, 2],
      runs: 3,
      warmup: 1,
      autostart: false,
    });
    expect(benchMessage(3)).toEqual(new Uint8Array([7, 38, 69]));
  });

  it('pins a wasm build only when the URL names one it knows', () => {
    const pinned = parseSettings(new URLSearchParams('build=threads'), ['plonky2']);
    expect(pinned.build).toBe('threads');
    expect(settingsQuery(pinned)).toContain('&build=threads');
    expect(parseSettings(new URLSearchParams('build=single'), ['plonky2']).build).toBe('single');
    for (const bad of ['build=threads-wide', 'build=', 'build=THREADS'])
      expect(parseSettings(new URLSearchParams(bad), ['plonky2'])).not.toHaveProperty('build');
  });

  const fake = (id: string, capBlocks: number, threads: boolean, hash: HashId = 'keccak-256'): Backend => ({
    manifest: {
      id,
      label: id,
      proofSystem: '',
      field: '',
      hash,
      statement: '',
      trust: '',
      setupLabel: '',
      knobs: [],
      phases: [],
      defaultConfig: () => ({ maxBlocks: capBlocks }),
      capacity: () => ({ bytes: hashDef(hash).bytesForBlocks(capBlocks), blocks: capBlocks }),
      threads: { supported: () => threads, note: `${id} note` },
    },
    createWorker: () => {
      throw new Error('no worker in tests');
    },
  });

  it('skips lengths over capacity, extra threads of single-threaded backends and backends that need more memory', () => {
    const { cells, skipped } = planSweep({
      settings: { blocks: [1, 2], threads: [1, 2] },
      backends: [fake('a', 1, false), fake('b', 4, true)],
      device,
    });
    expect(cells.map((c) => `${c.backend.manifest.id}/${c.blocks}/${c.threads}`)).toEqual([
      'a/1/1',
      'b/1/1',
      'b/2/1',
      'b/1/2',
      'b/2/2',
    ]);
    expect(cells[0].bytes).toBe(135);
    expect(skipped.map((s) => s.reason)).toEqual([
      expect.stringContaining('single-threaded here: a note'),
      expect.stringContaining("over a's capacity"),
    ]);

    const noIso = planSweep({
      settings: { blocks: [1], threads: [1, 2] },
      backends: [fake('b', 4, true)],
      device: { ...device, crossOriginIsolated: false, threadsAvailable: 1 },
    });
    expect(noIso.cells.map((c) => c.threads)).toEqual([1]);
    expect(noIso.skipped[0].reason).toContain('not cross-origin isolated');

    const small = planSweep({
      settings: { blocks: [1], threads: [1] },
      backends: [fake('gnark', 1, false)],
      device: { ...device, maxWasmMemoryBytes: 2 ** 30 },
      reference: {
        schemaVersion: 1,
        machine: { cpu: '', cores: 1, memoryBytes: 0, os: '' },
        commit: '',
        generatedAt: '',
        command: '',
        note: '',
        results: [run({ prove: 1 }, { memory: { peakBytes: 2 ** 31, what: 'process max RSS' } })],
      },
    });
    expect(small.cells).toEqual([]);
    expect(small.skipped[0].reason).toMatch(/peak at 2\.00 GiB.*1\.00 GiB of wasm memory/);
  });
});

describe('results of different hashes', () => {
  const device: Parameters<typeof planSweep>[0]['device'] = {
    crossOriginIsolated: true,
    cores: 4,
    maxWasmMemoryBytes: 0,
    wasmMemoryTimedOut: false,
    threadsAvailable: 4,
  };
  const backend = (id: string, hash: HashId): Backend =>
    ({
      manifest: {
        id,
        label: id,
        hash,
        defaultConfig: () => ({}),
        capacity: () => ({ bytes: hashDef(hash).bytesForBlocks(4), blocks: 4 }),
        threads: { supported: () => false, note: '' },
      },
    }) as unknown as Backend;

  it("plan lengths in blocks of each backend's own hash", () => {
    const { cells } = planSweep({
      settings: { blocks: [1, 2], threads: [1] },
      backends: [backend('k', 'keccak-256'), backend('b', 'blake2s-256')],
      device,
    });
    expect(cells.map((c) => `${c.backend.manifest.id}:${c.bytes}`)).toEqual(['k:135', 'k:271', 'b:64', 'b:128']);
    expect(hashesOf(cells.map((c) => c.backend.manifest))).toEqual(['keccak-256', 'blake2s-256']);
    expect(hashesOf([{}])).toEqual(['keccak-256']);
    expect(hashesText(['keccak-256', 'blake2s-256'])).toBe('Keccak-256 and BLAKE2s-256');
  });

  it('aggregate runs of one hash only, and keep it', () => {
    const a = run({ prove: 1 }, { hash: 'blake2s-256' });
    expect(aggregateRuns([a, a]).hash).toBe('blake2s-256');
    expect(aggregateRuns([run({ prove: 1 })])).not.toHaveProperty('hash');
    expect(() => aggregateRuns([a, run({ prove: 1 })])).toThrow(/cannot be aggregated/);
    expect(validate(aggregateRuns([a])), JSON.stringify(validate.errors)).toBe(true);
  });

  it('group rows by hash, so that only like is compared with like', () => {
    const row = (hash?: HashId): Shown => ({
      result: run({ prove: 1 }, hash ? { hash } : {}),
      source: 'this device',
      short: 'this device',
      own: true,
    });
    const groups = byHash([row('blake2s-256'), row(), row('keccak-256')]);
    expect(groups.map((g) => [g.hash, g.rows.length])).toEqual([
      ['keccak-256', 2],
      ['blake2s-256', 1],
    ]);
    expect(byHash([row(), row()]).length).toBe(1);
  });

  it('time the hash each backend proves', async () => {
    const points = await hashBaseline({ hash: 'blake2s-256', sizes: [64, 640], reps: 1 });
    expect(points.map((p) => p.bytes)).toEqual([64, 640]);
    for (const p of points) expect(p.ms).toBeGreaterThan(0);
  });
});
