// gnark's Groth16 proofs of this project's circuit (gnark/keccak: public Length, then the 32
// Digest bytes), verified in TypeScript on @noble/curves: no Go runtime, no wasm.
import { checkStatement } from '@zkplay/core/statement';
import type { BackendVerifier } from '@zkplay/verifier/backends/types';
import type { SolidityCall } from '@zkplay/verifier/backends/types';
import { parseVerifyingKey, solidityCall, verifyWithKey, type GnarkVerifyingKey } from './verify';

/** The circuit's public inputs in gnark's order: Length, then Digest[0..31] (each byte a field element). */
export function statementToPublicInputs(digest: Uint8Array, length: number): bigint[] {
  checkStatement(digest, length, MAX_BYTES);
  return [BigInt(length), ...Array.from(digest, (b) => BigInt(b))];
}

/** One Keccak block (gnark/keccak.MaxBytes); keys.json's capacity is checked before this too. */
const MAX_BYTES = 135;

/** Parsed keys by sha256: reading one checks 7 G2 points for subgroup membership (~15 ms). */
const parsed = new Map<string, GnarkVerifyingKey>();

export const gnarkVerifier: BackendVerifier = {
  async verify({ keyHash, vk, proof, digest, length }) {
    let inputs: bigint[];
    try {
      inputs = statementToPublicInputs(digest, length);
    } catch (e) {
      return { ok: false, code: 'invalid-input', reason: (e as Error).message };
    }
    const t = performance.now();
    let key = parsed.get(keyHash);
    if (!key) {
      try {
        key = parseVerifyingKey(vk);
      } catch (e) {
        return { ok: false, code: 'corrupt-artifact', reason: (e as Error).message };
      }
      parsed.set(keyHash, key);
    }
    const r = verifyWithKey(key, proof, inputs);
    const phases = [{ id: 'verify', label: 'Verify (Groth16 in TypeScript)', ms: performance.now() - t }];
    return r.ok ? { ok: true, phases } : { ok: false, code: r.code, reason: r.reason, phases };
  },
};

/** The exported Solidity verifier's call for this proof of this statement (throws for a proof that does not decode). */
export function evmCall(proof: Uint8Array, digest: Uint8Array, length: number): SolidityCall {
  return solidityCall(proof, statementToPublicInputs(digest, length));
}
