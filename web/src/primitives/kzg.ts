// Ethereum's KZG in the Primitives view (docs/kzg.md): what the KZG worker is asked, the
// operations it times and their labels, the figures of the JavaScript libraries a web developer
// uses today (issue 39, measured in the same Chromium on this machine), and how text becomes a blob.

export type KzgLanguage = 'go' | 'rust';

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
