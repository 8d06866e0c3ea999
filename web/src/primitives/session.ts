// The primitives measured in this page session (wasm records, runtime 'wasm'), kept outside the
// Primitives view so that the benchmark export (web/src/bench/export.ts makeExport) includes them
// whichever view it is made from.
import type { PrimitiveResult } from './result';

let measured: PrimitiveResult[] = [];

export function sessionPrimitives(): PrimitiveResult[] {
  return measured;
}

/** Replaces the session's primitives (a new run, or results read back from an export). */
export function setSessionPrimitives(records: PrimitiveResult[]) {
  measured = records.map((r) => ({ ...r, runtime: r.runtime ?? 'wasm' }));
}
