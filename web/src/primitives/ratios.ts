// The Primitives view's arithmetic, kept out of the component so it can be tested: rows of Go
// and Rust timings (wasm on this device, native from the reference), their Go/Rust and
// wasm/native ratios, the KZG10 thesis's published Go/Rust ratios, and the points of the plot.
import { rowKey, type PrimitiveCase } from './cases';
import { LANGUAGE, rustLibrary, type Curve, type Op, type PrimitiveResult } from './result';
import rustOverGo from './thesis-rust-over-go.json';

/** a / b, or undefined when either is missing or b is not positive. */
export function ratio(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined || !(b > 0) || !Number.isFinite(a) ? undefined : a / b;
}

// ---- the thesis ------------------------------------------------------------------------------

/**
 * The KZG10 thesis's FFT timings on BLS12-381 (seed document: V. Rakutis, "KZG10 Polynomial
 * Commitments in Blockchain Technologies", bachelor work, Vilnius University, 2021, section 7,
 * tables 1–6). Kept as its "relative diff" column, Rust's time over Go's, at scales 2^4…2^15;
 * Go/Rust is its inverse. That column is the consistent one: table 4 prints table 3's Go
 * column again, and table 2's Rust time at scale 8 lacks a digit, but in both the relative and
 * absolute differences agree with each other.
 */
export const THESIS = {
  source:
    'V. Rakutis, “KZG10 Polynomial Commitments in Blockchain Technologies”, bachelor work, Vilnius University, 2021, tables 1–6',
  machine:
    'not stated: the Go times are Protolambda’s published go-kzg benchmarks (the author found them within a few percent on several machines), the Rust times the author’s own runs',
  libraries: {
    mcl: 'Go: protolambda/go-kzg on Herumi MCL (C, called through cgo) · Rust: the author’s KZG10 library on Herumi MCL (C API)',
    kilic: 'Go: protolambda/go-kzg on Kilic BLS (pure Go) · Rust: the author’s KZG10 library on Herumi MCL',
  },
  curve: 'bls12-381' as Curve,
  firstScale: 4,
  /**
   * Rust time / Go time at scales 4…15, by function and by the Go side's curve library: the
   * thesis's numbers, transcribed as data (thesis-rust-over-go.json).
   */
  rustOverGo,
} as const;

export interface ThesisRatio {
  /** Go/Rust with Go on Herumi MCL (tables 3 and 5). */
  mcl: number;
  /** Go/Rust with Go on Kilic BLS (tables 4 and 6). */
  kilic: number;
}

/** The thesis's Go/Rust time ratio for the same function, curve and scale, if it published one. */
export function thesisRatio(op: Op | 'das_fft_extension', curve: Curve, logN: number): ThesisRatio | undefined {
  if (curve !== THESIS.curve || !(op in THESIS.rustOverGo)) return undefined;
  const t = THESIS.rustOverGo[op as keyof typeof THESIS.rustOverGo];
  const i = logN - THESIS.firstScale;
  if (i < 0 || i >= t.mcl.length) return undefined;
  return { mcl: 1 / t.mcl[i], kilic: 1 / t.kilic[i] };
}

// ---- rows --------------------------------------------------------------------------------------

export type Side = 'go' | 'rust';
const sideOf = (r: Pick<PrimitiveResult, 'library'>): Side => (LANGUAGE[r.library] === 'Go' ? 'go' : 'rust');

/**
 * The native record of a library for a case at a thread count: the one measured on exactly
 * that many threads, else (a serial primitive reports 1 thread whatever the pool) the one on
 * the most threads below it.
 */
export function findNative(
  native: readonly PrimitiveResult[],
  side: Side,
  c: Pick<PrimitiveCase, 'op' | 'curve' | 'logN'>,
  threads: number,
): PrimitiveResult | undefined {
  const same = native.filter(
    (r) => sideOf(r) === side && r.op === c.op && r.curve === c.curve && r.logN === c.logN && r.threads <= threads,
  );
  return same.sort((a, b) => b.threads - a.threads)[0];
}

/**
 * The timer's step in ms as this context sees it (browsers coarsen performance.now(): 5 µs to
 * 100 µs in Chromium, more elsewhere): the median of the non-zero differences between
 * successive readings. `now` is injectable for tests.
 */
export function timerStepMs(now: () => number = () => performance.now(), samples = 41): number {
  const steps: number[] = [];
  for (let i = 0; i < samples; i++) {
    const a = now();
    let b = now();
    for (let spin = 0; b === a && spin < 1e6; spin++) b = now();
    if (b > a) steps.push(b - a);
  }
  if (!steps.length) return 0;
  steps.sort((x, y) => x - y);
  return steps[Math.floor(steps.length / 2)];
}

/** Timer steps a median must span to be compared: below that, the step is a large share of it. */
export const MIN_STEPS = 20;

export interface Row {
  key: string;
  op: Op;
  curve: Curve;
  logN: number;
  goWasm?: PrimitiveResult;
  rustWasm?: PrimitiveResult;
  goNative?: PrimitiveResult;
  rustNative?: PrimitiveResult;
  /** Go's median over Rust's, in wasm on this device. */
  goRustWasm?: number;
  /** Go's median over Rust's, natively. */
  goRustNative?: number;
  /** wasm median over native median, per language. */
  goWasmNative?: number;
  rustWasmNative?: number;
  /** A wasm median shorter than MIN_STEPS timer steps: shown, but not compared or plotted. */
  coarse: { go: boolean; rust: boolean };
  thesis?: ThesisRatio;
}

/**
 * One row per (op, curve, size) of `shapes`, in their order, with what was measured in wasm
 * and the native reference's records at `nativeThreads` threads. A wasm median under
 * MIN_STEPS steps of the timer (`timerStep`, ms) is marked coarse and left out of the ratios.
 */
export function buildRows(
  shapes: readonly Pick<PrimitiveCase, 'op' | 'curve' | 'logN'>[],
  wasm: readonly PrimitiveResult[],
  native: readonly PrimitiveResult[],
  nativeThreads = 1,
  timerStep = 0,
): Row[] {
  const isCoarse = (r?: PrimitiveResult) => !!r && r.ms.median < Math.max(MIN_STEPS * timerStep, Number.MIN_VALUE);
  const fine = (r?: PrimitiveResult) => (r && !isCoarse(r) ? r.ms.median : undefined);
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const s of shapes) {
    const key = rowKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    const w = (side: Side) => wasm.find((r) => sideOf(r) === side && rowKey(r) === key);
    const goWasm = w('go');
    const rustWasm = w('rust');
    const goNative = findNative(native, 'go', s, nativeThreads);
    const rustNative = findNative(native, 'rust', s, nativeThreads);
    rows.push({
      key,
      op: s.op,
      curve: s.curve,
      logN: s.logN,
      goWasm,
      rustWasm,
      goNative,
      rustNative,
      goRustWasm: ratio(fine(goWasm), fine(rustWasm)),
      goRustNative: ratio(goNative?.ms.median, rustNative?.ms.median),
      goWasmNative: ratio(fine(goWasm), goNative?.ms.median),
      rustWasmNative: ratio(fine(rustWasm), rustNative?.ms.median),
      coarse: { go: isCoarse(goWasm), rust: isCoarse(rustWasm) },
      thesis: thesisRatio(s.op, s.curve, s.logN),
    });
  }
  return rows;
}

/** The thread counts the native records were measured at (Go's GOMAXPROCS values), ascending. */
export function nativeThreadCounts(native: readonly PrimitiveResult[]): number[] {
  return [...new Set(native.map((r) => r.threads))].sort((a, b) => a - b);
}

// ---- plot --------------------------------------------------------------------------------------

export interface PlotSeries {
  id: 'wasm' | 'native' | 'thesis-mcl' | 'thesis-kilic';
  label: string;
  points: { x: number; y: number }[];
}

/** Go/Rust per scale of one op on one curve: this device's wasm, the native reference, and the thesis (BLS12-381 only). */
export function ratioSeries(rows: readonly Row[], op: Op, curve: Curve): PlotSeries[] {
  const mine = rows.filter((r) => r.op === op && r.curve === curve).sort((a, b) => a.logN - b.logN);
  const pts = (f: (r: Row) => number | undefined) =>
    mine.flatMap((r) => (f(r) === undefined ? [] : [{ x: r.logN, y: f(r)! }]));
  const series: PlotSeries[] = [
    { id: 'wasm', label: 'wasm, this device', points: pts((r) => r.goRustWasm) },
    { id: 'native', label: 'native reference', points: pts((r) => r.goRustNative) },
  ];
  if (curve === THESIS.curve && op in THESIS.rustOverGo) {
    const scales = Array.from({ length: 12 }, (_, i) => i + THESIS.firstScale);
    const t = (k: 'mcl' | 'kilic') => scales.map((x) => ({ x, y: thesisRatio(op, curve, x)![k] }));
    series.push(
      { id: 'thesis-mcl', label: 'thesis, Go on MCL', points: t('mcl') },
      { id: 'thesis-kilic', label: 'thesis, Go on Kilic BLS', points: t('kilic') },
    );
  }
  return series;
}

/** The rust library of a curve, re-exported for the view. */
export { rustLibrary };
