// What the package asks of one backend's verifier: the key file's bytes (already hash-checked),
// the configuration and the statement; an answer, never an exception for a bad proof. Stated
// here, in the package, so that its published declarations stand alone; the backends take them
// from here, and spec.ts beside this file adds how each backend's verifier is found.
import type { HashId } from '../hash';
import type { RefusalCode } from '../refusal';

export interface VerifyCall {
  config: Record<string, string | number | boolean>;
  /** sha256 of vk, already checked against keys.json: what a verifier may cache a parsed key by. */
  keyHash: string;
  vk: Uint8Array;
  proof: Uint8Array;
  digest: Uint8Array;
  length: number;
  /**
   * The hash of the statement (digest = hash(M)), as keys.json declares it for the backend; the
   * file's own claim has been checked against it before this call.
   */
  hash: HashId;
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

/** The call of an EVM verifier contract for one proof, for a dApp to send (the same shape for every backend that has one). */
export interface SolidityCall {
  /** The contract function's signature, e.g. verifyProof(bytes,uint256[33]). */
  function: string;
  /** The proof as the contract reads it, 0x-hex. */
  proof: string;
  /** The public inputs, 0x-hex words. */
  input: string[];
  /** ABI-encoded calldata: selector, then the arguments. */
  data: string;
}
