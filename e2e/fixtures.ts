// Every test: the page must make no request outside 127.0.0.1, and must be cross-origin isolated.
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { backendIds } from '../scripts/lib/backends.mjs';
import { hashDef } from '../scripts/lib/hashes.mjs';

const vectors: { vectors: { name: string; length: number; message_hex: string; digest_hex: string }[] } = JSON.parse(
  readFileSync(new URL('../test-vectors/keccak256.json', import.meta.url), 'utf8'),
);

export const test = base.extend<{ offsiteRequests: string[] }>({
  offsiteRequests: [
    async ({ context }, use) => {
      const offsite: string[] = [];
      context.on('request', (req) => {
        const url = new URL(req.url());
        if (['data:', 'blob:'].includes(url.protocol)) return;
        if (url.hostname !== '127.0.0.1') offsite.push(req.url());
      });
      await use(offsite);
      expect(offsite, 'requests outside 127.0.0.1').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The backends the page registers: every backends/<id>/ with an index.ts, as backends/registry.ts finds them. */
export const registeredBackendIds = (): string[] => backendIds('index.ts');

const HASH_LABELS: Record<string, string> = { 'keccak-256': 'Keccak-256', 'blake2s-256': 'BLAKE2s-256' };

/**
 * The digest the page must show for `message` with backend `id`, under the hash its build
 * declares (index.json keys.hash; none: Keccak-256), and the label it is shown under. Keccak-256
 * digests come from the published test vectors, not from our own hashing.
 */
export function statementDigest(id: string, vectorName: string): { label: string; hex: string } {
  let hash = 'keccak-256';
  try {
    const index = JSON.parse(readFileSync(`web/public/artifacts/${id}/index.json`, 'utf8'));
    hash = index.keys?.hash ?? hash;
  } catch {
    // no build of its own (a fixture backend): Keccak-256
  }
  const v = vector(vectorName);
  if (hash === 'keccak-256') return { label: HASH_LABELS[hash], hex: v.digest_hex };
  const bytes = hashDef(hash).digest(Buffer.from(v.message_hex, 'hex'));
  return { label: HASH_LABELS[hash], hex: Buffer.from(bytes).toString('hex') };
}

export const vector = (name: string) => {
  const v = vectors.vectors.find((x) => x.name === name);
  if (!v) throw new Error(`no test vector named ${name}`);
  return v;
};

const ARTIFACTS = 'web/public/artifacts';

/** The keys.json the set-up wrote: every backend's keys and published sample proofs. */
export const publishedKeys = (): { backends: Record<string, { samples?: { file: string; message: string }[] }> } =>
  JSON.parse(readFileSync(`${ARTIFACTS}/keys.json`, 'utf8'));

/** A sample proof file the set-up published (made natively); `file` is under artifacts/. */
export interface PublishedSample {
  id: string;
  file: string;
  message: string;
}

/** Every backend's published sample proofs, in keys.json's order. */
export const publishedSamples = (): PublishedSample[] =>
  Object.entries(publishedKeys().backends).flatMap(([id, b]) => (b.samples ?? []).map((s) => ({ id, ...s })));

/** The text of a published sample proof file. */
export const sampleText = (s: PublishedSample): string => readFileSync(`${ARTIFACTS}/${s.file}`, 'utf8');

/** Long: a first proof downloads ~130 MiB of keys and proves in wasm; slow machines must not fail. */
export const PROOF_TIMEOUT = 8 * 60_000;

export async function typeMessage(page: Page, text: string, format: 'Text' | 'Hex' = 'Text') {
  await page.getByRole('radio', { name: format }).check();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
}

export const status = (page: Page) => page.getByRole('status');
