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
import { join } from 'node:path';
import { buildGoWasm } from './go-runtime.mjs';
import { buildWasm } from './rust.mjs';
import { mib, publishViewWasm } from './view-wasm.mjs';
import { capture, log, run, step } from './steps.mjs';

const RUST_CRATE = 'zkplay-kzg';

/**
 * The Rust wasm builds, as buildWasm's arguments: built here and linted by lint.mjs. The threaded
 * one compiles blst's C with atomics, as a shared-memory link requires of every object.
 */
export const KZG_WASM = [
  { crate: RUST_CRATE, variant: 'single', features: ['wasm'] },
  { crate: RUST_CRATE, variant: 'threads', features: ['wasm-threads'], cflags: '-matomics -mbulk-memory' },
];

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
  const go = await buildGoWasm({ cacheDir, cache: 'kzg', dirs: ['ethkzg'], cmd: 'kzg-wasm', name: 'go-eth-kzg' });
  const rust = (variant) => buildWasm({ root, cacheDir, ...KZG_WASM.find((b) => b.variant === variant) });

  log('kzg: the rust_eth_kzg wasm (cargo, single-threaded, blst through clang)');
  await ensureClang();
  const single = await rust('single');
  log('kzg: the threaded rust_eth_kzg wasm (cargo, atomics + build-std, blst with atomics)');
  const threads = await rust('threads');
  const files = publishViewWasm({ outDir, go, crate: RUST_CRATE, rust: { single, threads } });

  log(`kzg: published Go (${mib(files.go.bytes)} MiB) and Rust (${mib(files.rust.bytes)} MiB) wasm to ${outDir}`);
}
