import { describe, expect, it } from 'vitest';
import keccakVectors from '../../test-vectors/keccak256.json';
import artifactIndexSchema from '@zkplay/schema/artifact-index.schema.json';
import keysSchema from '@zkplay/schema/keys.schema.json';
import proofFileSchema from '@zkplay/schema/proof-file.schema.json';
import runResultSchema from '@zkplay/schema/run-result.schema.json';
import { blocksText, DEFAULT_HASH, digestWith, HASH_IDS, HASHES, hashDef, isHashId } from './hashes';
import { KECCAK_RATE, keccakBlocks, maxBytesForBlocks } from './manifest';
import { checkStatement } from './statement';
import { DEFAULT_HASH as SCRIPT_DEFAULT, HASHES as SCRIPT_HASHES } from '@zkplay/build-kit/hashes';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('keccak-256', () => {
  const k = HASHES['keccak-256'];

  it('counts 136-byte blocks as before: floor(L/136)+1, and n blocks hold n*136-1 bytes', () => {
    expect([0, 1, 135, 136, 271, 272, 1087, 1088].map(k.blocks)).toEqual([1, 1, 1, 2, 2, 3, 8, 9]);
    expect([1, 2, 8].map(k.bytesForBlocks)).toEqual([135, 271, 1087]);
    for (let n = 1; n <= 16; n++) {
      expect(k.blocks(k.bytesForBlocks(n))).toBe(n);
      expect(k.blocks(k.bytesForBlocks(n) + 1)).toBe(n + 1);
    }
  });

  it('keeps the old helpers byte for byte (they are this definition)', () => {
    expect(KECCAK_RATE).toBe(136);
    for (let L = 0; L < 2000; L += 7) expect(keccakBlocks(L)).toBe(Math.floor(L / 136) + 1);
    for (let n = 1; n < 40; n++) expect(maxBytesForBlocks(n)).toBe(n * 136 - 1);
  });

  it.each(keccakVectors.vectors.map((v) => [v.name, v] as const))('shared vector %s: digest and blocks', (_, v) => {
    expect(hex(k.digest(bytes(v.message_hex)))).toBe(v.digest_hex);
    expect(k.blocks(v.length)).toBe(v.blocks);
  });
});

describe('blake2s-256', () => {
  const b = HASHES['blake2s-256'];

  it('digests as RFC 7693 (no key, 32-byte output)', () => {
    expect(hex(b.digest(new Uint8Array()))).toBe('69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9');
    expect(hex(b.digest(utf8('abc')))).toBe('508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982');
    expect(b.digest(utf8('x'.repeat(1000))).length).toBe(32);
  });

  it('counts 64-byte blocks: max(1, ceil(L/64)), and n blocks hold n*64 bytes', () => {
    expect([0, 1, 63, 64, 65, 128, 129, 192].map(b.blocks)).toEqual([1, 1, 1, 1, 2, 2, 3, 3]);
    expect([1, 2, 3, 768].map(b.bytesForBlocks)).toEqual([64, 128, 192, 49152]);
    expect(b.bytesForBlocks(0)).toBe(-1);
    for (let n = 1; n <= 16; n++) {
      expect(b.blocks(b.bytesForBlocks(n))).toBe(n);
      expect(b.blocks(b.bytesForBlocks(n) + 1)).toBe(n + 1);
    }
  });
});

describe('the hash ids', () => {
  it('are the ones every schema lists, in the same order', () => {
    expect(HASH_IDS).toEqual(['keccak-256', 'blake2s-256']);
    expect(proofFileSchema.properties.hash.enum).toEqual(HASH_IDS);
    expect(keysSchema.$defs.backend.properties.hash.enum).toEqual(HASH_IDS);
    expect(runResultSchema.properties.hash.enum).toEqual(HASH_IDS);
    expect(artifactIndexSchema.properties.keys.properties.hash.enum).toEqual(HASH_IDS);
  });

  it('absent means keccak-256; an unknown id is refused', () => {
    expect(DEFAULT_HASH).toBe('keccak-256');
    expect(hashDef(undefined).id).toBe('keccak-256');
    expect(hex(digestWith(undefined, utf8('abc')))).toBe(hex(HASHES['keccak-256'].digest(utf8('abc'))));
    expect(hex(digestWith('blake2s-256', utf8('abc')))).toMatch(/^508c5e8c/);
    expect(isHashId('sha256')).toBe(false);
    expect(isHashId('toString')).toBe(false);
    expect(() => hashDef('sha256')).toThrow(/unknown hash "sha256"/);
  });

  it("agree with the scripts' plain-Node copy (scripts/lib/hashes.mjs)", () => {
    expect(Object.keys(SCRIPT_HASHES)).toEqual(HASH_IDS);
    expect(SCRIPT_DEFAULT).toBe(DEFAULT_HASH);
    for (const id of HASH_IDS) {
      const [ours, theirs] = [hashDef(id), SCRIPT_HASHES[id]];
      for (const m of [new Uint8Array(), utf8('abc'), new Uint8Array(200).fill(9)])
        expect(hex(theirs.digest(m)), id).toBe(hex(ours.digest(m)));
      for (let L = 0; L < 1000; L += 13) expect(theirs.blocks(L), `${id} ${L}`).toBe(ours.blocks(L));
      for (let n = 0; n < 20; n++) expect(theirs.bytesForBlocks(n), `${id} ${n}`).toBe(ours.bytesForBlocks(n));
    }
  });

  it('name their blocks and their digest in words', () => {
    expect(blocksText('keccak-256', 1)).toBe('1 Keccak block');
    expect(blocksText('blake2s-256', 3)).toBe('3 BLAKE2s blocks');
    expect(() => checkStatement(new Uint8Array(31), 0, undefined, 'blake2s-256')).toThrow(
      /a BLAKE2s-256 digest is 32 bytes, got 31 bytes/,
    );
    expect(() => checkStatement(new Uint8Array(31), 0)).toThrow(/a Keccak-256 digest is 32 bytes/);
  });
});
