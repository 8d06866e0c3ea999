// The calldata of bellman's generated Solidity verifiers (solidity.mjs): the compressed proof
// decoded with @noble/curves and re-encoded for EIP-2537 (eip2537.mjs), the statement as the
// circuit's three public inputs. Loaded only when a dApp or the verify view asks for a call.
import { checkStatement } from '@zkplay/core/statement';
import type { SolidityCall } from '@zkplay/verifier/backends/types';
import { verifyProofCall } from '@zkplay/core/solidity-call';
import { proofHex, publicInputs } from './eip2537.mjs';

/** verifyProof(bytes, uint256[3]) for this proof of (digest, length); throws for a proof that does not decode. */
export function evmCall(proof: Uint8Array, digest: Uint8Array, length: number): SolidityCall {
  checkStatement(digest, length, undefined, 'blake2s-256');
  return verifyProofCall(proofHex(proof), publicInputs(digest, length));
}
