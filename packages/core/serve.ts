// Worker side of the protocol: a backend implements BackendImpl, this module does the rest
// (one request at a time, phase timing, progress events, errors with codes, transfers).
import {
  BackendError,
  WORKER_FATAL_ID,
  type Config,
  type ErrorCode,
  type MemoryReport,
  type PhaseTiming,
  type PinnedBuild,
  type PrepareResult,
  type ProveResult,
  type Request,
  type Result,
  type VerifyResult,
  type WorkerEvent,
} from './protocol';
import type { HashId } from './hashes';
import { checkStatement } from './statement';

export interface PhaseContext {
  /** Runs fn as a named phase: emits start/end progress and records its duration. */
  phase<T>(id: string, label: string, fn: () => Promise<T> | T): Promise<T>;
  /** Announces that a phase has started whose duration is measured elsewhere (then record() it). */
  start(id: string, label: string): void;
  /** Records a phase measured elsewhere (e.g. inside wasm) without running anything. */
  record(id: string, label: string, ms: number): void;
  /** Byte progress of a download inside the current phase. */
  progress(phase: string, label: string, loaded: number, total: number): void;
  readonly phases: PhaseTiming[];
}

type Omit2<T> = Omit<T, 'kind' | 'phases'>;

export interface BackendImpl {
  /** The hash of the backend's statement (its manifest's `hash`), named in refusals; absent: Keccak-256. */
  hash?: HashId;
  /** build: a wasm build the page pins (Request's prepare), for backends that have more than one. */
  prepare(config: Config, threads: number, ctx: PhaseContext, build?: PinnedBuild): Promise<Omit2<PrepareResult>>;
  prove(message: Uint8Array, ctx: PhaseContext): Promise<Omit2<ProveResult>>;
  verify(proof: Uint8Array, digest: Uint8Array, length: number, ctx: PhaseContext): Promise<Omit2<VerifyResult>>;
  allocate(mib: number): Promise<MemoryReport>;
}

function post(ev: WorkerEvent<unknown>, transfer: Transferable[] = []) {
  self.postMessage(ev, { transfer });
}

/** Reports that the worker as a whole has failed; the page fails every pending request and replaces it. */
export function fatal(code: ErrorCode, message: string) {
  post({ type: 'error', id: WORKER_FATAL_ID, code, message });
}

function context(id: number): PhaseContext {
  const phases: PhaseTiming[] = [];
  return {
    phases,
    async phase(pid, label, fn) {
      post({ type: 'progress', id, phase: pid, label, state: 'start' });
      const t0 = performance.now();
      const value = await fn();
      const ms = performance.now() - t0;
      phases.push({ id: pid, label, ms });
      post({ type: 'progress', id, phase: pid, label, state: 'end', ms });
      return value;
    },
    start(pid, label) {
      post({ type: 'progress', id, phase: pid, label, state: 'start' });
    },
    record(pid, label, ms) {
      phases.push({ id: pid, label, ms });
      post({ type: 'progress', id, phase: pid, label, state: 'end', ms });
    },
    progress(phase, label, loaded, total) {
      post({ type: 'progress', id, phase, label, state: 'update', loaded, total });
    },
  };
}

/** What the last prepare said this worker's configuration holds; verify checks lengths against it. */
let preparedCapacity: number | undefined;

async function handle(impl: BackendImpl, req: Request, ctx: PhaseContext): Promise<Result> {
  switch (req.type) {
    case 'prepare': {
      preparedCapacity = undefined; // a failed prepare leaves no configuration to check against
      const prepared = await impl.prepare(req.config, req.threads, ctx, req.build);
      preparedCapacity = prepared.capacityBytes;
      return { kind: 'prepare', ...prepared, phases: ctx.phases };
    }
    case 'prove':
      return { kind: 'prove', ...(await impl.prove(req.message, ctx)), phases: ctx.phases };
    case 'verify':
      // Before any backend code: a verifier must never see a statement it could misread.
      if (preparedCapacity === undefined)
        throw new BackendError('not-prepared', 'verify before prepare: this worker has no keys or circuit yet');
      if (!(req.proof instanceof Uint8Array))
        throw new BackendError('invalid-input', 'invalid input: the proof must be bytes (Uint8Array)');
      checkStatement(req.digest, req.length, preparedCapacity, impl.hash);
      return { kind: 'verify', ...(await impl.verify(req.proof, req.digest, req.length, ctx)), phases: ctx.phases };
    case 'allocate':
      return { kind: 'allocate', memory: await impl.allocate(req.mib) };
  }
}

function describe(err: unknown): { code: ErrorCode; message: string } {
  if (err instanceof BackendError) return { code: err.code, message: err.message };
  const code = (err as { code?: unknown })?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string') return { code: code as ErrorCode, message };
  if (err instanceof RangeError && /memory|allocation/i.test(message)) return { code: 'out-of-memory', message };
  return { code: 'internal', message };
}

/**
 * Serves requests on this worker, one at a time, in order: each gets a PhaseContext for its
 * progress, and exactly one `result` (what `handle` returns; `transfer` lists buffers to move)
 * or `error` (a thrown BackendError's code, or one inferred from the error). Every worker of the
 * page speaks this framing, so the page's one client (web/src/lib/worker-client.ts) serves all.
 */
export function serveRequests<Req extends { id: number }, Res>(
  handle: (req: Req, ctx: PhaseContext) => Promise<Res>,
  transfer: (res: Res) => Transferable[] = () => [],
) {
  let queue: Promise<void> = Promise.resolve();
  self.onmessage = (e: MessageEvent<Req>) => {
    const req = e.data;
    queue = queue.then(async () => {
      try {
        const result = await handle(req, context(req.id));
        post({ type: 'result', id: req.id, result }, transfer(result));
      } catch (err) {
        post({ type: 'error', id: req.id, ...describe(err) });
      }
    });
  };
  self.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) =>
    fatal('crashed', `unhandled error in the worker: ${describe(e.reason).message}`),
  );
}

/** Serves the backend protocol on this worker. */
export function serve(impl: BackendImpl) {
  serveRequests<Request, Result>(
    (req, ctx) => handle(impl, req, ctx),
    (result) => (result.kind === 'prove' ? [result.proof.buffer as ArrayBuffer] : []),
  );
}
