// Builds the Primitives view's own wasm (never the provers' bundles) into
// web/public/artifacts/primitives/, with an index.json of sizes and sha256:
//   - Go: gnark-crypto's FFT, MSM, pairing and field multiplication (gnark/cmd/primitives-wasm,
//     GOOS=js GOARCH=wasm) as primitives-go.wasm, listed as files.go;
//   - Rust: halo2curves-axiom and plonky2_field's (crates/zkplay-primitives, feature wasm,
//     single-threaded, wasm-bindgen --target web) as rust/zkplay_primitives{.js,_bg.wasm},
//     listed as files.rust (the wasm) and files.rustGlue (the glue), with rustGlue its path;
//   - Rust, threaded: the same crate with feature wasm-threads (atomics, shared memory,
//     wasm-bindgen-rayon's initThreadPool) as rust-threads/zkplay_primitives{.js,_bg.wasm} with
//     the glue's snippets/ (wasm-bindgen-rayon's helper worker, which finds the glue through
//     import.meta.url), listed as files.rustThreads and files.rustThreadsGlue;
//   - Rust, threaded with the wasm wide-arithmetic proposal (scripts/lib/rust.mjs variant
//     threads-wide) as rust-threads-wide/..., listed as files.rustThreadsWide and
//     files.rustThreadsWideGlue: loaded only where the engine validates the proposal.
// All cached by source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGoWasm } from './go-runtime.mjs';
import { buildWasm, checkedMultiplies } from './rust.mjs';
import { mib, publishViewWasm } from './view-wasm.mjs';
import { log } from './steps.mjs';

const RUST_CRATE = 'zkplay-primitives';

/** The Rust wasm builds, as buildWasm's arguments: built here and linted by lint.mjs. */
export const PRIMITIVES_WASM = ['single', 'threads', 'threads-wide'].map((variant) => ({
  crate: RUST_CRATE,
  variant,
  features: variant === 'single' ? ['wasm'] : ['wasm-threads'],
}));

/** outDir: where it publishes (the build queue passes a staging folder that then replaces artifacts/primitives). */
export async function buildPrimitives({
  root,
  cacheDir,
  outDir = join(root, 'web', 'public', 'artifacts', 'primitives'),
}) {
  const go = await buildGoWasm({
    cacheDir,
    cache: 'primitives',
    dirs: ['primitives'],
    cmd: 'primitives-wasm',
    name: 'gnark-crypto primitives',
  });

  // buildWasm logs "already built" or runs cargo + wasm-bindgen as steps of their own.
  const wasm = (variant) => buildWasm({ root, cacheDir, ...PRIMITIVES_WASM.find((b) => b.variant === variant) });
  log('primitives: the halo2curves / plonky2_field primitives wasm (cargo, single-threaded)');
  const rustDir = await wasm('single');
  log('primitives: the threaded halo2curves / plonky2_field primitives wasm (cargo, atomics + build-std)');
  const threadsDir = await wasm('threads');
  log('primitives: the same with wide arithmetic (cargo, atomics + wide-arithmetic + build-std)');
  const wideDir = await wasm('threads-wide');
  // The same check as the backends' wide builds: no __multi3 call left, mul_wide_u present.
  checkedMultiplies('primitives', 'threads-wide', readFileSync(join(wideDir, 'zkplay_primitives_bg.wasm')));
  const rust = { single: rustDir, threads: threadsDir, 'threads-wide': wideDir };
  const files = publishViewWasm({ outDir, go, crate: RUST_CRATE, rust });

  log(
    `primitives: published Go (${mib(files.go.bytes)} MiB), Rust (${mib(files.rust.bytes)} MiB) and threaded Rust (${mib(files.rustThreads.bytes)} MiB) wasm to ${outDir}`,
  );
}
