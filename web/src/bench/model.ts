// What the benchmark view shows: results from this device and from imported exports, each
// labelled with where it was measured.
import type { RunResult } from '@zkplay/core/run-result';
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
