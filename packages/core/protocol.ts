// The one protocol every backend worker speaks. The page sends requests; the worker answers
// each with exactly one `result` or `error` event carrying the same id, and may send any
// number of `progress` events for that id before it.

import type { RunResult, Sizes } from './run-result';

/** A backend's knobs: what a RunResult's config records. */
export type Config = RunResult['config'];

export type Request =
  /**
   * Build the circuit or load its keys for this configuration. Idempotent for the same config.
   * build: the Rust backends' wasm build to load whatever the thread count (the benchmark's
   * comparison of the single-threaded build with the threaded one on one thread); absent, the
   * thread count and the engine's features choose (packages/core/wasm-bindgen.ts variantFor).
   */
  | { type: 'prepare'; id: number; config: Config; threads: number; build?: PinnedBuild }
  /** Witness + proof for these message bytes (the prepared configuration must hold them). */
  | { type: 'prove'; id: number; message: Uint8Array }
  /** Verify a proof against a digest and message length computed by the page. */
  | { type: 'verify'; id: number; proof: Uint8Array; digest: Uint8Array; length: number }
  /** Grow the worker's wasm heap by this many MiB and keep it: the device probe and the OOM test use it. */
  | { type: 'allocate'; id: number; mib: number };

/** A wasm build a prepare request may pin (Rust backends; others have one build and ignore it). */
export type PinnedBuild = 'single' | 'threads';

export type ErrorCode =
  | 'capacity' // message too long for the prepared circuit
  | 'invalid-input' // bad request arguments
  | 'corrupt-artifact' // a key / circuit / wasm file failed its hash or could not be parsed
  | 'corrupt-proof' // proof bytes that cannot be parsed
  | 'not-prepared' // prove/verify before prepare
  | 'out-of-memory' // the worker's wasm heap could not grow
  | 'crashed' // the worker died (the page replaces it)
  | 'cancelled' // the page terminated the worker
  | 'network' // an artifact could not be downloaded
  | 'internal';

export interface PhaseTiming {
  id: string;
  label: string;
  ms: number;
}

/** Peak bytes, and what was measured (e.g. wasm linear memory, which never shrinks): RunResult's memory. */
export type MemoryReport = RunResult['memory'];

export interface PrepareResult {
  kind: 'prepare';
  phases: PhaseTiming[];
  /** Bytes by label (RunResult's Sizes, without the proof, which the page measures itself). */
  sizes: Sizes;
  /** Constraint / row / gate counts, capacity... as the backend reports them. */
  circuit: RunResult['circuit'];
  /** Largest message, in bytes, that this prepared configuration proves. */
  capacityBytes: number;
  threads: number;
  build: string;
  /** false when this configuration was already prepared in this worker (nothing was done). */
  fresh: boolean;
}

export interface ProveResult {
  kind: 'prove';
  proof: Uint8Array;
  phases: PhaseTiming[];
  memory: MemoryReport;
}

export interface VerifyResult {
  kind: 'verify';
  ok: boolean;
  phases: PhaseTiming[];
}

export interface AllocateResult {
  kind: 'allocate';
  memory: MemoryReport;
}

export type Result = PrepareResult | ProveResult | VerifyResult | AllocateResult;

/**
 * What a worker sends: progress for a request, then its one result or error. `R` is the result
 * type of the requests it serves (a backend's Result; the primitives view has its own).
 */
export type WorkerEvent<R = Result> =
  | {
      type: 'progress';
      id: number;
      phase: string;
      label: string;
      state: 'start' | 'end' | 'update';
      /** For downloads: bytes so far and total. */
      loaded?: number;
      total?: number;
      ms?: number;
    }
  | { type: 'result'; id: number; result: R }
  /** id 0: the worker itself failed (crashed, out of memory); every pending request fails with it. */
  | { type: 'error'; id: number; code: ErrorCode; message: string };

/** The id of worker-level errors, which fail every pending request. */
export const WORKER_FATAL_ID = 0;

/**
 * The progress phase of a backend's worker while the workers it spawns start (a Rust backend's
 * wasm thread pool, or a second instance of the backend in a worker of its own).
 */
export const THREAD_START_PHASE = 'threads';

/**
 * How long the page lets a worker's wasm thread pool (or second instance) take to start before it
 * replaces the worker. A start takes about 0.1 s on this project's machines and a few seconds on
 * a slow phone, but in Firefox ESR 153 it sometimes never ends: the backend's worker blocks inside
 * `new Worker()` for a pool worker (about 3% of pool starts; e2e-firefox/README.md), so neither it
 * nor wasm-bindgen-rayon's initThreadPool, which never rejects, can give up by itself. Any worker
 * a backend's worker starts can stall like this, so every such start is reported under
 * THREAD_START_PHASE.
 */
export const THREAD_START_TIMEOUT_MS = 30_000;

/** An error with a protocol code; thrown by backend code, carried to the page as-is. */
export class BackendError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}
