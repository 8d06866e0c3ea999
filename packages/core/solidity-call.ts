// The ABI call of a verifier contract's verifyProof(bytes proof, uint256[n] input): one encoder
// for every backend that has a contract (gnark's exported one, bellman's generated ones). In core,
// since the backends make the call and the verifier package hands it out.
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The call of an EVM verifier contract for one proof, for a dApp to send. The verifier package
 * states the same shape in its published types (verifier/src/backends/types.ts, whose type files
 * cannot import a workspace package); verifier/src/backends/solidity-call.test.ts checks the two
 * stay one shape.
 */
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

const word = (x: bigint) => x.toString(16).padStart(64, '0');

/** verifyProof(proof, input) with the proof as the contract reads it (hex, no 0x) and the public inputs. */
export function verifyProofCall(proofHex: string, publicInputs: bigint[]): SolidityCall {
  const fn = `verifyProof(bytes,uint256[${publicInputs.length}])`;
  const selector = Array.from(keccak_256(new TextEncoder().encode(fn)).subarray(0, 4), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  // Head: the offset of the bytes (after 1 + n head words), then the n inputs inline; tail: length, data.
  const head = [BigInt(32 * (1 + publicInputs.length)), ...publicInputs].map(word).join('');
  const data = `0x${selector}${head}${word(BigInt(proofHex.length / 2))}${proofHex}`;
  return { function: fn, proof: `0x${proofHex}`, input: publicInputs.map((x) => `0x${word(x)}`), data };
}
