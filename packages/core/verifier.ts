// What the zkplay-verifier package (verifier/) asks of one backend to check its proofs. Each
// backend says how in its folder's verifier.ts (`export const verifier: VerifierSpec`), which
// the package finds through `@zkplay/backends/verifiers`: either a TypeScript verifier of its
// own, loaded only when a proof of that backend comes, or the verifier-only wasm its build lists
// in keys.json (`verifier`: glue + wasm, no prover code), which the package runs with its one
// wasm loader. The call, the answer and the EVM call are the package's own types (verifier/src/backends/types.ts),
// which its published declarations carry without importing anything unpublished.

import type { BackendVerifier, SolidityCall } from '@zkplay/verifier/backends/types';

export type { BackendAnswer, BackendVerifier, SolidityCall, VerifyCall } from '@zkplay/verifier/backends/types';

/** An EVM verifier of a backend's proofs, for files of this proof system over this field. */
export interface EvmSpec {
  proofSystem: string;
  field: string;
  /** Imports the function that makes the call (which throws for a proof that does not decode). */
  load(): Promise<(proof: Uint8Array, digest: Uint8Array, length: number) => SolidityCall>;
}

/** How the package checks a backend's proofs: what its verifier.ts exports as `verifier`. */
export type VerifierSpec = (
  | {
      /** The verifier-only wasm keys.json lists for the backend, run by the package's wasm loader. */
      kind: 'wasm';
    }
  | {
      /** A verifier in TypeScript; load() imports it (keep its code behind a dynamic import). */
      kind: 'typescript';
      load(): Promise<BackendVerifier>;
    }
) & {
  /** The calldata of the backend's verifier contract, when it has one (its build lists the contract in keys.json). */
  evm?: EvmSpec;
};
