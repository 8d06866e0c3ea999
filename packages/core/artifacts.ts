// Downloads build artifacts (wasm, keys) once, checks them against the sha256 the build
// recorded, and keeps them in the Cache API so a second visit reads them from disk.
// Keys are shipped in formats that skip curve checks for speed; the hash check is what
// makes that safe, so it runs on every load, cached or not.
import { BackendError } from './protocol';
import type { ArtifactFile, ArtifactIndex } from './generated/schema-types';
import { checkSchema } from './schemas';

// artifacts/<id>/index.json (artifactUrl) as a backend's build.mjs writes it: the types are
// generated from schema/artifact-index.schema.json (scripts/gen-schema-types.mjs). gnark lists
// its files by role under `files`; the Rust backends list one wasm per build variant under
// `variants`; `keys` is keys.json's backend entry before the set-up gathers it.
export type { ArtifactFile, ArtifactIndex, ArtifactKeys, ArtifactVariant } from './generated/schema-types';

export interface Fetched {
  bytes: Uint8Array;
  fromCache: boolean;
}

const CACHE = 'zkplay-artifacts-v1';

/**
 * The URL of a file this deployment ships (`artifacts/<id>/index.json`, `native-reference.json`),
 * relative to the app's root, so one build works unchanged at any path (https://example.org/zkplay/).
 * The one place that knows where that root is, on the page and in every worker:
 *   - on the page: document.baseURI (index.html is at the root; routes are hashes);
 *   - in a worker of a build with a relative base (vite.config.ts: base './'): vite writes every
 *     chunk, workers included, to the root's assets/ (build.assetsDir), so the root is the folder
 *     above the chunk this code was bundled into;
 *   - with an absolute base (vite's dev server, or `vite build --base /x/`): that path on this origin.
 */
export function appUrl(path: string): string {
  if (path.startsWith('/')) throw new Error(`appUrl: ${path} must be relative to the app's root`);
  return new URL(path, appRoot()).href;
}

/** The URL of a file under the deployment's artifacts/ folder (e.g. `halo2/index.json`). */
export const artifactUrl = (path: string): string => appUrl(`artifacts/${path}`);

function appRoot(): string {
  if (typeof document !== 'undefined') return document.baseURI;
  const base = import.meta.env.BASE_URL;
  if (base.startsWith('/')) return new URL(base, self.location.origin).href;
  // A variable, not a literal: vite rewrites new URL('literal', import.meta.url) into an asset.
  const upFromAssets = '../';
  return new URL(upFromAssets, import.meta.url).href;
}

export async function sha256Hex(data: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The artifact index at url, checked against schema/artifact-index.schema.json: a refusal
 * (corrupt-artifact) names the field that is wrong. T is the backend's narrower view of it.
 */
export async function fetchIndex<T extends ArtifactIndex = ArtifactIndex>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-cache' });
  } catch (e) {
    throw new BackendError('network', `could not download ${url}: ${(e as Error).message}`);
  }
  if (!res.ok)
    throw new BackendError(
      'network',
      `could not download ${url}: HTTP ${res.status}. Was the backend built (npm start builds it)?`,
    );
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new BackendError('corrupt-artifact', `${url} is not valid JSON`);
  }
  return checkSchema<T>(
    'artifact-index',
    data,
    `${url} is not a valid artifact index (rebuild with npm start): `,
    (m) => new BackendError('corrupt-artifact', m),
  );
}

async function download(
  url: string,
  expected: number,
  onProgress: (loaded: number, total: number) => void,
): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch (e) {
    throw new BackendError('network', `could not download ${url}: ${(e as Error).message}`);
  }
  if (!res.ok || !res.body) throw new BackendError('network', `could not download ${url}: HTTP ${res.status}`);
  const out = new Uint8Array(expected);
  const reader = res.body.getReader();
  let loaded = 0;
  let lastReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > expected) {
      await reader.cancel();
      throw new BackendError('corrupt-artifact', `${url} is larger than the ${expected} bytes the build recorded`);
    }
    out.set(value, loaded);
    loaded += value.length;
    if (loaded - lastReport > expected / 100 || loaded === expected) {
      lastReport = loaded;
      onProgress(loaded, expected);
    }
  }
  if (loaded !== expected) {
    throw new BackendError('corrupt-artifact', `${url} is truncated: got ${loaded} of ${expected} bytes`);
  }
  return out;
}

/**
 * The artifact's bytes, from the cache when it holds a copy with the right hash, else
 * downloaded (with progress) and cached. Throws corrupt-artifact when the bytes do not
 * match the recorded sha256.
 */
export async function fetchArtifact(
  baseUrl: string,
  entry: ArtifactFile,
  label: string,
  onProgress: (loaded: number, total: number) => void,
): Promise<Fetched> {
  const url = new URL(entry.file, baseUrl).href;
  const key = `${url}?sha256=${entry.sha256}`;
  const cache = typeof caches !== 'undefined' ? await caches.open(CACHE).catch(() => undefined) : undefined;
  const hit = await cache?.match(key);
  if (hit) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (bytes.length === entry.bytes && (await sha256Hex(bytes)) === entry.sha256) {
      onProgress(bytes.length, entry.bytes);
      return { bytes, fromCache: true };
    }
    await cache!.delete(key); // a damaged cache entry: fetch it again
  }
  const bytes = await download(url, entry.bytes, onProgress);
  const got = await sha256Hex(bytes);
  if (got !== entry.sha256) {
    throw new BackendError(
      'corrupt-artifact',
      `${label} failed its integrity check (sha256 ${got.slice(0, 12)}…, expected ${entry.sha256.slice(0, 12)}…): the file is corrupted; rebuild with npm start`,
    );
  }
  if (cache) {
    try {
      await cache.put(key, new Response(bytes as Uint8Array<ArrayBuffer>));
      // A new build's file replaces the old one: drop the copies of this file with another hash.
      for (const old of await cache.keys(url, { ignoreSearch: true }))
        if (old.url !== new URL(key).href) await cache.delete(old);
    } catch {
      // quota: still usable, just not cached
    }
  }
  return { bytes, fromCache: false };
}
