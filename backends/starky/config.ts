// The starky backend's configuration space, shared by its manifest (index.ts) and its worker.
// The values come from the crate (options.json, checked by its test); the labels are the page's.
import type { Capacity } from '@zkplay/core/manifest';
import { HASHES, type HashId } from '@zkplay/core/hashes';
import CRATE from './phases.json';
import OPTIONS from './options.json';

/** The hash of the crate's statement (Prover::HASH, written to phases.json by its test). */
export const HASH = CRATE.hash as HashId;
export const ZK_OPTIONS: string[] = OPTIONS.wasm.map((w) => w.zk);

/** Per zk setting: the longest message wasm32 may prove (the crate's memory estimate; null: none) and the wrapper's rows. */
const wasmLimit = (zk: string) => OPTIONS.wasm.find((w) => w.zk === zk);

/** The longest message a starky proof may claim (the wrapper's tables; natively provable). */
export const STATEMENT_MAX_BYTES = OPTIONS.maxMessageBytes;
/** The longest message this page proves with zk off. */
export const MAX_BYTES = wasmLimit('off')!.maxMessageBytes!;

export const blocksOf = (bytes: number) => HASHES[HASH].blocks(bytes);

export function zkLabel(zk: string): string {
  const w = wasmLimit(zk)!;
  const rows = `${w.wrapperRows.toLocaleString('en')}-row wrapper`;
  if (zk === 'off') return `off (default; ${rows})`;
  return w.maxMessageBytes === null
    ? `on (hides the STARK proofs; ${rows}: natively only)`
    : `on (hides the STARK proofs; ${rows})`;
}

/** What a zk setting holds in this page, or why it cannot prove here. */
export function capacityOf(zk: string): Capacity {
  const w = wasmLimit(zk);
  if (!w) return { blocks: 0, bytes: -1 };
  if (w.maxMessageBytes === null)
    return {
      blocks: 0,
      bytes: -1,
      unavailable: `zk ${zk} proves natively only: its ${w.wrapperRows.toLocaleString('en')}-row wrapper needs more memory than a browser's 4 GiB of wasm32 (the crate's estimate). Its proofs verify here.`,
    };
  return { blocks: blocksOf(w.maxMessageBytes), bytes: w.maxMessageBytes };
}

/** `invalid-input` text for a zk setting the page does not offer, or undefined. */
export function configError(zk: string): string | undefined {
  if (!ZK_OPTIONS.includes(zk)) return `invalid input: zk must be ${ZK_OPTIONS.join(' or ')}, got ${zk}`;
  return undefined;
}
