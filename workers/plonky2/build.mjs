// Builds the plonky2 backend's artifacts: crates/zkplay-plonky2 compiled to wasm twice, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/plonky2/{threads,single}/ plus an
// index.json (sizes and sha256 of each wasm). Called by scripts/setup.mjs.
//   threads: atomics + shared memory, plonky2 `parallel` (rayon) on Web Workers
//            (wasm-bindgen-rayon); used when the page is cross-origin isolated and more than
//            one thread is chosen.
//   single:  plain wasm32 without `parallel`.
//   verifier: plain wasm32 with only `verify` (src/verifier_wasm.rs), for the verifier package.
// plonky2 is transparent (no setup), but a verifier needs the circuit's verifier data: it is
// made natively (examples/keys.rs) for every configuration the page offers, one file per
// configuration under keys/, listed in index.json's `keys` (its sha256 is the keyHash), plus two
// sample proof files (samples/, index.json `samples`) proven by the same native run.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { buildWasmBackend, lockedVersion } from '../../scripts/lib/rust.mjs';
import { hashTree, log, run, sha256File, step } from '../../scripts/lib/steps.mjs';

const CRATE = 'zkplay-plonky2';

const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'] },
  { id: 'single', build: 'wasm-single', features: ['wasm'] },
  // The zkplay-verifier package's plonky2 verifier: `verify` against shipped verifier data, no prover class, no threads.
  { id: 'verifier', build: 'wasm-verifier', features: ['verifier-wasm'] },
];

/** Verifier data of every offered configuration, made natively and cached by crate sources. */
async function buildKeys({ root, cacheDir }) {
  const crates = join(root, 'crates');
  const tree = hashTree([join(crates, CRATE), join(crates, 'zkplay-wasm-runtime'), join(crates, 'Cargo.toml'), join(crates, 'Cargo.lock'), join(crates, 'rust-toolchain.toml')], {
    exclude: ['/tests/', '/benches/', 'tests.rs', 'bench.rs', 'reference.rs', 'node-smoke.cjs'],
  });
  const key = createHash('sha256').update(tree).digest('hex').slice(0, 16);
  const dir = join(cacheDir, 'plonky2', `keys-${key}`);
  if (existsSync(join(dir, 'done'))) {
    log(`${CRATE}: verifier data ${key} already built`);
    return dir;
  }
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await step(`${CRATE}: verifier data of every configuration (native; a few minutes)`, () =>
    run('cargo', ['run', '--release', '--locked', '-p', CRATE, '--example', 'keys', '--', tmp], {
      cwd: crates,
      env: { CARGO_TARGET_DIR: join(cacheDir, 'cargo-target') },
      prefix: `${CRATE} keys`,
    }));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  mkdirSync(join(dir, 'done'));
  return dir;
}

/** Wraps the native sample proofs into proof files (v2) under samples/; returns their listing. */
function publishSamples({ root, keysDir, outDir, entries }) {
  const samples = JSON.parse(readFileSync(join(keysDir, 'samples.json'), 'utf8'));
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  mkdirSync(join(outDir, 'samples'), { recursive: true });
  return samples.map((s) => {
    const key = entries.find((e) => e.vk.file === `keys/${s.keyFile}`);
    if (!key) throw new Error(`plonky2 sample ${s.name}: no verifier data ${s.keyFile}`);
    const proofFile = {
      format: 'zkplay-proof',
      version: 2,
      backend: 'plonky2',
      proofSystem: 'plonky2-fri',
      field: 'goldilocks',
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

export async function build({ root, cacheDir, outDir }) {
  await buildWasmBackend({ id: 'plonky2', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS });
  const keysDir = await buildKeys({ root, cacheDir });
  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  mkdirSync(join(outDir, 'keys'), { recursive: true });
  const entries = manifest.map((m) => {
    cpSync(join(keysDir, m.file), join(outDir, 'keys', m.file));
    const sha256 = sha256File(join(keysDir, m.file));
    return { config: m.config, keyHash: sha256, vk: { file: `keys/${m.file}`, bytes: m.bytes, sha256 }, capacityBytes: m.capacityBytes };
  });
  const indexPath = join(outDir, 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  index.keys = {
    proofSystem: 'plonky2-fri',
    field: 'goldilocks',
    setup: { kind: 'transparent', note: 'No setup: the verifier data is derived deterministically from the circuit, built natively at build time.' },
    versions: { plonky2: lockedVersion(root, 'plonky2') },
    entries,
  };
  index.samples = publishSamples({ root, keysDir, outDir, entries });
  writeFileSync(indexPath, JSON.stringify(index, null, 2));
  log(`plonky2: ${entries.length} verifier-data files (${entries.reduce((s, e) => s + e.vk.bytes, 0)} bytes) in ${join(outDir, 'keys')}`);
}
