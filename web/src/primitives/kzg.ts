// Ethereum's KZG in the Primitives view (docs/kzg.md): what the KZG worker is asked, the
// operations it times and their labels, the figures of the JavaScript libraries a web developer
// uses today (issue 39, measured in the same Chromium on this machine), and how text becomes a blob.
import { formatPrimitiveMs } from './imported';

export type KzgLanguage = 'go' | 'rust';
/** The columns of the panel's tables, in their order. */
export const KZG_LANGUAGES: KzgLanguage[] = ['go', 'rust'];

export const KZG_LIBRARIES: Record<KzgLanguage, { language: 'Go' | 'Rust'; library: string }> = {
  go: { language: 'Go', library: 'go-eth-kzg 1.5.0 (gnark-crypto)' },
  rust: { language: 'Rust', library: 'rust_eth_kzg 0.10.0 (blst)' },
};

/** crates/zkplay-kzg measure::OPS and gnark/ethkzg Ops, in the order they are shown. */
export const KZG_OPS = {
  blob_to_kzg_commitment: 'Blob commitment',
  compute_blob_kzg_proof: 'Blob proof',
  verify_blob_kzg_proof: 'Verify a blob proof',
  compute_cells_and_kzg_proofs: '128 cells + cell proofs (FK20)',
  verify_cell_kzg_proof_batch: 'Verify all 128 cell proofs',
  recover_cells_and_kzg_proofs: 'Recover the blob from 64 cells',
} as const;
export type KzgOp = keyof typeof KZG_OPS;

/** The quick set (the four operations the issue compares); the full sweep adds the rest. */
export const QUICK_OPS: KzgOp[] = [
  'blob_to_kzg_commitment',
  'compute_blob_kzg_proof',
  'verify_blob_kzg_proof',
  'compute_cells_and_kzg_proofs',
];
export const FULL_OPS = Object.keys(KZG_OPS) as KzgOp[];

/** Issue 39's figures: same Chromium, this machine, 2026-11-28, idle, medians of 5, one thread. */
export const JS_REFERENCE: { name: string; what: string; ms: Partial<Record<KzgOp, number>>; setupMs?: number }[] = [
  {
    name: 'micro-eth-signer',
    what: 'pure JavaScript on @noble/curves',
    ms: {
      blob_to_kzg_commitment: 228,
      compute_blob_kzg_proof: 241,
      compute_cells_and_kzg_proofs: 1700,
      verify_blob_kzg_proof: 22,
    },
  },
  {
    name: 'kzg-wasm',
    what: 'c-kzg-4844 compiled to wasm',
    ms: {
      blob_to_kzg_commitment: 434,
      compute_blob_kzg_proof: 497,
      compute_cells_and_kzg_proofs: 2370,
      verify_blob_kzg_proof: 21,
    },
    setupMs: 14_000,
  },
];

/** threads: Rust's (the threaded build when over 1; a worker keeps one count); Go has one. */
export type KzgRequest =
  | { type: 'kzg-init'; id: number; language: KzgLanguage; threads: number }
  | { type: 'kzg-call'; id: number; language: KzgLanguage; threads: number; op: string; args: string }
  | { type: 'kzg-measure'; id: number; language: KzgLanguage; threads: number; op: KzgOp; runs: number };

/** json: the wasm's answer (a call's output or {error}, a measurement, or null for init); ms: its wall time here. */
export type KzgResponse = { json: string; ms: number };

export interface KzgMeasured {
  op: KzgOp;
  runs: number;
  medianMs: number;
  samplesMs: number[];
}

/** A refused input, as both languages answer it: a code (crates/zkplay-kzg src/error.rs) and a message. */
export type KzgRefusal = { error: { code: string; message: string } };

export const BYTES_PER_BLOB = 131_072;
/** Each field element carries 31 bytes behind a zero byte, so it is < 2^248 < r: always canonical. */
export const DATA_BYTES_PER_ELEMENT = 31;
export const MAX_DATA_BYTES = 4096 * DATA_BYTES_PER_ELEMENT; // 126,976

/**
 * The bytes as one blob (hex): element i is 0x00 then bytes 31i…31i+30, the rest zero. Refuses
 * what does not fit: more than 126,976 bytes.
 */
export function bytesToBlob(data: Uint8Array): string {
  if (data.length > MAX_DATA_BYTES)
    throw new RangeError(
      `${data.length.toLocaleString('en')} bytes do not fit in one blob: at most ${MAX_DATA_BYTES.toLocaleString('en')} (4096 field elements of 31 bytes)`,
    );
  const blob = new Uint8Array(BYTES_PER_BLOB);
  for (let i = 0; i * DATA_BYTES_PER_ELEMENT < data.length; i++)
    blob.set(data.subarray(i * DATA_BYTES_PER_ELEMENT, (i + 1) * DATA_BYTES_PER_ELEMENT), i * 32 + 1);
  return toHex(blob);
}

export function toHex(bytes: Uint8Array): string {
  let s = '0x';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/**
 * The thesis's operations (seed 003; crates/zkplay-kzg src/thesis/measure.rs OPS and
 * gnark/ethkzg ThesisOps), asked as call('thesis_measure', {op, log, runs}) at sizes 2^log.
 */
export const THESIS_OPS = {
  kzg10_commit: 'KZG10: commit',
  kzg10_open: 'KZG10: open at a point',
  kzg10_verify: 'KZG10: verify an opening',
  kzg10_batch_verify: 'KZG10: batch-verify n openings',
  fk20_single: 'FK20: 2n single-point proofs',
  naive_single: 'Naive: 2n openings',
  fk20_multi16: 'FK20: 2n/16 proofs of cosets of 16',
  naive_multi16: 'Naive: 2n/16 coset openings',
  fft_fr: 'FFT over Fr',
  fft_g1: 'FFT over G1',
  das_fft_extension: 'das_fft_extension (width n)',
} as const;
export type ThesisOp = keyof typeof THESIS_OPS;
export const THESIS_OP_LIST = Object.keys(THESIS_OPS) as ThesisOp[];

/** The naive twin each FK20 row is compared with. */
export const FK20_NAIVE: Partial<Record<ThesisOp, ThesisOp>> = {
  fk20_single: 'naive_single',
  fk20_multi16: 'naive_multi16',
};

/** Sizes each op takes (log2): KZG10 and FK20 2^4..2^12 (cosets of 16 from 2^5), FFTs 2^4..2^15. */
export function thesisLogs(op: ThesisOp, maxLog = 15): number[] {
  const fft = op.startsWith('fft') || op === 'das_fft_extension';
  const lo = op.endsWith('16') ? 5 : 4;
  const hi = Math.min(fft ? 15 : 12, maxLog);
  return Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);
}

/** The quick set stops at 2^6 (well under a minute on this machine); the full sweep goes to the top. */
export const THESIS_QUICK_MAX_LOG = 6;

export interface ThesisMeasured {
  op: ThesisOp;
  log: number;
  runs: number;
  medianMs: number;
  samplesMs: number[];
  /** Naive rows: each sample times one proof; the median is scaled to this many proofs. */
  perItemOf?: number;
}

/** How many times faster FK20 is than its naive twin, as text ('' until both are measured). */
export function speedUp(fk20?: ThesisMeasured, naive?: ThesisMeasured): string {
  if (!fk20 || !naive || !(fk20.medianMs > 0)) return '';
  const x = naive.medianMs / fk20.medianMs;
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}

/** A time in the panel's tables ('—' until measured). */
export const formatKzgMs = (ms?: number) => (ms === undefined ? '—' : formatPrimitiveMs(ms));

/** The Go/Rust column: Go's median over Rust's ('' until both are measured). */
export function goOverRust(goMs?: number, rustMs?: number): string {
  return goMs && rustMs ? `${(goMs / rustMs).toFixed(2)}×` : '';
}
