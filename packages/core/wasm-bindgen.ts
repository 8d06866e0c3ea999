// Worker-side loading of a Rust backend built with wasm-bindgen (--target web) in its variants,
// as scripts/lib/rust.mjs buildWasm makes them and a backend's build.mjs lists them in
// artifacts/<id>/index.json (next to the page, at whatever path it is served: artifactUrl):
//   threads: atomics + shared memory, rayon on Web Workers (wasm-bindgen-rayon, initThreadPool);
//   single:  plain wasm32;
//   threads-wide (optional): threads compiled with the wide-arithmetic proposal (64 x 64 -> 128
//     products in one instruction). Loaded only where this engine validates the proposal's
//     instructions (feature detection, never the browser's name); it then also serves one
//     thread, as a pool of one, when the page is cross-origin isolated.
// This module picks the variant, downloads the wasm with fetchArtifact (hash-checked, cached),
// imports the glue from artifacts/<id>/<variant>/, instantiates it, starts the thread pool,
// times these phases, reports memory, and turns wasm traps into worker-fatal errors.
// packages/core/rust-worker.ts drives the crate's `Prover` class on top of it.
import { wideArithmetic } from 'wasm-feature-detect';
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from './artifacts';
import { WASM_DOWNLOAD, WASM_INSTANTIATE } from './rust-manifest';
import { BackendError, THREAD_START_PHASE, type ErrorCode, type MemoryReport, type PinnedBuild } from './protocol';
import { fatal, type PhaseContext } from './serve';

export type Variant = 'threads' | 'single' | 'threads-wide';

/** index.json as a Rust backend's build.mjs writes it (threads-wide only where the backend builds it). */
export interface WasmIndex {
  build: string;
  variants: Partial<Record<Variant, { build: string; glue: string; wasm: ArtifactFile }>>;
}

/** The exports every zkplay wasm-bindgen crate provides (crates/zkplay-wasm-runtime/src/wasm.rs). */
export interface WasmBindgenModule {
  /** wasm-bindgen's init: instantiates the module from its bytes; resolves to the wasm exports. */
  default(init: { module_or_path: BufferSource }): Promise<unknown>;
  /** Only in the threaded build (wasm-bindgen-rayon). */
  initThreadPool?(threads: number): Promise<void>;
  /** "wasm-threads", "wasm-single" or "wasm-threads-wide". */
  build(): string;
  /** Threads rayon really uses (1 in the single-threaded build). */
  threads(): number;
  /** Bytes of wasm linear memory. */
  memoryBytes(): number;
  /** Grows wasm memory by this many MiB and keeps it; throws when it cannot. */
  allocate(mib: number): number;
  installPanicHook(): void;
  lastPanic(): string;
}

export interface LoadedWasm<M extends WasmBindgenModule> {
  mod: M;
  variant: Variant;
  /** What the wasm says it is ("wasm-threads" / "wasm-single" / "wasm-threads-wide"). */
  build: string;
  /** Bytes downloaded to load it (0 when read from the cache); a backend zeroes it once reported. */
  download: number;
  /** The instance's linear memory, when the glue's init returned it. */
  memory?: WebAssembly.Memory;
}

/** A refusal as the crates throw it (zkplay_wasm_runtime::ProverError): `{ code, message }`, or undefined. */
export function proverError(e: unknown): { code: ErrorCode; message: string } | undefined {
  if (typeof e !== 'object' || e === null || e instanceof Error) return undefined;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? { code: code as ErrorCode, message } : undefined;
}

export const MEMORY_LABEL = 'wasm linear memory (never shrinks: the peak of this worker)';

/**
 * Which build runs, given what the page allows. Threads need cross-origin isolation
 * (SharedArrayBuffer) and are worth it for more than one; where the engine has wide arithmetic
 * and the build exists, threads-wide runs at any thread count (a pool of one for one thread).
 * The provers' workers (variantFor) and the primitives view's worker both choose with it.
 */
export function chooseVariant(
  threads: number,
  isolated: boolean,
  wide: boolean,
  available: readonly Variant[],
): Variant {
  if (isolated && wide && available.includes('threads-wide')) return 'threads-wide';
  return threads > 1 && isolated ? 'threads' : 'single';
}

/** chooseVariant in this worker, or the build the request pins (the threaded one only where isolated). */
export function variantFor(
  threads: number,
  available: readonly Variant[],
  wide: boolean,
  pinned?: PinnedBuild,
): Variant {
  const isolated = self.crossOriginIsolated && typeof SharedArrayBuffer !== 'undefined';
  if (pinned === 'threads' && !isolated)
    throw new BackendError(
      'invalid-input',
      'the threaded build needs a cross-origin isolated page (SharedArrayBuffer)',
    );
  return pinned ?? chooseVariant(threads, isolated, wide, available);
}

/** Whether this engine validates the wide-arithmetic proposal's instructions (asked once per worker). */
let wideArithmeticHere: Promise<boolean> | undefined;
export function engineHasWideArithmetic(): Promise<boolean> {
  wideArithmeticHere ??= wideArithmetic().catch(() => false);
  return wideArithmeticHere;
}

export interface WasmBackend<M extends WasmBindgenModule> {
  /** artifacts/<id>/index.json: the files the backend's build lists are relative to it. */
  readonly indexUrl: string;
  /**
   * The loaded wasm, loading it first unless this worker already has one: the pinned build, else
   * the variant for the thread count and the engine's features (variantFor).
   */
  load(threads: number, ctx?: PhaseContext, pinned?: PinnedBuild): Promise<LoadedWasm<M>>;
  /** The loaded wasm, if any. */
  readonly current: LoadedWasm<M> | undefined;
  /**
   * Runs a call into wasm. The crates throw refusals as `{ code, message }` with a protocol code
   * (zkplay_wasm_runtime::ProverError): they become BackendErrors as they are; anything else
   * thrown is 'internal', prefixed with `what`. A wasm trap (a panic, or an allocation that
   * failed: both abort) leaves the instance unusable, so the worker reports itself dead and the
   * page replaces it.
   */
  call<T>(what: string, fn: () => T): T;
  /** Peak memory: the wasm linear memory's size (it never shrinks). */
  peakMemory(): MemoryReport;
  /** The protocol's allocate: grows the wasm heap by mib MiB (loading the single-threaded build if none is loaded). */
  allocate(mib: number): Promise<MemoryReport>;
}

/**
 * The wasm-bindgen backend `id` (artifacts at artifacts/<id>/), named `label` in messages.
 * One instance per worker: the wasm is loaded once and reused for every configuration.
 */
export function wasmBackend<M extends WasmBindgenModule>(id: string, label: string): WasmBackend<M> {
  const indexUrl = artifactUrl(`${id}/index.json`);
  let loaded: LoadedWasm<M> | undefined;

  const memoryBytes = () => {
    if (!loaded) return 0;
    return loaded.memory?.buffer.byteLength ?? loaded.mod.memoryBytes();
  };

  async function load(threads: number, ctx?: PhaseContext, pinned?: PinnedBuild): Promise<LoadedWasm<M>> {
    if (loaded) return loaded;
    const n = Math.max(1, threads);
    const phase = <T>(pid: string, plabel: string, fn: () => Promise<T>) => (ctx ? ctx.phase(pid, plabel, fn) : fn());
    const index = await fetchIndex<WasmIndex>(indexUrl);
    const available = Object.keys(index.variants ?? {}) as Variant[];
    // Detection first: a browser without the feature never fetches the wide build.
    const wide = !pinned && available.includes('threads-wide') && (await engineHasWideArithmetic());
    const variant = variantFor(n, available, wide, pinned);
    const entry = index.variants?.[variant];
    if (!entry) throw new BackendError('corrupt-artifact', `${indexUrl} lists no ${variant} build`);
    const name = `${label} wasm (${entry.build})`;
    const got = await phase(WASM_DOWNLOAD.id, WASM_DOWNLOAD.label, () =>
      fetchArtifact(indexUrl, entry.wasm, name, (done, total) =>
        ctx?.progress(WASM_DOWNLOAD.id, `Downloading ${name}`, done, total),
      ),
    );
    const { mod, memory } = await phase(WASM_INSTANTIATE.id, WASM_INSTANTIATE.label, async () => {
      const m = (await import(/* @vite-ignore */ new URL(entry.glue, indexUrl).href)) as M;
      let exports: unknown;
      try {
        exports = await m.default({ module_or_path: got.bytes as Uint8Array<ArrayBuffer> });
      } catch (e) {
        throw new BackendError('corrupt-artifact', `${name} could not be instantiated: ${(e as Error).message}`);
      }
      m.installPanicHook();
      const mem = (exports as { memory?: unknown } | undefined)?.memory;
      return { mod: m, memory: mem instanceof WebAssembly.Memory ? mem : undefined };
    });
    if (variant === 'threads' || variant === 'threads-wide') {
      if (!mod.initThreadPool) throw new BackendError('corrupt-artifact', `${name} has no initThreadPool`);
      // The page times this phase out (THREAD_START_TIMEOUT_MS): it can stall for ever.
      await phase(THREAD_START_PHASE, `Start ${n} wasm threads`, () => mod.initThreadPool!(n));
    }
    loaded = { mod, variant, build: mod.build(), download: got.fromCache ? 0 : entry.wasm.bytes, memory };
    return loaded;
  }

  function call<T>(what: string, fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) {
        let panic = '';
        try {
          panic = loaded?.mod.lastPanic() ?? '';
        } catch {
          // the instance may be too broken to answer
        }
        const mem = memoryBytes();
        const oom =
          e instanceof RangeError || /alloc|capacity overflow|out of memory/i.test(panic) || mem > 3.5 * 2 ** 30;
        const message = oom
          ? `the ${label} worker ran out of memory during ${what} (wasm memory at ${(mem / 2 ** 20).toFixed(0)} MiB)`
          : `the ${label} wasm crashed during ${what}: ${panic || (e as Error).message}`;
        fatal(oom ? 'out-of-memory' : 'crashed', message);
        throw new BackendError(oom ? 'out-of-memory' : 'crashed', message);
      }
      if (e instanceof BackendError) throw e;
      const refusal = proverError(e);
      if (refusal) throw new BackendError(refusal.code, refusal.message);
      const message = e instanceof Error ? e.message : String(e);
      throw new BackendError('internal', `${what}: ${message}`);
    }
  }

  return {
    indexUrl,
    load,
    get current() {
      return loaded;
    },
    call,
    peakMemory: () => ({ peakBytes: memoryBytes(), what: MEMORY_LABEL }),
    async allocate(mib) {
      const w = await load(1);
      try {
        w.mod.allocate(mib);
      } catch (e) {
        throw new BackendError('out-of-memory', (e as Error).message);
      }
      return { peakBytes: memoryBytes(), what: MEMORY_LABEL };
    },
  };
}
