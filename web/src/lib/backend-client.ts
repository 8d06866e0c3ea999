// The page's client of one backend's worker: the shared worker client (worker-client.ts) with
// the backend protocol's requests, where `prepare` sizes the thread pool and retries a stall.
import type { Backend } from '@zkplay/core/manifest';
import type { Request, Result } from '@zkplay/core/protocol';
import { WorkerClient, type DistributiveOmit, type Progress } from './worker-client';

export { RunError, type Progress } from './worker-client';

export class BackendClient {
  private readonly client: WorkerClient<Request, Result>;

  constructor(readonly backend: Backend) {
    this.client = new WorkerClient<Request, Result>(
      { label: backend.manifest.label, createWorker: () => backend.createWorker() },
      {
        threadsOf: (req) =>
          req.type !== 'prepare' ? undefined : req.build ? `${req.threads}/${req.build}` : req.threads,
        retriesStall: (req) => req.type === 'prepare',
      },
    );
  }

  /** Sends a request and resolves with its result (RunError on a refusal, a crash or a cancel). */
  request<K extends Result['kind']>(
    req: DistributiveOmit<Request, 'id'>,
    onProgress?: (p: Progress) => void,
  ): Promise<Extract<Result, { kind: K }>> {
    return this.client.send(req, onProgress) as Promise<Extract<Result, { kind: K }>>;
  }

  /** Stops whatever the worker is doing at once. */
  cancel() {
    this.client.cancel();
  }

  dispose() {
    this.client.dispose();
  }
}

/** One client (so at most one worker) per backend id, created on first use. */
export class ClientPool {
  private clients = new Map<string, BackendClient>();
  constructor(private find: (id: string) => Backend | undefined) {}

  get(id: string): BackendClient {
    let c = this.clients.get(id);
    if (!c) {
      const backend = this.find(id);
      if (!backend) throw new Error(`no backend named ${id}`);
      c = new BackendClient(backend);
      this.clients.set(id, c);
    }
    return c;
  }

  disposeAll() {
    for (const c of this.clients.values()) c.dispose();
  }
}
