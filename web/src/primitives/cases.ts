// What the Primitives view measures: the thesis's scales, or a quick subset for phones, in Go
// (gnark-crypto) and Rust (halo2curves; plonky2_field for Goldilocks).
import { rustLibrary, type Curve, type Library, type Op } from './result';

export interface PrimitiveCase {
  library: Library;
  op: Op;
  curve: Curve;
  logN: number;
}

export const OP_LABELS: Record<Op, string> = {
  'fft-fr': 'FFT over Fr',
  'fft-g1': 'FFT over G1',
  'msm-g1': 'MSM (G1)',
  pairing: 'Pairing',
  'fr-mul': 'Fr multiplications',
};

export interface Scales {
  fft: number;
  g1: number;
  msm: number;
}

export const SCALES = {
  quick: { fft: 10, g1: 5, msm: 12, label: 'Quick (FFT ≤ 2^10, G1 FFT ≤ 2^5, MSM ≤ 2^12)' },
  thesis: {
    fft: 15,
    g1: 10,
    msm: 16,
    label: "The thesis's scales (FFT 2^4…2^15, G1 FFT ≤ 2^10, MSM 2^10…2^16): minutes",
  },
} as const satisfies Record<string, Scales & { label: string }>;

export const LIBRARIES = {
  both: { label: 'Go and Rust', go: true, rust: true },
  go: { label: 'Go only (gnark-crypto)', go: true, rust: false },
  rust: { label: 'Rust only (halo2curves, plonky2_field)', go: false, rust: true },
} as const;

type Shape = Omit<PrimitiveCase, 'library'>;

/** gnark/primitives.DefaultCases: per curve (bn254, bls12-381) the FFTs, MSMs, a pairing and a multiplication chain. */
export function goCases(s: Scales): Shape[] {
  const out: Shape[] = [];
  for (const curve of ['bn254', 'bls12-381'] as const) {
    for (let n = 4; n <= s.fft; n++) out.push({ op: 'fft-fr', curve, logN: n });
    for (let n = 4; n <= s.g1; n++) out.push({ op: 'fft-g1', curve, logN: n });
    for (let n = 10; n <= s.msm; n += 2) out.push({ op: 'msm-g1', curve, logN: n });
    out.push({ op: 'pairing', curve, logN: 0 }, { op: 'fr-mul', curve, logN: 20 });
  }
  return out;
}

/** zkplay_primitives::default_cases: Go's cases, then Goldilocks' FFT over Fr and multiplication chain. */
export function rustCases(s: Scales): Shape[] {
  const out = goCases(s);
  for (let n = 4; n <= s.fft; n++) out.push({ op: 'fft-fr', curve: 'goldilocks', logN: n });
  out.push({ op: 'fr-mul', curve: 'goldilocks', logN: 20 });
  return out;
}

/**
 * The measurements, in Rust's order (a superset of Go's): each case in Go, then in Rust, so the
 * Go/Rust ratio of a row appears as soon as both are measured. Each language's cases keep its
 * runner's order.
 */
export function cases(s: Scales, which: { go: boolean; rust: boolean } = LIBRARIES.both): PrimitiveCase[] {
  const out: PrimitiveCase[] = [];
  for (const c of rustCases(s)) {
    if (which.go && c.curve !== 'goldilocks') out.push({ ...c, library: 'gnark-crypto' });
    if (which.rust) out.push({ ...c, library: rustLibrary(c.curve) });
  }
  return out;
}

/** A row of the table: one op on one curve at one size. */
export const rowKey = (c: Pick<PrimitiveCase, 'op' | 'curve' | 'logN'>) => `${c.op}/${c.curve}/${c.logN}`;
