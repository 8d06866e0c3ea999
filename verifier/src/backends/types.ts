// What the package asks of one backend's verifier: the key file's bytes (already hash-checked),
// the configuration and the statement; an answer, never an exception for a bad proof. The
// backends' side of the same contract is @zkplay/core/verifier; it is stated here again because
// the package's declarations stand alone (no import of an unpublished package), and tsc checks
// that the two agree where index.ts takes a backend's verifier.
import type { RefusalCode } from '../refusal';

export interface VerifyCall {
  config: Record<string, string | number | boolean>;
  /** sha256 of vk, already checked against keys.json: what a verifier may cache a parsed key by. */
  keyHash: string;
  vk: Uint8Array;
  proof: Uint8Array;
  digest: Uint8Array;
  length: number;
}

export interface BackendAnswer {
  ok: boolean;
  /** Why not, when ok is false. */
  reason?: string;
  code?: RefusalCode;
  /** Phases the verifier timed itself (wasm verifiers report them). */
  phases?: { id: string; label: string; ms: number }[];
}

export interface BackendVerifier {
  verify(call: VerifyCall): Promise<BackendAnswer>;
}
