// The one median/spread implementation, shared by the page (TypeScript, typed by stats.d.mts)
// and the Node scripts. test-vectors/stats.json holds cases any other implementation must match.

/**
 * Median, min and max of timing samples (the samples are kept in the order they were taken).
 * An even count takes the mean of the two middle values.
 * @param {number[]} samples
 * @returns {{ median: number, min: number, max: number, samples: number[] }}
 */
export function stat(samples) {
  if (!Array.isArray(samples) || samples.length === 0) throw new Error('stat() needs at least one sample');
  if (!samples.every((x) => typeof x === 'number' && Number.isFinite(x)))
    throw new Error('stat() needs finite numbers');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples: [...samples] };
}
