// The hashes a backend's statement can use: "I know M of length L with H(M) = D". The one
// definition of each, for the page, the workers, the verifier package and the tests: its label,
// its block size, how many blocks a message takes, how long a message fits in n blocks, and the
// digest (@noble/hashes). A backend says which one its statement uses (BackendManifest.hash);
// proof files, keys.json and run results carry the id (schema/*.schema.json list the same ids:
// hashes.test.ts checks that they agree with HASH_IDS).
import { blake2s } from '@noble/hashes/blake2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

export interface HashDef {
  id: string;
  /** e.g. "Keccak-256": what the page calls the digest. */
  label: string;
  /** What one block is called in "3 Keccak blocks". */
  blockLabel: string;
  /** Bytes per block (Keccak's rate, BLAKE2s' block). */
  blockBytes: number;
  /** One line on how the hash is defined (padding, key, output). */
  note: string;
  /** How blocks are counted, in a few words, e.g. "136-byte rate; padding adds at least one byte". */
  blockNote: string;
  /** Blocks the hash processes for a message of this many bytes. */
  blocks(bytes: number): number;
  /** The longest message (bytes) that takes at most this many blocks; -1 when none does. */
  bytesForBlocks(blocks: number): number;
  /** The 32-byte digest. */
  digest(message: Uint8Array): Uint8Array;
}

const KECCAK_RATE = 136;
const BLAKE2S_BLOCK = 64;

export const HASHES = {
  'keccak-256': {
    id: 'keccak-256',
    label: 'Keccak-256',
    blockLabel: 'Keccak',
    blockBytes: KECCAK_RATE,
    note: "This is Ethereum's Keccak-256 (padding 0x01), not SHA3-256.",
    blockNote: '136-byte rate; padding adds at least one byte',
    // Padding always adds at least one byte, so a full last block takes one more.
    blocks: (bytes: number) => Math.floor(bytes / KECCAK_RATE) + 1,
    bytesForBlocks: (blocks: number) => blocks * KECCAK_RATE - 1,
    digest: (message: Uint8Array) => keccak_256(message),
  },
  'blake2s-256': {
    id: 'blake2s-256',
    label: 'BLAKE2s-256',
    blockLabel: 'BLAKE2s',
    blockBytes: BLAKE2S_BLOCK,
    note: 'This is BLAKE2s-256 as RFC 7693 defines it: no key, 32-byte output.',
    blockNote: '64-byte blocks; the last one is zero-padded, the empty message is one block',
    // The last block is zero-padded, not extended: a full last block is the final one.
    blocks: (bytes: number) => Math.max(1, Math.ceil(bytes / BLAKE2S_BLOCK)),
    bytesForBlocks: (blocks: number) => (blocks >= 1 ? blocks * BLAKE2S_BLOCK : -1),
    digest: (message: Uint8Array) => blake2s(message, { dkLen: 32 }),
  },
} as const satisfies Record<string, HashDef>;

export type HashId = keyof typeof HASHES;

/** Every hash id, in the order the schemas list them. */
export const HASH_IDS = Object.keys(HASHES) as HashId[];

/** What a proof file, keys.json entry or run result without a `hash` means: they were all Keccak-256 before there was a choice. */
export const DEFAULT_HASH: HashId = 'keccak-256';

export const isHashId = (x: unknown): x is HashId => typeof x === 'string' && Object.hasOwn(HASHES, x);

/** The definition of a hash id; absent means DEFAULT_HASH. Throws for an id that is no hash here. */
export function hashDef(id: string | undefined = DEFAULT_HASH): HashDef {
  if (!isHashId(id)) throw new Error(`unknown hash "${id}" (known: ${HASH_IDS.join(', ')})`);
  return HASHES[id];
}

/** The digest of message under hash id (absent: Keccak-256). */
export const digestWith = (id: string | undefined, message: Uint8Array): Uint8Array => hashDef(id).digest(message);

/** "1 Keccak block", "3 BLAKE2s blocks". */
export const blocksText = (id: string | undefined, blocks: number): string =>
  `${blocks} ${hashDef(id).blockLabel} block${blocks === 1 ? '' : 's'}`;
