// What the Primitives view measures: the thesis's scales, or a quick subset for phones.
export interface PrimitiveCase {
  op: 'fft-fr' | 'fft-g1' | 'msm-g1' | 'pairing' | 'fr-mul';
  curve: 'bn254' | 'bls12-381';
  logN: number;
}

export const OP_LABELS: Record<PrimitiveCase['op'], string> = {
  'fft-fr': 'FFT over Fr',
  'fft-g1': 'FFT over G1',
  'msm-g1': 'MSM (G1)',
  pairing: 'Pairing',
  'fr-mul': 'Fr multiplications',
};

export const SCALES = {
  quick: { fft: 10, g1: 5, msm: 12, label: 'Quick (FFT ≤ 2^10, G1 FFT ≤ 2^5, MSM ≤ 2^12)' },
  thesis: { fft: 15, g1: 10, msm: 16, label: "The thesis's scales (FFT 2^4…2^15, G1 FFT ≤ 2^10, MSM 2^10…2^16): minutes" },
} as const;

/** The same cases, in the same order, as gnark/primitives.DefaultCases. */
export function cases(s: { fft: number; g1: number; msm: number }): PrimitiveCase[] {
  const out: PrimitiveCase[] = [];
  for (const curve of ['bn254', 'bls12-381'] as const) {
    for (let n = 4; n <= s.fft; n++) out.push({ op: 'fft-fr', curve, logN: n });
    for (let n = 4; n <= s.g1; n++) out.push({ op: 'fft-g1', curve, logN: n });
    for (let n = 10; n <= s.msm; n += 2) out.push({ op: 'msm-g1', curve, logN: n });
    out.push({ op: 'pairing', curve, logN: 0 }, { op: 'fr-mul', curve, logN: 20 });
  }
  return out;
}
