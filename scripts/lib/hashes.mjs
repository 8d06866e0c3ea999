// The statement hashes for the scripts, which run in plain Node and cannot import TypeScript:
// a copy of packages/core/hashes.ts (the definition) reduced to what the scripts compute —
// blocks, bytes that fit, digest — per hash id. packages/core/hashes.test.ts checks that they
// agree. Absent ids mean keccak-256, as everywhere.
import { blake2s } from '@noble/hashes/blake2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

export const HASHES = {
  'keccak-256': {
    blocks: (bytes) => Math.floor(bytes / 136) + 1,
    bytesForBlocks: (blocks) => blocks * 136 - 1,
    digest: (m) => keccak_256(m),
  },
  'blake2s-256': {
    blocks: (bytes) => Math.max(1, Math.ceil(bytes / 64)),
    bytesForBlocks: (blocks) => (blocks >= 1 ? blocks * 64 : -1),
    digest: (m) => blake2s(m, { dkLen: 32 }),
  },
};

export const DEFAULT_HASH = 'keccak-256';

/** The definition of hash id (absent: keccak-256); throws for an unknown one. */
export function hashDef(id = DEFAULT_HASH) {
  if (!Object.hasOwn(HASHES, id)) throw new Error(`unknown hash "${id}" (known: ${Object.keys(HASHES).join(', ')})`);
  return HASHES[id];
}
