// gnark-crypto's BN254 point encodings (gnark v0.16.3 / gnark-crypto v0.21.0, ecc/bn254/marshal.go),
// read into @noble/curves points with every check gnark's checked decoder makes, and one more:
// the verifying key's points are checked too (gnark loads it unchecked and relies on its hash).
//   coordinates: 32 bytes big-endian, canonical (< p)
//   G1 raw 64 B: x | y, top two bits of byte 0 = 00; all zero = infinity
//   G2 raw 128 B: x.A1 | x.A0 | y.A1 | y.A0 (imaginary part first)
//   compressed: x only (G1 32 B, G2 64 B) with the top two bits of byte 0 = 10 (y is the
//   lexicographically smaller root) or 11 (larger); 01 with all other bits zero = infinity
import { bn254 } from '@noble/curves/bn254.js';

type G1 = InstanceType<typeof bn254.G1.Point>;
type G2 = InstanceType<typeof bn254.G2.Point>;
type Fp2 = { c0: bigint; c1: bigint };

export const G1Point = bn254.G1.Point;
export const G2Point = bn254.G2.Point;
const Fp = G1Point.Fp;
const Fp2 = G2Point.Fp as unknown as {
  create(x: Fp2): Fp2;
  add(a: Fp2, b: Fp2): Fp2;
  mul(a: Fp2, b: Fp2): Fp2;
  sqr(a: Fp2): Fp2;
  sqrt(a: Fp2): Fp2;
  eql(a: Fp2, b: Fp2): boolean;
  neg(a: Fp2): Fp2;
};
// The twist's b: 3 / (u + 9).
const B2 = (G2Point as unknown as { CURVE(): { b: Fp2 } }).CURVE().b;
export const P = Fp.ORDER;
export const R = G1Point.Fn.ORDER;

const FLAG_MASK = 0xc0;
const UNCOMPRESSED = 0x00;
const COMPRESSED_INFINITY = 0x40;
const COMPRESSED_SMALLEST = 0x80;
const COMPRESSED_LARGEST = 0xc0;

/** Thrown for bytes that are not a valid encoding; the caller turns it into a refusal. */
export class EncodingError extends Error {}

/** Reads a byte string front to back; every read is bounds-checked. */
export class Reader {
  private off = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly what: string,
  ) {}
  take(n: number): Uint8Array {
    if (this.off + n > this.bytes.length)
      throw new EncodingError(`${this.what} is truncated: ${this.bytes.length} bytes`);
    const out = this.bytes.subarray(this.off, this.off + n);
    this.off += n;
    return out;
  }
  u32(): number {
    const b = this.take(4);
    return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  }
  u64(): bigint {
    const b = this.take(8);
    return b.reduce((acc, x) => (acc << 8n) | BigInt(x), 0n);
  }
  end(): void {
    if (this.off !== this.bytes.length)
      throw new EncodingError(`${this.what} has ${this.bytes.length - this.off} bytes too many`);
  }
}

export function beToBig(b: Uint8Array): bigint {
  let x = 0n;
  for (const byte of b) x = (x << 8n) | BigInt(byte);
  return x;
}

export function bigToBe(x: bigint, n = 32): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/** A base-field element; refuses x ≥ p (a second encoding of the same point). */
function fp(b: Uint8Array, what: string): bigint {
  const x = beToBig(b);
  if (x >= P) throw new EncodingError(`${what}: coordinate is not below the field modulus`);
  return x;
}

/** Masks the flag bits off a copy of the first 32 bytes. */
function unflagged(b: Uint8Array): Uint8Array {
  const c = b.slice(0, 32);
  c[0] &= ~FLAG_MASK;
  return c;
}

const isZero = (b: Uint8Array) => b.every((x) => x === 0);
const lexLargest = (y: bigint) => y > (P - 1n) / 2n;
const lexLargest2 = (y: Fp2) => (y.c1 === 0n ? lexLargest(y.c0) : lexLargest(y.c1));

function g1Valid(p: G1, what: string): G1 {
  try {
    p.assertValidity(); // on the curve; G1 of BN254 has cofactor 1
  } catch {
    throw new EncodingError(`${what}: not a point of G1`);
  }
  return p;
}

function g2Valid(p: G2, what: string): G2 {
  const { x, y } = p.toAffine() as unknown as { x: Fp2; y: Fp2 };
  if (!Fp2.eql(Fp2.sqr(y), Fp2.add(Fp2.mul(Fp2.sqr(x), x), B2))) throw new EncodingError(`${what}: not on the curve`);
  if (!p.isTorsionFree()) throw new EncodingError(`${what}: not in the prime-order subgroup of G2`);
  return p;
}

export function g1Raw(b: Uint8Array, what: string): G1 {
  if ((b[0] & FLAG_MASK) !== UNCOMPRESSED) throw new EncodingError(`${what}: not an uncompressed G1 encoding`);
  if (isZero(b)) return G1Point.ZERO;
  return g1Valid(G1Point.fromAffine({ x: fp(b.subarray(0, 32), what), y: fp(b.subarray(32, 64), what) }), what);
}

export function g2Raw(b: Uint8Array, what: string): G2 {
  if ((b[0] & FLAG_MASK) !== UNCOMPRESSED) throw new EncodingError(`${what}: not an uncompressed G2 encoding`);
  if (isZero(b)) return G2Point.ZERO;
  const x = { c1: fp(b.subarray(0, 32), what), c0: fp(b.subarray(32, 64), what) };
  const y = { c1: fp(b.subarray(64, 96), what), c0: fp(b.subarray(96, 128), what) };
  return g2Valid(G2Point.fromAffine({ x, y } as never), what);
}

function compressedFlag(b: Uint8Array, size: number, what: string): 'infinity' | boolean {
  const flag = b[0] & FLAG_MASK;
  if (flag === COMPRESSED_INFINITY) {
    if ((b[0] & ~FLAG_MASK) !== 0 || !isZero(b.subarray(1, size)))
      throw new EncodingError(`${what}: invalid infinity encoding`);
    return 'infinity';
  }
  if (flag !== COMPRESSED_SMALLEST && flag !== COMPRESSED_LARGEST)
    throw new EncodingError(`${what}: not a compressed point encoding`);
  return flag === COMPRESSED_LARGEST;
}

export function g1Compressed(b: Uint8Array, what: string): G1 {
  const largest = compressedFlag(b, 32, what);
  if (largest === 'infinity') return G1Point.ZERO;
  const x = fp(unflagged(b), what);
  let y: bigint;
  try {
    y = Fp.sqrt(Fp.add(Fp.mul(Fp.sqr(x), x), 3n));
  } catch {
    throw new EncodingError(`${what}: x is not the coordinate of a point`);
  }
  if (lexLargest(y) !== largest) y = Fp.neg(y);
  return g1Valid(G1Point.fromAffine({ x, y }), what);
}

export function g2Compressed(b: Uint8Array, what: string): G2 {
  const largest = compressedFlag(b, 64, what);
  if (largest === 'infinity') return G2Point.ZERO;
  const x = Fp2.create({ c1: fp(unflagged(b), what), c0: fp(b.subarray(32, 64), what) });
  let y: Fp2;
  try {
    y = Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), B2));
  } catch {
    throw new EncodingError(`${what}: x is not the coordinate of a point`);
  }
  if (lexLargest2(y) !== largest) y = Fp2.neg(y);
  return g2Valid(G2Point.fromAffine({ x, y } as never), what);
}

/** x | y, 64 bytes (gnark's G1Affine.Marshal, what the commitment hash reads). */
export function g1RawBytes(p: G1): Uint8Array {
  const out = new Uint8Array(64);
  if (p.is0()) return out;
  const { x, y } = p.toAffine();
  out.set(bigToBe(x), 0);
  out.set(bigToBe(y), 32);
  return out;
}

/** The coordinates as the EVM takes them: G1 [x, y]; G2 [x.A1, x.A0, y.A1, y.A0]. */
export function g1Words(p: G1): bigint[] {
  if (p.is0()) return [0n, 0n];
  const { x, y } = p.toAffine();
  return [x, y];
}

export function g2Words(p: G2): bigint[] {
  if (p.is0()) return [0n, 0n, 0n, 0n];
  const { x, y } = p.toAffine() as unknown as { x: Fp2; y: Fp2 };
  return [x.c1, x.c0, y.c1, y.c0];
}

export type { G1, G2 };
