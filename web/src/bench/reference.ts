// The native reference numbers (web/public/native-reference.json, written by the native runner;
// format: schema/native-reference.schema.json, which its types are generated from by
// scripts/gen-schema-types.mjs; the page validates the file when it loads it) and how a browser
// result finds its native twin.
import type { NativeReference, PrimitivesRun } from '@zkplay/core/generated/schema-types';
import type { RunResult } from '@zkplay/core/run-result';
import { appUrl } from '@zkplay/core/artifacts';
import { schemaProblems } from '@zkplay/core/schemas';
import type { PrimitiveResult } from '../primitives/result';

export type { NativeReference, PrimitivesRun };

export type ReferenceState =
  { kind: 'loading' } | { kind: 'missing'; why: string } | { kind: 'loaded'; reference: NativeReference };

export async function loadReference(url = appUrl('native-reference.json')): Promise<ReferenceState> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return { kind: 'missing', why: `no native reference file (${url}: HTTP ${res.status})` };
    const text = await res.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      // The preview server answers unknown paths with the page itself.
      return { kind: 'missing', why: `no native reference file (${url} is not JSON)` };
    }
    const problems = schemaProblems('native-reference', data);
    if (problems)
      return {
        kind: 'missing',
        why: `${url} is not a usable native reference (schema/native-reference.schema.json): ${problems}`,
      };
    return { kind: 'loaded', reference: data as NativeReference };
  } catch (e) {
    return {
      kind: 'missing',
      why: `the native reference could not be loaded: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

/** The native result for the same backend, message length and thread count (exact bytes first, then same block count). */
export function findNative(
  reference: NativeReference | undefined,
  r: Pick<RunResult, 'backend' | 'message' | 'environment'>,
): RunResult | undefined {
  if (!reference) return undefined;
  const candidates = reference.results.filter(
    (n) =>
      n.backend === r.backend && n.environment.kind === 'native' && n.environment.threads === r.environment.threads,
  );
  // Warm, multi-run numbers are the fair comparison for the warm browser aggregate.
  const best = (xs: RunResult[]) => [...xs].sort((a, b) => Number(a.cold) - Number(b.cold) || b.runs - a.runs)[0];
  return (
    best(candidates.filter((n) => n.message.bytes === r.message.bytes)) ??
    best(candidates.filter((n) => n.message.blocks === r.message.blocks))
  );
}

export const sameConfig = (a: RunResult['config'], b: RunResult['config']) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * The peak memory known for this backend and configuration (the largest seen over the native
 * reference and any other results given); without a result for this configuration, the largest
 * seen for the backend. Native numbers are process RSS: a rough guide to what the wasm heap needs.
 */
export function knownPeak(
  reference: NativeReference | undefined,
  backend: string,
  config: RunResult['config'],
  extra: RunResult[] = [],
): { bytes: number; source: string } | undefined {
  const all = [...(reference?.results ?? []), ...extra].filter((r) => r.backend === backend);
  const exact = all.filter((r) => sameConfig(r.config, config));
  const pool = exact.length ? exact : all;
  if (!pool.length) return undefined;
  const top = pool.reduce((m, r) => (r.memory.peakBytes > m.memory.peakBytes ? r : m));
  return {
    bytes: top.memory.peakBytes,
    source: `${top.environment.kind} ${top.memory.what}${exact.length ? '' : ', largest seen for this backend'}`,
  };
}

export function machineLabel(ref: NativeReference): string {
  return `${ref.machine.cpu}, ${ref.machine.cores} core${ref.machine.cores === 1 ? '' : 's'}, ${ref.machine.os}`;
}

/** The native primitive records of a reference (none when the file predates them). */
export function nativePrimitives(ref: NativeReference | undefined): PrimitiveResult[] {
  return ref?.primitives ?? [];
}

/** "AMD EPYC, 2 cores, linux …, 2026-11-22, commit abc1234": where and when the native primitives were measured. */
export function primitivesRunLabel(ref: NativeReference): string | undefined {
  const run = ref.primitivesRun;
  if (!run) return undefined;
  return `${machineLabel({ ...ref, machine: run.machine })}, ${run.generatedAt.slice(0, 10)}, commit ${run.commit}`;
}
