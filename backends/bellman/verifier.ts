// How the zkplay-verifier package checks this backend's proofs: with the crate's verifier-only
// wasm (its `verifier` build variant, no prover code), which build.mjs lists in keys.json; and
// the call of the Solidity verifier build.mjs generates per key (EIP-2537), for a dApp.
import type { VerifierSpec } from '@zkplay/verifier/backends/spec';

export const verifier: VerifierSpec = {
  kind: 'wasm',
  evm: {
    proofSystem: 'groth16-bls12-381',
    field: 'bls12-381',
    load: async () => (await import('./evm')).evmCall,
  },
};
