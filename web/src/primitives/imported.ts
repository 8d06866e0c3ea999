// The primitives of imported benchmark exports (schema/bench-export.schema.json `primitives`), as
// the Benchmark view lists them: one row per record with the device that measured it.
import { OP_LABELS } from './cases';
import type { PrimitiveResult } from './result';

export interface ImportedPrimitiveRow {
  /** Which import (the device label the Benchmark view gives it). */
  source: string;
  library: PrimitiveResult['library'];
  op: string;
  curve: PrimitiveResult['curve'];
  size: string;
  median: number;
  min: number;
  max: number;
  runs: number;
  threads: number;
  runtime: string;
  checked: boolean;
}

/** "1" for a pairing, "2^20 muls" for a multiplication chain, "2^12" otherwise. */
export const primitiveSize = (r: Pick<PrimitiveResult, 'op' | 'logN'>) =>
  r.op === 'pairing' ? '1' : r.op === 'fr-mul' ? `2^${r.logN} muls` : `2^${r.logN}`;

/** The rows of every import's primitives, in import order and each in its recorded order. */
export function importedPrimitiveRows(
  imports: { label: string; primitives?: PrimitiveResult[] }[],
): ImportedPrimitiveRow[] {
  return imports.flatMap((imp) =>
    (imp.primitives ?? []).map((r) => ({
      source: imp.label,
      library: r.library,
      op: OP_LABELS[r.op] ?? r.op,
      curve: r.curve,
      size: primitiveSize(r),
      median: r.ms.median,
      min: r.ms.min,
      max: r.ms.max,
      runs: r.ms.samples.length,
      threads: r.threads,
      runtime: r.runtime ?? 'wasm',
      checked: r.checked,
    })),
  );
}

/** A primitive's time: µs under a millisecond (a pairing or a small FFT takes that little). */
export const formatPrimitiveMs = (ms: number) =>
  ms === 0
    ? '0 µs'
    : ms < 1
      ? `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`
      : ms < 1000
        ? `${ms.toFixed(ms < 100 ? 2 : 0)} ms`
        : `${(ms / 1000).toFixed(2)} s`;
