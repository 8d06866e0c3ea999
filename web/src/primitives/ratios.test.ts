import { describe, expect, it } from 'vitest';
import { stat } from '@zkplay/core/run-result';
import { cases, goCases, rustCases, SCALES } from './cases';
import {
  buildRows,
  findNative,
  MIN_STEPS,
  nativeThreadCounts,
  ratio,
  ratioSeries,
  THESIS,
  thesisRatio,
  timerStepMs,
} from './ratios';
import type { PrimitiveResult } from './result';

const rec = (
  p: Partial<PrimitiveResult> & Pick<PrimitiveResult, 'library' | 'op' | 'curve' | 'logN'>,
  median: number,
  threads = 1,
  runtime: 'wasm' | 'native' = 'wasm',
): PrimitiveResult => ({
  threads,
  ms: stat([median * 0.9, median, median * 1.1]),
  warmup: 1,
  checked: true,
  runtime,
  ...p,
});

describe('cases', () => {
  it('follow gnark/primitives.DefaultCases and zkplay_primitives::default_cases', () => {
    const go = goCases(SCALES.quick);
    // per curve: FFT 2^4..2^10 (7), G1 FFT 2^4..2^5 (2), MSM 2^10, 2^12 (2), pairing, multiplications
    expect(go).toHaveLength(2 * 13);
    expect(go[0]).toEqual({ op: 'fft-fr', curve: 'bn254', logN: 4 });
    expect(go[12]).toEqual({ op: 'fr-mul', curve: 'bn254', logN: 20 });
    const rust = rustCases(SCALES.quick);
    expect(rust.slice(0, 26)).toEqual(go);
    expect(rust.slice(26)).toEqual([
      ...[4, 5, 6, 7, 8, 9, 10].map((n) => ({ op: 'fft-fr', curve: 'goldilocks', logN: n })),
      { op: 'fr-mul', curve: 'goldilocks', logN: 20 },
    ]);
    expect(
      rustCases(SCALES.thesis)
        .filter((c) => c.op === 'msm-g1' && c.curve === 'bn254')
        .map((c) => c.logN),
    ).toEqual([10, 12, 14, 16]);
  });

  it('interleave Go and Rust per case, each language in its own order; Goldilocks in Rust only', () => {
    const all = cases(SCALES.quick);
    expect(all).toHaveLength(26 + 34);
    expect(all.slice(0, 2)).toEqual([
      { op: 'fft-fr', curve: 'bn254', logN: 4, library: 'gnark-crypto' },
      { op: 'fft-fr', curve: 'bn254', logN: 4, library: 'halo2curves' },
    ]);
    expect(all.filter((c) => c.library === 'gnark-crypto').map(({ library: _, ...c }) => c)).toEqual(
      goCases(SCALES.quick),
    );
    expect(all.filter((c) => c.library !== 'gnark-crypto').map(({ library: _, ...c }) => c)).toEqual(
      rustCases(SCALES.quick),
    );
    expect(all.filter((c) => c.curve === 'goldilocks').every((c) => c.library === 'plonky2_field')).toBe(true);
    expect(cases(SCALES.quick, { go: true, rust: false })).toHaveLength(26);
    expect(cases(SCALES.quick, { go: false, rust: true })).toHaveLength(34);
  });
});

describe('ratios', () => {
  it('divide medians, refusing what is missing or not positive', () => {
    expect(ratio(6, 3)).toBe(2);
    expect(ratio(undefined, 3)).toBeUndefined();
    expect(ratio(3, undefined)).toBeUndefined();
    expect(ratio(3, 0)).toBeUndefined();
  });

  it("the thesis's Go/Rust is the inverse of its relative-diff column, on BLS12-381 only", () => {
    // Table 3, scale 4: Go 12176 ns, Rust 908 ns.
    expect(thesisRatio('fft-fr', 'bls12-381', 4)!.mcl).toBeCloseTo(12176 / 908, 6);
    // Table 4 prints table 3's Go column again; its absolute difference gives Go = 908 + 3083 ns.
    expect(thesisRatio('fft-fr', 'bls12-381', 4)!.kilic).toBeCloseTo((908 + 3083) / 908, 3);
    // Table 5, scale 15; table 6, scale 15.
    expect(thesisRatio('fft-g1', 'bls12-381', 15)!.mcl).toBeCloseTo(13513868449 / 7173600000, 6);
    expect(thesisRatio('fft-g1', 'bls12-381', 15)!.kilic).toBeCloseTo(21183031053 / 7173600000, 6);
    // Table 2, scale 8, where the printed Rust time lacks a digit (29108 ns).
    expect(thesisRatio('das_fft_extension', 'bls12-381', 8)!.kilic).toBeCloseTo(50896 / 29108, 5);
    expect(thesisRatio('fft-fr', 'bn254', 10)).toBeUndefined();
    expect(thesisRatio('fft-fr', 'bls12-381', 3)).toBeUndefined();
    expect(thesisRatio('fft-fr', 'bls12-381', 16)).toBeUndefined();
    expect(thesisRatio('msm-g1', 'bls12-381', 10)).toBeUndefined();
    // "Rust took 7% to 65% of Go's time" (the KZG10 thesis): the FFT tables span that.
    const all = Object.values(THESIS.rustOverGo).flatMap((t) => [...t.mcl, ...t.kilic]);
    expect(Math.min(...all)).toBeGreaterThan(0.06);
    expect(Math.max(...all)).toBeLessThan(0.66);
    for (const t of Object.values(THESIS.rustOverGo)) expect([t.mcl.length, t.kilic.length]).toEqual([12, 12]);
  });

  it('native records: exact thread count, else a serial primitive on fewer threads', () => {
    const native = [
      rec({ library: 'gnark-crypto', op: 'fft-fr', curve: 'bn254', logN: 4 }, 2, 1, 'native'),
      rec({ library: 'gnark-crypto', op: 'fft-fr', curve: 'bn254', logN: 4 }, 1.5, 2, 'native'),
      rec({ library: 'halo2curves', op: 'fft-g1', curve: 'bn254', logN: 4 }, 4, 1, 'native'),
    ];
    expect(findNative(native, 'go', { op: 'fft-fr', curve: 'bn254', logN: 4 }, 2)!.ms.median).toBe(1.5);
    expect(findNative(native, 'go', { op: 'fft-fr', curve: 'bn254', logN: 4 }, 1)!.ms.median).toBe(2);
    expect(findNative(native, 'rust', { op: 'fft-g1', curve: 'bn254', logN: 4 }, 2)!.threads).toBe(1);
    expect(findNative(native, 'rust', { op: 'fft-fr', curve: 'bn254', logN: 4 }, 2)).toBeUndefined();
    expect(nativeThreadCounts(native)).toEqual([1, 2]);
  });

  it('rows: Go/Rust in wasm and natively, wasm/native per language, the thesis where it applies', () => {
    const shapes = [
      { op: 'fft-fr', curve: 'bls12-381', logN: 4 },
      { op: 'fft-fr', curve: 'bls12-381', logN: 4 },
      { op: 'fft-fr', curve: 'goldilocks', logN: 4 },
    ] as const;
    const wasm = [
      rec({ library: 'gnark-crypto', op: 'fft-fr', curve: 'bls12-381', logN: 4 }, 10),
      rec({ library: 'halo2curves', op: 'fft-fr', curve: 'bls12-381', logN: 4 }, 5),
      rec({ library: 'plonky2_field', op: 'fft-fr', curve: 'goldilocks', logN: 4 }, 1),
    ];
    const native = [
      rec({ library: 'gnark-crypto', op: 'fft-fr', curve: 'bls12-381', logN: 4 }, 2, 1, 'native'),
      rec({ library: 'halo2curves', op: 'fft-fr', curve: 'bls12-381', logN: 4 }, 4, 1, 'native'),
    ];
    const rows = buildRows(shapes, wasm, native, 1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      key: 'fft-fr/bls12-381/4',
      goRustWasm: 2,
      goRustNative: 0.5,
      goWasmNative: 5,
      rustWasmNative: 1.25,
    });
    expect(rows[0].thesis!.mcl).toBeCloseTo(12176 / 908, 6);
    expect(rows[1]).toMatchObject({
      key: 'fft-fr/goldilocks/4',
      goRustWasm: undefined,
      goWasm: undefined,
      thesis: undefined,
    });
    expect(rows[1].rustWasm!.library).toBe('plonky2_field');
  });

  it('plot series: wasm and native from the rows, the thesis on BLS12-381 only', () => {
    const wasm = [4, 5].flatMap((n) => [
      rec({ library: 'gnark-crypto', op: 'fft-fr', curve: 'bls12-381', logN: n }, 3 * n),
      rec({ library: 'halo2curves', op: 'fft-fr', curve: 'bls12-381', logN: n }, n),
    ]);
    const rows = buildRows(rustCases(SCALES.quick), wasm, []);
    const s = ratioSeries(rows, 'fft-fr', 'bls12-381');
    expect(s.map((x) => x.id)).toEqual(['wasm', 'native', 'thesis-mcl', 'thesis-kilic']);
    expect(s[0].points).toEqual([
      { x: 4, y: 3 },
      { x: 5, y: 3 },
    ]);
    expect(s[1].points).toEqual([]);
    expect(s[2].points).toHaveLength(12);
    expect(ratioSeries(rows, 'fft-fr', 'bn254').map((x) => x.id)).toEqual(['wasm', 'native']);
  });

  it('wasm medians under MIN_STEPS timer steps are shown but neither compared nor plotted', () => {
    const shape = { op: 'fft-fr', curve: 'bn254', logN: 4 } as const;
    const wasm = [rec({ library: 'gnark-crypto', ...shape }, 0.05), rec({ library: 'halo2curves', ...shape }, 0)];
    const native = [
      rec({ library: 'gnark-crypto', ...shape }, 0.001, 1, 'native'),
      rec({ library: 'halo2curves', ...shape }, 0.01, 1, 'native'),
    ];
    const [fine] = buildRows([shape], wasm, native, 1, 0.05 / MIN_STEPS);
    expect(fine.coarse).toEqual({ go: false, rust: true });
    expect(fine.goRustWasm).toBeUndefined();
    expect(fine.goWasmNative).toBeCloseTo(50, 6);
    expect(fine.rustWasmNative).toBeUndefined();
    expect(fine.goRustNative).toBeCloseTo(0.1, 6);
    const [coarse] = buildRows([shape], wasm, native, 1, 0.1);
    expect(coarse.coarse).toEqual({ go: true, rust: true });
    expect(ratioSeries([coarse], 'fft-fr', 'bn254')[0].points).toEqual([]);
  });

  it('the timer step is the median non-zero difference of successive readings', () => {
    // A clock that moves by 0.1 ms every third reading.
    let reads = 0;
    expect(timerStepMs(() => Math.floor(reads++ / 3) * 0.1, 9)).toBeCloseTo(0.1, 9);
    // A clock that never moves has no step.
    expect(timerStepMs(() => 7, 3)).toBe(0);
  });
});
