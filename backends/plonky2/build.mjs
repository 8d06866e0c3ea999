// Builds the plonky2 backend's artifacts: crates/zkplay-plonky2 compiled to wasm twice, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/plonky2/{threads,single}/ plus an
// index.json (sizes and sha256 of each wasm). Called by scripts/setup.mjs.
//   threads: atomics + shared memory, plonky2 `parallel` (rayon) on Web Workers
//            (wasm-bindgen-rayon); used when the page is cross-origin isolated and more than
//            one thread is chosen.
//   single:  plain wasm32 without `parallel`.
//   verifier: plain wasm32 with only `verify` (src/verifier_wasm.rs), for the verifier package.
// All three take PLONKY2_NARROW_WASM_PATCHES (scripts/lib/wasm-patches.mjs: Goldilocks products
// from four 32 x 32 multiplies, and Poseidon's partial rounds in their plain form, on wasm32), in
// a workspace derived under the cache.
// plonky2 is transparent (no setup), but a verifier needs the circuit's verifier data: it is
// made natively (examples/keys.rs) for every configuration the page offers, one file per
// configuration under keys/, listed in index.json's `keys` (its sha256 is the keyHash), plus two
// sample proof files (samples/, index.json `samples`) proven by the same native run.
import { plonky2FamilyBuild, plonky2FamilyWasmLint } from '@zkplay/build-kit/plonky2-family';
import { WIDE_ON_REQUEST } from '@zkplay/build-kit/rust';

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 252;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;
export const wasmLint = plonky2FamilyWasmLint('plonky2');

export const build = plonky2FamilyBuild({
  backend: 'plonky2',
  /** Verifier data of every offered configuration, made natively and cached by crate sources. */
  keys: {
    paths: ['zkplay-plonky2', 'zkplay-wasm-runtime', 'Cargo.toml', 'Cargo.lock', 'rust-toolchain.toml'],
    // Not the sources only wasm uses (the bindings, the verifier package's entry, the threaded
    // build's allocator): they cannot change what the native keys example makes, and each edit
    // of them re-ran it (~1 min) for byte-identical files.
    exclude: [
      '/tests/',
      '/benches/',
      'tests.rs',
      'bench.rs',
      'reference.rs',
      'node-smoke.cjs',
      'wasm.rs',
      'thread_cache.rs',
    ],
    what: 'verifier data of every configuration (native; a few minutes)',
  },
  proofSystem: 'plonky2-fri',
  setupNote: 'No setup: the verifier data is derived deterministically from the circuit, built natively at build time.',
  versions: ['plonky2'],
  keysAre: 'verifier-data files',
});
