// Builds the plonky2 backend's artifacts: crates/zkplay-plonky2 compiled to wasm twice, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/plonky2/{threads,single}/ plus an
// index.json (sizes and sha256 of each wasm). Called by scripts/setup.mjs.
//   threads: atomics + shared memory, plonky2 `parallel` (rayon) on Web Workers
//            (wasm-bindgen-rayon); used when the page is cross-origin isolated and more than
//            one thread is chosen.
//   single:  plain wasm32 without `parallel`.
// There are no keys to ship: plonky2 is transparent, the circuit is built in the browser.
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWasm } from '../../scripts/lib/rust.mjs';
import { log, place, sha256File } from '../../scripts/lib/steps.mjs';

const CRATE = 'zkplay-plonky2';
const LIB = 'zkplay_plonky2';

const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'] },
  { id: 'single', build: 'wasm-single', features: ['wasm'] },
];

export async function build({ root, cacheDir, outDir }) {
  const built = [];
  for (const v of VARIANTS) {
    const dir = await buildWasm({ root, cacheDir, crate: CRATE, variant: v.id, features: v.features });
    built.push({ ...v, dir, info: JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')) });
  }

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const variants = {};
  for (const v of built) {
    const dest = join(outDir, v.id);
    // The glue and wasm-bindgen-rayon's worker helper (snippets/) are served as they are: the
    // worker imports the glue at run time, and the helper finds it through import.meta.url.
    cpSync(v.dir, dest, { recursive: true, filter: (src) => !/[/\\](done|build\.json|[^/\\]+\.d\.ts)$/.test(src) });
    const wasm = join(v.dir, `${LIB}_bg.wasm`);
    place(wasm, join(dest, `${LIB}_bg.wasm`));
    variants[v.id] = {
      build: v.build,
      glue: `${v.id}/${LIB}.js`,
      wasm: { file: `${v.id}/${LIB}_bg.wasm`, bytes: statSync(wasm).size, sha256: sha256File(wasm) },
      key: v.info.key,
      buildSeconds: v.info.buildSeconds,
    };
  }
  const index = { build: built.map((v) => v.info.key.slice(0, 8)).join('-'), variants };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  for (const [id, v] of Object.entries(variants)) {
    log(`plonky2: ${id} wasm ${(v.wasm.bytes / 2 ** 20).toFixed(1)} MiB (built in ${v.buildSeconds.toFixed(0)} s)`);
  }
  log(`plonky2: artifacts in ${outDir}`);
}
