// What the Rust backends' build.mjs share to ship keys made natively: running the crate's `keys`
// example once per cache key (the caller says what the key covers), and wrapping the sample
// proofs it made into proof files (schema/proof-file.schema.json, version 2).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceDir } from './atomic.mjs';
import { DEFAULT_HASH } from './hashes.mjs';
import { log, nativeCargoEnv, run, sha256File, step } from './steps.mjs';

/**
 * `cargo run --example keys -- <dir>` of `crate` into <cacheDir>/<backend>/keys-<key>, unless a
 * finished run is there; returns the directory (manifest.json, samples.json and the files).
 */
export async function runKeysExample({ root, cacheDir, crate, backend, key, what }) {
  const dir = join(cacheDir, backend, `keys-${key}`);
  if (existsSync(join(dir, 'done'))) {
    log(`${crate}: keys ${key} already built`);
    return dir;
  }
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await step(`${crate}: ${what}`, () =>
    run('cargo', ['run', '--release', '--locked', '-p', crate, '--example', 'keys', '--', tmp], {
      cwd: join(root, 'crates'),
      env: nativeCargoEnv(cacheDir),
      prefix: `${crate} keys`,
    }),
  );
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
  mkdirSync(join(outDir, 'keys'), { recursive: true });
  return manifest.map((m) => {
    cpSync(join(keysDir, m.file), join(outDir, 'keys', m.file));
    const sha256 = sha256File(join(keysDir, m.file));
    const bytes = statSync(join(keysDir, m.file)).size;
    return {
      config: m.config,
      keyHash: sha256,
      vk: { file: `keys/${m.file}`, bytes, sha256 },
      capacityBytes: m.capacityBytes,
    };
  });
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
