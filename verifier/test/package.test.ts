// The built package (dist/verifier, made by the set-up) in Node: every sample proof file of every
// backend verifies with the keys the package ships, and every damaged variant of it is refused
// with its own code — never ok: true, never an exception. The same files are checked in
// Chromium by e2e/verify.spec.ts (the verify view and the example dApp).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../src/index';

const root = join(__dirname, '..', '..');
const dist = join(root, 'dist', 'verifier');
const artifacts = join(root, 'web', 'public', 'artifacts');
let pkg: typeof Package;

beforeAll(async () => {
  if (!existsSync(join(dist, 'index.js')))
    throw new Error(`${dist} is missing: the set-up builds it (npm test, or node scripts/setup.mjs)`);
  pkg = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof Package;
});

const keys = JSON.parse(readFileSync(join(artifacts, 'keys.json'), 'utf8')) as Package.KeyManifest;
const samples = Object.entries(keys.backends).flatMap(([id, b]) =>
  (b.samples ?? []).map((s) => ({ id, ...s, text: readFileSync(join(artifacts, s.file), 'utf8') })),
);

describe('zkplay-verifier (built package, Node)', () => {
  it('ships a package.json with an exports map and types', () => {
    const p = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8'));
    expect(p.name).toBe('zkplay-verifier');
    expect(p.exports['.'].default).toBe('./index.js');
    expect(existsSync(join(dist, p.types))).toBe(true);
  });

  it('every backend has samples', () => {
    expect(new Set(samples.map((s) => s.id))).toEqual(new Set(Object.keys(keys.backends)));
  });

  for (const s of samples) {
    describe(`${s.id}: ${s.file}`, () => {
      const file = () => JSON.parse(s.text);
      const check = async (input: unknown, code: string) => {
        const r = await pkg.verify(input as object);
        expect(r.ok, JSON.stringify(r)).toBe(false);
        expect(r.code, r.reason).toBe(code);
        expect(r.reason).toBeTruthy();
        return r;
      };

      it('verifies', async () => {
        const r = await pkg.verify(s.text);
        expect(r, r.reason).toMatchObject({ ok: true, backend: s.id, keyHash: file().keyHash });
        expect(r.statement!.length).toBe(new TextEncoder().encode(s.message).length);
        // The statement is about the sample's message under its hash (the dApp's own check).
        expect(r.statement!.hash).toBe(pkg.backendHash(keys.backends[s.id]));
        expect(pkg.statementMatches(s.text, new TextEncoder().encode(s.message))).toBe(true);
        expect(pkg.statementMatches(s.text, new TextEncoder().encode(`${s.message}!`))).toBe(false);
        // Median of 5 warm calls, for the closing note (not asserted: speed is for benchmarks).
        const ms: number[] = [];
        for (let i = 0; i < 5; i++) ms.push((await pkg.verify(s.text)).ms);
        console.log(
          `[zkplay-verifier] Node: ${s.id} ${s.file}: verify median ${ms.sort((a, b) => a - b)[2].toFixed(1)} ms (warm, 5 runs)`,
        );
      });

      it('rejects a tampered proof, a wrong digest and a wrong length', async () => {
        const f = file();
        const proof = Buffer.from(f.proof, 'base64');
        for (const at of [0, proof.length >> 2, proof.length >> 1, proof.length - 1]) {
          const p = Buffer.from(proof);
          p[at] ^= 1;
          const r = await pkg.verify({ ...f, proof: p.toString('base64') });
          expect(r.ok, `bit flipped at ${at}`).toBe(false);
          expect(['rejected', 'corrupt-proof'], `${at}: ${r.reason}`).toContain(r.code);
        }
        const d = Buffer.from(f.statement.digest, 'hex');
        d[0] ^= 1;
        await check({ ...f, statement: { ...f.statement, digest: d.toString('hex') } }, 'rejected');
        const other = f.statement.length === 0 ? 1 : f.statement.length - 1;
        await check({ ...f, statement: { ...f.statement, length: other } }, 'rejected');
      });

      it('refuses bad files, each with its own reason', async () => {
        const f = file();
        const entry = keys.backends[s.id].entries.find((e) => e.keyHash === f.keyHash)!;
        await check(s.text.slice(0, 100), 'malformed');
        await check('{"format":"zkplay-proof","version":1}', 'unsupported-version');
        await check({ ...f, version: 9 }, 'unsupported-version');
        await check({ ...f, backend: 'nope' }, 'unknown-backend');
        const r = await check({ ...f, keyHash: '0'.repeat(64) }, 'unknown-key');
        expect(r.reason).toMatch(/keys this deployment does not have/);
        await check({ ...f, proofSystem: 'other' }, 'mismatch');
        // The file's hash must be the one the backend's key declares, before any cryptography.
        const declared = pkg.backendHash(keys.backends[s.id]);
        expect(f.hash ?? pkg.DEFAULT_HASH).toBe(declared);
        for (const hash of pkg.HASH_IDS.filter((h) => h !== declared)) {
          const relabelled = await check({ ...f, hash }, 'mismatch');
          expect(relabelled.reason).toContain(`but ${s.id} proves ${pkg.hashLabel(declared)} statements`);
        }
        await check({ ...f, hash: 'sha-256' }, 'invalid-file');
        await check({ ...f, config: { ...f.config, extra: 1 } }, 'mismatch');
        await check({ ...f, statement: { ...f.statement, length: entry.capacityBytes + 1 } }, 'invalid-input');
        await check({ ...f, statement: { ...f.statement, length: 2 ** 32 + f.statement.length } }, 'invalid-input');
        await check({ ...f, statement: { ...f.statement, length: 1.5 } }, 'invalid-input');
        await check({ ...f, statement: { ...f.statement, digest: f.statement.digest.slice(2) } }, 'invalid-file');
        const bytes = Buffer.from(f.proof, 'base64');
        await check({ ...f, proof: bytes.subarray(0, bytes.length - 1).toString('base64') }, 'corrupt-proof');
        await check({ ...f, proof: Buffer.concat([bytes, Buffer.alloc(3)]).toString('base64') }, 'corrupt-proof');
        await check({ ...f, proof: 'A' }, 'corrupt-proof');
        await check({ ...f, proof: '!!' }, 'invalid-file');
        await check(' '.repeat(9 * 2 ** 20), 'too-large');
      });
    });
  }

  // halo2 ships proofs of two circuits (config.circuit): one circuit's proof offered under the
  // other's key, with the file's key hash and configuration both rewritten to match that key, is
  // refused by the verifier wasm with a code naming the circuit, not "not verified".
  it('refuses a halo2 proof of one circuit under the other circuit’s key (corrupt-proof)', async () => {
    const halo2 = samples.filter((s) => s.id === 'halo2').map((s) => JSON.parse(s.text));
    const narrow = halo2.find((f) => f.config.circuit === 'narrow');
    const zkevm = halo2.find((f) => f.config.circuit === 'zkevm');
    expect(narrow && zkevm, 'halo2 samples of both circuits').toBeTruthy();
    for (const [proofOf, keyOf, name] of [
      [narrow, zkevm, 'zkEVM'],
      [zkevm, narrow, 'narrow'],
    ]) {
      const r = await pkg.verify({ ...proofOf, keyHash: keyOf.keyHash, config: keyOf.config });
      expect(r, r.reason).toMatchObject({ ok: false, code: 'corrupt-proof' });
      expect(r.reason).toContain(`a proof of the ${name} circuit`);
    }
    // Only the key hash rewritten: the configuration the file claims is not the key's.
    const r = await pkg.verify({ ...narrow, keyHash: zkevm.keyHash });
    expect(r).toMatchObject({ ok: false, code: 'mismatch' });
  });

  it('refuses a key file that does not match its hash (corrupt-artifact), never verifying', async () => {
    const s = samples[0];
    const manifest = structuredClone(keys);
    const entry = manifest.backends[s.id].entries.find((e) => e.keyHash === JSON.parse(s.text).keyHash)!;
    entry.vk.sha256 = 'f'.repeat(64);
    const r = await pkg.verify(s.text, { keys: { manifest, base: pathToFileURL(join(artifacts, 'keys.json')) } });
    expect(r).toMatchObject({ ok: false, code: 'corrupt-artifact' });
  });
});
