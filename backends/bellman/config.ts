// The capacities the page offers, as the crate states them (options.json, written by its test).
import { HASHES } from '@zkplay/core/hashes';
import OPTIONS from './options.json';

export const BLOCK_OPTIONS: number[] = OPTIONS.offered.map((o) => o.blocks);

/** The smallest offered capacity that holds a message of this many bytes, else the largest (as zkplay_bellman::default_blocks). */
export function defaultBlocks(messageBytes: number): number {
  const need = HASHES['blake2s-256'].blocks(messageBytes);
  return BLOCK_OPTIONS.find((b) => b >= need) ?? BLOCK_OPTIONS[BLOCK_OPTIONS.length - 1];
}

/** `invalid-input` text for a configuration the build has no keys for, or undefined. */
export function configError(blocks: number): string | undefined {
  if (!BLOCK_OPTIONS.includes(blocks))
    return `invalid input: blocks must be one of ${BLOCK_OPTIONS.join(', ')} (the capacities this build has keys for), got ${blocks}`;
  return undefined;
}
