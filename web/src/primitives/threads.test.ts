import { describe, expect, it } from 'vitest';
import { formatPrimitiveMs, importedPrimitiveRows, primitiveSize } from './imported';
import type { PrimitiveResult } from './result';
import { threadChoices, threadsLabel } from './threads';

describe('the Rust thread setting', () => {
  it('offers 1 … the logical cores, or just 1 when not isolated or the cores are unknown', () => {
    expect(threadChoices(4, true)).toEqual([1, 2, 3, 4]);
    expect(threadChoices(4, false)).toEqual([1]);
    expect(threadChoices(undefined, true)).toEqual([1]);
    expect(threadChoices(0, true)).toEqual([1]);
    expect(threadChoices(1, true)).toEqual([1]);
  });

  it('labels thread counts', () => {
    expect(threadsLabel(1)).toBe('1 thread');
    expect(threadsLabel(2)).toBe('2 threads');
  });
});

describe('imported primitives', () => {
  const msm: PrimitiveResult = {
    library: 'halo2curves',
    op: 'msm-g1',
    curve: 'bn254',
    logN: 12,
    threads: 2,
    ms: { median: 40.5, min: 39, max: 44.25, samples: [39, 40.5, 44.25] },
    warmup: 1,
    checked: true,
    runtime: 'wasm',
  };
  const pairing: PrimitiveResult = {
    ...msm,
    library: 'gnark-crypto',
    op: 'pairing',
    logN: 0,
    threads: 1,
    ms: { median: 0.9, min: 0.85, max: 1.2, samples: [0.9] },
  };

  it('lists every record of every import with its device, in order', () => {
    const rows = importedPrimitiveRows([
      { label: 'Pixel 8 (imported a.json)', primitives: [msm, pairing] },
      { label: 'no primitives (imported b.json)' },
      {
        label: 'Laptop (imported c.json)',
        primitives: [{ ...msm, runtime: undefined, checked: false, op: 'fr-mul', logN: 20 }],
      },
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      source: 'Pixel 8 (imported a.json)',
      library: 'halo2curves',
      op: 'MSM (G1)',
      curve: 'bn254',
      size: '2^12',
      median: 40.5,
      min: 39,
      max: 44.25,
      runs: 3,
      threads: 2,
      runtime: 'wasm',
      checked: true,
    });
    expect(rows[1]).toMatchObject({ op: 'Pairing', size: '1', threads: 1, runs: 1 });
    expect(rows[2]).toMatchObject({
      source: 'Laptop (imported c.json)',
      op: 'Fr multiplications',
      size: '2^20 muls',
      runtime: 'wasm',
      checked: false,
    });
    expect(importedPrimitiveRows([])).toEqual([]);
  });

  it('sizes and times', () => {
    expect(primitiveSize({ op: 'fft-g1', logN: 5 })).toBe('2^5');
    expect(formatPrimitiveMs(0)).toBe('0 µs');
    expect(formatPrimitiveMs(0.005)).toBe('5.00 µs');
    expect(formatPrimitiveMs(0.25)).toBe('250.0 µs');
    expect(formatPrimitiveMs(12.345)).toBe('12.35 ms');
    expect(formatPrimitiveMs(345.6)).toBe('346 ms');
    expect(formatPrimitiveMs(2500)).toBe('2.50 s');
  });
});
