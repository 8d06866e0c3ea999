import { describe, expect, it } from 'vitest';
import { decodeProofFile, encodeProofFile, tamper } from './proof-file';

const digest = Uint8Array.from({ length: 32 }, (_, i) => i);
const proof = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) & 0xff);

describe('proof files', () => {
  it('round-trip the statement and the proof bytes', () => {
    const text = encodeProofFile('gnark', { circuit: 'x' }, digest, 11, proof);
    const d = decodeProofFile(text);
    expect(d.backend).toBe('gnark');
    expect(d.config).toEqual({ circuit: 'x' });
    expect(d.length).toBe(11);
    expect(d.digest).toEqual(digest);
    expect(d.proof).toEqual(proof);
  });

  it('refuse a truncated file with a clear reason', () => {
    const text = encodeProofFile('gnark', {}, digest, 11, proof);
    expect(() => decodeProofFile(text.slice(0, text.length / 2))).toThrow(/not JSON \(truncated or corrupted\?\)/);
  });

  it('refuse corrupted base64, a bad digest and a foreign file', () => {
    const good = JSON.parse(encodeProofFile('gnark', {}, digest, 11, proof));
    expect(() => decodeProofFile(JSON.stringify({ ...good, proof: '%%%' }))).toThrow(/"proof" must be the proof bytes in base64, not "%%%"/);
    expect(() => decodeProofFile(JSON.stringify({ ...good, proof: 'a' }))).toThrow(/not valid base64/);
    expect(() => decodeProofFile(JSON.stringify({ ...good, statement: { digest: 'abcd', length: 1 } }))).toThrow(
      /"statement.digest" must be a 32-byte digest written as 64 hex digits, not "abcd"/,
    );
    expect(() => decodeProofFile('{"hello": 1}')).toThrow(/not a zkplay proof file/);
  });

  it('name the field that is missing, extra or of the wrong type (schema/proof-file.schema.json)', () => {
    const good = JSON.parse(encodeProofFile('gnark', { k: 10 }, digest, 11, proof));
    const { backend: _, ...noBackend } = good;
    expect(() => decodeProofFile(JSON.stringify(noBackend))).toThrow('This proof file is refused: "backend" is missing');
    expect(() => decodeProofFile(JSON.stringify({ ...good, extra: 1 }))).toThrow('"extra" is not a field this format has');
    expect(() => decodeProofFile(JSON.stringify({ ...good, config: { k: [10] } }))).toThrow('"config.k" must be text or a number or true or false, not [10]');
    expect(() => decodeProofFile(JSON.stringify({ ...good, statement: { digest: good.statement.digest } }))).toThrow('"statement.length" is missing');
    expect(() => decodeProofFile(JSON.stringify({ ...good, version: 2 }))).toThrow(/version 2; this page reads version 1/);
  });

  it('refuse a length that is not a whole number of bytes within capacity', () => {
    const good = JSON.parse(encodeProofFile('gnark', {}, digest, 11, proof));
    const withLength = (length: unknown) => JSON.stringify({ ...good, statement: { ...good.statement, length } });
    for (const length of [4294967301, 8589934597, 5.5, -1, '11', null, 1e21]) {
      expect(() => decodeProofFile(withLength(length), () => 135), String(length)).toThrow(/statement is refused: invalid input: /);
    }
    expect(() => decodeProofFile(withLength(136), () => 135)).toThrow(/length 136 is outside 0\.\.135/);
    expect(decodeProofFile(withLength(135), () => 135).length).toBe(135);
    expect(decodeProofFile(withLength(5000), () => undefined).length).toBe(5000); // capacity unknown: the worker checks
  });

  it('tamper flips exactly one bit and leaves the original alone', () => {
    const t = tamper(proof);
    let diff = 0;
    for (let i = 0; i < proof.length; i++) diff += popcount(proof[i] ^ t[i]);
    expect(diff).toBe(1);
    expect(proof[proof.length >> 1]).toBe(((proof.length >> 1) * 7) & 0xff);
  });
});

function popcount(x: number) {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
