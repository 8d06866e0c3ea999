// Shared code finds a step's time from the protocol step each phase ran in, not from phase ids,
// so a backend with its own ids (here: 'fetch-keys', 'fold', 'check-a', 'check-b') works unchanged.
import { describe, expect, it } from 'vitest';
import type { BackendManifest } from '@zkplay/core/manifest';
import { stepMs, stepOf } from '@zkplay/core/phase-steps';
import { aggregateRuns } from './aggregate';
import { fakeRun } from '../lib/fake-run';

async function run() {
  const { result } = await fakeRun(
    {
      prepare: { phases: [{ id: 'fetch-keys', label: 'Fetch keys', ms: 50 }], capacityBytes: 271 },
      prove: { phases: [{ id: 'fold', label: 'Fold', ms: 700 }] },
      verify: {
        phases: [
          { id: 'check-a', label: 'Check A', ms: 4 },
          { id: 'check-b', label: 'Check B', ms: 6 },
        ],
      },
    },
    { manifest: { id: 'novel' } as BackendManifest },
  );
  return result;
}

describe('phase steps', () => {
  it('a backend with its own phase ids: verification time is the sum of its verify-step phases', async () => {
    const r = await run();
    expect(stepMs(r, 'verify')).toBe(10);
    expect(stepMs(r, 'prove')).toBe(700);
    expect(stepMs(r, 'prepare')).toBe(50);
  });

  it("aggregating runs keeps each phase's step", async () => {
    const agg = aggregateRuns([await run(), await run()]);
    expect(agg.phases.map((p) => p.step)).toEqual(['prepare', 'prove', 'verify', 'verify']);
    expect(stepMs(agg, 'verify')).toBe(10);
    expect(agg.capacityBytes).toBe(271);
  });

  it('results recorded before phases carried a step fall back to the ids prove and verify', () => {
    expect(stepOf({ id: 'verify' })).toBe('verify');
    expect(stepOf({ id: 'prove' })).toBe('prove');
    expect(stepOf({ id: 'witness' })).toBeUndefined();
    const ms = { median: 8, min: 8, max: 8, samples: [8] };
    expect(
      stepMs(
        {
          phases: [
            { id: 'witness', label: 'W', ms },
            { id: 'verify', label: 'V', ms },
          ],
        },
        'verify',
      ),
    ).toBe(8);
  });

  it('no phase in the step: no time, rather than zero', () => {
    expect(stepMs({ phases: [] }, 'verify')).toBeUndefined();
  });
});
