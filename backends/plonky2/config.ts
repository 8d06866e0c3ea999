// The plonky2 backend's configuration space, shared by its manifest (index.ts) and its worker.
// The values come from the crate (options.json, checked by its test); the labels are the page's.
import { keccakBlocks } from '@zkplay/core/manifest';
import OPTIONS from './options.json';

/** Capacities offered, in Keccak blocks (the circuit's size is fixed when it is built). */
export const BLOCK_OPTIONS: number[] = OPTIONS.maxBlocks;
/** Each choice of a knob with the label the page shows. */
export const MERKLE_HASH_LABELS = { keccak: 'Keccak (faster)', poseidon: 'Poseidon (recursion-friendly)' };
export const ZK_LABELS = { off: 'off (faster, default)', on: 'on (hides M; ~7x slower)' };
export const MERKLE_HASHES: string[] = OPTIONS.merkleHash;
export const ZK_OPTIONS: string[] = OPTIONS.zk;

/** A knob's options from its labels. */
export const labelled = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Smallest offered capacity that holds a message of this many bytes (the largest if none does). */
export function defaultBlocks(messageBytes: number): number {
  const blocks = keccakBlocks(messageBytes);
  return BLOCK_OPTIONS.find((b) => b >= blocks) ?? BLOCK_OPTIONS[BLOCK_OPTIONS.length - 1];
}
