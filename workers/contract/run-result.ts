// The TypeScript face of schema/run-result.schema.json (the single definition).
// run-result.test.ts validates values of this type against the schema, so the two stay in step.

export interface Stat {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export interface PhaseStat {
  /** download, load, setup, build, witness, prove, verify, ... */
  id: string;
  label: string;
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

export interface Sizes {
  proof?: number;
  provingKey?: number;
  verifyingKey?: number;
  params?: number;
  circuit?: number;
  download?: number;
}

export interface RunResult {
  schemaVersion: 1;
  backend: string;
  config: Record<string, string | number | boolean>;
  environment: Environment;
  message: { bytes: number; blocks: number };
  phases: PhaseStat[];
  sizes: Sizes;
  circuit: Record<string, number | string>;
  memory: { peakBytes: number; what: string };
  verified: boolean;
  runs: number;
  /** true when the run included loading keys or building the circuit in a fresh worker. */
  cold: boolean;
  timestamp: string;
}

export function stat(samples: number[]): Stat {
  if (samples.length === 0) throw new Error('stat() needs at least one sample');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples: [...samples] };
}
