// Types of the part of native.mjs the TypeScript tests use.
import type { HashId } from '@zkplay/core/hashes';
import type { RunResult } from '@zkplay/core/run-result';

export interface ReportPhase {
  id: string;
  label: string;
  ms: number;
}

/** What a native runner prints: the prover contract's reports (see native.mjs). */
export interface NativeReport {
  threads: number;
  config: Record<string, string | number | boolean>;
  prepare: {
    phases: ReportPhase[];
    sizes: Record<string, number>;
    circuit: Record<string, number | string>;
    capacityBytes: number;
  };
  runs: { prove: ReportPhase[]; verify: ReportPhase[]; proofBytes: number }[];
  peakRssBytes: number;
}

export function reportRunResult(args: {
  backend: string;
  build: string;
  commit?: string;
  bytes: number;
  report: NativeReport;
  /** The hash of the backend's statement (default keccak-256): recorded, and its blocks counted. */
  hash?: HashId;
}): RunResult;
export { stat } from '@zkplay/core/stats';
