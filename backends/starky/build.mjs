// Builds the starky backend's artifacts: crates/zkplay-starky compiled to wasm three times, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/starky/{threads,single,verifier}/,
// the wrapper's key files, sample proof files, and index.json (sizes and sha256 of each file).
// Called by scripts/setup.mjs.
//   threads:  atomics + shared memory; starky's and plonky2's `parallel` (rayon) on Web Workers.
//   single:   plain wasm32 without `parallel`.
//   verifier: plain wasm32 with only `verify` (src/verifier_wasm.rs), for the verifier package.
// All three take PLONKY2_NARROW_WASM_PATCHES, as plonky2's do (the same crates); the provers
// also the sigma map patch (STARKY_WASM_VARIANTS, crates/patches/README.md).
// starky is transparent, but a verifier needs the wrapper circuit's verifier data: it is made
// natively (examples/keys.rs) for each zk setting, keys/wrapper-zk{off,on}.bin, listed in
// index.json's `keys` (its sha256 is the keyHash), plus two sample proof files made by the same
// run. The browser builds the same wrapper and refuses it unless it is the one the file pins.
// The wrapper's prover data (keys/wrapper-zkoff.prover.bin, index.json's files["prover-zkoff"]:
// its constant columns and the Merkle tree digests of its constants and permutation, ~35 MB)
// comes from the same run, so that the page does not hash that tree itself (src/prover_data.rs).
import { plonky2FamilyBuild, plonky2FamilyWasmLint } from '@zkplay/build-kit/plonky2-family';
import { WIDE_ON_REQUEST } from '@zkplay/build-kit/rust';
import { STARKY_WASM_VARIANTS } from '@zkplay/build-kit/wasm-patches';

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 319;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;
export const wasmLint = plonky2FamilyWasmLint('starky', STARKY_WASM_VARIANTS);

export const build = plonky2FamilyBuild({
  backend: 'starky',
  /**
   * The wrapper key files and samples, made natively and cached by what they are made from: the
   * tables, the wrapper and the key container (this crate), the gate serializer and proof shape of
   * zkplay-plonky2, the contract (zkplay-wasm-runtime), the locked versions.
   */
  keys: {
    paths: [
      'zkplay-starky',
      'zkplay-plonky2/src',
      'zkplay-wasm-runtime',
      'Cargo.toml',
      'Cargo.lock',
      'rust-toolchain.toml',
    ],
    // Not what only wasm or tests read: each edit of those would re-run the example (~2 minutes).
    exclude: ['/tests/', '/benches/', 'tests.rs', 'node-smoke.cjs', 'wasm.rs', 'thread_cache.rs', 'README.md'],
    what: 'the wrapper key of each zk setting, its prover data (zk off) and two sample proofs (native; ~3 minutes)',
  },
  proofSystem: 'starky-ctl-plonky2-wrap',
  setupNote:
    'No setup: the wrapper circuit’s verifier data is derived deterministically from the code, built natively at build time; the browser builds the same circuit and checks it against this file.',
  versions: ['starky', 'plonky2'],
  keysAre: 'wrapper key files',
  variants: STARKY_WASM_VARIANTS,
  files: (manifest) =>
    Object.fromEntries(manifest.filter((m) => m.prover).map((m) => [`prover-zk${m.config.zk}`, m.prover])),
});
