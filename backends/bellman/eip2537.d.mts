// Types of eip2537.mjs (plain JavaScript so that the build's Node scripts import it unbuilt).
export const R: bigint;
export const PROOF_BYTES: number;
export const EVM_PROOF_BYTES: number;
export function proofHex(proof: Uint8Array): string;
export function publicInputs(digest: Uint8Array, length: number): bigint[];
export function verifyingKeyHex(file: Uint8Array): {
  alpha: string;
  negBeta: string;
  negGamma: string;
  negDelta: string;
  ic: string[];
};
