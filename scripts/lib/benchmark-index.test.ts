import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { benchmarkIndex, BY_HAND_PROFILE, calibrateRate, PHONE_CLASSES } from './benchmark-index.mjs';

/** A page whose BenchmarkIndex is `score(rate)` at the rate last set. */
function simulated(score: (rate: number) => number) {
  let rate = 1;
  const page = { evaluate: async () => score(rate) };
  const setRate = async (r: number) => {
    rate = r;
  };
  return { page, setRate, unthrottled: score(1) };
}

describe('the BenchmarkIndex loop', () => {
  it('scores a positive number of repetitions per second (over 10) and uses nothing outside its body', () => {
    // page.evaluate sends the function's source: rebuilt from it, it must still run.
    const rebuilt = new Function(`return (${benchmarkIndex.toString()})(20)`);
    const score = rebuilt();
    expect(Number.isFinite(score) && score > 0).toBe(true);
  });
});

describe('the phone classes', () => {
  it('name profiles the results service accepts (schema/result-submission.schema.json)', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../schema/result-submission.schema.json', import.meta.url), 'utf8'),
    );
    const find = (o: unknown): { properties: { profile: { pattern: string } } } | undefined => {
      if (!o || typeof o !== 'object') return undefined;
      if ((o as { title?: string }).title === 'Emulation') return o as never;
      for (const v of Object.values(o)) {
        const hit = find(v);
        if (hit) return hit;
      }
    };
    const pattern = new RegExp(find(schema)!.properties.profile.pattern);
    const profiles = [
      ...Object.values(PHONE_CLASSES).map((c) => c.profile),
      `${BY_HAND_PROFILE} (cgroup)`,
      `${BY_HAND_PROFILE} (cdp)`,
    ];
    for (const p of profiles) expect(p).toMatch(pattern);
  });
});

describe('calibrating the throttling rate to a phone class', () => {
  it('finds the rate on a score that falls as 1/rate', async () => {
    const s = simulated((r) => 2400 / r);
    const { rate, measured } = await calibrateRate(s.page, s.setRate, 1000, s.unthrottled);
    expect(rate).toBeCloseTo(2.4, 1);
    expect(Math.abs(measured / 1000 - 1)).toBeLessThanOrEqual(0.08);
  });

  it('converges where the score falls more steeply at high rates (as a starved quota does)', async () => {
    // Measured here: 2058 unthrottled, 84.5 at rate 7.8, 280.5 at rate 6.5.
    const s = simulated((r) => 2058 / r ** (1 + 0.09 * r));
    const steps: number[] = [];
    const { measured } = await calibrateRate(
      s.page,
      s.setRate,
      PHONE_CLASSES['low-tier'].benchmarkIndex,
      s.unthrottled,
      {
        onStep: (r) => steps.push(r),
      },
    );
    expect(Math.abs(measured / 264 - 1)).toBeLessThanOrEqual(0.08);
    expect(steps.length).toBeLessThanOrEqual(4);
  });

  it('keeps a machine no faster than the phone unthrottled', async () => {
    const s = simulated((r) => 900 / r);
    expect(await calibrateRate(s.page, s.setRate, 1000, s.unthrottled)).toEqual({ rate: 1, measured: 900 });
  });

  it('stays between 1 and 100 on a noisy score and gives the measurement nearest the target', async () => {
    // One score per rate set (each measurement is a median of five runs at that rate).
    const noisy = [50, 5000, 50, 5000, 300, 50];
    let sets = 0;
    const page = { evaluate: async () => noisy[(sets - 1) % noisy.length] };
    const setRate = async (r: number) => {
      if (r !== 1) sets++;
    };
    const seen: number[] = [];
    const { rate, measured } = await calibrateRate(page, setRate, 264, 3000, {
      tolerance: 0.05,
      onStep: (r) => seen.push(r),
    });
    expect(seen.every((r) => r >= 1 && r <= 100)).toBe(true);
    expect(seen.length).toBe(6);
    expect(measured).toBe(300);
    expect(rate).toBeCloseTo(seen[4], 2);
  });
});
