// A proof as a file a person can download, pass on and load again:
// JSON with the statement (digest, length), the backend and its config, and the proof bytes.
import type { Config } from '../../../workers/contract/protocol';
import { checkStatement } from '../../../workers/contract/statement';
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
  if (typeof f.backend !== 'string') throw new Error('The proof file names no backend');
  const digestHex = f.statement?.digest;
  if (typeof digestHex !== 'string' || !/^[0-9a-f]{64}$/i.test(digestHex)) throw new Error('The proof file has no valid 32-byte digest');
  const length = f.statement?.length;
  const config = (f.config ?? {}) as Config;
  const digest = Uint8Array.from(digestHex.match(/../g)!, (h) => parseInt(h, 16));
  try {
    checkStatement(digest, length, capacityOf?.(f.backend, config));
  } catch (e) {
    throw new Error(`The proof file's statement is refused: ${(e as Error).message}`);
  }
  if (typeof f.proof !== 'string' || f.proof.length === 0) throw new Error('The proof file has no proof');
  let bin: string;
  try {
    bin = atob(f.proof);
  } catch {
    throw new Error('The proof in the file is not valid base64 (corrupted?)');
  }
  return {
    backend: f.backend,
    config,
    digest,
    length: length as number,
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
