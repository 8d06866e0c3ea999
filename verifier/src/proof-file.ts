// The proof file (version 2): a proof that leaves the page that made it. It says what it claims
// (backend, proof system, configuration, statement), which verifying key it was made against
// (keyHash: the sha256 of the key file listed in keys.json), the proof bytes, and who made it when.
// Format: schema/proof-file.schema.json, the one definition (ProofFile is generated from it by
// scripts/gen-schema-types.mjs). Used by the page, the verify view and the zkplay-verifier
// package alike, so every reader refuses the same files with the same words.
import { checkLength, checkStatement, DIGEST_BYTES as STATEMENT_DIGEST_BYTES } from '@zkplay/core/statement';
import { DEFAULT_HASH, type HashId } from './hash';
import { checkShape } from './validate';
import { Refusal } from './refusal';
import type { ProofFile } from './generated/schema-types';

export type { ProofFile };

export const PROOF_FILE_FORMAT = 'zkplay-proof';
export const PROOF_FILE_VERSION = 2;
/** Larger files are refused before parsing: the largest proof of any backend (FRI, 16 blocks, zk) is ~1 MB of base64. */
export const MAX_PROOF_FILE_BYTES = 8 * 2 ** 20;

/** A proof file read and checked for shape: its claims in bytes and numbers. */
export interface ParsedProof {
  backend: string;
  proofSystem: string;
  field: string;
  config: ProofFile['config'];
  keyHash: string;
  /** The hash of the statement; DEFAULT_HASH (keccak-256) for a file that names none. */
  hash: HashId;
  digest: Uint8Array;
  length: number;
  proof: Uint8Array;
  producer: ProofFile['producer'];
  createdAt: string;
}

/** What encodeProofFile writes: a parsed proof's fields (the hash always), made now unless createdAt says when. */
export type ProofFileFields = Omit<ParsedProof, 'createdAt'> & { createdAt?: Date };

export function encodeProofFile(f: ProofFileFields): string {
  const file: ProofFile = {
    format: PROOF_FILE_FORMAT,
    version: PROOF_FILE_VERSION,
    backend: f.backend,
    proofSystem: f.proofSystem,
    field: f.field,
    config: f.config,
    keyHash: f.keyHash,
    hash: f.hash,
    statement: { digest: toHex(f.digest), length: f.length },
    proof: toBase64(f.proof),
    producer: f.producer,
    createdAt: (f.createdAt ?? new Date()).toISOString(),
  };
  return JSON.stringify(file, null, 2);
}

/**
 * Reads a proof file given as text, bytes or an already parsed object, and checks everything a
 * file alone can say: JSON, format and version, the schema, a whole-number length, a 32-byte
 * digest and base64 that decodes. Throws a Refusal whose code and reason say what is wrong.
 * Whether the key, backend and capacity are known is for the caller (it knows keys.json).
 */
export function parseProofFile(input: unknown): ParsedProof {
  let raw: unknown = input;
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (bytes.length > MAX_PROOF_FILE_BYTES) throw tooLarge(bytes.length);
    raw = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  if (typeof raw === 'string') {
    if (raw.length > MAX_PROOF_FILE_BYTES) throw tooLarge(raw.length);
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new Refusal('malformed', 'this is not a zkplay proof file: it is not JSON (truncated or corrupted?)');
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Refusal('malformed', 'this is not a zkplay proof file: it is not a JSON object');
  }
  const f = raw as Omit<Partial<ProofFile>, 'version'> & { version?: unknown };
  if (f.format !== PROOF_FILE_FORMAT)
    throw new Refusal('malformed', 'this is not a zkplay proof file: it has no "format": "zkplay-proof"');
  if (f.version === 1) {
    throw new Refusal(
      'unsupported-version',
      'this is a version 1 proof file: it does not say which keys it was made with, and proofs made before keys were fixed per build cannot be checked. Make the proof again and download it',
    );
  }
  if (f.version !== PROOF_FILE_VERSION)
    throw new Refusal(
      'unsupported-version',
      `proof file version ${shown(f.version)} is not one this verifier reads (it reads version ${PROOF_FILE_VERSION})`,
    );
  // A length that is no whole number of bytes is refused in the words every verifier uses for it
  // (statement.ts) before the schema's more general sentence.
  const st = f.statement as unknown;
  if (st && typeof st === 'object' && 'length' in st) {
    try {
      checkLength(st.length);
    } catch (e) {
      throw new Refusal('invalid-input', `the statement is refused: ${(e as Error).message}`);
    }
  }
  const file = checkShape<ProofFile>(
    'proof-file',
    raw,
    'the proof file does not follow its format: ',
    (m) => new Refusal('invalid-file', m),
  );
  const digest = fromHex(file.statement.digest);
  const hash = file.hash ?? DEFAULT_HASH;
  try {
    checkStatement(digest, file.statement.length, undefined, hash);
  } catch (e) {
    throw new Refusal('invalid-input', `the statement is refused: ${(e as Error).message}`);
  }
  return {
    backend: file.backend,
    proofSystem: file.proofSystem,
    field: file.field,
    config: file.config,
    keyHash: file.keyHash,
    hash,
    digest,
    length: file.statement.length,
    proof: fromBase64(file.proof),
    producer: file.producer,
    createdAt: file.createdAt,
  };
}

function tooLarge(n: number): Refusal {
  return new Refusal(
    'too-large',
    `the proof file is ${n.toLocaleString('en')} bytes; proof files are at most ${MAX_PROOF_FILE_BYTES.toLocaleString('en')}`,
  );
}

function shown(x: unknown): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.slice(0, 20);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex (already checked by the schema's pattern) to bytes. */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Refusal('invalid-file', `"${hex.slice(0, 20)}" is not hex`);
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Strict base64 (the schema's alphabet, length a multiple of 4): a damaged proof is named as such. */
export function fromBase64(text: string): Uint8Array {
  let bin: string;
  try {
    if (text.length % 4 !== 0) throw new Error('length');
    bin = atob(text);
  } catch {
    throw new Refusal('corrupt-proof', 'the proof in the file is not valid base64 (corrupted?)');
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** A copy of the proof with one bit flipped in the middle: what a forger's edit looks like. */
export function tamper(proof: Uint8Array): Uint8Array {
  const copy = proof.slice();
  copy[copy.length >> 1] ^= 0x01;
  return copy;
}

/** Bytes of the digest a statement carries. Typed here so the package's declarations stand alone. */
export const DIGEST_BYTES: number = STATEMENT_DIGEST_BYTES;
