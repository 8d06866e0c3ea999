// How the Primitives view's two builds (primitives.mjs, kzg.mjs) publish what they built: a Go
// wasm and a crate's wasm-bindgen builds, one folder per variant, with an index.json of sizes and
// sha256 (schema/artifact-index.schema.json).
import { cpSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { place, sha256File } from './steps.mjs';

/**
 * Empties outDir, then places the Go wasm `go` ({ key, file } of buildGoWasm) as files.go, and
 * for each Rust build of `crate` ({ variant: dir } of buildWasm: single, threads, threads-wide)
 * its wasm and glue under rust/ (single) or rust-<variant>/, listed as files.rust / rustThreads /
 * rustThreadsWide and the same with Glue; a threaded build's snippets/ (wasm-bindgen-rayon's
 * worker helper, which finds the glue through import.meta.url) goes next to its glue.
 * index.json's `build` joins the Go key with the Rust builds' keys. Returns the files.
 */
export function publishViewWasm({ outDir, go, crate, rust }) {
  const lib = crate.replace(/-/g, '_');
  rmSync(outDir, { recursive: true, force: true });
  const listed = (src, file) => {
    place(src, join(outDir, file));
    return { file, bytes: statSync(src).size, sha256: sha256File(src) };
  };
  // rustGlue and the like are roles under files (the schema allows any role there, but no other
  // top-level field): a worker imports its glue by files.rustGlue.file.
  const files = { go: listed(go.file, basename(go.file)) };
  for (const [variant, dir] of Object.entries(rust)) {
    const sub = variant === 'single' ? 'rust' : `rust-${variant}`;
    const role = sub.replace(/-(\w)/g, (_, c) => c.toUpperCase()); // rust-threads-wide: rustThreadsWide
    files[role] = listed(join(dir, `${lib}_bg.wasm`), `${sub}/${lib}_bg.wasm`);
    files[`${role}Glue`] = listed(join(dir, `${lib}.js`), `${sub}/${lib}.js`);
    if (!variant.startsWith('threads')) continue;
    if (!existsSync(join(dir, 'snippets')))
      throw new Error(`${dir} has no snippets/ (wasm-bindgen-rayon's worker helper)`);
    cpSync(join(dir, 'snippets'), join(outDir, sub, 'snippets'), { recursive: true });
  }
  const rustKey = Object.values(rust)
    .map((dir) => dir.split('-').pop().slice(0, 8))
    .join('-');
  writeFileSync(join(outDir, 'index.json'), JSON.stringify({ build: `${go.key}.${rustKey}`, files }, null, 2));
  return files;
}

/** Size in MiB with one decimal, for the log lines. */
export const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
