// Builds the KZG part of the Primitives view (EIP-4844 blobs, EIP-7594 cells; docs/kzg.md) into
// web/public/artifacts/kzg/, with an index.json of sizes and sha256:
//   - Go: go-eth-kzg behind gnark/ethkzg (gnark/cmd/kzg-wasm, GOOS=js GOARCH=wasm) as
//     kzg-go.wasm, listed as files.go;
//   - Rust: rust_eth_kzg behind crates/zkplay-kzg (feature wasm, single-threaded, wasm-bindgen
//     --target web) as rust/zkplay_kzg{.js,_bg.wasm}, listed as files.rust and files.rustGlue;
//   - Rust, threaded: feature wasm-threads (rust_eth_kzg's rayon paths on wasm-bindgen-rayon's
//     Web Workers; blst's C with atomics, as a shared-memory link requires) as
//     rust-threads/zkplay_kzg{.js,_bg.wasm} with the glue's snippets/, listed as
//     files.rustThreads and files.rustThreadsGlue.
//     rust_eth_kzg computes over blst, whose C compiles for wasm32 only with clang: Debian's is
//     installed (apt-get) when it is missing.
// Both cached by source. Never built before the page is up: an extra job of npm start's queue
// (scripts/start.mjs), and part of `npm run build -- --all` and the test set-up.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWasm } from './rust.mjs';
import { capture, hashTree, log, place, run, sha256File, step } from './steps.mjs';

const RUST_CRATE = 'zkplay-kzg';

/** Debian's clang (for blst's C in wasm32), installed as the set-up installs Chromium. */
export async function ensureClang() {
  if (capture('clang', ['--version'])) return log('clang is installed (blst for wasm32)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  await step("install Debian's clang, which compiles blst's C for wasm32 (apt-get)", async () => {
    await apt(['update', '-q']);
    await apt(['install', '-y', '-q', '--no-install-recommends', 'clang']);
  });
  if (!capture('clang', ['--version'])) throw new Error('clang was installed but does not run');
}

/** outDir: where it publishes (the build queue passes a staging folder that then replaces artifacts/kzg). */
export async function buildKzg({ root, cacheDir, outDir = join(root, 'web', 'public', 'artifacts', 'kzg') }) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version'])?.split(' ')[2];
  if (!goVersion) throw new Error('Go is not installed (the KZG view needs it)');
  const goKey = `${hashTree([join(goDir, 'ethkzg'), join(goDir, 'cmd', 'kzg-wasm'), join(goDir, 'go.sum')], { exclude: ['_test.go'] }).slice(0, 12)}-${goVersion}`;
  const goWasm = join(cacheDir, 'kzg', `go-${goKey}`, 'kzg-go.wasm');
  if (existsSync(goWasm)) {
    log(`kzg: Go wasm ${goKey} already built`);
  } else {
    await step('kzg: build the go-eth-kzg wasm (go build)', async () => {
      mkdirSync(join(goWasm, '..'), { recursive: true });
      await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', `${goWasm}.tmp`, './cmd/kzg-wasm'], {
        cwd: goDir,
        env: { GOOS: 'js', GOARCH: 'wasm' },
        prefix: 'kzg wasm',
      });
      renameSync(`${goWasm}.tmp`, goWasm);
    });
  }

  log('kzg: the rust_eth_kzg wasm (cargo, single-threaded, blst through clang)');
  await ensureClang();
  const rustDir = await buildWasm({ root, cacheDir, crate: RUST_CRATE, variant: 'single', features: ['wasm'] });
  log('kzg: the threaded rust_eth_kzg wasm (cargo, atomics + build-std, blst with atomics)');
  const threadsDir = await buildWasm({
    root,
    cacheDir,
    crate: RUST_CRATE,
    variant: 'threads',
    features: ['wasm-threads'],
    cflags: '-matomics -mbulk-memory',
  });
  const lib = RUST_CRATE.replace(/-/g, '_');

  rmSync(outDir, { recursive: true, force: true });
  const listed = (src, file) => {
    place(src, join(outDir, file));
    return { file, bytes: statSync(src).size, sha256: sha256File(src) };
  };
  const files = {
    go: listed(goWasm, 'kzg-go.wasm'),
    rust: listed(join(rustDir, `${lib}_bg.wasm`), `rust/${lib}_bg.wasm`),
    rustGlue: listed(join(rustDir, `${lib}.js`), `rust/${lib}.js`),
    rustThreads: listed(join(threadsDir, `${lib}_bg.wasm`), `rust-threads/${lib}_bg.wasm`),
    rustThreadsGlue: listed(join(threadsDir, `${lib}.js`), `rust-threads/${lib}.js`),
  };
  // wasm-bindgen-rayon's worker helper, served as it is next to the glue it imports.
  if (!existsSync(join(threadsDir, 'snippets'))) throw new Error(`${threadsDir} has no snippets/`);
  cpSync(join(threadsDir, 'snippets'), join(outDir, 'rust-threads', 'snippets'), { recursive: true });
  const rustKey = [rustDir, threadsDir].map((d) => d.split('-').pop().slice(0, 8)).join('-');
  const index = { build: `${goKey}.${rustKey}`, files };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  log(
    `kzg: published Go (${(files.go.bytes / 2 ** 20).toFixed(1)} MiB) and Rust (${(files.rust.bytes / 2 ** 20).toFixed(1)} MiB) wasm to ${outDir}`,
  );
}
