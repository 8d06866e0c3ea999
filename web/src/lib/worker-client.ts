// The page's side of every worker it runs (backends, primitives): typed requests, progress
// events, cancel (terminate and replace the worker), crash detection (a dead worker fails its
// pending requests) and the thread-start watchdog. The worker side is @zkplay/core's
// serveRequests; a request is answered by one `result` or `error` with its id.
import {
  THREAD_START_PHASE,
  THREAD_START_TIMEOUT_MS,
  WORKER_FATAL_ID,
  type ErrorCode,
  type WorkerEvent,
} from '@zkplay/core/protocol';

export class RunError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The worker was replaced because its wasm thread pool did not start in time. */
    readonly threadStartStalled = false,
  ) {
    super(message);
    this.name = 'RunError';
  }
}

export type Progress = Extract<WorkerEvent, { type: 'progress' }>;
export type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** What runs the worker: a name for messages and a factory for a fresh worker. */
export interface WorkerSource {
  label: string;
  createWorker(): Worker;
}

export interface WorkerClientOptions<Req> {
  /**
   * The wasm instance a request needs: its thread count (or count and pinned build, as a string).
   * Another one than the worker's needs a fresh worker.
   */
  threadsOf?(req: Req): number | string | undefined;
  /** Whether a request whose thread pool stalled is sent once more to a fresh worker. */
  retriesStall?(req: Req): boolean;
}

/**
 * How long the page waits for a worker's threads to start: THREAD_START_TIMEOUT_MS, or N ms with
 * `?debug&threadStartMs=N` in the page's address, so that the end-to-end tests of a stall
 * (e2e/failures.spec.ts) do not each wait out the full 30 s.
 */
export function threadStartTimeoutMs(search: string = globalThis.location?.search ?? ''): number {
  const query = new URLSearchParams(search);
  const ms = Number(query.get('threadStartMs'));
  return query.has('debug') && Number.isInteger(ms) && ms > 0 ? ms : THREAD_START_TIMEOUT_MS;
}

type Pending<Res> = { resolve: (r: Res) => void; reject: (e: RunError) => void; onProgress?: (p: Progress) => void };

export class WorkerClient<Req extends { type: string; id: number }, Res> {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending = new Map<number, Pending<Res>>();
  /** Thread count (and pinned build) of the current worker's pool: a wasm thread pool is sized once per instance. */
  private workerThreads: number | string | undefined;
  /** Running while the workers the backend's worker spawns start (threadStartMs). */
  private threadStartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly threadStartMs = threadStartTimeoutMs();

  constructor(
    private readonly source: WorkerSource,
    private readonly options: WorkerClientOptions<DistributiveOmit<Req, 'id'>> = {},
  ) {}

  private ensureWorker(threads?: number | string): Worker {
    // A different thread count (or build) needs a fresh wasm instance, hence a fresh worker.
    if (this.worker && threads !== undefined && this.workerThreads !== undefined && threads !== this.workerThreads) {
      this.fail('cancelled', 'restarting the worker with another thread count');
    }
    if (threads !== undefined) this.workerThreads = threads;
    if (this.worker) return this.worker;
    const w = this.source.createWorker();
    w.onmessage = (e: MessageEvent<WorkerEvent<Res>>) => this.onEvent(e.data);
    // An uncaught error at the worker's top level: it cannot serve any more.
    w.onerror = (e) => {
      e.preventDefault();
      this.fail('crashed', `the ${this.source.label} worker crashed: ${e.message || 'unknown error'}`);
    };
    w.onmessageerror = () =>
      this.fail('crashed', `the ${this.source.label} worker sent a message that could not be read`);
    this.worker = w;
    return w;
  }

  private onEvent(ev: WorkerEvent<Res>) {
    if (ev.type === 'error' && ev.id === WORKER_FATAL_ID) {
      this.fail(ev.code, ev.message);
      return;
    }
    const p = this.pending.get(ev.id);
    if (!p) return;
    if (ev.type === 'progress' && ev.phase === THREAD_START_PHASE) this.watchThreadStart(ev);
    if (ev.type === 'progress') p.onProgress?.(ev);
    else {
      this.pending.delete(ev.id);
      if (ev.type === 'result') p.resolve(ev.result);
      else {
        p.reject(new RunError(ev.code, ev.message));
        // A worker that ran out of memory is replaced, whether it said so as a worker-level
        // error or only for this request (a Rust wasm whose heap could not grow): wasm memory
        // never shrinks, and the page tells the person the worker was replaced.
        if (ev.code === 'out-of-memory') this.fail(ev.code, ev.message);
      }
    }
  }

  /**
   * The worker itself cannot time its thread pool's start out: in Firefox it was seen blocked in
   * `new Worker()` (THREAD_START_TIMEOUT_MS), so the page does, and replaces the worker.
   */
  private watchThreadStart(ev: Progress) {
    clearTimeout(this.threadStartTimer);
    this.threadStartTimer = undefined;
    if (ev.state !== 'start') return;
    const stalled = `${ev.label} did not finish within ${this.threadStartMs / 1000} s: the browser did not start the workers it was asked for`;
    this.threadStartTimer = setTimeout(() => this.fail('crashed', stalled, true), this.threadStartMs);
  }

  /** Ends the worker and fails everything pending with this code; the next request starts a fresh worker. */
  private fail(code: ErrorCode, message: string, threadStartStalled = false) {
    clearTimeout(this.threadStartTimer);
    this.threadStartTimer = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    this.workerThreads = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new RunError(code, message, threadStartStalled));
  }

  /**
   * Sends a request and resolves with its result. A request the options let retry, whose thread
   * pool stalled, is sent once more to a fresh worker (the stall is rare and does not repeat
   * itself), after a progress phase that says so and how long it cost; a second stall is the
   * request's error.
   */
  async send(req: DistributiveOmit<Req, 'id'>, onProgress?: (p: Progress) => void): Promise<Res> {
    try {
      return await this.sendOnce(req, onProgress);
    } catch (e) {
      if (!(e instanceof RunError && e.threadStartStalled && this.options.retriesStall?.(req))) throw e;
      const label = `Thread start stalled for ${this.threadStartMs / 1000} s; restarted in a fresh worker`;
      onProgress?.({ type: 'progress', id: 0, phase: 'threads-restart', label, state: 'start' });
      onProgress?.({
        type: 'progress',
        id: 0,
        phase: 'threads-restart',
        label,
        state: 'end',
        ms: this.threadStartMs,
      });
      try {
        return await this.sendOnce(req, onProgress);
      } catch (again) {
        if (again instanceof RunError && again.threadStartStalled)
          throw new RunError(again.code, `${again.message}, twice; try again, or choose 1 thread`, true);
        throw again;
      }
    }
  }

  private sendOnce(req: DistributiveOmit<Req, 'id'>, onProgress?: (p: Progress) => void): Promise<Res> {
    const worker = this.ensureWorker(this.options.threadsOf?.(req));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...req, id });
    });
  }

  /** Stops whatever the worker is doing at once. */
  cancel() {
    this.fail('cancelled', 'Cancelled');
  }

  dispose() {
    this.cancel();
  }
}
