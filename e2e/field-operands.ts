// Adversarial operands for the fields the Rust backends compute in, and what their arithmetic
// must give, computed with BigInts (no code shared with the Rust crates): the reference of the
// wasm builds' arithmetic check (e2e/wide-arithmetic.spec.ts, crates/zkplay-primitives
// src/field_ops.rs). The edge values are those of the native patch suites
// (crates/patches/README.md): 0, 1, p − 1, p − 2, (p ± 1) / 2, powers of two and their
// neighbours at every 29-, 32- and 64-bit limb edge, words of all ones, Montgomery's R, R² and
// R⁻¹, and seeded random elements.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';

export interface FieldCase {
  /** The name src/field_ops.rs knows it by. */
  field: string;
  /** Bytes the operands and results are sent as (little-endian; a G1 point is 48 compressed bytes). */
  bytes: Uint8Array;
  expected: Uint8Array;
  /** How many items (pairs, or scalars for bellman-g1). */
  items: number;
}

// The curves' moduli from @noble/curves; Goldilocks is not there.
const BN254_R = bn254.fields.Fr.ORDER;
const BN254_Q = bn254.fields.Fp.ORDER;
const BLS_R = bls12_381.fields.Fr.ORDER;
const BLS_Q = bls12_381.fields.Fp.ORDER;
export const GOLDILOCKS = 2n ** 64n - 2n ** 32n + 1n;

/** Fields, their moduli and byte widths (the widths src/field_ops.rs's operand_width gives). */
export const FIELDS: { field: string; p: bigint; width: number }[] = [
  { field: 'goldilocks', p: GOLDILOCKS, width: 8 },
  { field: 'bn254-fr', p: BN254_R, width: 32 },
  { field: 'bn254-fq', p: BN254_Q, width: 32 },
  { field: 'bls12-381-fr', p: BLS_R, width: 32 },
  { field: 'bls12-381-fq', p: BLS_Q, width: 48 },
  { field: 'bellman-fr', p: BLS_R, width: 32 },
];

const mod = (a: bigint, p: bigint) => ((a % p) + p) % p;

function inverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [mod(a, p), p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, p);
}

/** The edge values of the field of modulus `p` stored in `width` bytes, deduplicated, all below p. */
export function edgeValues(p: bigint, width: number): bigint[] {
  const bits = p.toString(2).length;
  const v = new Set<bigint>([0n, 1n, 2n, 3n, p - 1n, p - 2n, p - 3n, (p - 1n) / 2n, (p + 1n) / 2n]);
  for (const step of [29, 32, 64]) {
    for (let k = step; k < bits; k += step) {
      const t = 2n ** BigInt(k);
      for (const x of [t - 1n, t, t + 1n, p - t, p - t + 1n]) v.add(x);
    }
  }
  for (let word = 0; word * 64 < bits; word++) v.add(mod((2n ** 64n - 1n) << BigInt(64 * word), p));
  // Montgomery's R for a representation of `width` bytes in 64-bit limbs, R² and R⁻¹.
  const R = mod(2n ** BigInt(8 * width), p);
  for (const x of [R, mod(R * R, p), inverse(R, p)]) v.add(x);
  return [...v].filter((x) => x >= 0n && x < p);
}

/** Seeded elements below p (xorshift64*, so every run checks the same ones). */
export function randomValues(p: bigint, width: number, n: number, seed: bigint): bigint[] {
  let s = seed;
  const next = () => {
    s ^= s >> 12n;
    s ^= (s << 25n) & 0xffffffffffffffffn;
    s ^= s >> 27n;
    return (s * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn;
  };
  const out: bigint[] = [];
  while (out.length < n) {
    let x = 0n;
    for (let i = 0; i < width; i += 8) x = (x << 64n) | next();
    x &= 2n ** BigInt(p.toString(2).length) - 1n;
    if (x < p) out.push(x); // rejection sampling: uniform, and it never reduces a value
  }
  return out;
}

export function le(x: bigint, width: number): Uint8Array {
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) out[i] = Number((x >> BigInt(8 * i)) & 0xffn);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Every pair of edge values, each edge value with random ones, and random pairs: a·b, a², a + b, a − b each. */
export function fieldCase(field: string, p: bigint, width: number): FieldCase {
  const edges = edgeValues(p, width);
  const random = randomValues(p, width, 32, 0x7a6b706c6179n); // "zkplay"
  const pairs: [bigint, bigint][] = [];
  for (const a of edges) for (const b of edges) pairs.push([a, b]);
  for (const a of edges) for (const b of random.slice(0, 4)) pairs.push([a, b], [b, a]);
  for (let i = 0; i + 1 < random.length; i += 2) pairs.push([random[i], random[i + 1]]);
  return {
    field,
    items: pairs.length,
    bytes: concat(pairs.flatMap(([a, b]) => [le(a, width), le(b, width)])),
    expected: concat(
      pairs.flatMap(([a, b]) => [mod(a * b, p), mod(a * a, p), mod(a + b, p), mod(a - b, p)].map((x) => le(x, width))),
    ),
  };
}

/** bellman's G1 ([k]G, compressed) for edge and random scalars k, by @noble/curves. */
export function g1Case(): FieldCase {
  const ks = [...edgeValues(BLS_R, 32), ...randomValues(BLS_R, 32, 8, 0x6731n)];
  const G = bls12_381.G1.Point;
  return {
    field: 'bellman-g1',
    items: ks.length,
    bytes: concat(ks.map((k) => le(k, 32))),
    expected: concat(ks.map((k) => (k === 0n ? G.ZERO : G.BASE.multiply(k)).toBytes(true))),
  };
}

/** Every case, the fields' and G1's. */
export const fieldCases = (): FieldCase[] => [...FIELDS.map((f) => fieldCase(f.field, f.p, f.width)), g1Case()];
