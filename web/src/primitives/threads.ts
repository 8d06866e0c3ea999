// The thread counts the Primitives view offers. Go's js/wasm has one thread; the Rust side has a
// single-threaded build and threaded ones (atomics + shared memory, wasm-bindgen-rayon), which
// only a cross-origin isolated page can run: which one loads is chooseVariant's choice
// (packages/core/wasm-bindgen.ts), as in the provers' workers.

/** The thread counts offered: 1 … the device's logical cores (just 1 when not cross-origin isolated). */
export function threadChoices(cores: number | undefined, isolated: boolean): number[] {
  const n = isolated && Number.isFinite(cores) && cores! > 1 ? Math.floor(cores!) : 1;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** "1 thread", "2 threads". */
export const threadsLabel = (n: number) => `${n} thread${n === 1 ? '' : 's'}`;
