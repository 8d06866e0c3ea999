// The benchmark sweep: backends × message lengths × thread counts, one cell at a time, in the
// backends' own workers with the same prepare / prove / verify requests as a playground run.
// Lengths are given in blocks of each backend's own hash (n Keccak blocks = n×136−1 bytes, n
// BLAKE2s blocks = n×64 bytes), and each cell's digest is computed with that hash.
import { appliedConfig, type Backend, type BackendManifest } from '@zkplay/core/manifest';
import { DEFAULT_HASH, hashDef, type HashId } from '@zkplay/core/hashes';
import type { Config, PinnedBuild } from '@zkplay/core/protocol';
import type { RunResult } from '@zkplay/core/run-result';
import { RunError, type BackendClient, type Progress } from '../lib/backend-client';
import { formatBytes } from '../lib/format';
import { runOnce } from '../lib/run';
import { aggregateRuns } from './aggregate';
import type { ColdSetup } from './export';
import type { DeviceProbe } from './probe';
import { knownPeak, type NativeReference } from './reference';
import { benchMessage, type BenchSettings } from './settings';

export interface Cell {
  backend: Backend;
  config: Config;
  blocks: number;
  bytes: number;
  threads: number;
}

export interface Skipped {
  backend: string;
  blocks?: number;
  threads?: number;
  reason: string;
}

export const cellName = (c: { backend: Backend; blocks: number; bytes: number; threads: number }) =>
  `${c.backend.manifest.label}, ${c.blocks} block${c.blocks === 1 ? '' : 's'} (${c.bytes} B), ${c.threads} thread${c.threads === 1 ? '' : 's'}`;

/** The configurations measured at a length: the defaults, or each of the manifest's benchVariants over them. */
function benchConfigs(m: BackendManifest, bytes: number): Config[] {
  if (!m.benchVariants) return [m.defaultConfig(bytes)];
  return m.benchVariants.map((chosen) => appliedConfig(m, { ...m.defaultConfig(bytes, chosen), ...chosen }));
}

/** Which cells run and which are skipped (with the reason), before anything runs. */
export function planSweep(opts: {
  settings: Pick<BenchSettings, 'blocks' | 'threads'>;
  backends: Backend[];
  device: Pick<
    DeviceProbe,
    'crossOriginIsolated' | 'cores' | 'maxWasmMemoryBytes' | 'wasmMemoryTimedOut' | 'threadsAvailable'
  >;
  reference?: NativeReference;
  /** Other results already seen (earlier sweeps, imports): their peak memory counts too. */
  seen?: RunResult[];
}): { cells: Cell[]; skipped: Skipped[] } {
  const { settings, backends, device, reference, seen = [] } = opts;
  const cells: Cell[] = [];
  const skipped: Skipped[] = [];
  for (const backend of backends) {
    const m = backend.manifest;
    const multi = device.threadsAvailable > 1 && m.threads.supported(device);
    let threadList = settings.threads;
    if (!multi) {
      threadList = [1];
      for (const t of settings.threads.filter((t) => t > 1)) {
        const why =
          device.threadsAvailable > 1
            ? m.threads.note
            : 'this page is not cross-origin isolated, so only single-threaded builds run here';
        skipped.push({ backend: m.id, threads: t, reason: `${m.label} runs single-threaded here: ${why}` });
      }
    }
    const hash = hashDef(m.hash);
    for (const threads of threadList) {
      for (const [blocks, config] of settings.blocks.flatMap((b) =>
        benchConfigs(m, hash.bytesForBlocks(b)).map((c) => [b, c] as const),
      )) {
        const bytes = hash.bytesForBlocks(blocks);
        const cap = m.capacity(config);
        if (bytes > cap.bytes) {
          skipped.push({
            backend: m.id,
            blocks,
            threads,
            reason: `${bytes} bytes (${blocks} blocks) is over ${m.label}'s capacity of ${cap.bytes} bytes (${cap.blocks} block${cap.blocks === 1 ? '' : 's'}) for its configuration ${JSON.stringify(config)}`,
          });
          continue;
        }
        const peak = knownPeak(reference, m.id, config, seen);
        if (
          peak &&
          device.maxWasmMemoryBytes > 0 &&
          !device.wasmMemoryTimedOut &&
          peak.bytes > device.maxWasmMemoryBytes
        ) {
          skipped.push({
            backend: m.id,
            blocks,
            threads,
            reason: `${m.label} is known to peak at ${formatBytes(peak.bytes)} (${peak.source}) for this configuration, more than the ${formatBytes(device.maxWasmMemoryBytes)} of wasm memory this browser grants: skipped so that the tab does not crash`,
          });
          continue;
        }
        cells.push({ backend, config, blocks, bytes, threads });
      }
    }
  }
  return { cells, skipped };
}

export interface CellOutcome {
  cell: Cell;
  result?: RunResult;
  /** Set when this cell's prepare did the work (fresh worker or new configuration). */
  setup?: ColdSetup;
  error?: string;
}

export interface SweepHooks {
  clientFor(backendId: string): BackendClient;
  device: DeviceProbe;
  warmup: number;
  runs: number;
  /** The wasm build every prepare pins (settings' `build`); absent, each worker chooses. */
  build?: PinnedBuild;
  /** Steps done of total (prepare, warm-ups and runs), and what is running. */
  onStep(done: number, total: number, text: string): void;
  onProgress?(p: Progress, cell: Cell): void;
  onCell(o: CellOutcome): void;
  cancelled(): boolean;
}

export const stepsPerCell = (warmup: number, runs: number) => 1 + warmup + runs;

/** Runs every cell in order; a failing cell is reported and the sweep goes on; Cancel stops it. */
export async function runSweep(cells: Cell[], h: SweepHooks): Promise<'done' | 'cancelled'> {
  const per = stepsPerCell(h.warmup, h.runs);
  const total = cells.length * per;
  let done = 0;
  for (const [i, cell] of cells.entries()) {
    if (h.cancelled()) return 'cancelled';
    const name = cellName(cell);
    const client = h.clientFor(cell.backend.manifest.id);
    const message = benchMessage(cell.bytes);
    const digest = hashDef(cell.backend.manifest.hash).digest(message);
    const onProgress = (p: Progress) => {
      if (p.state === 'start') h.onStep(done, total, `${name}: ${p.label}…`);
      h.onProgress?.(p, cell);
    };
    const base = i * per;
    try {
      h.onStep(done, total, `${name}: preparing…`);
      const prep = await client.request<'prepare'>(
        { type: 'prepare', config: cell.config, threads: cell.threads, ...(h.build ? { build: h.build } : {}) },
        onProgress,
      );
      done = base + 1;
      const setup: ColdSetup | undefined = prep.fresh
        ? {
            backend: cell.backend.manifest.id,
            config: cell.config,
            threads: prep.threads,
            phases: prep.phases.map((p) => ({ ...p })),
          }
        : undefined;
      const measured: RunResult[] = [];
      for (let k = 0; k < h.warmup + h.runs; k++) {
        if (h.cancelled()) return 'cancelled';
        const warm = k < h.warmup;
        h.onStep(
          done,
          total,
          `${name}: ${warm ? `warm-up ${k + 1} of ${h.warmup}` : `run ${k - h.warmup + 1} of ${h.runs}`}…`,
        );
        const out = await runOnce({
          client,
          manifest: cell.backend.manifest,
          config: cell.config,
          threads: cell.threads,
          message,
          digest,
          device: h.device,
          onProgress,
          build: h.build,
        });
        if (!warm) measured.push(out.result);
        done = base + 2 + k;
        h.onStep(done, total, name);
      }
      h.onCell({ cell, result: aggregateRuns(measured), setup });
    } catch (e) {
      if (h.cancelled() || (e instanceof RunError && e.code === 'cancelled')) return 'cancelled';
      h.onCell({ cell, error: e instanceof Error ? e.message : String(e) });
    }
    done = base + per;
    h.onStep(done, total, name);
  }
  return 'done';
}

/** The hashes of these backends' statements, each once, in HASH_IDS order of first appearance. */
export function hashesOf(manifests: { hash?: HashId }[]): HashId[] {
  return [...new Set(manifests.map((m) => m.hash ?? DEFAULT_HASH))];
}

/** Times `hash` (default Keccak-256) in this page (@noble/hashes) for each size: the median over `reps` of ms per hash. */
export async function hashBaseline(opts: {
  hash?: HashId;
  sizes: number[];
  reps?: number;
  onProgress?: (done: number, total: number) => void;
  cancelled?: () => boolean;
}): Promise<{ bytes: number; ms: number; samples: number[] }[]> {
  const reps = opts.reps ?? 5;
  const digest = hashDef(opts.hash).digest;
  const out: { bytes: number; ms: number; samples: number[] }[] = [];
  // Let the JIT optimise the hash before anything is timed (~100 ms of hashing).
  const warm = benchMessage(4096);
  for (const t0 = performance.now(); performance.now() - t0 < 100;) digest(warm);
  for (const [i, bytes] of opts.sizes.entries()) {
    const msg = benchMessage(bytes);
    // Enough hashes per sample that the timer's resolution does not matter: count how many fit
    // in ~4 ms, twice (the first pass also warms up the JIT), and time that many per sample.
    let loops = 0;
    for (let pass = 0; pass < 2; pass++) {
      loops = 0;
      const t0 = performance.now();
      do {
        digest(msg);
        loops++;
      } while (performance.now() - t0 < 4 && loops < 100_000);
    }
    const samples: number[] = [];
    for (let r = 0; r < reps; r++) {
      if (opts.cancelled?.()) return out;
      await new Promise((res) => setTimeout(res, 0)); // let the page breathe between samples
      const s = performance.now();
      for (let l = 0; l < loops; l++) digest(msg);
      samples.push((performance.now() - s) / loops);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    out.push({ bytes, ms: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2, samples });
    opts.onProgress?.(i + 1, opts.sizes.length);
  }
  return out;
}

/** 136 B, ×4 each step, up to ~4 MiB. */
export const HASH_SIZES = [136, 544, 2176, 8704, 34816, 139264, 557056, 2228224, 4456448];
