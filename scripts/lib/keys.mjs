// Writes web/public/artifacts/keys.json (schema/keys.schema.json): every verifying key of this
// build, gathered from the `keys` section that each backend's build.mjs wrote into its
// artifacts/<id>/index.json, with paths made relative to artifacts/. The page, the verify view
// and the zkplay-verifier package read this one file.
// Each backend's entry says which hash its statement uses (`hash`, packages/core/hashes.ts): its
// build writes it as keys.hash in index.json; a build that writes none is Keccak-256, as every
// backend was before there was a choice. The manifest conformance test checks it against the
// backend's manifest (backends/conformance.test.ts), the verifier refuses files of another hash.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic.mjs';
import { log, sha256File } from './steps.mjs';
import { backendFile } from './backends.mjs';
import { DEFAULT_HASH, HASHES } from './hashes.mjs';

/** { file, bytes, sha256 } of artifacts/<id>/<rel>, path relative to artifacts/. */
function fileEntry(artifacts, id, rel) {
  const path = join(artifacts, id, rel);
  return { file: `${id}/${rel}`, bytes: statSync(path).size, sha256: sha256File(path) };
}

const rebase = (id, f) => ({ ...f, file: `${id}/${f.file}` });

/** The hash of a backend's statement as its index.json says (absent: keccak-256); refuses an unknown one. */
export function keysHash(id, keys) {
  const hash = keys.hash ?? DEFAULT_HASH;
  if (!Object.hasOwn(HASHES, hash))
    throw new Error(`${id}: index.json keys.hash is "${hash}", not one of ${Object.keys(HASHES).join(', ')}`);
  return hash;
}

/** A { name: file } map of a backend's index.json, with paths from artifacts/. */
const rebaseFiles = (id, files) => Object.fromEntries(Object.entries(files).map(([name, f]) => [name, rebase(id, f)]));

export function writeKeyManifest(artifacts) {
  const backends = {};
  const builds = [];
  for (const id of readdirSync(artifacts).sort()) {
    const indexPath = join(artifacts, id, 'index.json');
    if (!existsSync(indexPath) || !existsSync(backendFile(id, 'index.ts'))) continue; // backends only
    const index = JSON.parse(readFileSync(indexPath, 'utf8'));
    if (!index.keys) {
      // Its proofs verify only in the page that made them (e.g. keys made in the browser):
      // the page refuses to write a proof file for it, saying so.
      log(`keys.json: ${id} lists no verifying keys: its proofs cannot be checked outside the page that made them`);
      continue;
    }
    const k = index.keys;
    builds.push(index.build);
    const b = {
      proofSystem: k.proofSystem,
      field: k.field,
      hash: keysHash(id, k),
      build: index.build,
      setup: k.setup,
      versions: k.versions ?? {},
      entries: k.entries.map((e) => ({
        config: e.config,
        keyHash: e.keyHash,
        vk: rebase(id, e.vk),
        capacityBytes: e.capacityBytes,
        ...(e.solidity && { solidity: rebaseFiles(id, e.solidity) }),
      })),
    };
    if (k.shared) b.shared = Object.fromEntries(Object.entries(k.shared).map(([name, f]) => [name, rebase(id, f)]));
    const v = index.variants?.verifier;
    if (v) b.verifier = { glue: fileEntry(artifacts, id, v.glue), wasm: rebase(id, v.wasm) };
    if (index.solidity) b.solidity = rebaseFiles(id, index.solidity);
    if (index.samples)
      b.samples = index.samples.map((s) => ({ file: `${id}/${s.file}`, config: s.config, message: s.message }));
    backends[id] = b;
  }
  const manifest = { format: 'zkplay-keys', version: 1, build: builds.join('.'), backends };
  // None built yet (npm start's first minutes): no file, rather than one its schema refuses.
  if (!builds.length) return log('keys.json: no backend is built yet');
  writeFileAtomic(join(artifacts, 'keys.json'), JSON.stringify(manifest, null, 2)); // the page may be reading it (npm start)
  const n = Object.values(backends).reduce((s, b) => s + b.entries.length, 0);
  log(`keys.json: ${n} verifying keys of ${Object.keys(backends).length} backends`);
  return manifest;
}
