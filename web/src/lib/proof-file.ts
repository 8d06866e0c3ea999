// A proof as a file a person can download, pass on and load again:
// JSON with the statement (digest, length), the backend and its config, and the proof bytes.
// Format: schema/proof-file.schema.json (ProofFile below mirrors it; schemas.test.ts checks both agree).
import type { Config } from '../../../workers/contract/protocol';
import { checkSchema } from '../../../workers/contract/schemas';
import { checkLength, checkStatement } from '../../../workers/contract/statement';
import { toHex } from './message';

export interface ProofFile {
  format: 'zkplay-proof';
  version: 1;
  backend: string;
  config: Config;
  statement: { digest: string; length: number };
  proof: string; // base64
}

export function encodeProofFile(backend: string, config: Config, digest: Uint8Array, length: number, proof: Uint8Array): string {
  const file: ProofFile = {
    format: 'zkplay-proof',
    version: 1,
    backend,
    config,
    statement: { digest: toHex(digest), length },
    proof: toBase64(proof),
  };
  return JSON.stringify(file, null, 2);
}

export interface DecodedProof {
  backend: string;
  config: Config;
  digest: Uint8Array;
  length: number;
  proof: Uint8Array;
}

/**
 * Parses a proof file; throws an Error that says what is wrong with it. capacityOf gives the
 * most bytes the file's backend and configuration hold (undefined when unknown), so that a
 * length no proof can have is refused here, before any worker sees it.
 */
export function decodeProofFile(text: string, capacityOf?: (backend: string, config: Config) => number | undefined): DecodedProof {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('This is not a zkplay proof file: it is not JSON (truncated or corrupted?)');
  }
  const f = raw as Partial<ProofFile>;
  if (f?.format !== 'zkplay-proof') throw new Error('This is not a zkplay proof file: it has no "format": "zkplay-proof"');
  if (f.version !== 1) throw new Error(`Unsupported proof file version ${String(f.version)}; this page reads version 1`);
  const refused = (e: unknown) => new Error(`The proof file's statement is refused: ${(e as Error).message}`);
  // A length that is no whole number of bytes is refused in the words every verifier uses for
  // it (statement.ts); then the shape (schema/proof-file.schema.json); then what a schema
  // cannot say: the length within the backend's capacity, and base64 that decodes.
  const st = f.statement as unknown;
  if (st && typeof st === 'object' && 'length' in st) {
    try {
      checkLength(st.length);
    } catch (e) {
      throw refused(e);
    }
  }
  const file = checkSchema<ProofFile>('proof-file', raw, 'This proof file is refused: ');
  const digest = Uint8Array.from(file.statement.digest.match(/../g)!, (h) => parseInt(h, 16));
  const length = file.statement.length;
  try {
    checkStatement(digest, length, capacityOf?.(file.backend, file.config));
  } catch (e) {
    throw refused(e);
  }
  let bin: string;
  try {
    bin = atob(file.proof);
  } catch {
    throw new Error('The proof in the file is not valid base64 (corrupted?)');
  }
  return {
    backend: file.backend,
    config: file.config,
    digest,
    length,
    proof: Uint8Array.from(bin, (c) => c.charCodeAt(0)),
  };
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** A copy of the proof with one bit flipped in the middle: what a forger's edit looks like. */
export function tamper(proof: Uint8Array): Uint8Array {
  const copy = proof.slice();
  copy[copy.length >> 1] ^= 0x01;
  return copy;
}
