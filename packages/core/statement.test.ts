import { describe, expect, it } from 'vitest';
import { checkStatement } from './statement';
import { BackendError } from './protocol';

const digest = new Uint8Array(32);

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof BackendError ? e.code : 'not a BackendError';
  }
}

describe('checkStatement', () => {
  it('accepts whole lengths within capacity', () => {
    for (const l of [0, 1, 135]) expect(codeOf(() => checkStatement(digest, l, 135))).toBeUndefined();
    expect(codeOf(() => checkStatement(digest, 2 ** 40))).toBeUndefined(); // capacity not known: the worker checks again
  });

  it('refuses lengths that JavaScript or a 32-bit wasm argument would bend', () => {
    const bad: unknown[] = [
      4294967301,
      8589934597,
      5.5,
      -1,
      -0.5,
      NaN,
      Infinity,
      -Infinity,
      2 ** 53,
      136,
      '5',
      5n,
      null,
      undefined,
      {},
    ];
    for (const l of bad) {
      expect(
        codeOf(() => checkStatement(digest, l, 135)),
        String(l),
      ).toBe('invalid-input');
    }
    expect(() => checkStatement(digest, 4294967301, 135)).toThrow(
      /^invalid input: length 4294967301 is outside 0\.\.135/,
    );
    expect(() => checkStatement(digest, 5.5, 135)).toThrow(/whole number of bytes, got 5\.5/);
  });

  it('refuses digests that are not 32 bytes', () => {
    for (const d of [new Uint8Array(31), new Uint8Array(33), new Uint8Array(0), 'ab'.repeat(32), [1, 2, 3]]) {
      expect(codeOf(() => checkStatement(d, 5, 135))).toBe('invalid-input');
    }
  });
});
