// How the Primitives view's two builds (primitives.mjs, kzg.mjs) publish what they built: a Go
// wasm and a crate's wasm-bindgen builds, one folder per variant, with an index.json of sizes and
// sha256 (schema/artifact-index.schema.json).
import { cpSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { place, sha256File } from './steps.mjs';

/**
 * Empties outDir, then places the Go wasm as `goName` (files.go) and, for each Rust build
 * { role, dir, sub, threads } of `crate`, its wasm and glue as <sub>/<lib>_bg.wasm and
 * <sub>/<lib>.js (files.<role>, files.<role>Glue); a threaded build's snippets/
 * (wasm-bindgen-rayon's worker helper, which finds the glue through import.meta.url) goes next to
 * its glue. index.json's `build` joins goKey with the Rust builds' keys. Returns the files.
 */
export function publishViewWasm({ outDir, goWasm, goName, goKey, crate, rust }) {
  const lib = crate.replace(/-/g, '_');
  rmSync(outDir, { recursive: true, force: true });
  const listed = (src, file) => {
    place(src, join(outDir, file));
    return { file, bytes: statSync(src).size, sha256: sha256File(src) };
  };
  // rustGlue and the like are roles under files (the schema allows any role there, but no other
  // top-level field): a worker imports its glue by files.rustGlue.file.
  const files = { go: listed(goWasm, goName) };
  for (const { role, dir, sub, threads = false } of rust) {
    files[role] = listed(join(dir, `${lib}_bg.wasm`), `${sub}/${lib}_bg.wasm`);
    files[`${role}Glue`] = listed(join(dir, `${lib}.js`), `${sub}/${lib}.js`);
    if (!threads) continue;
    if (!existsSync(join(dir, 'snippets')))
      throw new Error(`${dir} has no snippets/ (wasm-bindgen-rayon's worker helper)`);
    cpSync(join(dir, 'snippets'), join(outDir, sub, 'snippets'), { recursive: true });
  }
  const rustKey = rust.map(({ dir }) => dir.split('-').pop().slice(0, 8)).join('-');
  writeFileSync(join(outDir, 'index.json'), JSON.stringify({ build: `${goKey}.${rustKey}`, files }, null, 2));
  return files;
}

/** Size in MiB with one decimal, for the log lines. */
export const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
