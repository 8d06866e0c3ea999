// Runs the primitives off the main thread for the Primitives view, in small wasm builds of their
// own (never the provers' bundles), each fetched and hash-checked like every artifact and loaded
// only when a case of its language is asked for:
//   gnark-crypto   gnark/cmd/primitives-wasm (Go → js/wasm, one thread)      files.go
//   halo2curves,   crates/zkplay-primitives, feature wasm (wasm-bindgen,     files.rust, rustGlue
//   plonky2_field  --target web, single-threaded)
//                  the same, feature wasm-threads (atomics, shared memory,   files.rustThreads,
//                  wasm-bindgen-rayon), for threads > 1 when isolated        rustThreadsGlue
//                  the same with wide arithmetic, at any thread count where  files.rustThreadsWide,
//                  the engine validates the proposal (and isolated)          rustThreadsWideGlue
// A worker loads one Rust build with one thread count (a rayon pool cannot be resized): the view
// starts a new worker when its thread setting changes.
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from '@zkplay/core/artifacts';
import { BackendError, THREAD_START_PHASE } from '@zkplay/core/protocol';
import { serveRequests, type PhaseContext } from '@zkplay/core/serve';
import { chooseVariant, engineHasWideArithmetic, type Variant } from '@zkplay/core/wasm-bindgen';
import { startGoApi } from './go-api';
import type { Library, PrimitiveResult } from './result';

/** threads: the Rust cases' thread count (Go has one thread whatever it says). */
export type PrimitiveRequest = {
  type: 'measure';
  id: number;
  library: Library;
  op: string;
  curve: string;
  logN: number;
  runs: number;
  warmup: number;
  threads: number;
};

/** What scripts/lib/primitives.mjs writes to artifacts/primitives/index.json. */
interface PrimitivesIndex {
  build: string;
  files: {
    go: ArtifactFile;
    rust?: ArtifactFile;
    rustGlue?: ArtifactFile;
    rustThreads?: ArtifactFile;
    rustThreadsGlue?: ArtifactFile;
    rustThreadsWide?: ArtifactFile;
    rustThreadsWideGlue?: ArtifactFile;
  };
}

/** crates/zkplay-primitives/src/wasm.rs, as wasm-bindgen exports it. */
interface RustPrimitives {
  default(init: { module_or_path: BufferSource }): Promise<unknown>;
  /** One schema/primitive-result record as JSON; throws an Error on bad input or a failed check. */
  measure(op: string, curve: string, logN: number, runs: number, warmup: number): string;
  /** rayon's thread count (1 in the single-threaded build). */
  threads?(): number;
  /** The threaded build only: starts rayon's pool of n Web Workers (once). */
  initThreadPool?(n: number): Promise<void>;
}

type Measure = (op: string, curve: string, logN: number, runs: number, warmup: number) => Promise<string>;

const INDEX_URL = artifactUrl('primitives/index.json');
let index: Promise<PrimitivesIndex> | undefined;
let go: Promise<Measure> | undefined;
/** The one Rust build this worker loaded, and the thread count it was asked for. */
let rust: { threads: number; measure: Promise<Measure> } | undefined;
/** Which Rust build that is, once chosen: every Rust result says it. */
let rustLoaded: Variant | undefined;

const loadIndex = () => (index ??= fetchIndex<PrimitivesIndex>(INDEX_URL));

function startGo(): Promise<Measure> {
  go ??= (async () => {
    const { files } = await loadIndex();
    const wasm = await fetchArtifact(INDEX_URL, files.go, 'primitives wasm (Go)', () => {});
    const api = await startGoApi<{ measure: Measure }>(wasm.bytes, 'zkplayPrimitivesGo');
    return (op, curve, logN, runs, warmup) => api.measure(op, curve, logN, runs, warmup);
  })();
  return go;
}

function startRust(threads: number, ctx: PhaseContext): Promise<Measure> {
  if (rust && rust.threads !== threads) {
    return Promise.reject(
      new Error(
        `this worker runs Rust on ${rust.threads} thread${rust.threads === 1 ? '' : 's'} (a rayon pool cannot be resized): start a new worker for ${threads}`,
      ),
    );
  }
  rust ??= {
    threads,
    measure: (async () => {
      const { files } = await loadIndex();
      const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
      // Detection only where there is a wide build: without the feature it is never fetched.
      const wide = isolated && !!files.rustThreadsWide && (await engineHasWideArithmetic());
      // Not isolated (no shared memory): the single-threaded build, whose results say 1 thread.
      const builds: Record<Variant, (ArtifactFile | undefined)[]> = {
        single: [files.rust, files.rustGlue],
        threads: [files.rustThreads, files.rustThreadsGlue],
        'threads-wide': [files.rustThreadsWide, files.rustThreadsWideGlue],
      };
      const available = (Object.keys(builds) as Variant[]).filter((v) => builds[v].every(Boolean));
      const build = chooseVariant(threads, isolated, wide, available);
      const [wasmFile, glue] = builds[build];
      if (!wasmFile || !glue)
        throw new Error(
          `${INDEX_URL} lists no Rust primitives build "${build}": rebuild with scripts/lib/primitives.mjs`,
        );
      const named = { single: '', threads: ', threaded', 'threads-wide': ', threaded, wide arithmetic' }[build];
      const wasm = await fetchArtifact(INDEX_URL, wasmFile, `primitives wasm (Rust${named})`, () => {});
      const m = (await import(/* @vite-ignore */ new URL(glue.file, INDEX_URL).href)) as RustPrimitives;
      await m.default({ module_or_path: wasm.bytes as Uint8Array<ArrayBuffer> });
      rustLoaded = build;
      if (build !== 'single') {
        if (!m.initThreadPool) throw new Error(`${glue.file} has no initThreadPool`);
        // The page times this phase out (THREAD_START_TIMEOUT_MS): a pool can fail to start.
        await ctx.phase(THREAD_START_PHASE, `Start ${threads} wasm threads`, () => m.initThreadPool!(threads));
        const pool = m.threads?.();
        if (pool !== threads) throw new Error(`asked for a pool of ${threads} threads, rayon has ${String(pool)}`);
      }
      return async (op, curve, logN, runs, warmup) => m.measure(op, curve, logN, runs, warmup);
    })(),
  };
  return rust.measure;
}

serveRequests<PrimitiveRequest, PrimitiveResult>(async ({ library, op, curve, logN, runs, warmup, threads }, ctx) => {
  const measure = await (library === 'gnark-crypto' ? startGo() : startRust(threads, ctx));
  const result = JSON.parse(await measure(op, curve, logN, runs, warmup)) as PrimitiveResult;
  if (result.library !== library)
    throw new BackendError('internal', `asked for ${library}, the wasm answered for ${String(result.library)}`);
  // Which Rust build measured it: a wide build's times are not comparable with the others'.
  return library === 'gnark-crypto' || !rustLoaded ? result : { ...result, build: rustLoaded };
});
