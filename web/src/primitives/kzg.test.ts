import { describe, expect, it } from 'vitest';
import { bytesToBlob, MAX_DATA_BYTES } from './kzg';

describe('bytesToBlob', () => {
  it('puts 31 bytes behind a zero byte in each field element, the rest zero', () => {
    const data = Uint8Array.from({ length: 40 }, (_, i) => i + 1);
    const hex = bytesToBlob(data);
    expect(hex.length).toBe(2 + 2 * 131_072);
    const el = (i: number) => hex.slice(2 + 64 * i, 2 + 64 * (i + 1));
    expect(el(0)).toBe('00' + Array.from(data.subarray(0, 31), (b) => b.toString(16).padStart(2, '0')).join(''));
    expect(el(1)).toBe('00' + '2021222324252627' + '28' + '00'.repeat(22));
    expect(el(2)).toBe('00'.repeat(32));
  });
  it('takes exactly 126,976 bytes and refuses one more', () => {
    const full = bytesToBlob(new Uint8Array(MAX_DATA_BYTES).fill(0xff));
    expect(full.slice(2 + 64 * 4095, 2 + 64 * 4095 + 4)).toBe('00ff');
    expect(() => bytesToBlob(new Uint8Array(MAX_DATA_BYTES + 1))).toThrow(/126,976/);
  });
});
