// bellman's Groth16 objects (BLS12-381) as the EIP-2537 precompiles and our Solidity verifier read
// them: each base-field element a 64-byte big-endian word (16 zero bytes, then 48), a G1 point
// x | y (128 bytes), a G2 point x.c0 | x.c1 | y.c0 | y.c1 (256 bytes), the identity all zeros.
// Plain JavaScript so that the build's contract generator (solidity.mjs) and the verifier
// package's calldata (evm.ts) share it; types in eip2537.d.mts.
import { bls12_381 } from '@noble/curves/bls12-381.js';

const { G1, G2 } = bls12_381;
/** The scalar field's order r. */
export const R = bls12_381.fields.Fr.ORDER;
export const PROOF_BYTES = 192;
export const EVM_PROOF_BYTES = 512;
const VK_HEADER = 16; // "zkplayBV", format version, blocks (crates/zkplay-bellman/src/keys.rs)
const PUBLIC_INPUTS = 3; // L and the digest's two field elements

const fp = (x) => x.toString(16).padStart(128, '0');

/** A G1 point, 128 bytes as hex. */
export function g1Hex(point) {
  if (point.is0()) return fp(0n).repeat(2);
  const { x, y } = point.toAffine();
  return fp(x) + fp(y);
}

/** A G2 point, 256 bytes as hex (Fp2 as c0 | c1: the reverse of the zcash serialization's order). */
export function g2Hex(point) {
  if (point.is0()) return fp(0n).repeat(4);
  const { x, y } = point.toAffine();
  return fp(x.c0) + fp(x.c1) + fp(y.c0) + fp(y.c1);
}

/**
 * A bellman proof (A, B, C compressed: 48 + 96 + 48 bytes) as the contract's 512 bytes, as hex.
 * Throws for bytes that are not three canonical compressed points in their subgroups.
 */
export function proofHex(proof) {
  if (proof.length !== PROOF_BYTES) throw new Error(`a bellman proof is ${PROOF_BYTES} bytes, got ${proof.length}`);
  const a = G1.Point.fromBytes(proof.subarray(0, 48));
  const b = G2.Point.fromBytes(proof.subarray(48, 144));
  const c = G1.Point.fromBytes(proof.subarray(144, 192));
  return g1Hex(a) + g2Hex(b) + g1Hex(c);
}

/**
 * The circuit's public inputs: L, then the digest as bellman's multipack packs it (its bits, each
 * byte least-significant first, in chunks of 254): the digest read as a little-endian integer,
 * mod 2^254, then its top two bits.
 */
export function publicInputs(digest, length) {
  if (digest.length !== 32) throw new Error(`a digest is 32 bytes, got ${digest.length}`);
  let le = 0n;
  for (let i = 31; i >= 0; i--) le = (le << 8n) | BigInt(digest[i]);
  return [BigInt(length), le & ((1n << 254n) - 1n), le >> 254n];
}

/**
 * The verifying key of a key file (vk-b<n>.bin: header, then groth16's VerifyingKey::write with
 * uncompressed points), as the contract stores it: alpha, -beta, -gamma, -delta and IC, as hex.
 * noble checks every point (on the curve, in the subgroup).
 */
export function verifyingKeyHex(file) {
  const expected = VK_HEADER + 3 * 96 + 3 * 192 + 4 + (PUBLIC_INPUTS + 1) * 96;
  if (file.length !== expected) throw new Error(`a verifying key file is ${expected} bytes, got ${file.length}`);
  let at = VK_HEADER;
  const take = (n) => file.subarray(at, (at += n));
  const g1 = () => G1.Point.fromBytes(take(96));
  const g2 = () => G2.Point.fromBytes(take(192));
  const alpha = g1();
  g1(); // beta in G1: the prover's
  const beta = g2();
  const gamma = g2();
  g1(); // delta in G1: the prover's
  const delta = g2();
  const n = new DataView(file.buffer, file.byteOffset + at, 4).getUint32(0, false);
  at += 4;
  if (n !== PUBLIC_INPUTS + 1) throw new Error(`the verifying key has ${n} IC points, expected ${PUBLIC_INPUTS + 1}`);
  const ic = Array.from({ length: n }, () => g1Hex(g1()));
  return {
    alpha: g1Hex(alpha),
    negBeta: g2Hex(beta.negate()),
    negGamma: g2Hex(gamma.negate()),
    negDelta: g2Hex(delta.negate()),
    ic,
  };
}
