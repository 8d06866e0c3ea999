// The page's side of a thread pool that does not start: BackendClient times the worker's
// thread-start phase out itself (the worker can be blocked inside `new Worker()`), replaces the
// worker once, and reports a second stall as the request's error. Fake workers, fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '@zkplay/core/manifest';
import { THREAD_START_PHASE, THREAD_START_TIMEOUT_MS, type Request, type WorkerEvent } from '@zkplay/core/protocol';
import { BackendClient, RunError, type Progress } from './backend-client';

/** A worker that starts its thread pool when prepared, and finishes the start only if told to. */
class FakeWorker {
  onmessage: ((e: MessageEvent<WorkerEvent>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  constructor(private readonly poolStarts: boolean) {}
  postMessage(req: Request) {
    const send = (ev: WorkerEvent) =>
      queueMicrotask(() => !this.terminated && this.onmessage?.({ data: ev } as MessageEvent<WorkerEvent>));
    send({ type: 'progress', id: req.id, phase: THREAD_START_PHASE, label: 'Start 2 wasm threads', state: 'start' });
    if (!this.poolStarts) return; // stalled: nothing more, ever
    send({
      type: 'progress',
      id: req.id,
      phase: THREAD_START_PHASE,
      label: 'Start 2 wasm threads',
      state: 'end',
      ms: 100,
    });
    send({ type: 'result', id: req.id, result: { kind: 'prepare' } as never });
  }
  terminate() {
    this.terminated = true;
  }
}

function client(poolStarts: boolean[]) {
  const workers: FakeWorker[] = [];
  const backend = {
    manifest: { label: 'plonky2' },
    createWorker: () => {
      const w = new FakeWorker(poolStarts[workers.length] ?? true);
      workers.push(w);
      return w as unknown as Worker;
    },
  } as unknown as Backend;
  return { c: new BackendClient(backend), workers };
}

const prepare = { type: 'prepare', config: {}, threads: 2 } as const;

describe('a wasm thread pool that does not start', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is restarted once in a fresh worker, and the progress says what it cost', async () => {
    const { c, workers } = client([false, true]);
    const progress: Progress[] = [];
    const done = c.request<'prepare'>(prepare, (p) => progress.push(p));
    await vi.advanceTimersByTimeAsync(THREAD_START_TIMEOUT_MS - 1);
    expect(workers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ kind: 'prepare' });
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    expect(progress.map((p) => `${p.phase} ${p.state}`)).toEqual([
      'threads start',
      'threads-restart start',
      'threads-restart end',
      'threads start',
      'threads end',
    ]);
    expect(progress[2]).toMatchObject({
      label: expect.stringContaining('stalled for 30 s'),
      ms: THREAD_START_TIMEOUT_MS,
    });
  });

  it('twice is an error that says what to do, never a hang', async () => {
    const { c, workers } = client([false, false]);
    const done = c.request<'prepare'>(prepare);
    const failed = expect(done).rejects.toThrow(/did not finish within 30 s.*twice; try again, or choose 1 thread/);
    await vi.advanceTimersByTimeAsync(2 * THREAD_START_TIMEOUT_MS);
    await failed;
    await expect(done).rejects.toBeInstanceOf(RunError);
    expect(workers.map((w) => w.terminated)).toEqual([true, true]);
  });

  it('that starts in time is left alone', async () => {
    const { c, workers } = client([true]);
    await expect(c.request<'prepare'>(prepare)).resolves.toEqual({ kind: 'prepare' });
    await vi.advanceTimersByTimeAsync(3 * THREAD_START_TIMEOUT_MS);
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(false);
  });
});
