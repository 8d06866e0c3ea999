// The capacities the page offers, as the crate states them (options.json, written by its test):
// those the build ships keys for, and larger ones whose keys a setup in this browser makes.
import { HASHES, type HashId } from '@zkplay/core/hashes';
import CRATE from './phases.json';
import OPTIONS from './options.json';

/** The hash of the crate's statement (Prover::HASH, written to phases.json by its test). */
export const HASH = CRATE.hash as HashId;

export const SHIPPED_BLOCKS: number[] = OPTIONS.offered.map((o) => o.blocks);
export const BROWSER_SETUP_BLOCKS: number[] = OPTIONS.browserSetup.map((o) => o.blocks);
export const BLOCK_OPTIONS: number[] = [...SHIPPED_BLOCKS, ...BROWSER_SETUP_BLOCKS];

/** Where a capacity's keys come from: the build's files, or a setup made in this browser. */
export const keysFor = (blocks: number): 'shipped' | 'browser' =>
  SHIPPED_BLOCKS.includes(blocks) ? 'shipped' : 'browser';

/** The smallest offered capacity that holds a message of this many bytes, else the largest (as zkplay_bellman::default_blocks for the shipped ones). */
export function defaultBlocks(messageBytes: number): number {
  const need = HASHES[HASH].blocks(messageBytes);
  return BLOCK_OPTIONS.find((b) => b >= need) ?? BLOCK_OPTIONS[BLOCK_OPTIONS.length - 1];
}

/** `invalid-input` text for a capacity the page does not offer, or undefined. */
export function configError(blocks: number): string | undefined {
  if (!BLOCK_OPTIONS.includes(blocks))
    return `invalid input: blocks must be one of ${BLOCK_OPTIONS.join(', ')}, got ${blocks}`;
  return undefined;
}

/** The knob's label for a capacity, short enough for a phone: bytes, and where its keys come from (the result shows its constraints). */
export function blocksLabel(blocks: number): string {
  const o = [...OPTIONS.offered, ...OPTIONS.browserSetup].find((x) => x.blocks === blocks)!;
  const size = `≤ ${o.capacityBytes.toLocaleString('en')} B`;
  if (keysFor(blocks) === 'shipped') return `${blocks} (${size})`;
  const fits = OPTIONS.browserSetup.find((x) => x.blocks === blocks)!.fitsWasm32;
  return `${blocks} (${size}, ${fits ? 'setup here' : 'too big: refused'})`;
}
