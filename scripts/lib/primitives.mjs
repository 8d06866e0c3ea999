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
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWasm, checkedMultiplies } from './rust.mjs';
import { capture, hashTree, log, place, run, sha256File, step } from './steps.mjs';

const RUST_CRATE = 'zkplay-primitives';

/** outDir: where it publishes (the build queue passes a staging folder that then replaces artifacts/primitives). */
export async function buildPrimitives({
  root,
  cacheDir,
  outDir = join(root, 'web', 'public', 'artifacts', 'primitives'),
}) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version'])?.split(' ')[2];
  if (!goVersion) throw new Error('Go is not installed (the primitives view needs it)');
  const goKey = `${hashTree([join(goDir, 'primitives'), join(goDir, 'cmd', 'primitives-wasm'), join(goDir, 'go.sum')], { exclude: ['_test.go'] }).slice(0, 12)}-${goVersion}`;
  const wasm = join(cacheDir, 'primitives', `go-${goKey}`, 'primitives-go.wasm');
  if (existsSync(wasm)) {
    log(`primitives: Go wasm ${goKey} already built`);
  } else {
    await step('primitives: build the gnark-crypto primitives wasm (go build)', async () => {
      mkdirSync(join(wasm, '..'), { recursive: true });
      await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', `${wasm}.tmp`, './cmd/primitives-wasm'], {
        cwd: goDir,
        env: { GOOS: 'js', GOARCH: 'wasm' },
        prefix: 'primitives wasm',
      });
      renameSync(`${wasm}.tmp`, wasm);
    });
  }

  // buildWasm logs "already built" or runs cargo + wasm-bindgen as steps of their own.
  log('primitives: the halo2curves / plonky2_field primitives wasm (cargo, single-threaded)');
  const rustDir = await buildWasm({ root, cacheDir, crate: RUST_CRATE, variant: 'single', features: ['wasm'] });
  log('primitives: the threaded halo2curves / plonky2_field primitives wasm (cargo, atomics + build-std)');
  const threadsDir = await buildWasm({
    root,
    cacheDir,
    crate: RUST_CRATE,
    variant: 'threads',
    features: ['wasm-threads'],
  });
  log('primitives: the same with wide arithmetic (cargo, atomics + wide-arithmetic + build-std)');
  const wideDir = await buildWasm({
    root,
    cacheDir,
    crate: RUST_CRATE,
    variant: 'threads-wide',
    features: ['wasm-threads'],
  });
  // The same check as the backends' wide builds: no __multi3 call left, mul_wide_u present.
  checkedMultiplies('primitives', 'threads-wide', readFileSync(join(wideDir, 'zkplay_primitives_bg.wasm')));
  const rustKey = [rustDir, threadsDir, wideDir].map((d) => d.split('-').pop().slice(0, 8)).join('-');
  const lib = RUST_CRATE.replace(/-/g, '_');

  rmSync(outDir, { recursive: true, force: true });
  const listed = (src, file) => {
    place(src, join(outDir, file));
    return { file, bytes: statSync(src).size, sha256: sha256File(src) };
  };
  const files = {
    go: listed(wasm, 'primitives-go.wasm'),
    rust: listed(join(rustDir, `${lib}_bg.wasm`), `rust/${lib}_bg.wasm`),
    rustGlue: listed(join(rustDir, `${lib}.js`), `rust/${lib}.js`),
    rustThreads: listed(join(threadsDir, `${lib}_bg.wasm`), `rust-threads/${lib}_bg.wasm`),
    rustThreadsGlue: listed(join(threadsDir, `${lib}.js`), `rust-threads/${lib}.js`),
    rustThreadsWide: listed(join(wideDir, `${lib}_bg.wasm`), `rust-threads-wide/${lib}_bg.wasm`),
    rustThreadsWideGlue: listed(join(wideDir, `${lib}.js`), `rust-threads-wide/${lib}.js`),
  };
  // wasm-bindgen-rayon's worker helper, served as it is next to the glue it imports.
  for (const [dir, sub] of [
    [threadsDir, 'rust-threads'],
    [wideDir, 'rust-threads-wide'],
  ]) {
    if (!existsSync(join(dir, 'snippets')))
      throw new Error(`${dir} has no snippets/ (wasm-bindgen-rayon's worker helper)`);
    cpSync(join(dir, 'snippets'), join(outDir, sub, 'snippets'), { recursive: true });
  }
  // rustGlue and rustThreadsGlue are roles under files (schema/artifact-index.schema.json allows any role there,
  // but no other top-level field): the worker imports it by files.rustGlue.file.
  const index = { build: `${goKey}.${rustKey}`, files };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  log(
    `primitives: published Go (${(files.go.bytes / 2 ** 20).toFixed(1)} MiB), Rust (${(files.rust.bytes / 2 ** 20).toFixed(1)} MiB) and threaded Rust (${(files.rustThreads.bytes / 2 ** 20).toFixed(1)} MiB) wasm to ${outDir}`,
  );
}
