// Turning what the person typed into the bytes that get hashed and proved.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { keccakBlocks } from '@zkplay/core/manifest';

export type InputFormat = 'text' | 'hex';

export type ParsedMessage =
  { ok: true; bytes: Uint8Array; blocks: number; note?: string } | { ok: false; error: string };

const encoder = new TextEncoder();

/** Hex may have a 0x prefix and whitespace between bytes; anything else is refused with the reason. */
export function parseHex(input: string): ParsedMessage {
  const compact = input.replace(/\s+/g, '').replace(/^0x/i, '');
  const bad = compact.search(/[^0-9a-fA-F]/);
  if (bad >= 0)
    return { ok: false, error: `Invalid hex: "${compact[bad]}" at position ${bad + 1} is not a hex digit (0-9, a-f)` };
  if (compact.length % 2)
    return { ok: false, error: `Invalid hex: ${compact.length} digits is an odd count; each byte takes two` };
  const bytes = new Uint8Array(compact.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(compact.slice(2 * i, 2 * i + 2), 16);
  const note = isUtf8(bytes) ? undefined : 'These bytes are not valid UTF-8 text; they are proved as raw bytes.';
  return { ok: true, bytes, blocks: keccakBlocks(bytes.length), note };
}

export function parseMessage(input: string, format: InputFormat): ParsedMessage {
  if (format === 'hex') return parseHex(input);
  // A lone UTF-16 surrogate cannot be encoded as UTF-8: TextEncoder would silently turn it into U+FFFD.
  if (!input.isWellFormed())
    return {
      ok: false,
      error:
        'The text contains an unpaired surrogate, which is not valid Unicode and has no UTF-8 encoding; use Hex to prove raw bytes',
    };
  const bytes = encoder.encode(input);
  return { ok: true, bytes, blocks: keccakBlocks(bytes.length) };
}

export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export const keccak256 = (bytes: Uint8Array): Uint8Array => keccak_256(bytes);

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
