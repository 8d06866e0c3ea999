// The plonky2 backend's configuration space, shared by its manifest (index.ts) and its worker.
import { keccakBlocks } from '@zkplay/core/manifest';

/** Capacities offered, in Keccak blocks (the circuit's size is fixed when it is built). */
export const BLOCK_OPTIONS = [1, 2, 4, 8, 16];
export const MERKLE_HASHES = ['keccak', 'poseidon'] as const;
export const ZK_OPTIONS = ['off', 'on'] as const;

/** Smallest offered capacity that holds a message of this many bytes (the largest if none does). */
export function defaultBlocks(messageBytes: number): number {
  const blocks = keccakBlocks(messageBytes);
  return BLOCK_OPTIONS.find((b) => b >= blocks) ?? BLOCK_OPTIONS[BLOCK_OPTIONS.length - 1];
}
