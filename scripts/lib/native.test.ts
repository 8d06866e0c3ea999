// The native runners print the prover contract's reports; scripts/lib/native.mjs turns them into
// RunResults with the prover's own phase ids, labels and steps.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import schema from '@zkplay/schema/run-result.schema.json';
import { reportRunResult, type NativeReport } from './native.mjs';
import { stepMs } from '@zkplay/core/phase-steps';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

const phase = (id: string, ms: number) => ({ id, label: `The ${id}`, ms });
const report: NativeReport = {
  threads: 2,
  config: { k: 12, rowsPerRound: 25 },
  prepare: {
    phases: [phase('params', 30), phase('keys', 20)],
    sizes: { params: 1000, verifyingKey: 50 },
    circuit: { k: 12, rows: 4096 },
    capacityBytes: 271,
  },
  runs: [
    { prove: [phase('witness', 3), phase('prove', 100)], verify: [phase('verify', 5)], proofBytes: 800 },
    { prove: [phase('witness', 5), phase('prove', 120)], verify: [phase('verify', 7)], proofBytes: 800 },
  ],
  peakRssBytes: 1e8,
};

describe('reportRunResult', () => {
  it("makes a valid RunResult with the prover's phases, steps and capacity", () => {
    const r = reportRunResult({ backend: 'novel', build: 'native-rust', commit: 'abc', bytes: 200, report });
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(r.phases.map((p) => [p.id, p.label, p.step])).toEqual([
      ['params', 'The params', 'prepare'],
      ['keys', 'The keys', 'prepare'],
      ['witness', 'The witness', 'prove'],
      ['prove', 'The prove', 'prove'],
      ['verify', 'The verify', 'verify'],
    ]);
    expect(r.phases.find((p) => p.id === 'prove')!.ms).toEqual({
      median: 110,
      min: 100,
      max: 120,
      samples: [100, 120],
    });
    expect(stepMs(r, 'verify')).toBe(6);
    expect(r.environment).toMatchObject({ kind: 'native', build: 'native-rust', threads: 2 });
    expect(r.capacityBytes).toBe(271);
    expect(r.sizes.proof).toBe(800);
    expect(r.runs).toBe(2);
    expect(r.hash).toBe('keccak-256');
    expect(r.message).toEqual({ bytes: 200, blocks: 2 });
  });

  it("records the backend's statement hash and counts its blocks", () => {
    const r = reportRunResult({ backend: 'b', build: 'native-rust', bytes: 192, report, hash: 'blake2s-256' });
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(r.hash).toBe('blake2s-256');
    expect(r.message).toEqual({ bytes: 192, blocks: 3 });
  });

  it('refuses a report without runs or without the prove/verify split', () => {
    expect(() => reportRunResult({ backend: 'x', build: 'b', bytes: 1, report: { ...report, runs: [] } })).toThrow(
      /no runs/,
    );
    const flat = { ...report, runs: [{ phases: [phase('prove', 1)], proofBytes: 1 }] } as unknown as NativeReport;
    expect(() => reportRunResult({ backend: 'x', build: 'b', bytes: 1, report: flat })).toThrow(/prove or verify/);
  });
});
