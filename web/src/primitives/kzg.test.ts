import { describe, expect, it } from 'vitest';
import {
  bytesToBlob,
  FK20_NAIVE,
  MAX_DATA_BYTES,
  speedUp,
  THESIS_OP_LIST,
  THESIS_QUICK_MAX_LOG,
  thesisLogs,
  type ThesisOp,
} from './kzg';

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

describe('the thesis operations', () => {
  it('take the sizes the native side takes', () => {
    expect(thesisLogs('kzg10_commit')).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(thesisLogs('fk20_multi16')[0]).toBe(5);
    expect(thesisLogs('fft_g1').at(-1)).toBe(15);
    expect(thesisLogs('das_fft_extension', THESIS_QUICK_MAX_LOG)).toEqual([4, 5, 6]);
    expect(thesisLogs('naive_multi16', 4)).toEqual([]);
  });
  it('say how much faster FK20 is than its naive twin', () => {
    const m = (op: ThesisOp, medianMs: number) => ({ op, log: 8, runs: 1, medianMs, samplesMs: [medianMs] });
    expect(speedUp(m('fk20_single', 100), m('naive_single', 2500))).toBe('25×');
    expect(speedUp(m('fk20_single', 100), m('naive_single', 150))).toBe('1.5×');
    expect(speedUp(m('fk20_single', 100), undefined)).toBe('');
    expect(FK20_NAIVE.fk20_multi16).toBe('naive_multi16');
    expect(THESIS_OP_LIST).toHaveLength(11);
  });
});
