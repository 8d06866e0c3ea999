// What every registered backend's manifest must satisfy, checked without a browser: the page
// draws its knobs, capacity, progress and texts from these, and e2e/conformance.spec.ts drives
// every backend through the same cases by its id. A new backend gets these checks by being
// registered (backends/<id>/index.ts), as it gets the end-to-end ones.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appliedConfig, type BackendManifest } from '@zkplay/core/manifest';
import { DEFAULT_HASH, hashDef, isHashId } from '@zkplay/core/hashes';
import type { Config } from '@zkplay/core/protocol';
import { backendIds } from '@zkplay/build-kit/backends';
import { extraBackendKeys, extraBackends } from '@zkplay/build-kit/extra-backends';
import { backends, findBackend } from './registry';

/** The folders <id>/ with an index.ts: this one's, and those of the extra backends' folders. */
const folders = [...backendIds(), ...extraBackends().map((b) => b.id)].sort();

/** Every configuration the page can make: the defaults for a message, with each knob set to each of its options. */
function offeredConfigs(m: BackendManifest): Config[] {
  let configs: Config[] = [m.defaultConfig(0)];
  for (const knob of m.knobs)
    if (knob.options.length) configs = configs.flatMap((c) => knob.options.map((o) => ({ ...c, [knob.id]: o.value })));
  // What the page proves with: without the knobs that do not apply (Knob.when), once each.
  return [...new Map(configs.map((c) => appliedConfig(m, c)).map((c) => [JSON.stringify(c), c])).values()];
}

const nonEmpty = (s: unknown) => typeof s === 'string' && s.trim().length > 0;

/** The hash keys.json declares for a backend: the build's (web/public/artifacts, when built) or an extra folder's. */
/**
 * The hash keys.json says backend `id` proves, and where it says so. The suite runs after the
 * set-up, so a missing keys.json is a failure, not a pass: it throws. A backend that keys.json
 * leaves out must be one whose build publishes no keys (its proofs verify only in the page that
 * made them): `hash` is then undefined, and `where` names the index that says so.
 */
function keysHash(id: string): { hash: string | undefined; where: string } {
  const extra = extraBackends().find((b) => b.id === id);
  if (extra) {
    const k = extraBackendKeys(extra);
    if (!k) throw new Error(`${extra.dir}/keys/keys.json is missing: the fixture backend ships it`);
    return { hash: k.backend.hash ?? DEFAULT_HASH, where: `${extra.dir}/keys/keys.json` };
  }
  const path = fileURLToPath(new URL('../web/public/artifacts/keys.json', import.meta.url));
  if (!existsSync(path)) throw new Error(`${path} is missing: run the set-up first (npm test does)`);
  const b = JSON.parse(readFileSync(path, 'utf8')).backends?.[id];
  if (b) return { hash: b.hash ?? DEFAULT_HASH, where: path };
  const index = fileURLToPath(new URL(`../web/public/artifacts/${id}/index.json`, import.meta.url));
  if (!existsSync(index)) throw new Error(`${index} is missing: run the set-up first (npm test does)`);
  if (JSON.parse(readFileSync(index, 'utf8')).keys)
    throw new Error(`${index} lists keys, but ${path} does not: run the set-up again`);
  return { hash: undefined, where: index };
}

describe('the registry', () => {
  it('has one backend per backends/<id>/index.ts (and per extra folder), with the folder name as its id', () => {
    // import.meta.glob works under vitest (it runs through Vite): these are the same backends the page lists.
    expect(folders.length).toBeGreaterThan(0);
    expect(backends.map((b) => b.manifest.id)).toEqual(folders);
    for (const id of folders) expect(findBackend(id)?.manifest.id).toBe(id);
    expect(typeof backends[0].createWorker).toBe('function');
  });
});

for (const { manifest: m, createWorker } of backends) {
  describe(`${m.id} manifest`, () => {
    it('has its texts: label, proof system, field, statement, trust, setup label, threads note', () => {
      for (const [what, s] of Object.entries({
        label: m.label,
        proofSystem: m.proofSystem,
        field: m.field,
        statement: m.statement,
        trust: m.trust,
        setupLabel: m.setupLabel,
        threadsNote: m.threads.note,
      })) {
        expect(nonEmpty(s), `${m.id}: ${what} is empty`).toBe(true);
      }
      expect(typeof createWorker).toBe('function');
      for (const env of [
        { crossOriginIsolated: true, cores: 2 },
        { crossOriginIsolated: false, cores: 1 },
      ]) {
        expect(typeof m.threads.supported(env)).toBe('boolean');
      }
    });

    it('has phases with unique, non-empty ids and labels, including prove and verify', () => {
      expect(m.phases.length).toBeGreaterThan(0);
      for (const p of m.phases) {
        expect(nonEmpty(p.id), `phase id ${JSON.stringify(p.id)}`).toBe(true);
        expect(nonEmpty(p.label), `label of phase ${p.id}`).toBe(true);
      }
      const ids = m.phases.map((p) => p.id);
      const labels = m.phases.map((p) => p.label);
      expect(new Set(ids).size, `duplicate phase ids: ${ids}`).toBe(ids.length);
      expect(new Set(labels).size, `duplicate phase labels: ${labels}`).toBe(labels.length);
      // The page's result shows these rows; e2e/conformance.spec.ts looks for "Prove".
      expect(ids).toContain('prove');
      expect(ids).toContain('verify');
      expect(m.phases.find((p) => p.id === 'prove')!.label).toBe('Prove');
    });

    it('has knobs with unique ids, labels, help, and at least one option each (unique values)', () => {
      const ids = m.knobs.map((k) => k.id);
      expect(new Set(ids).size, `duplicate knob ids: ${ids}`).toBe(ids.length);
      for (const knob of m.knobs) {
        expect(nonEmpty(knob.id)).toBe(true);
        expect(nonEmpty(knob.label), `label of knob ${knob.id}`).toBe(true);
        expect(nonEmpty(knob.help), `help of knob ${knob.id}`).toBe(true);
        // "Threads" is the page's own control (e2e tells the knobs from it by this label).
        expect(knob.label).not.toMatch(/^Threads/);
        expect(knob.options.length, `knob ${knob.id} has no option`).toBeGreaterThan(0);
        const values = knob.options.map((o) => String(o.value));
        expect(new Set(values).size, `knob ${knob.id} repeats an option: ${values}`).toBe(values.length);
        for (const o of knob.options) expect(nonEmpty(o.label), `knob ${knob.id} option ${o.value}`).toBe(true);
      }
    });

    it('gives a default configuration that sets every knob to one of its options', () => {
      for (const n of [0, 1, 135, 136, 271, 272, 1087, 100_000]) {
        const c = m.defaultConfig(n);
        for (const knob of m.knobs.filter((k) => !k.when || k.when(c))) {
          // The page's select shows String(config[knob.id]): it must be one of the options.
          expect(
            knob.options.map((o) => String(o.value)),
            `defaultConfig(${n}).${knob.id} = ${String(c[knob.id])} is not offered`,
          ).toContain(String(c[knob.id]));
        }
      }
    });

    it('declares the hash of its statement (a known one, named in the statement), as its keys.json does', () => {
      expect(isHashId(m.hash), `${m.id}: hash ${String(m.hash)} is not one of packages/core/hashes.ts`).toBe(true);
      expect(m.statement, `${m.id}: the statement does not name its hash`).toContain(`${hashDef(m.hash).label}(M)`);
      // A backend whose build publishes no keys has no hash there to agree with (keysHash checks that it has none).
      const keys = keysHash(m.id);
      expect(keys.hash ?? m.hash, `${keys.where} says ${m.id} proves ${keys.hash}`).toBe(m.hash);
    });

    it("states every offered configuration's capacity as whole blocks of its hash (Keccak: blocks × 136 − 1 bytes)", () => {
      const h = hashDef(m.hash);
      for (const c of offeredConfigs(m)) {
        const cap = m.capacity(c);
        const what = `capacity(${JSON.stringify(c)}) = ${JSON.stringify(cap)}`;
        // A configuration that exists but cannot prove in a page says why, in words.
        if (cap.unavailable !== undefined) {
          expect(nonEmpty(cap.unavailable), what).toBe(true);
          continue;
        }
        expect(Number.isSafeInteger(cap.blocks), what).toBe(true);
        expect(cap.blocks, `${what}: an offered configuration holds no message`).toBeGreaterThanOrEqual(1);
        expect(cap.bytes, what).toBe(h.bytesForBlocks(cap.blocks));
        expect(h.blocks(cap.bytes), what).toBe(cap.blocks);
        expect(h.blocks(cap.bytes + 1), what).toBe(cap.blocks + 1);
      }
    });

    it('defaults to a configuration that holds the message, up to the most the backend holds', () => {
      const most = Math.max(...offeredConfigs(m).map((c) => m.capacity(c).bytes));
      for (const n of [0, 1, 135, 136]) {
        const cap = m.capacity(m.defaultConfig(n));
        expect(
          Number.isSafeInteger(cap.bytes) && Number.isSafeInteger(cap.blocks),
          `capacity(defaultConfig(${n})) = ${JSON.stringify(cap)}`,
        ).toBe(true);
        if (n <= most) expect(cap.bytes, `defaultConfig(${n}) holds ${cap.bytes} bytes`).toBeGreaterThanOrEqual(n);
        // Past the backend's maximum the page still needs a capacity to say why it refuses.
        else expect(cap.bytes).toBeLessThan(n);
      }
      const beyond = m.capacity(m.defaultConfig(most + 1));
      expect(
        Number.isSafeInteger(beyond.bytes) && Number.isSafeInteger(beyond.blocks),
        `capacity(defaultConfig(${most + 1}))`,
      ).toBe(true);
      expect(beyond.bytes).toBeLessThan(most + 1);
    });
  });
}
