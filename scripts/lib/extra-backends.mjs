// Backends from folders outside backends/ (ZKPLAY_EXTRA_BACKENDS, comma-separated folders): the
// tests register a fixture backend this way to show that a backend is one folder. A normal build
// has none. An extra backend <dir>/<id>/ is what a backends/<id>/ folder is to the page:
//   index.ts     exports `backend` (virtual:zkplay-extra-backends, read by backends/registry.ts)
//   verifier.ts  exports `verifier` (virtual:zkplay-extra-verifiers, read by backends/verifiers.ts)
//   keys/        keys.json, a key manifest of this one backend (schema/keys.schema.json) with its
//                files next to it: what its build would have written into artifacts/. It has no
//                build, so the dev server (vite.config.ts) serves its keys as artifacts/<id>/…
//                and merges its entries into artifacts/keys.json (mergeKeyManifests).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';

const schemaPath = fileURLToPath(new URL('../../schema/keys.schema.json', import.meta.url));

/** The folders ZKPLAY_EXTRA_BACKENDS lists, absolute (relative ones from cwd). */
export function extraBackendDirs(list = process.env.ZKPLAY_EXTRA_BACKENDS ?? '') {
  return list
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => resolve(d));
}

/** Every extra backend: a folder <dir>/<id>/ with an index.ts, in id order. */
export function extraBackends(dirs = extraBackendDirs()) {
  return dirs
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((id) => existsSync(join(dir, id, 'index.ts')))
        .map((id) => ({ id, dir: join(dir, id) })),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Source of a module that exports as `exportAs` the `name` export of every extra backend's `file`
 * (folders without one are skipped): a list, or with byId a record keyed by folder id.
 */
export function extraModuleSource(backends, { file, name, exportAs, byId = false }) {
  const have = backends.filter((b) => existsSync(join(b.dir, file)));
  const imports = have.map((b, i) => `import { ${name} as m${i} } from ${JSON.stringify(join(b.dir, file))};`);
  const value = byId
    ? `{ ${have.map((b, i) => `${JSON.stringify(b.id)}: m${i}`).join(', ')} }`
    : `[${have.map((_, i) => `m${i}`).join(', ')}]`;
  return `${[...imports, `export const ${exportAs} = ${value};`].join('\n')}\n`;
}

let validate;
function checkKeysShape(raw, what) {
  if (!validate) {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
  }
  if (!validate(raw))
    throw new Error(
      `${what} does not follow schema/keys.schema.json: ${validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`,
    );
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The { file, bytes, sha256 } entries of a backend's keys (vk of each entry, shared, verifier, solidity). */
function keyFiles(b) {
  return [
    ...b.entries.flatMap((e) => [e.vk, ...Object.values(e.solidity ?? {})]),
    ...Object.values(b.shared ?? {}),
    ...(b.verifier ? [b.verifier.glue, b.verifier.wasm] : []),
    ...Object.values(b.solidity ?? {}),
  ];
}

/**
 * The keys an extra backend contributes, from <dir>/<id>/keys/keys.json: its entry for
 * artifacts/keys.json with paths rebased to `<id>/…` (as a build writes them), and the files to
 * serve as artifacts/<id>/… (path under artifacts/ -> file on disk). Undefined when the folder has
 * no keys/keys.json. Throws when it is not schema-valid, lists another backend, or a listed file
 * is missing or differs from its size and sha256.
 */
export function extraBackendKeys({ id, dir }) {
  const keysDir = join(dir, 'keys');
  const path = join(keysDir, 'keys.json');
  if (!existsSync(path)) return undefined;
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  checkKeysShape(raw, path);
  const ids = Object.keys(raw.backends);
  if (ids.length !== 1 || ids[0] !== id)
    throw new Error(`${path} must list backend "${id}" alone, not ${ids.join(', ')}`);
  const b = raw.backends[id];
  const files = new Map();
  const onDisk = (rel) => {
    const file = resolve(keysDir, rel);
    if (!file.startsWith(keysDir + sep)) throw new Error(`${path}: ${rel} leaves ${keysDir}`);
    if (!existsSync(file)) throw new Error(`${path} lists ${rel}, which is not there`);
    files.set(`${id}/${rel}`, file);
    return file;
  };
  for (const f of keyFiles(b)) {
    const bytes = readFileSync(onDisk(f.file));
    const hash = sha256(bytes);
    if (bytes.length !== f.bytes || hash !== f.sha256)
      throw new Error(
        `${path}: ${f.file} is ${bytes.length} bytes with sha256 ${hash}, but keys.json says ${f.bytes} bytes, ${f.sha256}`,
      );
  }
  for (const s of b.samples ?? []) onDisk(s.file);
  const rebase = (f) => ({ ...f, file: `${id}/${f.file}` });
  const rebaseAll = (o) => o && Object.fromEntries(Object.entries(o).map(([k, f]) => [k, rebase(f)]));
  const entry = {
    ...b,
    build: b.build ?? raw.build,
    entries: b.entries.map((e) => ({ ...e, vk: rebase(e.vk), ...(e.solidity && { solidity: rebaseAll(e.solidity) }) })),
    ...(b.shared && { shared: rebaseAll(b.shared) }),
    ...(b.verifier && { verifier: rebaseAll(b.verifier) }),
    ...(b.solidity && { solidity: rebaseAll(b.solidity) }),
    ...(b.samples && { samples: b.samples.map(rebase) }),
  };
  return { id, build: raw.build, backend: entry, files };
}

/**
 * artifacts/keys.json with the extra backends' keys added: `base` is the build's keys.json
 * (undefined when nothing was built), `extras` what extraBackendKeys returned. Throws when an
 * extra backend's id is one the build already lists. The result follows the keys schema.
 */
export function mergeKeyManifests(base, extras) {
  const backends = { ...(base?.backends ?? {}) };
  const builds = base ? [base.build] : [];
  for (const x of extras) {
    if (Object.hasOwn(backends, x.id)) throw new Error(`keys.json already lists a backend "${x.id}"`);
    backends[x.id] = x.backend;
    builds.push(x.build);
  }
  const merged = { format: 'zkplay-keys', version: 1, build: builds.join('.'), backends };
  checkKeysShape(merged, 'the merged keys.json');
  return merged;
}

/**
 * The keys of every extra backend, read afresh (so an edit shows on the next request): the merged
 * keys.json (with the build's own at baseKeysPath, when it exists; undefined when no extra backend
 * has keys) and the files to serve (path under artifacts/ -> file on disk).
 */
export function extraKeys(backends, baseKeysPath) {
  const extras = backends.map(extraBackendKeys).filter(Boolean);
  if (!extras.length) return { manifest: undefined, files: new Map() };
  const base = baseKeysPath && existsSync(baseKeysPath) ? JSON.parse(readFileSync(baseKeysPath, 'utf8')) : undefined;
  return { manifest: mergeKeyManifests(base, extras), files: new Map(extras.flatMap((x) => [...x.files])) };
}

/**
 * What the dev server answers for artifacts/<rel> when extra backends are registered: the merged
 * keys.json, or a file an extra backend's keys.json lists; undefined for anything else (the
 * build's own artifacts, served as usual). Throws as extraKeys does.
 */
export function extraArtifact(backends, rel, baseKeysPath) {
  const { manifest, files } = extraKeys(backends, baseKeysPath);
  if (rel === 'keys.json' && manifest) return Buffer.from(JSON.stringify(manifest, null, 2));
  const file = files.get(rel);
  return file ? readFileSync(file) : undefined;
}
