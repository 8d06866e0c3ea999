import { describe, expect, it } from 'vitest';
import vectors from '../../../test-vectors/keccak256.json';
import { pageStatement, parseHex, parseMessage, toHex } from './message';

describe('shared Keccak-256 test vectors', () => {
  it.each(vectors.vectors.map((v) => [v.name, v] as const))('%s: the page computes the recorded digest', (_, v) => {
    const parsed = parseHex(v.message_hex);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.bytes.length).toBe(v.length);
    expect(parsed.blocks).toBe(v.blocks);
    expect(toHex(pageStatement('keccak-256', parsed.bytes).digest)).toBe(v.digest_hex);
  });

  it('includes the well-known digest of the empty message', () => {
    // Keccak-256("") as published with the Keccak submission and used across Ethereum.
    const empty = vectors.vectors.find((v) => v.length === 0)!;
    expect(empty.digest_hex).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});

describe('parseMessage', () => {
  it('encodes text as UTF-8', () => {
    const p = parseMessage('héllo 🌍', 'text');
    expect(p.ok && toHex(p.bytes)).toBe('68c3a96c6c6f20f09f8c8d');
  });

  it('counts Keccak blocks at the 136-byte rate boundaries', () => {
    const blocks = (n: number) => {
      const p = parseMessage('a'.repeat(n), 'text');
      return p.ok ? p.blocks : -1;
    };
    expect([0, 135, 136, 271, 272].map(blocks)).toEqual([1, 1, 2, 2, 3]);
  });

  it("counts the chosen backend's hash's blocks: BLAKE2s at 64 bytes", () => {
    const blocks = (n: number) => {
      const p = parseMessage('a'.repeat(n), 'text', 'blake2s-256');
      return p.ok ? p.blocks : -1;
    };
    expect([0, 64, 65, 128, 129].map(blocks)).toEqual([1, 1, 2, 2, 3]);
    const hex = parseHex('00'.repeat(65), 'blake2s-256');
    expect(hex.ok && hex.blocks).toBe(2);
  });

  it('states the digest under the hash the backend declares', () => {
    const abc = new TextEncoder().encode('abc');
    expect(toHex(pageStatement('blake2s-256', abc).digest)).toBe(
      '508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982',
    );
    expect(pageStatement('blake2s-256', abc)).toMatchObject({ label: 'BLAKE2s-256', blocks: 1 });
    expect(toHex(pageStatement('keccak-256', abc).digest)).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  it('refuses text that has no UTF-8 encoding', () => {
    const p = parseMessage('bad \uD800 surrogate', 'text');
    expect(p.ok).toBe(false);
    expect(!p.ok && p.error).toMatch(/unpaired surrogate/);
  });

  it('accepts hex with 0x and whitespace, and flags non-UTF-8 bytes', () => {
    const p = parseMessage('0xff fe 00', 'hex');
    expect(p.ok && toHex(p.bytes)).toBe('fffe00');
    expect(p.ok && p.note).toMatch(/not valid UTF-8/);
  });

  it('refuses invalid hex with the reason', () => {
    const odd = parseMessage('abc', 'hex');
    expect(!odd.ok && odd.error).toMatch(/^Invalid hex: 3 digits is an odd count/);
    const bad = parseMessage('12zz', 'hex');
    expect(!bad.ok && bad.error).toMatch(/^Invalid hex: "z" at position 3/);
  });

  it('treats an empty message as valid (Keccak-256 of nothing is defined)', () => {
    const p = parseMessage('', 'hex');
    expect(p.ok && p.bytes.length).toBe(0);
  });
});
