// The ABI call of a verifier contract's verifyProof(bytes proof, uint256[n] input): one encoder
// for every backend that has a contract (gnark's exported one, bellman's generated ones).
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { SolidityCall } from './types';

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
