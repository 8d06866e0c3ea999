// Verifying a proof file in the page: the zkplay-verifier package's own code (verifier/src),
// against this deployment's keys.json, so the page and a dApp embedding the package say the
// same thing about the same file.
import { hashLabel, verify, type VerifyResult } from '@zkplay/verifier';
import { KEYS_URL } from './keys';

export type { VerifyResult };

export function verifyProofFile(input: string | Uint8Array): Promise<VerifyResult> {
  return verify(input, { keys: KEYS_URL() });
}

/** The status line for a verified, rejected or refused file ("what": e.g. "the proof in x.json"). */
export function describeVerification(
  r: VerifyResult,
  what: string,
  name: string,
): { kind: 'verified' | 'failed' | 'error'; text: string } {
  const against = r.statement ? `0x${r.statement.digest.slice(0, 16)}… (length ${r.statement.length})` : '';
  if (r.ok) {
    return {
      kind: 'verified',
      text: `Verified: ${what} verifies against ${against} in ${r.ms.toFixed(0)} ms, under this build's ${r.backend} key ${r.keyHash?.slice(0, 12)}…: ${hashLabel(r.statement!.hash)} of a ${r.statement!.length}-byte message.`,
    };
  }
  if (r.code === 'rejected')
    return {
      kind: 'failed',
      text: `Proof not verified: ${what} does not verify against ${against}. It was rejected (${r.reason}).`,
    };
  return { kind: 'error', text: `Error: ${name} was rejected: ${r.reason}` };
}
