// Bytes of a key or verifier file, from a URL: fetch in browsers, the file system in Node
// (file: URLs, which is what the package's own files are when it is installed from npm). Every
// file is checked against the sha256 keys.json records before it is used: the key formats are
// read without curve checks, so the hash is what makes reading them safe.
import { sha256 } from '@noble/hashes/sha2.js';
import { Refusal } from './refusal';
import type { KeyFile } from './keys';
import { toHex } from './proof-file';

export type Fetch = (url: string) => Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;

export async function loadBytes(url: URL, fetchFn?: Fetch): Promise<Uint8Array> {
  if (url.protocol === 'file:') {
    // Named through a variable so bundlers of browser code do not try to resolve it.
    const fsModule = 'node:fs/promises';
    const urlModule = 'node:url';
    const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
    const { fileURLToPath } = (await import(/* @vite-ignore */ urlModule)) as typeof import('node:url');
    return new Uint8Array(await readFile(fileURLToPath(url)));
  }
  const f = fetchFn ?? (globalThis.fetch as unknown as Fetch);
  const res = await f(url.href);
  if (!res.ok) throw new Error(`${url.href}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The file, after its size and sha256 matched keys.json ('corrupt-artifact' otherwise). */
export async function loadChecked(base: URL, f: KeyFile, fetchFn?: Fetch): Promise<Uint8Array> {
  if (f.file.split('/').includes('..'))
    throw new Refusal('corrupt-artifact', `${f.file}: paths in keys.json may not leave its folder`);
  const url = new URL(f.file, base);
  let bytes: Uint8Array;
  try {
    bytes = await loadBytes(url, fetchFn);
  } catch (e) {
    throw new Refusal('corrupt-artifact', `could not load ${f.file}: ${(e as Error).message}`);
  }
  const hash = toHex(sha256(bytes));
  if (bytes.length !== f.bytes || hash !== f.sha256) {
    throw new Refusal(
      'corrupt-artifact',
      `${f.file} is not the file keys.json lists (${bytes.length} bytes, sha256 ${hash.slice(0, 12)}…; expected ${f.bytes} bytes, ${f.sha256.slice(0, 12)}…)`,
    );
  }
  return bytes;
}
