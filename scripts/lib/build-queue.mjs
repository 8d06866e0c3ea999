// The backends' builds as a queue of jobs with a status that the page reads: `npm start` serves
// the page first and runs this queue behind it (the page enables a backend when its job is ready,
// without a reload); `npm test` and `npm run build` run the same jobs before anything else.
//
// - Fastest first: a job's order is its duration on this machine the last time it ran (kept in
//   <cache>/build-seconds.json), else the fresh-machine estimate its backend declares
//   (build.mjs `freshBuildSeconds`), so a newcomer's first backend is ready in minutes.
// - One failure stops one job: the others still run; the status keeps the failed job's message and
//   the last lines of its log, and its whole log is in <cache>/logs/<id>.log.
// - Nothing half-built is served: a backend builds into a staging folder that replaces
//   web/public/artifacts/<id> by renames once complete (buildStaged, publishDir below).
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic.mjs';
import { backendIds, importBackendFile } from './backends.mjs';
import { cacheDir as defaultCacheDir, log, root as defaultRoot, step, withSink } from './steps.mjs';

/** How many of a failed job's last log lines the status carries (the page shows them). */
const TAIL_LINES = 30;

/**
 * A job: { id, group: 'backend' | 'extra', label, estimate (seconds), run() }. run() resolves to
 * a short summary (say, the wasm variants it published) or rejects.
 * onChange(status) is called whenever a job changes state or step.
 */
export class BuildQueue {
  constructor({ jobs, cacheDir = defaultCacheDir, quiet = false, onChange = () => {} }) {
    this.cacheDir = cacheDir;
    this.quiet = quiet;
    this.onChange = onChange;
    this.secondsFile = join(cacheDir, 'build-seconds.json');
    const past = readJson(this.secondsFile) ?? {};
    // Stable within a group: backends first (the page needs them), extras after.
    const rank = (j) => [j.group === 'backend' ? 0 : 1, past[j.id] ?? j.estimate ?? Infinity];
    this.jobs = [...jobs].sort((a, b) => {
      const [ga, sa] = rank(a);
      const [gb, sb] = rank(b);
      return ga - gb || sa - sb || a.id.localeCompare(b.id);
    });
    this.state = Object.fromEntries(
      this.jobs.map((j) => [j.id, { id: j.id, group: j.group, label: j.label, state: 'queued' }]),
    );
    this.startedAt = new Date().toISOString();
  }

  /** What the page reads (schema/build-status.schema.json). */
  status() {
    return {
      startedAt: this.startedAt,
      now: new Date().toISOString(),
      jobs: this.jobs.map((j) => this.state[j.id]),
    };
  }

  #set(id, patch) {
    Object.assign(this.state[id], patch);
    this.onChange(this.status());
  }

  /** Runs every job in order; resolves to the ids of the jobs that failed. */
  async run() {
    const failed = [];
    for (const job of this.jobs) if (!(await this.#runJob(job))) failed.push(job.id);
    return failed;
  }

  async #runJob(job) {
    const logDir = join(this.cacheDir, 'logs');
    mkdirSync(logDir, { recursive: true });
    const logFile = join(logDir, `${job.id}.log`);
    const file = createWriteStream(logFile);
    const tail = [];
    const started = Date.now();
    this.#set(job.id, { state: 'building', startedAt: new Date(started).toISOString(), logFile });
    const sink = {
      quiet: this.quiet,
      line: (text) => {
        file.write(text + '\n');
        tail.push(text);
        if (tail.length > TAIL_LINES) tail.shift();
      },
      step: (name) => this.#set(job.id, { step: name }),
    };
    try {
      const summary = await withSink(sink, () => step(`build ${job.label}`, () => job.run()));
      const seconds = Math.round((Date.now() - started) / 1000);
      this.#remember(job.id, seconds);
      this.#set(job.id, { state: 'ready', seconds, summary: summary ?? undefined, step: undefined });
      log(`ready: ${job.id}${summary ? ` (${summary})` : ''} in ${seconds} s`);
      return true;
    } catch (e) {
      const seconds = Math.round((Date.now() - started) / 1000);
      const message = String(e?.message ?? e).split('\n')[0];
      this.#set(job.id, { state: 'failed', seconds, error: message, log: [...tail] });
      log(`failed: ${job.id} after ${seconds} s: ${message} (its log: ${logFile})`);
      return false;
    } finally {
      await new Promise((r) => file.end(r));
    }
  }

  /**
   * The durations that order the next run. A job that took a few seconds found its build in the
   * cache, which says nothing of how long building it takes: it leaves the last real figure (or
   * the backend's estimate) in place.
   */
  #remember(id, seconds) {
    if (seconds < CACHED_SECONDS) return;
    const past = readJson(this.secondsFile) ?? {};
    past[id] = seconds;
    mkdirSync(this.cacheDir, { recursive: true });
    writeFileAtomic(this.secondsFile, JSON.stringify(past, null, 2));
  }
}

/** Under this many seconds, a job is taken to have found its build in the cache. */
const CACHED_SECONDS = 5;

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** web/public/artifacts: what the page and the verifier package serve. */
export const artifactsDir = (root = defaultRoot) => join(root, 'web', 'public', 'artifacts');

/**
 * Swaps a finished folder in for `dest` with two renames: the old one is moved aside first, so
 * `dest` is missing only between them, never half-written.
 */
export function publishDir(staging, dest) {
  const old = `${dest}.old`;
  mkdirSync(dirname(dest), { recursive: true });
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dest)) renameSync(dest, old);
  renameSync(staging, dest);
  rmSync(old, { recursive: true, force: true });
}

/**
 * make(staging) into an emptied staging folder, then publishDir to dest: a build killed half-way
 * leaves dest as it was (the next run starts staging afresh), never half-written.
 */
export async function buildStaged(staging, dest, make) {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await make(staging);
  publishDir(staging, dest);
}

/** buildStaged into web/public/artifacts/<id> (what the page serves), through web/.artifacts-staging/<id>. */
export const publishArtifacts = (root, id, make) =>
  buildStaged(join(root, 'web', '.artifacts-staging', id), join(artifactsDir(root), id), make);

/** The wasm variants (or files) a backend's index.json lists, for the `ready:` line. */
function publishedSummary(outDir) {
  const index = readJson(join(outDir, 'index.json'));
  const variants = Object.keys(index?.variants ?? {});
  return variants.length ? variants.join(', ') : 'Go js/wasm';
}

/**
 * The job that builds backend `id` (backends/<id>/build.mjs) into staging and publishes it, then
 * rewrites keys.json and the results catalogue, which list every published backend. all: also
 * what the backend builds only on request (its lazy variants).
 */
export async function backendJob(
  id,
  { root = defaultRoot, cacheDir = defaultCacheDir, all = false, asCore = false, afterPublish } = {},
) {
  const mod = await importBackendFile(id, 'build.mjs');
  const extra = all && !asCore;
  return {
    id: extra ? `${id}-on-request` : id,
    backend: id,
    group: extra ? 'extra' : 'backend',
    label: extra ? `${id}: ${mod.lazyParts}` : id,
    estimate: extra ? 90 : mod.freshBuildSeconds,
    async run() {
      await publishArtifacts(root, id, (dir) => mod.build({ root, cacheDir, outDir: dir, all }));
      await afterPublish?.();
      return publishedSummary(join(artifactsDir(root), id));
    },
  };
}

/**
 * Every backend's job. mode 'start': each backend's usable core first, then (as extras, once every
 * backend is ready) the parts built on request; 'all': one job per backend that builds everything
 * (npm test, npm run build -- --all); 'core': the core only (npm run build).
 */
export async function backendJobs({ root = defaultRoot, cacheDir = defaultCacheDir, mode, afterPublish }) {
  const jobs = [];
  for (const id of backendIds('build.mjs')) {
    const lazy = (await importBackendFile(id, 'build.mjs')).lazyParts;
    if (mode === 'all') {
      jobs.push(await backendJob(id, { root, cacheDir, all: true, afterPublish, asCore: true }));
      continue;
    }
    jobs.push(await backendJob(id, { root, cacheDir, afterPublish }));
    if (mode === 'start' && lazy) jobs.push(await backendJob(id, { root, cacheDir, all: true, afterPublish }));
  }
  return jobs;
}
