// gnark's Groth16 verifier over BN254 (gnark v0.16.3, backend/groth16/bn254/verify.go), in
// TypeScript on @noble/curves, for circuits without BSB22 commitments: ours has none since its
// Keccak works on bits (gnark adds a commitment only for lookups and range-check tables; keys
// that have one are refused here as not ours).
//
// What a proof must satisfy, in the order checked here:
//   1. every public input is below r (else it would stand for another statement mod r);
//   2. the proof decodes: 164 bytes, canonical coordinates, points on the curve, Bs in G2's
//      prime-order subgroup, a commitment count of 0 and the proof-of-knowledge slot that gnark
//      then leaves at infinity (anything else there is refused, so a proof has one encoding);
//   3. e(A, B) · e(C, −δ) · e(K₀ + Σ wᵢKᵢ₊₁, −γ) · e(−α, β) = 1.
import type { SolidityCall } from '@zkplay/verifier/backends/types';
import { bn254 } from '@noble/curves/bn254.js';
import { verifyProofCall } from '@zkplay/core/solidity-call';
import {
  EncodingError,
  G1Point,
  g1Compressed,
  g1Raw,
  g1Words,
  g2Compressed,
  g2Raw,
  g2Words,
  R,
  Reader,
  type G1,
  type G2,
} from './encoding';

export interface GnarkVerifyingKey {
  alpha: G1;
  beta: G2;
  gamma: G2;
  delta: G2;
  /** K[0] (the constant), then one point per public input. */
  k: G1[];
}

export interface GnarkProof {
  ar: G1;
  bs: G2;
  krs: G1;
}

export type Verdict =
  | { ok: true }
  | { ok: false; code: 'invalid-input' | 'corrupt-proof' | 'corrupt-artifact' | 'rejected'; reason: string };

/** The verifying key as gnark's VerifyingKey.WriteRawTo writes it (keccak256.vk). */
export function parseVerifyingKey(bytes: Uint8Array): GnarkVerifyingKey {
  const r = new Reader(bytes, 'the verifying key');
  const g1 = (what: string) => g1Raw(r.take(64), `verifying key ${what}`);
  const g2 = (what: string) => g2Raw(r.take(128), `verifying key ${what}`);
  const alpha = g1('[α]₁');
  g1('[β]₁');
  const beta = g2('[β]₂');
  const gamma = g2('[γ]₂');
  g1('[δ]₁');
  const delta = g2('[δ]₂');
  const nK = r.u32();
  if (nK < 1 || nK > 4096) throw new EncodingError(`the verifying key lists ${nK} K points`);
  const k = Array.from({ length: nK }, (_, i) => g1(`K[${i}]`));
  // The commitment section: the lists of committed public inputs, then the commitment keys.
  const nCommitted = r.u32();
  if (nCommitted !== 0)
    throw new EncodingError(`the verifying key has ${nCommitted} commitments; zkplay's gnark keys have none`);
  const nKeys = r.u32();
  if (nKeys !== 0) throw new EncodingError(`the verifying key has ${nKeys} commitment keys for no commitment`);
  r.end();
  return { alpha, beta, gamma, delta, k };
}

/** Bytes of a proof in gnark's compressed encoding without commitments. */
export const PROOF_BYTES = 32 + 64 + 32 + 4 + 32;

/** gnark's compressed proof encoding (Proof.WriteTo): Ar | Bs | Krs | uint32 n = 0 | PoK slot (infinity). */
export function parseProof(bytes: Uint8Array): GnarkProof {
  if (bytes.length !== PROOF_BYTES)
    throw new EncodingError(`the proof is ${bytes.length} bytes; proofs of this key are ${PROOF_BYTES}`);
  const r = new Reader(bytes, 'the proof');
  const ar = g1Compressed(r.take(32), 'proof A');
  const bs = g2Compressed(r.take(64), 'proof B');
  const krs = g1Compressed(r.take(32), 'proof C');
  const n = r.u32();
  if (n !== 0) throw new EncodingError(`the proof has ${n} commitments; this key has none`);
  // gnark leaves the proof of knowledge at infinity when there is nothing to prove and never reads it.
  if (!g1Compressed(r.take(32), 'proof of knowledge slot').is0())
    throw new EncodingError('the proof carries a proof of knowledge but this key has no commitment');
  r.end();
  return { ar, bs, krs };
}

const Fp12 = (bn254 as unknown as { fields: { Fp12: { eql(a: unknown, b: unknown): boolean; ONE: unknown } } }).fields
  .Fp12;
const pairingIsOne = (pairs: { g1: G1; g2: G2 }[]) => Fp12.eql(bn254.pairingBatch(pairs), Fp12.ONE);

/** Σ sᵢ·Pᵢ; scalars are public, so the variable-time multiplication is fine. */
function msm(points: G1[], scalars: bigint[]): G1 {
  return points.reduce((acc, p, i) => (scalars[i] === 0n ? acc : acc.add(p.multiplyUnsafe(scalars[i]))), G1Point.ZERO);
}

/**
 * Verifies a gnark Groth16 proof (compressed bytes) against a verifying key (raw bytes) and the
 * public inputs (without gnark's constant ONE wire). Never throws: a refusal names its check.
 */
export function verifyGnarkGroth16(vkBytes: Uint8Array, proofBytes: Uint8Array, publicInputs: bigint[]): Verdict {
  let vk: GnarkVerifyingKey;
  try {
    vk = parseVerifyingKey(vkBytes);
  } catch (e) {
    return { ok: false, code: 'corrupt-artifact', reason: (e as Error).message };
  }
  return verifyWithKey(vk, proofBytes, publicInputs);
}

/** verifyGnarkGroth16 with the key already parsed (and checked) by parseVerifyingKey. */
export function verifyWithKey(vk: GnarkVerifyingKey, proofBytes: Uint8Array, publicInputs: bigint[]): Verdict {
  const nPublic = vk.k.length - 1;
  if (publicInputs.length !== nPublic)
    return {
      ok: false,
      code: 'invalid-input',
      reason: `${publicInputs.length} public inputs given; this key has ${nPublic}`,
    };
  const bad = publicInputs.findIndex((w) => typeof w !== 'bigint' || w < 0n || w >= R);
  if (bad >= 0)
    return { ok: false, code: 'invalid-input', reason: `public input ${bad} is not below the scalar field modulus r` };
  let proof: GnarkProof;
  try {
    proof = parseProof(proofBytes);
  } catch (e) {
    return { ok: false, code: 'corrupt-proof', reason: (e as Error).message };
  }
  try {
    const kSum = vk.k[0].add(msm(vk.k.slice(1), publicInputs));
    const ok = pairingIsOne([
      { g1: proof.ar, g2: proof.bs },
      { g1: proof.krs, g2: vk.delta.negate() },
      { g1: kSum, g2: vk.gamma.negate() },
      { g1: vk.alpha.negate(), g2: vk.beta },
    ]);
    return ok ? { ok: true } : { ok: false, code: 'rejected', reason: 'the pairing check fails' };
  } catch (e) {
    // Infinity points reach the pairing as ZERO: noble refuses some of them; that is a no, not a crash.
    return { ok: false, code: 'rejected', reason: `the proof does not verify (${(e as Error).message})` };
  }
}

const word = (x: bigint) => x.toString(16).padStart(64, '0');

/**
 * The call of the exported contract's verifyProof(bytes proof, uint256[n] input) for this proof
 * (A | B | C, uncompressed: 256 bytes) and these public inputs; throws EncodingError for a proof
 * that does not decode.
 */
export function solidityCall(proofBytes: Uint8Array, publicInputs: bigint[]): SolidityCall {
  const p = parseProof(proofBytes);
  const words = [...g1Words(p.ar), ...g2Words(p.bs), ...g1Words(p.krs)];
  return verifyProofCall(words.map(word).join(''), publicInputs);
}
