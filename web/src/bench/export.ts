// Exporting benchmark results (JSON in the shared RunResult format, CSV for spreadsheets) and
// reading an export back to view it again or to compare two devices. Format:
// schema/bench-export.schema.json, which its types are generated from (scripts/gen-schema-types.mjs).
import type { BenchExport, ColdSetup } from '@zkplay/core/generated/schema-types';
import type { RunResult } from '@zkplay/core/run-result';
import { checkSchema } from '@zkplay/core/schemas';
import { DEFAULT_HASH } from '@zkplay/core/hashes';
import type { PrimitiveResult } from '../primitives/result';
import { sessionPrimitives } from '../primitives/session';
import type { DeviceProbe } from './probe';
import { findNative, type NativeReference } from './reference';

export type { BenchExport, ColdSetup };

/**
 * primitives: by default what the Primitives view measured in this page session (left out when
 * none). The export says where each ran (the schema requires runtime); unsaid, that is here: wasm.
 */
export function makeExport(
  device: DeviceProbe,
  results: RunResult[],
  coldSetup: ColdSetup[] = [],
  primitives: PrimitiveResult[] = sessionPrimitives(),
): BenchExport {
  return {
    format: 'zkplay-bench',
    version: 1,
    device,
    results,
    coldSetup,
    ...(primitives.length ? { primitives: primitives.map((p) => ({ ...p, runtime: p.runtime ?? 'wasm' })) } : {}),
    exportedAt: new Date().toISOString(),
  };
}

const CSV_COLUMNS = [
  'backend',
  'blocks',
  'bytes',
  'threads',
  'build',
  'kind',
  'device',
  'cold',
  'runs',
  'verified',
  'phase',
  'median_ms',
  'min_ms',
  'max_ms',
  'samples_ms',
  'proof_bytes',
  'peak_memory_bytes',
  'native_median_ms',
  'wasm_native_ratio',
  'config',
  'timestamp',
  'hash',
] as const;

function csvCell(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per result × phase; with a native reference, its median for that phase and the ratio. */
export function toCsv(results: RunResult[], reference?: NativeReference): string {
  const rows: string[] = [CSV_COLUMNS.join(',')];
  for (const r of results) {
    const native = findNative(reference, r);
    for (const p of r.phases) {
      const n = native?.phases.find((q) => q.id === p.id)?.ms.median;
      const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
        backend: r.backend,
        blocks: r.message.blocks,
        bytes: r.message.bytes,
        threads: r.environment.threads,
        build: r.environment.build,
        kind: r.environment.kind,
        device: r.environment.device,
        cold: r.cold,
        runs: r.runs,
        verified: r.verified,
        phase: p.id,
        median_ms: p.ms.median,
        min_ms: p.ms.min,
        max_ms: p.ms.max,
        samples_ms: p.ms.samples.join(' '),
        proof_bytes: r.sizes.proof,
        peak_memory_bytes: r.memory.peakBytes,
        native_median_ms: n,
        wasm_native_ratio: n ? p.ms.median / n : undefined,
        config: JSON.stringify(r.config),
        timestamp: r.timestamp,
        hash: r.hash ?? DEFAULT_HASH,
      };
      rows.push(CSV_COLUMNS.map((c) => csvCell(cells[c])).join(','));
    }
  }
  return rows.join('\n') + '\n';
}

/** Reads an export back; throws with the reason when the file is not one. */
export function parseExport(text: string): BenchExport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('the file is not JSON');
  }
  const e = data as Partial<BenchExport> | null;
  if (!e || typeof e !== 'object' || e.format !== 'zkplay-bench')
    throw new Error('the file is not a zkplay benchmark export (format "zkplay-bench")');
  if (e.version !== 1) throw new Error(`unsupported export version ${String(e.version)} (this page reads version 1)`);
  return checkSchema<BenchExport>('bench-export', data, 'the export is refused: ');
}

export function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
