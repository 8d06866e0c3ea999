// What the benchmark view shows: results from this device and from imported exports, each
// labelled with where it was measured.
import type { RunResult } from '@zkplay/core/run-result';
import { DEFAULT_HASH, hashDef, HASH_IDS, type HashId } from '@zkplay/core/hashes';
import { backends } from '@zkplay/backends';

export interface Shown {
  result: RunResult;
  /** "this device" or the imported device's label. */
  source: string;
  /** A short name for legends: "this device" or e.g. "Chrome 156, phone". */
  short: string;
  own: boolean;
}

export function phaseColumns(results: RunResult[]): { id: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of results) for (const p of r.phases) if (!seen.has(p.id)) seen.set(p.id, p.label);
  return [...seen].map(([id, label]) => ({ id, label }));
}

const PALETTE = ['#3b4cca', '#d9480f', '#0f7b3f', '#8e44ad', '#b8860b', '#0b7285'];

/** The same colour for a backend in every plot. */
export function backendColour(id: string): string {
  const i = backends.findIndex((b) => b.manifest.id === id);
  if (i >= 0) return PALETTE[i % PALETTE.length];
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export const backendLabel = (id: string) => backends.find((b) => b.manifest.id === id)?.manifest.label ?? id;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Hash times measured in this page, per hash: the baseline each backend's verify time is compared with. */
export type HashTimes = Partial<Record<HashId, { bytes: number; ms: number; samples: number[] }[]>>;

/** The hash of a result's statement (results from before there was a choice: Keccak-256). */
export const hashOf = (r: { hash?: HashId }): HashId => r.hash ?? DEFAULT_HASH;

/**
 * Rows grouped by the hash their statement proves, in HASH_IDS order: only rows of one group
 * compare like with like (a proof of BLAKE2s and a proof of Keccak are different statements).
 */
export function byHash<T extends { result: { hash?: HashId } }>(rows: T[]): { hash: HashId; rows: T[] }[] {
  return HASH_IDS.map((hash) => ({ hash, rows: rows.filter((r) => hashOf(r.result) === hash) })).filter(
    (g) => g.rows.length,
  );
}

/** "Keccak-256", "Keccak-256 and BLAKE2s-256". */
export const hashesText = (ids: HashId[]): string =>
  (ids.length ? ids : [DEFAULT_HASH]).map((h) => hashDef(h).label).join(' and ');
