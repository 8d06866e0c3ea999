// How the zkplay-verifier package checks gnark's proofs: Groth16 in TypeScript on
// @noble/curves (groth16/), loaded only when a gnark proof comes; and the call of the
// Solidity verifier the build exports (cmd/solidity), for a dApp to verify on the EVM.
import type { VerifierSpec } from '@zkplay/verifier/backends/spec';

export const verifier: VerifierSpec = {
  kind: 'typescript',
  load: async () => (await import('./groth16/statement')).gnarkVerifier,
  evm: {
    proofSystem: 'groth16',
    field: 'bn254',
    load: async () => (await import('./groth16/statement')).evmCall,
  },
};
