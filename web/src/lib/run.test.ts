// The RunResult the page builds must validate against schema/run-result.schema.json, the
// one definition the native runners and exports share.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import schema from '@zkplay/schema/run-result.schema.json';
import { fakeRun } from './fake-run';
import { stat } from '@zkplay/core/run-result';
import type { BackendManifest } from '@zkplay/core/manifest';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

describe('RunResult', () => {
  it('a cold run assembled by runOnce validates against the schema', async () => {
    const { result } = await fakeRun(
      {
        prepare: {
          phases: [{ id: 'download', label: 'Download', ms: 120 }],
          sizes: { provingKey: 10, verifyingKey: 2 },
          circuit: { constraints: 5 },
          capacityBytes: 135,
          threads: 1,
          build: 'go-js-wasm',
          fresh: true,
        },
        prove: {
          proof: new Uint8Array(7),
          phases: [
            { id: 'witness', label: 'Witness', ms: 3 },
            { id: 'prove', label: 'Prove', ms: 900 },
          ],
          memory: { peakBytes: 1e8, what: 'wasm linear memory' },
        },
        verify: { ok: true, phases: [{ id: 'verify', label: 'Verify', ms: 4 }] },
      },
      { config: { circuit: 'x' }, threads: 1, message: new Uint8Array(136) },
    );
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(result.message).toEqual({ bytes: 136, blocks: 2 });
    expect(result.hash).toBe('keccak-256');
    expect(result.phases.map((p) => p.id)).toEqual(['download', 'witness', 'prove', 'verify']);
    expect(result.sizes.proof).toBe(7);
    expect(result.cold).toBe(true);
    expect(result.capacityBytes).toBe(135);
    expect(result.circuit).not.toHaveProperty('capacityBytes');
    expect(result.phases.map((p) => p.step)).toEqual(['prepare', 'prove', 'prove', 'verify']);
  });

  it("says which hash the backend's statement uses, and counts that hash's blocks", async () => {
    const { result } = await fakeRun(
      {},
      {
        manifest: { id: 'fake', label: 'Fake', hash: 'blake2s-256' } as BackendManifest,
        message: new Uint8Array(136),
      },
    );
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(result.hash).toBe('blake2s-256');
    expect(result.message).toEqual({ bytes: 136, blocks: 3 });
  });

  it('a warm run leaves out the setup phases it did not repeat', async () => {
    const { result } = await fakeRun(
      {
        prepare: { phases: [], capacityBytes: 135, threads: 2, build: 'wasm-threads', fresh: false },
        prove: { proof: new Uint8Array(1), phases: [{ id: 'prove', label: 'Prove', ms: 9 }] },
        verify: { ok: false, phases: [{ id: 'verify', label: 'Verify', ms: 1 }] },
      },
      { config: {}, threads: 2, message: new Uint8Array(0) },
    );
    expect(validate(result)).toBe(true);
    expect(result.cold).toBe(false);
    expect(result.verified).toBe(false);
    expect(result.environment.threads).toBe(2);
  });

  it('the schema rejects a result without a verdict or with a negative time', () => {
    const base = {
      schemaVersion: 1,
      backend: 'x',
      config: {},
      environment: { kind: 'native', threads: 1, build: 'native' },
      message: { bytes: 1, blocks: 1 },
      phases: [{ id: 'prove', label: 'Prove', ms: stat([1, 2, 3]) }],
      sizes: {},
      circuit: {},
      memory: { peakBytes: 1, what: 'rss' },
      verified: true,
      runs: 3,
      cold: false,
      timestamp: new Date().toISOString(),
    };
    expect(validate(base)).toBe(true);
    const { verified: _, ...noVerdict } = base;
    expect(validate(noVerdict)).toBe(false);
    expect(
      validate({
        ...base,
        phases: [{ id: 'prove', label: 'Prove', ms: { median: -1, min: -1, max: -1, samples: [-1] } }],
      }),
    ).toBe(false);
  });

  it('stat gives the median and spread', () => {
    expect(stat([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, samples: [5, 1, 3] });
    expect(stat([4, 1, 3, 2]).median).toBe(2.5);
    expect(() => stat([])).toThrow();
  });
});
