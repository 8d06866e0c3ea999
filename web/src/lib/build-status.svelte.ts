// What the page knows of the build behind it. `npm start` serves the page before the backends are
// built and answers build-status.json (schema/build-status.schema.json) while it builds them; the
// page polls it, shows each backend's state and enables a backend once it is ready, without a
// reload. A server with no build behind it (a static deployment, npm test's server) has no such
// file (a 404, or its index.html): every backend is then taken as built, as it always was.
import { appUrl } from '@zkplay/core/artifacts';
import type { BuildJob, BuildStatus } from '@zkplay/core/generated/schema-types';
import { checkSchema } from '@zkplay/core/schemas';
import { forgetKeys } from './keys';

export type { BuildJob, BuildStatus };

/** How often the page asks while something is building. */
export const POLL_MS = 2000;

class BuildWatch {
  /** undefined: not known yet; null: nothing builds behind this server; else the last answer. */
  status = $state<BuildStatus | null | undefined>(undefined);
  /** Why the last poll failed (the status shown is then the one before). */
  problem = $state<string | undefined>(undefined);
  /** Milliseconds since the last answer, ticking while something builds: elapsed times use the server's clock. */
  sinceAnswer = $state(0);
  #answeredAt = 0;
  #ticker: ReturnType<typeof setInterval> | undefined;
  #started = false;

  /** Starts polling (once per page). */
  start(): void {
    if (this.#started || typeof window === 'undefined') return;
    this.#started = true;
    void this.#poll();
  }

  async #poll(): Promise<void> {
    let next: BuildStatus | null;
    let res: Response;
    try {
      res = await fetch(appUrl('build-status.json'), { cache: 'no-store' });
    } catch (e) {
      // Unreachable. A page opened offline (served by its service worker) has no build behind
      // it; a build that answered before is kept, and asked again (the server may be restarting).
      if (!this.status) {
        this.status = null;
        return;
      }
      this.problem = `could not reach the server: ${(e as Error).message}`;
      setTimeout(() => void this.#poll(), POLL_MS);
      return;
    }
    try {
      // No build behind this server: 404 from a static host, the page itself from a server that
      // answers every path with it (vite's dev and preview servers).
      const json = /\bjson\b/.test(res.headers.get('content-type') ?? '');
      if (res.status === 404 || (res.ok && !json)) next = null;
      else if (!res.ok) throw new Error(`HTTP ${res.status}`);
      else next = checkSchema<BuildStatus>('build-status', await res.json(), 'build-status.json: ');
      this.problem = undefined;
    } catch (e) {
      // A server that builds but answers nonsense: the backends stay off, and the page says why.
      this.problem = `could not read the build status: ${(e as Error).message}`;
      setTimeout(() => void this.#poll(), POLL_MS);
      return;
    }
    const before = this.status;
    this.status = next;
    this.#answeredAt = performance.now();
    this.sinceAnswer = 0;
    // A backend that became ready added its keys to keys.json.
    if (before && next && readyIds(next).some((id) => !readyIds(before).includes(id))) forgetKeys();
    if (next && next.jobs.some((j) => j.state === 'queued' || j.state === 'building')) {
      this.#ticker ??= setInterval(() => (this.sinceAnswer = performance.now() - this.#answeredAt), 1000);
      setTimeout(() => void this.#poll(), POLL_MS);
    } else {
      clearInterval(this.#ticker);
      this.#ticker = undefined;
    }
  }

  /** The job of backend `id`, when a build behind this server has one. */
  backendJob(id: string): BuildJob | undefined {
    return this.status?.jobs.find((j) => j.group === 'backend' && j.id === id);
  }

  /**
   * Whether backend `id` can run: yes without a build behind the server, or for a backend that
   * build does not make; else once its job is ready. Not before the first answer, so that a
   * click in the first instant cannot reach a backend still being built.
   */
  usable(id: string): boolean {
    if (this.status === undefined) return false;
    const job = this.backendJob(id);
    return !job || job.state === 'ready';
  }

  /** Seconds a job has been building, by the server's clock. */
  elapsedSeconds(job: BuildJob): number {
    if (!this.status || !job.startedAt) return 0;
    const ms = Date.parse(this.status.now) - Date.parse(job.startedAt) + this.sinceAnswer;
    return Math.max(0, Math.round(ms / 1000));
  }
}

const readyIds = (s: BuildStatus) => s.jobs.filter((j) => j.state === 'ready').map((j) => j.id);

/** The one watch of this page. */
export const buildWatch = new BuildWatch();

/** "4 min 05 s" or "35 s". */
export function formatSeconds(s: number): string {
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** One line for a backend's job: what a person needs to know while it is not ready. */
export function describeJob(job: BuildJob, elapsed: number): string {
  switch (job.state) {
    case 'queued':
      return 'queued';
    case 'building':
      return `building (${formatSeconds(elapsed)})${job.step ? `: ${job.step}` : ''}`;
    case 'ready':
      return `ready${job.seconds !== undefined ? ` (built in ${formatSeconds(job.seconds)})` : ''}`;
    case 'failed':
      return `failed after ${formatSeconds(job.seconds ?? 0)}: ${job.error ?? 'see the log'}`;
  }
}
