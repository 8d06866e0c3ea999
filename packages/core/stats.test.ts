import { describe, expect, it } from 'vitest';
import vectors from '../../test-vectors/stats.json';
import { stat } from './stats.mjs';
import { stat as statFromRunResult } from './run-result';

describe('stat (shared vectors)', () => {
  for (const c of vectors.cases) {
    it(`${c.samples.length} samples: ${c.samples.join(', ')}`, () => {
      expect(stat(c.samples)).toEqual({ median: c.median, min: c.min, max: c.max, samples: c.samples });
    });
  }
  it('covers odd and even counts', () => {
    expect(vectors.cases.some((c) => c.samples.length % 2 === 0)).toBe(true);
    expect(vectors.cases.some((c) => c.samples.length % 2 === 1)).toBe(true);
  });
  it('is the implementation run-result.ts exports', () => {
    expect(statFromRunResult).toBe(stat);
  });
  it("does not reorder the caller's samples", () => {
    const samples = [3, 1, 2];
    stat(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
  it('refuses no samples and non-numbers', () => {
    expect(() => stat([])).toThrow(/at least one/);
    expect(() => stat([1, Number.NaN])).toThrow(/finite/);
  });
});
