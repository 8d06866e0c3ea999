// The build of plonky2's and starky's backends, which differ only in what they name: both are
// transparent proofs over Goldilocks from the same registry crates (the same wasm builds,
// PLONKY2_WASM_VARIANTS), whose verifier data the crate's native keys example makes and
// index.json lists as it is. halo2 and bellman publish more (KZG parameters, a contract) and call
// the same steps themselves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { completeIndex, runKeysExample, totalBytes } from './native-keys.mjs';
import { buildWasmBackend, lintedVariants, lockedVersion } from './rust.mjs';
import { log } from './steps.mjs';
import { PLONKY2_WASM_VARIANTS } from './wasm-patches.mjs';

/**
 * The `build({ root, cacheDir, outDir, all })` of backend `backend` (crates/zkplay-<backend>).
 * keys: runKeysExample's { paths, exclude, what }; proofSystem and setupNote: index.json's keys
 * facts; versions: the crates whose locked versions the index names, in that order; keysAre:
 * what the log calls the key files. files (optional): (the keys example's manifest.json) =>
 * { role: file name }, more files that example made for the prover, listed under index.json's
 * `files` by role (hash-checked by the worker like every artifact). variants (optional): the
 * wasm builds and their patches, PLONKY2_WASM_VARIANTS unless given.
 */
export function plonky2FamilyBuild({
  backend,
  keys,
  proofSystem,
  setupNote,
  versions,
  keysAre,
  files,
  variants = PLONKY2_WASM_VARIANTS,
}) {
  const crate = `zkplay-${backend}`;
  return async function build({ root, cacheDir, outDir, all = true }) {
    await buildWasmBackend({ id: backend, root, cacheDir, outDir, crate, variants, all });
    const keysDir = await runKeysExample({ root, cacheDir, crate, backend, ...keys });
    const entries = completeIndex({
      root,
      outDir,
      keysDir,
      backend,
      facts: {
        proofSystem,
        field: 'goldilocks',
        setup: { kind: 'transparent', note: setupNote },
        versions: Object.fromEntries(versions.map((name) => [name, lockedVersion(root, name)])),
      },
      files: files && files(JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'))),
    });
    log(
      `${backend}: ${entries.length} ${keysAre} (${totalBytes(entries.map((e) => e.vk))} bytes) in ${join(outDir, 'keys')}`,
    );
  };
}

/** The wasm builds `npm test` lints of such a backend (lint.mjs), as plonky2FamilyBuild builds them. */
export const plonky2FamilyWasmLint = (backend, variants = PLONKY2_WASM_VARIANTS) =>
  lintedVariants(`zkplay-${backend}`, variants);
