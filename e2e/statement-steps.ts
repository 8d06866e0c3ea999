// The checks of e2e/statement.spec.ts (why they are what they are: there), for a page opened
// with ?debug and the backend chosen. A backend of DESKTOP_PROOF_IN_OWN_SPEC
// (e2e/conformance-steps.ts) runs them in its own spec's page after its proof: the worker that
// made the proof has its prover prepared for the sample's configuration, so it is not prepared
// twice.
import type { Page } from '@playwright/test';
import { expect, publishedSamples, sampleText, status } from './fixtures';

const SAMPLE = 40;

interface Outcome {
  ok: boolean;
  code?: string;
  message?: string;
}
type Debug = {
  zkplayDebug: { verify(b: string, c: unknown, p: Uint8Array, d: Uint8Array, l: unknown): Promise<Outcome> };
};

/** Deterministic damage: bit flips, truncation, extension, random bytes, all zeros. */
function damaged(proof: Uint8Array, seed: number): Uint8Array[] {
  let s = seed >>> 0;
  const rand = (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const out: Uint8Array[] = [new Uint8Array(proof.length), new Uint8Array(0)];
  while (out.length < SAMPLE) {
    const c = proof.slice();
    switch (rand(5)) {
      case 0:
      case 1:
        for (let k = 1 + rand(3); k > 0; k--) c[rand(c.length)] ^= 1 << rand(8);
        out.push(c);
        break;
      case 2:
        out.push(c.subarray(0, rand(c.length)));
        break;
      case 3:
        out.push(Uint8Array.from([...c, ...Array.from({ length: 1 + rand(40) }, () => rand(256))]));
        break;
      default:
        out.push(Uint8Array.from(c, () => rand(256)));
    }
  }
  return out;
}

/**
 * With the page at /?debug and backend `id` chosen: the backend's first published sample with
 * out-of-range statements is refused by the proof-file parser and by the worker, a seeded sample
 * of damaged copies never verifies nor crashes the worker, and the sample itself verifies.
 */
export async function checkStatements(page: Page, id: string) {
  const sample = publishedSamples().find((s) => s.id === id);
  expect(sample, `keys.json lists no sample proof for ${id}: run the set-up`).toBeDefined();
  const file: { config: unknown; proof: string; statement: { digest: string; length: number } } = JSON.parse(
    sampleText(sample!),
  );
  // L + 2^32 and L + 0.5 are what a wrapping or truncating conversion turns into L.
  const L = file.statement.length;
  // 1. The proof file parser: the file's own length is refused before any worker sees it.
  for (const length of [2 ** 32 + L, 2 ** 33 + L, L + 0.5, -1, 1e21]) {
    const bad = JSON.stringify({ ...file, statement: { ...file.statement, length } });
    await page
      .getByLabel('Proof file')
      .setInputFiles({ name: 'bad-length.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect(status(page)).toContainText(`bad-length.json was rejected: the statement is refused: invalid input:`);
    await expect(status(page)).not.toContainText('Verified');
  }

  // 2. The worker, with the parser bypassed: the same statements, and digests of the wrong size.
  const proof = Uint8Array.from(Buffer.from(file.proof, 'base64'));
  const digest = Uint8Array.from(Buffer.from(file.statement.digest, 'hex'));
  const refusals = await page.evaluate(
    async ({ id, config, proof: p, digest: d, L }) => {
      const dbg = (window as unknown as Debug).zkplayDebug;
      const cases: [string, Uint8Array, unknown][] = [
        ...[2 ** 32 + L, 2 ** 33 + L, L + 0.5, -1, NaN, Infinity, 1e6, 2 ** 53, String(L)].map(
          (l): [string, Uint8Array, unknown] => [`length ${String(l)}`, d, l],
        ),
        ['digest of 31 bytes', d.subarray(0, 31), L],
        ['digest of 33 bytes', Uint8Array.from([...d, 0]), L],
      ];
      const out: [string, Outcome][] = [];
      for (const [what, dd, l] of cases) out.push([what, await dbg.verify(id, config, p, dd, l)]);
      return out;
    },
    { id, config: file.config, proof, digest, L },
  );
  for (const [what, r] of refusals) {
    expect(r, what).toMatchObject({ ok: false, code: 'invalid-input' });
    expect(r.message, what).toMatch(/^invalid input: /);
  }

  // 3. A seeded sample of damaged proofs: never verified, never a crashed worker.
  const damagedProofs = damaged(proof, 0x5eed);
  const verdicts = await page.evaluate(
    async ({ id, config, damaged, digest, L }) => {
      const dbg = (window as unknown as Debug).zkplayDebug;
      const out: Outcome[] = [];
      for (const p of damaged) out.push(await dbg.verify(id, config, p, digest, L));
      return out;
    },
    { id, config: file.config, damaged: damagedProofs, digest, L },
  );
  verdicts.forEach((r, i) => {
    expect(r.ok, `damaged proof ${i} verified`).toBe(false);
    expect(['corrupt-proof', undefined], `damaged proof ${i}: ${r.code} ${r.message}`).toContain(r.code);
  });

  // The worker is still the same healthy one: the honest statement verifies.
  const honest = await page.evaluate(
    async ({ id, config, proof, digest, L }) =>
      (window as unknown as Debug).zkplayDebug.verify(id, config, proof, digest, L),
    { id, config: file.config, proof, digest, L },
  );
  expect(honest).toEqual({ ok: true });
}
