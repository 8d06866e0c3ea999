// The TypeScript face of schema/run-result.schema.json (the single definition).
// run-result.test.ts validates values of this type against the schema, so the two stay in step.

import type { Stat } from './stats.mjs';
export type { Stat };

export interface PhaseStat {
  /** download, load, setup, build, witness, prove, verify, ... */
  id: string;
  label: string;
  /** The protocol step the phase ran in; lets shared code find e.g. verification time without knowing ids. */
  step?: 'prepare' | 'prove' | 'verify';
  ms: Stat;
}

export interface Environment {
  kind: 'wasm' | 'native';
  /** Threads the prover actually used. */
  threads: number;
  /** Which build ran: go-js-wasm, wasm-threads, wasm-single, native... */
  build: string;
  device?: 'desktop' | 'phone' | 'server';
  userAgent?: string;
  os?: string;
  cpu?: string;
  cores?: number;
  memoryBytes?: number;
  crossOriginIsolated?: boolean;
  commit?: string;
}

/**
 * Bytes, by label: an open map (the schema's `sizes`), so a backend may report any size and
 * label it for people in its manifest (BackendManifest.sizeLabels). The keys below are the ones
 * the page knows and labels itself (ResultView); absent keys do not apply to the backend.
 */
export interface Sizes {
  [label: string]: number | undefined;
  /** The proof as the page downloads it. */
  proof?: number;
  provingKey?: number;
  verifyingKey?: number;
  /** KZG / public parameters. */
  params?: number;
  /** The serialized constraint system. */
  circuit?: number;
  /** Downloaded by this run (cached artifacts excluded). */
  download?: number;
}

/** How the page labels the sizes it knows, in this order; other keys take the manifest's label. */
export const SIZE_LABELS: Record<string, string> = {
  proof: 'Proof',
  provingKey: 'Proving key',
  verifyingKey: 'Verifying key',
  params: 'KZG / public parameters',
  circuit: 'Constraint system',
  download: 'Downloaded this run',
};

export interface RunResult {
  schemaVersion: 1;
  backend: string;
  config: Record<string, string | number | boolean>;
  environment: Environment;
  message: { bytes: number; blocks: number };
  phases: PhaseStat[];
  sizes: Sizes;
  circuit: Record<string, number | string>;
  /** Longest message (bytes) the configuration that ran can prove; absent in older results. */
  capacityBytes?: number;
  memory: { peakBytes: number; what: string };
  verified: boolean;
  runs: number;
  /** true when the run included loading keys or building the circuit in a fresh worker. */
  cold: boolean;
  timestamp: string;
}

// One implementation for the page and the Node scripts (scripts/lib/native.mjs).
export { stat } from './stats.mjs';
