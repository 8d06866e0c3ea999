// gnark's Groth16 verifier over BN254 (gnark v0.16.3, backend/groth16/bn254/verify.go), in
// TypeScript on @noble/curves, for circuits with one BSB22 commitment — what gnark makes of a
// circuit that uses lookups or range checks (ours does: the Keccak bytes are range checked).
//
// What a proof must satisfy, in the order checked here:
//   1. every public input is below r (else it would stand for another statement mod r);
//   2. the proof decodes: 196 bytes, canonical coordinates, points on the curve, Bs in G2's
//      prime-order subgroup, exactly one commitment;
//   3. the commitment's proof of knowledge: e(C, [−σ]₂) · e(PoK, G) = 1 (gnark's Pedersen
//      check with one key: the challenge that folds several commitments is then unused). Without
//      it a prover could pick C freely after seeing the public inputs;
//   4. the commitment enters the public inputs as h = keccak256(C.x | C.y) mod r: gnark's
//      Solidity-target hash (backend/solidity WithProverTargetSolidityVerifier), the same the
//      exported contract computes, so one proof verifies in Go, in the EVM and here;
//   5. e(A, B) · e(C_krs, −δ) · e(K₀ + Σ wᵢKᵢ₊₁ + C, −γ) · e(−α, β) = 1.
import type { SolidityCall } from '@zkplay/core/verifier';
import { bn254 } from '@noble/curves/bn254.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  beToBig,
  EncodingError,
  G1Point,
  g1Compressed,
  g1Raw,
  g1RawBytes,
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
  /** K[0] (the constant), one point per public input, then one per commitment. */
  k: G1[];
  /** For each commitment, the public inputs it also commits to (1-based, as gnark writes them). */
  publicAndCommitmentCommitted: number[][];
  commitmentKeys: { g: G2; gSigmaNeg: G2 }[];
}

export interface GnarkProof {
  ar: G1;
  bs: G2;
  krs: G1;
  commitments: G1[];
  commitmentPok: G1;
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
  const nCommitted = r.u32();
  if (nCommitted > 16) throw new EncodingError(`the verifying key lists ${nCommitted} commitments`);
  const publicAndCommitmentCommitted = Array.from({ length: nCommitted }, () => {
    const n = r.u32();
    if (n > nK) throw new EncodingError('the verifying key commits to more public inputs than it has');
    return Array.from({ length: n }, () => Number(r.u64()));
  });
  const nKeys = r.u32();
  if (nKeys !== nCommitted)
    throw new EncodingError(`the verifying key has ${nKeys} commitment keys for ${nCommitted} commitments`);
  const commitmentKeys = Array.from({ length: nKeys }, (_, i) => ({
    g: g2(`commitment key ${i} G`),
    gSigmaNeg: g2(`commitment key ${i} G·(−σ)`),
  }));
  r.end();
  const nPublic = nK - nCommitted - 1;
  for (const list of publicAndCommitmentCommitted) {
    if (list.some((j) => !Number.isSafeInteger(j) || j < 1 || j > nPublic))
      throw new EncodingError('the verifying key commits to a public input it does not have');
  }
  return { alpha, beta, gamma, delta, k, publicAndCommitmentCommitted, commitmentKeys };
}

/** gnark's compressed proof encoding (Proof.WriteTo): Ar | Bs | Krs | uint32 n | n commitments | PoK. */
export function parseProof(bytes: Uint8Array, expectedCommitments: number): GnarkProof {
  const want = 32 + 64 + 32 + 4 + 32 * expectedCommitments + 32;
  if (bytes.length !== want)
    throw new EncodingError(`the proof is ${bytes.length} bytes; proofs of this key are ${want}`);
  const r = new Reader(bytes, 'the proof');
  const ar = g1Compressed(r.take(32), 'proof A');
  const bs = g2Compressed(r.take(64), 'proof B');
  const krs = g1Compressed(r.take(32), 'proof C');
  const n = r.u32();
  if (n !== expectedCommitments)
    throw new EncodingError(`the proof has ${n} commitments; this key has ${expectedCommitments}`);
  const commitments = Array.from({ length: n }, (_, i) => g1Compressed(r.take(32), `proof commitment ${i}`));
  const commitmentPok = g1Compressed(r.take(32), 'proof of knowledge of the commitment');
  r.end();
  return { ar, bs, krs, commitments, commitmentPok };
}

/** h = keccak256(C.x | C.y | committed public inputs) mod r: the commitment's public input. */
export function commitmentHash(commitment: G1, committedInputs: bigint[]): bigint {
  const pre = new Uint8Array(64 + 32 * committedInputs.length);
  pre.set(g1RawBytes(commitment), 0);
  committedInputs.forEach((w, i) => pre.set(toBe32(w), 64 + 32 * i));
  return beToBig(keccak_256(pre)) % R;
}

function toBe32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
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
  const nCommitments = vk.commitmentKeys.length;
  const nPublic = vk.k.length - nCommitments - 1;
  if (publicInputs.length !== nPublic)
    return {
      ok: false,
      code: 'invalid-input',
      reason: `${publicInputs.length} public inputs given; this key has ${nPublic}`,
    };
  const bad = publicInputs.findIndex((w) => typeof w !== 'bigint' || w < 0n || w >= R);
  if (bad >= 0)
    return { ok: false, code: 'invalid-input', reason: `public input ${bad} is not below the scalar field modulus r` };
  if (nCommitments !== 1)
    return {
      ok: false,
      code: 'corrupt-artifact',
      reason: `this verifier handles keys with exactly one commitment; this one has ${nCommitments}`,
    };
  let proof: GnarkProof;
  try {
    proof = parseProof(proofBytes, nCommitments);
  } catch (e) {
    return { ok: false, code: 'corrupt-proof', reason: (e as Error).message };
  }
  try {
    const [c] = proof.commitments;
    const { g, gSigmaNeg } = vk.commitmentKeys[0];
    if (
      !pairingIsOne([
        { g1: c, g2: gSigmaNeg },
        { g1: proof.commitmentPok, g2: g },
      ])
    ) {
      return { ok: false, code: 'rejected', reason: "the commitment's proof of knowledge does not verify" };
    }
    const committed = vk.publicAndCommitmentCommitted[0].map((j) => publicInputs[j - 1]);
    const witness = [...publicInputs, commitmentHash(c, committed)];
    const kSum = vk.k[0].add(msm(vk.k.slice(1), witness)).add(c);
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
 * (A | B | C | commitment | proof of knowledge, uncompressed: 384 bytes) and these public inputs;
 * throws EncodingError for a proof that does not decode.
 */
export function solidityCall(proofBytes: Uint8Array, publicInputs: bigint[]): SolidityCall {
  const p = parseProof(proofBytes, 1);
  const words = [
    ...g1Words(p.ar),
    ...g2Words(p.bs),
    ...g1Words(p.krs),
    ...g1Words(p.commitments[0]),
    ...g1Words(p.commitmentPok),
  ];
  const proof = words.map(word).join('');
  const fn = `verifyProof(bytes,uint256[${publicInputs.length}])`;
  const selector = Array.from(keccak_256(new TextEncoder().encode(fn)).subarray(0, 4), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  // Head: the offset of the bytes (after 1 + n head words), then the n inputs inline; tail: length, data.
  const head = [BigInt(32 * (1 + publicInputs.length)), ...publicInputs].map(word).join('');
  const data = `0x${selector}${head}${word(BigInt(proof.length / 2))}${proof}`;
  return { function: fn, proof: `0x${proof}`, input: publicInputs.map((x) => `0x${word(x)}`), data };
}
