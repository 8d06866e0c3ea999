// Builds the halo2 backend's artifacts: crates/zkplay-halo2 compiled to wasm twice, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/halo2/{threads,single}/ plus an
// index.json (sizes and sha256 of each wasm). Called by scripts/setup.mjs.
//   threads: atomics + shared memory, rayon on Web Workers (wasm-bindgen-rayon); used when the
//            page is cross-origin isolated and more than one thread is chosen.
//   single:  plain wasm32. zkevm-hashes pins halo2-base =0.5.0, which turns on halo2-axiom's
//            default `multicore` feature: a compile_error! on wasm32 without atomics. This build
//            runs in a workspace derived under the cache whose [patch.crates-io] points
//            halo2-base at a copy of its registry source with halo2-axiom's default features
//            off (nothing third-party is committed).
// There are no keys to ship: the KZG parameters and keys are made in the browser (test setup).
import { buildWasmBackend } from '../../scripts/lib/rust.mjs';

const CRATE = 'zkplay-halo2';

/** halo2-base 0.5.0 with halo2-axiom's `multicore` off (the rest of its default features kept). */
export const SINGLE_THREAD_PATCH = {
  name: 'halo2-base',
  version: '0.5.0',
  dependency: 'halo2_proofs_axiom',
  set: { 'default-features': false, features: ['batch', 'circuit-params'] },
};

const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'], patches: [] },
  { id: 'single', build: 'wasm-single', features: ['wasm'], patches: [SINGLE_THREAD_PATCH] },
];

export async function build({ root, cacheDir, outDir }) {
  await buildWasmBackend({ id: 'halo2', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS });
}
