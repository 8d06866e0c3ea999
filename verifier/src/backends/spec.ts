// What the zkplay-verifier package (verifier/) asks of one backend to check its proofs. Each
// backend says how in its folder's verifier.ts (`export const verifier: VerifierSpec`), which
// the package finds through `@zkplay/backends/verifiers`: either a TypeScript verifier of its
// own, loaded only when a proof of that backend comes, or the verifier-only wasm its build lists
// in keys.json (`verifier`: glue + wasm, no prover code), which the package runs with its one
// wasm loader. The call, the answer and the EVM call are in types.ts beside this file.
// The package states what it asks of a backend, so that @zkplay/core need not know the package
// (the arrows run web → verifier → core; scripts/import-boundaries.test.ts checks them): the
// backends import these types from here, with `import type`, which leaves no run-time import.

import type { BackendVerifier, SolidityCall } from './types';

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
