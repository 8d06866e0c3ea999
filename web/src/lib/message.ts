// Turning what the person typed into the bytes that get hashed and proved, and the statement
// about them under the chosen backend's hash.
import { DEFAULT_HASH, hashDef, type HashId } from '@zkplay/core/hashes';

export type InputFormat = 'text' | 'hex';

export type ParsedMessage =
  { ok: true; bytes: Uint8Array; blocks: number; note?: string } | { ok: false; error: string };

const encoder = new TextEncoder();

/** Hex may have a 0x prefix and whitespace between bytes; anything else is refused with the reason. blocks: of `hash`. */
export function parseHex(input: string, hash: HashId = DEFAULT_HASH): ParsedMessage {
  const compact = input.replace(/\s+/g, '').replace(/^0x/i, '');
  const bad = compact.search(/[^0-9a-fA-F]/);
  if (bad >= 0)
    return { ok: false, error: `Invalid hex: "${compact[bad]}" at position ${bad + 1} is not a hex digit (0-9, a-f)` };
  if (compact.length % 2)
    return { ok: false, error: `Invalid hex: ${compact.length} digits is an odd count; each byte takes two` };
  const bytes = new Uint8Array(compact.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(compact.slice(2 * i, 2 * i + 2), 16);
  const note = isUtf8(bytes) ? undefined : 'These bytes are not valid UTF-8 text; they are proved as raw bytes.';
  return { ok: true, bytes, blocks: hashDef(hash).blocks(bytes.length), note };
}

/** The bytes of what was typed; blocks counts the blocks of `hash` (the chosen backend's). */
export function parseMessage(input: string, format: InputFormat, hash: HashId = DEFAULT_HASH): ParsedMessage {
  if (format === 'hex') return parseHex(input, hash);
  // A lone UTF-16 surrogate cannot be encoded as UTF-8: TextEncoder would silently turn it into U+FFFD.
  if (!input.isWellFormed())
    return {
      ok: false,
      error:
        'The text contains an unpaired surrogate, which is not valid Unicode and has no UTF-8 encoding; use Hex to prove raw bytes',
    };
  const bytes = encoder.encode(input);
  return { ok: true, bytes, blocks: hashDef(hash).blocks(bytes.length) };
}

export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The statement the page proves and verifies for a message: hash(M) = digest, in how many of the hash's blocks. */
export interface PageStatement {
  hash: HashId;
  /** e.g. "Keccak-256". */
  label: string;
  digest: Uint8Array;
  blocks: number;
}

export function pageStatement(hash: HashId, bytes: Uint8Array): PageStatement {
  const h = hashDef(hash);
  return { hash, label: h.label, digest: h.digest(bytes), blocks: h.blocks(bytes.length) };
}

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
