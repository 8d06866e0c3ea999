// The starky backend's configuration space, shared by its manifest (index.ts) and its worker.
// The values come from the crate (options.json, checked by its test); the labels are the page's.
import { HASHES, type HashId } from '@zkplay/core/hashes';
import CRATE from './phases.json';
import OPTIONS from './options.json';

/** The hash of the crate's statement (Prover::HASH, written to phases.json by its test). */
export const HASH = CRATE.hash as HashId;
export const ZK_OPTIONS: string[] = OPTIONS.zk;
export const ZK_LABELS: Record<string, string> = {
  off: 'off (faster, default)',
  on: 'on (hides the STARK proofs too)',
};

/** The longest message this page proves: what the memory estimate lets wasm32's 4 GiB hold. */
export const MAX_BYTES = OPTIONS.wasmMaxMessageBytes;
/** The longest message a starky proof may claim (the wrapper's tables; natively provable). */
export const STATEMENT_MAX_BYTES = OPTIONS.maxMessageBytes;

export const blocksOf = (bytes: number) => HASHES[HASH].blocks(bytes);

/** `invalid-input` text for a zk setting the page does not offer, or undefined. */
export function configError(zk: string): string | undefined {
  if (!ZK_OPTIONS.includes(zk)) return `invalid input: zk must be ${ZK_OPTIONS.join(' or ')}, got ${zk}`;
  return undefined;
}
