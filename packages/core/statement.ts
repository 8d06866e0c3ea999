// The public statement every verifier checks: "H(M) = digest and |M| = length", where H is the
// hash the backend declares (hashes.ts: Keccak-256 or BLAKE2s-256, both 32-byte digests).
// Its inputs are checked here, once, before any of them reaches a verifier: the Rust wasm
// verifiers took the length as a 32-bit integer, so JavaScript's conversion turned
// 4294967301 into 5 and 5.5 into 5, and a proof for 5 bytes "verified" for those lengths.
// The wasm and Go verifiers check again on their side; this is the first line.
import { hashDef } from './hashes';
import { BackendError } from './protocol';

export const DIGEST_BYTES = 32;

/**
 * Throws BackendError('invalid-input') unless length is a whole number in 0..=capacityBytes
 * (or 0..=MAX_SAFE_INTEGER when the capacity is not known yet) and digest is 32 bytes, the
 * digest of `hash` (absent: Keccak-256, what every statement was before there was a choice).
 */
export function checkStatement(digest: unknown, length: unknown, capacityBytes?: number, hash?: string): void {
  if (!(digest instanceof Uint8Array) || digest.length !== DIGEST_BYTES) {
    const got = digest instanceof Uint8Array ? `${digest.length} bytes` : typeof digest;
    const label = hashDef(hash).label;
    throw new BackendError('invalid-input', `invalid input: a ${label} digest is ${DIGEST_BYTES} bytes, got ${got}`);
  }
  checkLength(length, capacityBytes);
}

/** The length half of checkStatement: a whole number of bytes in 0..=capacityBytes (or 0..=MAX_SAFE_INTEGER). */
export function checkLength(length: unknown, capacityBytes?: number): asserts length is number {
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw new BackendError(
      'invalid-input',
      `invalid input: the message length must be a whole number of bytes, got ${describe(length)}`,
    );
  }
  if (capacityBytes !== undefined && length > capacityBytes) {
    throw new BackendError(
      'invalid-input',
      `invalid input: length ${length} is outside 0..${capacityBytes}, the most this configuration holds`,
    );
  }
}

function describe(x: unknown): string {
  if (typeof x === 'number' || typeof x === 'bigint') return String(x);
  if (typeof x === 'string') return JSON.stringify(x.slice(0, 40));
  return typeof x;
}
