// The hash of a proof's statement, as the package's users see it: which hashes there are, what
// each is called, and the digest of a message under one, to compare with a file's statement.
// The definitions are @zkplay/core's (packages/core/hashes.ts, bundled into the package); the
// declarations here are the package's own (HashId from the proof file's schema), so its
// published types import nothing unpublished.
import {
  DEFAULT_HASH as CORE_DEFAULT,
  HASH_IDS as CORE_IDS,
  hashDef,
  isHashId as coreIsHashId,
} from '@zkplay/core/hashes';
import type { ProofFile } from './generated/schema-types';

/** A hash a statement can use: "keccak-256" (Ethereum's Keccak-256) or "blake2s-256" (RFC 7693, no key, 32 bytes). */
export type HashId = NonNullable<ProofFile['hash']>;

/** Every hash id the package knows. */
export const HASH_IDS: readonly HashId[] = CORE_IDS;

/** The hash of a file or keys.json entry that names none: everything was Keccak-256 before there was a choice. */
export const DEFAULT_HASH: HashId = CORE_DEFAULT;

export const isHashId = (x: unknown): x is HashId => coreIsHashId(x);

/** What people call the hash, e.g. "Keccak-256", "BLAKE2s-256". */
export const hashLabel = (hash: HashId): string => hashDef(hash).label;

/** The 32-byte digest of message under hash: what a statement's digest must be for that message. */
export const hashMessage = (hash: HashId, message: Uint8Array): Uint8Array => hashDef(hash).digest(message);
