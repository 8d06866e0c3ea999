// How the zkplay-verifier package checks this backend's proofs: with the crate's verifier-only
// wasm (its `verifier` build variant, no prover code), which build.mjs lists in keys.json.
import type { VerifierSpec } from '@zkplay/verifier/backends/spec';

export const verifier: VerifierSpec = { kind: 'wasm' };
