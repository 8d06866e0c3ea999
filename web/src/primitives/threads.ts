// Which Rust primitives build a thread count needs, and the thread counts the view offers. Go's
// js/wasm has one thread; the Rust side has a single-threaded build and a threaded one
// (atomics + shared memory, wasm-bindgen-rayon), which only a cross-origin isolated page can run.

export type RustBuild = 'single' | 'threads' | 'threads-wide';

/**
 * The threaded build for more than one thread where shared memory is allowed, else the single
 * one; where the engine has wide arithmetic (and the build exists), the wide threaded build at
 * any thread count, as the provers' workers choose (packages/core/wasm-bindgen.ts).
 */
export function rustBuild(threads: number, isolated: boolean, wide = false): RustBuild {
  if (isolated && wide) return 'threads-wide';
  return threads > 1 && isolated ? 'threads' : 'single';
}

/** The thread counts offered: 1 … the device's logical cores (just 1 when not cross-origin isolated). */
export function threadChoices(cores: number | undefined, isolated: boolean): number[] {
  const n = isolated && Number.isFinite(cores) && cores! > 1 ? Math.floor(cores!) : 1;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** "1 thread", "2 threads". */
export const threadsLabel = (n: number) => `${n} thread${n === 1 ? '' : 's'}`;
