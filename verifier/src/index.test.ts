// verify() and toCalldata() find a backend's verifier through the registry (each
// backends/<id>/verifier.ts), checked without built keys: keys.json is given as an object and its
// one key file is a few bytes no verifier can read. A backend with a TypeScript verifier answers
// for itself (never ok, never 'unknown-backend'); one whose verifier is the verifier-only wasm is
// refused as 'unknown-backend' while keys.json lists no wasm for it. Real proofs and keys:
// test/package.test.ts (the built package) and each backend's own tests.
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { verifiers } from '@zkplay/backends/verifiers';
import { encodeProofFile, toHex } from './proof-file';
import { statementMatches, statementOf, toCalldata, verify, type HashId, type KeyManifest } from './index';

const vk = new TextEncoder().encode('not a verifying key of any backend');
const base = 'https://keys.example/keys.json';
const fetched: string[] = [];
const fetch = async (url: string) =>
  fetched.push(url) && url === new URL('vk.bin', base).href
    ? { ok: true, status: 200, arrayBuffer: async () => vk.slice().buffer }
    : { ok: false, status: 404, arrayBuffer: async () => new ArrayBuffer(0) };

/** A proof file of backend id and a keys.json whose one key is the file's (hashes: absent unless given). */
function fileAndKeys(id: string, proofSystem: string, field: string, hashes: { file?: HashId; keys?: HashId } = {}) {
  const keyHash = 'ab'.repeat(32);
  const manifest: KeyManifest = {
    format: 'zkplay-keys',
    version: 1,
    build: 'test',
    backends: {
      [id]: {
        proofSystem,
        field,
        ...(hashes.keys && { hash: hashes.keys }),
        setup: { kind: 'transparent', note: 'test' },
        versions: {},
        entries: [
          {
            config: {},
            keyHash,
            vk: { file: 'vk.bin', bytes: vk.length, sha256: toHex(sha256(vk)) },
            capacityBytes: 100,
          },
        ],
      },
    },
  };
  const file = encodeProofFile({
    backend: id,
    proofSystem,
    field,
    config: {},
    keyHash,
    hash: hashes.file ?? 'keccak-256',
    digest: new Uint8Array(32).fill(7),
    length: 3,
    proof: new Uint8Array(64).fill(1),
    producer: { name: 'zkplay', version: '0.1.0', runtime: 'wasm' },
  });
  return { file, options: { keys: { manifest, base }, fetch } };
}

const ids = Object.keys(verifiers);

describe('the verifier registry as verify() sees it', () => {
  it('has backends', () => expect(ids.length).toBeGreaterThan(0));

  for (const id of ids) {
    const spec = verifiers[id];
    it(`${id}: its ${spec.kind} verifier answers for its proofs`, async () => {
      const [system, field] =
        spec.kind === 'typescript' && spec.evm ? [spec.evm.proofSystem, spec.evm.field] : ['x', 'y'];
      const { file, options } = fileAndKeys(id, system, field);
      const r = await verify(file, options);
      expect(r.ok).toBe(false);
      if (spec.kind === 'typescript') {
        expect(['corrupt-artifact', 'corrupt-proof', 'invalid-input', 'rejected'], r.reason).toContain(r.code);
      } else {
        expect(r.code, r.reason).toBe('unknown-backend');
        expect(r.reason).toMatch(`no verifier for ${id} proofs`);
      }
    });

    it(`${id}: toCalldata gives a call only for the proof system and field of its EVM verifier`, async () => {
      const evm = spec.evm;
      expect(await toCalldata(fileAndKeys(id, 'other', 'other').file)).toBeUndefined();
      if (!evm) return;
      // 64 bytes of 0x01 decode as no proof: refused, not a call.
      await expect(toCalldata(fileAndKeys(id, evm.proofSystem, evm.field).file)).rejects.toMatchObject({
        name: 'Refusal',
        code: 'corrupt-proof',
      });
    });
  }

  it('refuses a backend it has no verifier for, and one named like an Object property', async () => {
    for (const id of ['no-such-backend', 'constructor']) {
      const { file, options } = fileAndKeys(id, 'x', 'y');
      expect(await verify(file, options)).toMatchObject({ ok: false, code: 'unknown-backend' });
      expect(await toCalldata(file)).toBeUndefined();
    }
  });
});

describe('the hash of the statement', () => {
  const mismatched = [
    // A BLAKE2s backend's proof relabelled Keccak-256, a Keccak backend's file claiming BLAKE2s-256
    // (keys.json written before there was a choice: no hash means keccak-256), and the same with
    // keys.json naming keccak-256.
    { id: 'bellman', file: 'keccak-256', keys: 'blake2s-256', says: 'BLAKE2s-256' },
    { id: 'gnark', file: 'blake2s-256', keys: undefined, says: 'Keccak-256' },
    { id: 'gnark', file: 'blake2s-256', keys: 'keccak-256', says: 'Keccak-256' },
  ] as const;

  for (const m of mismatched) {
    it(`refuses a ${m.file} file of a backend whose keys say ${m.keys ?? 'nothing'}, before any cryptography`, async () => {
      const { file, options } = fileAndKeys(m.id, 'groth16', 'bn254', { file: m.file, keys: m.keys });
      fetched.length = 0;
      const r = await verify(file, options);
      expect(r).toMatchObject({ ok: false, code: 'mismatch', statement: { hash: m.file } });
      expect(r.reason).toContain(`${m.id} proves ${m.says} statements`);
      expect(fetched, 'no key or verifier was loaded').toEqual([]);
    });
  }

  it('reaches the verifier when the hashes agree, and tells it the hash', async () => {
    const { file, options } = fileAndKeys('gnark', 'groth16', 'bn254', { file: 'keccak-256', keys: 'keccak-256' });
    const r = await verify(file, options);
    expect(r.code).not.toBe('mismatch');
    expect(r.statement?.hash).toBe('keccak-256');
  });

  it("lets a dApp read a file's hash and compare its digest with a message", () => {
    const message = new TextEncoder().encode('abc');
    const blake = '508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982';
    const file = {
      ...JSON.parse(fileAndKeys('bellman', 'groth16', 'bls12-381', { file: 'blake2s-256' }).file),
      statement: { digest: blake, length: 3 },
    };
    expect(statementOf(file)).toEqual({
      backend: 'bellman',
      hash: 'blake2s-256',
      hashLabel: 'BLAKE2s-256',
      digest: blake,
      length: 3,
    });
    expect(statementMatches(file, message)).toBe(true);
    expect(statementMatches({ ...file, hash: 'keccak-256' }, message)).toBe(false);
    expect(statementMatches(file, new TextEncoder().encode('abd'))).toBe(false);
    const { hash: _, ...before } = file;
    expect(statementOf(before).hash).toBe('keccak-256');
  });
});
