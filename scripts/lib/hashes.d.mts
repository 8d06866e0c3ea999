// Types of hashes.mjs (the scripts' copy of packages/core/hashes.ts).
import type { HashId } from '@zkplay/core/hashes';

export interface ScriptHash {
  blocks(bytes: number): number;
  bytesForBlocks(blocks: number): number;
  digest(message: Uint8Array): Uint8Array;
}

export const HASHES: Record<HashId, ScriptHash>;
export const DEFAULT_HASH: HashId;
export function hashDef(id?: string): ScriptHash;
