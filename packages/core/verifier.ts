// What the zkplay-verifier package (verifier/) asks of one backend to check its proofs. Each
// backend says how in its folder's verifier.ts (`export const verifier: VerifierSpec`), which
// the package finds through `@zkplay/backends/verifiers`: either a TypeScript verifier of its
// own, loaded only when a proof of that backend comes, or the verifier-only wasm its build lists
// in keys.json (`verifier`: glue + wasm, no prover code), which the package runs with its one
// wasm loader. The package states its side of these types again (verifier/src/backends/types.ts,
// SolidityCall in verifier/src/index.ts) so that its published declarations stand alone.

/** One check: the key file's bytes (already hash-checked), the configuration and the statement. */
export interface VerifyCall {
  config: Record<string, string | number | boolean>;
  /** sha256 of vk, already checked against keys.json: what a verifier may cache a parsed key by. */
  keyHash: string;
  vk: Uint8Array;
  proof: Uint8Array;
  digest: Uint8Array;
  length: number;
}

/** The codes a backend's verifier answers with: those of the package's RefusalCode that come after the file was read. */
export type VerifierCode = 'invalid-input' | 'corrupt-proof' | 'corrupt-artifact' | 'rejected' | 'internal';

/** An answer, never an exception for a bad proof. */
export interface BackendAnswer {
  ok: boolean;
  /** Why not, when ok is false. */
  reason?: string;
  code?: VerifierCode;
  /** Phases the verifier timed itself (wasm verifiers report them). */
  phases?: { id: string; label: string; ms: number }[];
}

export interface BackendVerifier {
  verify(call: VerifyCall): Promise<BackendAnswer>;
}

/** The call of an EVM verifier contract for one proof, for a dApp to send. */
export interface EvmCall {
  /** The contract function's signature, e.g. verifyProof(bytes,uint256[33]). */
  function: string;
  /** The proof as the contract reads it, 0x-hex. */
  proof: string;
  /** The public inputs, 0x-hex words. */
  input: string[];
  /** ABI-encoded calldata: selector, then the arguments. */
  data: string;
}

/** How the package checks a backend's proofs: what its verifier.ts exports as `verifier`. */
export type VerifierSpec =
  | {
      /** The verifier-only wasm keys.json lists for the backend, run by the package's wasm loader. */
      kind: 'wasm';
    }
  | {
      /** A verifier in TypeScript; load() imports it (keep its code behind a dynamic import). */
      kind: 'typescript';
      load(): Promise<BackendVerifier>;
      /** An EVM verifier of this backend's proofs, for files of this proof system over this field. */
      evm?: {
        proofSystem: string;
        field: string;
        /** Imports the function that makes the call (which throws for a proof that does not decode). */
        load(): Promise<(proof: Uint8Array, digest: Uint8Array, length: number) => EvmCall>;
      };
    };
