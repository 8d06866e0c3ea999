// The reference of the wasm arithmetic check (e2e/field-operands.ts), checked before it is
// trusted: its operands are canonical and distinct, and its results agree with @noble/curves'
// own field implementations where they have the field.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import { describe, expect, it } from 'vitest';
import { edgeValues, FIELDS, fieldCase, g1Case, GOLDILOCKS, le, randomValues } from './field-operands';

const fromLe = (b: Uint8Array) => b.reduceRight((x, byte) => (x << 8n) | BigInt(byte), 0n);

const NOBLE: Record<
  string,
  {
    ORDER: bigint;
    mul(a: bigint, b: bigint): bigint;
    sqr(a: bigint): bigint;
    add(a: bigint, b: bigint): bigint;
    sub(a: bigint, b: bigint): bigint;
  }
> = {
  'bn254-fr': bn254.fields.Fr,
  'bn254-fq': bn254.fields.Fp,
  'bls12-381-fr': bls12_381.fields.Fr,
  'bls12-381-fq': bls12_381.fields.Fp,
  'bellman-fr': bls12_381.fields.Fr,
};

describe('field operands', () => {
  it.each(FIELDS)('$field: edge and random values are canonical, distinct and reproducible', ({ p, width }) => {
    const edges = edgeValues(p, width);
    expect(new Set(edges).size).toBe(edges.length);
    expect(edges.every((x) => x >= 0n && x < p)).toBe(true);
    expect(edges).toContain(p - 1n);
    const random = randomValues(p, width, 32, 1n);
    expect(random.every((x) => x >= 0n && x < p)).toBe(true);
    expect(randomValues(p, width, 32, 1n)).toEqual(random);
  });

  it.each(FIELDS.filter((f) => NOBLE[f.field]))('$field: results agree with @noble/curves', ({ field, p, width }) => {
    const F = NOBLE[field];
    expect(F.ORDER).toBe(p);
    const c = fieldCase(field, p, width);
    for (let i = 0; i < c.items; i += 97) {
      const a = fromLe(c.bytes.subarray(2 * i * width, (2 * i + 1) * width));
      const b = fromLe(c.bytes.subarray((2 * i + 1) * width, (2 * i + 2) * width));
      const want = [F.mul(a, b), F.sqr(a), F.add(a, b), F.sub(a, b)].map((x) => [...le(x, width)]);
      const got = [0, 1, 2, 3].map((k) => [...c.expected.subarray((4 * i + k) * width, (4 * i + k + 1) * width)]);
      expect(got, `${field} pair ${i}`).toEqual(want);
    }
  });

  it('Goldilocks: p − 1 squared is 1 and 2^32 squared is 2^32 − 1', () => {
    const p = GOLDILOCKS;
    const c = fieldCase('goldilocks', p, 8);
    const square = (a: bigint) => {
      for (let i = 0; i < c.items; i++)
        if (fromLe(c.bytes.subarray(16 * i, 16 * i + 8)) === a)
          return fromLe(c.expected.subarray(32 * i + 8, 32 * i + 16));
      throw new Error(`no pair starts with ${a}`);
    };
    expect(square(p - 1n)).toBe(1n);
    expect(square(2n ** 32n)).toBe(2n ** 32n - 1n);
  });

  it('bellman-g1: [1]G is the generator and [0]G the point at infinity', () => {
    const c = g1Case();
    const at = (k: bigint) => {
      for (let i = 0; i < c.items; i++)
        if (fromLe(c.bytes.subarray(32 * i, 32 * i + 32)) === k) return c.expected.subarray(48 * i, 48 * i + 48);
      throw new Error(`no scalar ${k}`);
    };
    expect(Buffer.from(at(1n)).toString('hex')).toBe(
      Buffer.from(bls12_381.G1.Point.BASE.toBytes(true)).toString('hex'),
    );
    expect(at(0n)[0]).toBe(0xc0);
  });

  it('covers over 50,000 pairs in all (56,066 today)', () => {
    const total = FIELDS.reduce((n, f) => n + fieldCase(f.field, f.p, f.width).items, 0);
    expect(total).toBeGreaterThan(50_000);
  });
});
