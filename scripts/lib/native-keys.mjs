// What the Rust backends' build.mjs share to ship keys made natively: running the crate's `keys`
// example once per cache key (the caller says what the key covers), and wrapping the sample
// proofs it made into proof files (schema/proof-file.schema.json, version 2).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { replaceDir } from './atomic.mjs';
import { DEFAULT_HASH } from './hashes.mjs';
import { lockedVersion } from './rust.mjs';
import { hashTree, log, nativeCargoEnv, run, sha256File, step } from './steps.mjs';

/**
 * runKeysExample's `paths` for keys that depend on some files of the crate only: those files
 * (relative to crates/<crate>/) and the pinned toolchain.
 */
export const crateFiles = (crate, files) => files.map((f) => `${crate}/${f}`).concat('rust-toolchain.toml');

/**
 * `cargo run --example keys -- <dir>` of `crate` into <cacheDir>/<backend>/keys-<key>, unless a
 * finished run is there; returns the directory (manifest.json, samples.json and the files).
 * The key covers what the caller says the keys are made from: the files under `paths` (relative
 * to crates/; but `exclude`) and the locked versions of the registry crates `locked`.
 */
export async function runKeysExample({ root, cacheDir, crate, backend, paths, exclude, locked = [], what }) {
  const files = paths.map((p) => join(root, 'crates', p));
  const h = createHash('sha256').update(hashTree(files, { exclude }));
  if (locked.length) h.update(locked.map((n) => `${n}@${lockedVersion(root, n)}`).join(' '));
  const key = h.digest('hex').slice(0, 16);
  const dir = join(cacheDir, backend, `keys-${key}`);
  if (existsSync(join(dir, 'done'))) {
    log(`${crate}: keys ${key} already built`);
    return dir;
  }
  const tmp = `${dir}.tmp`;
  // Not `cargo run`: it runs target/release/examples/keys, which every checkout sharing this
  // cache (a git worktree, a second clone) overwrites when it builds its own keys example, so a
  // build of another checkout's code could write keys under this checkout's cache key. cargo
  // copies this build's binary into a folder of this run's own, and that copy is what runs.
  const bin = `${dir}.bin`;
  for (const d of [tmp, bin]) rmSync(d, { recursive: true, force: true });
  const opts = { cwd: join(root, 'crates'), env: nativeCargoEnv(cacheDir), prefix: `${crate} keys` };
  await step(`${crate}: ${what}`, async () => {
    const artifactDir = ['-Z', 'unstable-options', '--artifact-dir', bin]; // nightly, as rust-toolchain.toml pins
    await run('cargo', ['build', '--release', '--locked', '-p', crate, '--example', 'keys', ...artifactDir], opts);
    await run(join(bin, 'keys'), [tmp], opts);
  });
  rmSync(bin, { recursive: true, force: true });
  replaceDir(tmp, dir);
  mkdirSync(join(dir, 'done'));
  return dir;
}

/**
 * Copies the verifying-key files that keysDir/manifest.json lists ({ config, file,
 * capacityBytes }) into outDir/keys/ and returns the index's `keys.entries`: each file's size and
 * sha256, which is the keyHash proof files carry.
 */
export function publishKeyEntries({ keysDir, outDir }) {
  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  return manifest.map((m) => {
    const vk = publishKeyFile({ keysDir, outDir, name: m.file });
    return { config: m.config, keyHash: vk.sha256, vk, capacityBytes: m.capacityBytes };
  });
}

/** Copies keysDir/<name> to outDir/keys/<name>; returns its listing { file, bytes, sha256 }. */
export function publishKeyFile({ keysDir, outDir, name }) {
  mkdirSync(join(outDir, 'keys'), { recursive: true });
  cpSync(join(keysDir, name), join(outDir, 'keys', name));
  return { file: `keys/${name}`, bytes: statSync(join(keysDir, name)).size, sha256: sha256File(join(keysDir, name)) };
}

/** The bytes of listed files ({ bytes }), for the log lines. */
export const totalBytes = (files) => files.reduce((s, f) => s + f.bytes, 0);

/**
 * Completes the index.json that buildWasmBackend wrote in outDir: `keys` (the facts given, in
 * their order: proofSystem, field, hash if not the default, setup, versions; then the entries and
 * the shared files if any), `files` if given, and `samples` (publishSamples, claimed with the
 * same proof system, field and hash), in one write. `entries`: the published keys,
 * publishKeyEntries's unless given; returned. `files` (optional): { role: file name } of more
 * files in keysDir for the prover, published beside the keys and listed under index.json's
 * `files` by role (hash-checked by the worker like every artifact).
 */
export function completeIndex({
  root,
  outDir,
  keysDir,
  backend,
  facts,
  entries = publishKeyEntries({ keysDir, outDir }),
  shared,
  files,
}) {
  const indexPath = join(outDir, 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  index.keys = { ...facts, entries, ...(shared ? { shared } : {}) };
  if (files) {
    index.files = Object.fromEntries(
      Object.entries(files).map(([role, name]) => [role, publishKeyFile({ keysDir, outDir, name })]),
    );
    log(`${backend}: ${Object.keys(files).length} prover files (${totalBytes(Object.values(index.files))} bytes)`);
  }
  const { proofSystem, field, hash } = facts;
  const claims = { backend, proofSystem, field, ...(hash ? { hash } : {}) };
  index.samples = publishSamples({ root, keysDir, outDir, entries, claims });
  writeFileSync(indexPath, JSON.stringify(index, null, 2));
  return entries;
}

/**
 * Wraps the native sample proofs of keysDir/samples.json into proof files under outDir/samples/,
 * each naming the key (from `entries`, the index's keys.entries) it was made with; returns the
 * index's `samples` listing. `claims`: { backend, proofSystem, field, hash? } of the files; the
 * hash of their statement is always written (absent from claims: keccak-256, as for keys.json).
 */
export function publishSamples({ root, keysDir, outDir, entries, claims }) {
  const samples = JSON.parse(readFileSync(join(keysDir, 'samples.json'), 'utf8'));
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  mkdirSync(join(outDir, 'samples'), { recursive: true });
  return samples.map((s) => {
    const key = entries.find((e) => e.vk.file === `keys/${s.keyFile}`);
    if (!key) throw new Error(`${claims.backend} sample ${s.name}: no verifying key ${s.keyFile}`);
    const proofFile = {
      format: 'zkplay-proof',
      version: 2,
      ...claims,
      hash: claims.hash ?? DEFAULT_HASH,
      config: s.config,
      keyHash: key.keyHash,
      statement: { digest: s.digest, length: s.length },
      proof: readFileSync(join(keysDir, s.proofFile)).toString('base64'),
      producer: { name: 'zkplay', version, runtime: 'native' },
      createdAt: statSync(join(keysDir, s.proofFile)).mtime.toISOString(),
    };
    const file = `samples/${s.name}.proof.json`;
    writeFileSync(join(outDir, file), JSON.stringify(proofFile, null, 2) + '\n');
    return { file, config: s.config, message: s.message };
  });
}
