import { describe, expect, it } from 'vitest';
import {
  encodeProofFile,
  fromBase64,
  MAX_PROOF_FILE_BYTES,
  parseProofFile,
  tamper,
  type ProofFileFields,
} from './proof-file';
import { Refusal } from './refusal';

const digest = Uint8Array.from({ length: 32 }, (_, i) => i);
const proof = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) & 0xff);
const fields: ProofFileFields = {
  backend: 'gnark',
  proofSystem: 'groth16',
  field: 'bn254',
  config: {},
  keyHash: 'ab'.repeat(32),
  hash: 'keccak-256',
  digest,
  length: 11,
  proof,
  producer: { name: 'zkplay', version: '0.1.0', runtime: 'wasm' },
  createdAt: new Date('2026-11-23T12:00:00Z'),
};
const good = () => JSON.parse(encodeProofFile(fields));

/** The Refusal parseProofFile throws for input (fails the test if it does not throw one). */
function refusal(input: unknown): Refusal {
  try {
    parseProofFile(input);
  } catch (e) {
    expect(e).toBeInstanceOf(Refusal);
    return e as Refusal;
  }
  throw new Error('accepted');
}

describe('proof files (version 2)', () => {
  it('round-trip every field, from text, bytes or an object', () => {
    const text = encodeProofFile(fields);
    for (const input of [text, new TextEncoder().encode(text), JSON.parse(text)]) {
      const d = parseProofFile(input);
      expect(d).toMatchObject({
        backend: 'gnark',
        proofSystem: 'groth16',
        field: 'bn254',
        config: {},
        keyHash: fields.keyHash,
        hash: 'keccak-256',
        length: 11,
        createdAt: '2026-11-23T12:00:00.000Z',
      });
      expect(d.digest).toEqual(digest);
      expect(d.proof).toEqual(proof);
      expect(d.producer).toEqual({ name: 'zkplay', version: '0.1.0', runtime: 'wasm' });
    }
  });

  it('always write the hash; a file without one is Keccak-256 (made before there was a choice)', () => {
    expect(good().hash).toBe('keccak-256');
    const blake = JSON.parse(encodeProofFile({ ...fields, hash: 'blake2s-256' }));
    expect(blake.hash).toBe('blake2s-256');
    expect(parseProofFile(blake).hash).toBe('blake2s-256');
    const { hash: _, ...before } = good();
    expect(parseProofFile(before).hash).toBe('keccak-256');
    expect(refusal({ ...good(), hash: 'sha-256' })).toMatchObject({
      code: 'invalid-file',
      message: expect.stringContaining('"hash" must be'),
    });
  });

  it('refuse what is not a proof file, each with its own code', () => {
    const text = encodeProofFile(fields);
    expect(refusal(text.slice(0, text.length / 2))).toMatchObject({
      code: 'malformed',
      message: expect.stringMatching(/not JSON \(truncated or corrupted\?\)/),
    });
    expect(refusal('[1,2]').code).toBe('malformed');
    expect(refusal('null').code).toBe('malformed');
    expect(refusal('{"hello": 1}')).toMatchObject({
      code: 'malformed',
      message: expect.stringMatching(/no "format": "zkplay-proof"/),
    });
    expect(refusal(' '.repeat(MAX_PROOF_FILE_BYTES + 1)).code).toBe('too-large');
  });

  it('refuse version 1 files and unknown versions with their own messages', () => {
    expect(refusal({ ...good(), version: 1 })).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringMatching(/version 1 proof file: it does not say which keys/),
    });
    expect(refusal({ ...good(), version: 3 })).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringMatching(/version 3 is not one this verifier reads/),
    });
    expect(refusal({ ...good(), version: '2' }).code).toBe('unsupported-version');
  });

  it('name the field that is missing, extra or of the wrong type (schema/proof-file.schema.json)', () => {
    const { keyHash: _, ...noKey } = good();
    expect(refusal(noKey)).toMatchObject({
      code: 'invalid-file',
      message: 'the proof file does not follow its format: "keyHash" is missing',
    });
    expect(refusal({ ...good(), extra: 1 }).message).toContain('"extra" is not a field this format has');
    expect(refusal({ ...good(), config: { k: [10] } }).message).toContain(
      '"config.k" must be text or a number or true or false, not [10]',
    );
    expect(refusal({ ...good(), keyHash: 'AB'.repeat(32) }).message).toContain(
      '"keyHash" must be sha256 (lowercase hex)',
    );
    expect(refusal({ ...good(), statement: { digest: 'abcd', length: 1 } }).message).toContain(
      '"statement.digest" must be the digest of the message under the file\'s hash (Keccak-256 when absent), 32 bytes as 64 hex digits, not "abcd"',
    );
    expect(refusal({ ...good(), createdAt: 'yesterday' }).message).toContain('"createdAt" must be a date and time');
    expect(refusal({ ...good(), backend: '../x' }).code).toBe('invalid-file');
  });

  it('refuse base64 errors as a corrupt proof', () => {
    expect(refusal({ ...good(), proof: '%%%' }).code).toBe('invalid-file');
    expect(refusal({ ...good(), proof: 'a' })).toMatchObject({
      code: 'corrupt-proof',
      message: expect.stringMatching(/not valid base64/),
    });
    expect(refusal({ ...good(), proof: 'abcde' }).code).toBe('corrupt-proof');
    expect(() => fromBase64('abc')).toThrow(Refusal);
  });

  it('refuse a length that is not a whole number of bytes, in the words every verifier uses', () => {
    const withLength = (length: unknown) => ({ ...good(), statement: { ...good().statement, length } });
    for (const length of [4294967301.5, 5.5, -1, '11', null, 1e21, 2 ** 53]) {
      expect(refusal(withLength(length)), String(length)).toMatchObject({
        code: 'invalid-input',
        message: expect.stringMatching(/^the statement is refused: invalid input: /),
      });
    }
    expect(parseProofFile(withLength(4294967301)).length).toBe(4294967301); // a whole number: the key's capacity decides (index.ts)
  });

  it('tamper flips exactly one bit and leaves the original alone', () => {
    const t = tamper(proof);
    let diff = 0;
    for (let i = 0; i < proof.length; i++) diff += popcount(proof[i] ^ t[i]);
    expect(diff).toBe(1);
    expect(proof[proof.length >> 1]).toBe(((proof.length >> 1) * 7) & 0xff);
  });
});

function popcount(x: number): number {
  let n = 0;
  for (; x; x >>= 1) n += x & 1;
  return n;
}
