// Builds the plonky2 backend's artifacts: crates/zkplay-plonky2 compiled to wasm twice, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/plonky2/{threads,single}/ plus an
// index.json (sizes and sha256 of each wasm). Called by scripts/setup.mjs.
//   threads: atomics + shared memory, plonky2 `parallel` (rayon) on Web Workers
//            (wasm-bindgen-rayon); used when the page is cross-origin isolated and more than
//            one thread is chosen.
//   single:  plain wasm32 without `parallel`.
// There are no keys to ship: plonky2 is transparent, the circuit is built in the browser.
import { buildWasmBackend } from '../../scripts/lib/rust.mjs';

const CRATE = 'zkplay-plonky2';

const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'] },
  { id: 'single', build: 'wasm-single', features: ['wasm'] },
];

export async function build({ root, cacheDir, outDir }) {
  await buildWasmBackend({ id: 'plonky2', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS });
}
