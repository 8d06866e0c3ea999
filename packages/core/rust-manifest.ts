// What every Rust backend's manifest shares, stated once: the phases its worker runs before the
// crate's own (wasm-bindgen.ts and rust-worker.ts run them under these ids and labels), and when
// its threaded build can run.
import type { BackendManifest } from './manifest';
import { THREAD_START_PHASE } from './protocol';

export type PhaseName = BackendManifest['phases'][number];

export const WASM_DOWNLOAD: PhaseName = { id: 'download', label: 'Download wasm' };
export const WASM_INSTANTIATE: PhaseName = { id: 'instantiate', label: 'Compile and start wasm' };
export const WASM_THREADS: PhaseName = { id: THREAD_START_PHASE, label: 'Start wasm threads' };
export const DOWNLOAD_KEYS: PhaseName = { id: 'download-keys', label: 'Download keys' };

/** The phases of a Rust backend in order: loading its wasm, its keys if it ships any, then the crate's. */
export function rustPhases(cratePhases: PhaseName[], { keys }: { keys: boolean }): PhaseName[] {
  return [WASM_DOWNLOAD, WASM_INSTANTIATE, WASM_THREADS, ...(keys ? [DOWNLOAD_KEYS] : []), ...cratePhases];
}

/**
 * Every Rust backend has a threaded build (rayon on Web Workers sharing wasm memory, which needs
 * cross-origin isolation) and a single-threaded one; `parallelism` names the crate's feature.
 */
export function rustThreads(parallelism?: string): BackendManifest['threads'] {
  const what = parallelism ? `${parallelism}: rayon` : 'rayon';
  return {
    supported: ({ crossOriginIsolated }) => crossOriginIsolated,
    note: `More than one thread runs the threaded build (${what} on Web Workers sharing wasm memory); 1 thread runs the single-threaded build.`,
  };
}
