// Builds the starky backend's artifacts: crates/zkplay-starky compiled to wasm three times, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/starky/{threads,single,verifier}/,
// the wrapper's key files, sample proof files, and index.json (sizes and sha256 of each file).
// Called by scripts/setup.mjs.
//   threads:  atomics + shared memory; starky's and plonky2's `parallel` (rayon) on Web Workers.
//   single:   plain wasm32 without `parallel`.
//   verifier: plain wasm32 with only `verify` (src/verifier_wasm.rs), for the verifier package.
// All three take PLONKY2_NARROW_WASM_PATCHES, as plonky2's do (the same crates).
// starky is transparent, but a verifier needs the wrapper circuit's verifier data: it is made
// natively (examples/keys.rs) for each zk setting, keys/wrapper-zk{off,on}.bin, listed in
// index.json's `keys` (its sha256 is the keyHash), plus two sample proof files made by the same
// run. The browser builds the same wrapper and refuses it unless it is the one the file pins.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { buildWasmBackend, lockedVersion, WIDE_ON_REQUEST } from '../../scripts/lib/rust.mjs';
import { publishKeyEntries, publishSamples, runKeysExample } from '../../scripts/lib/native-keys.mjs';
import { hashTree, log } from '../../scripts/lib/steps.mjs';
import { PLONKY2_NARROW_WASM_PATCHES } from '../../scripts/lib/wasm-patches.mjs';

const CRATE = 'zkplay-starky';
const PROOF_SYSTEM = 'starky-ctl-plonky2-wrap';

const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'], patches: PLONKY2_NARROW_WASM_PATCHES },
  { id: 'single', build: 'wasm-single', features: ['wasm'], patches: PLONKY2_NARROW_WASM_PATCHES },
  // Threads with the wasm wide-arithmetic proposal (as plonky2's): none of those patches.
  { id: 'threads-wide', build: 'wasm-threads-wide', features: ['wasm-threads'], patches: [] },
  { id: 'verifier', build: 'wasm-verifier', features: ['verifier-wasm'], patches: PLONKY2_NARROW_WASM_PATCHES },
];

/** The wrapper key files and samples, made natively and cached by what they are made from. */
async function buildKeys({ root, cacheDir }) {
  const crates = join(root, 'crates');
  // The tables, the wrapper and the key container (this crate), the gate serializer and proof
  // shape of zkplay-plonky2, the contract (zkplay-wasm-runtime), the locked versions.
  const tree = hashTree(
    [
      join(crates, CRATE),
      join(crates, 'zkplay-plonky2', 'src'),
      join(crates, 'zkplay-wasm-runtime'),
      join(crates, 'Cargo.toml'),
      join(crates, 'Cargo.lock'),
      join(crates, 'rust-toolchain.toml'),
    ],
    // Not what only wasm or tests read: each edit of those would re-run the example (~2 minutes).
    { exclude: ['/tests/', '/benches/', 'tests.rs', 'node-smoke.cjs', 'wasm.rs', 'thread_cache.rs', 'README.md'] },
  );
  const key = createHash('sha256').update(tree).digest('hex').slice(0, 16);
  return runKeysExample({
    root,
    cacheDir,
    crate: CRATE,
    backend: 'starky',
    key,
    what: 'the wrapper key of each zk setting and two sample proofs (native; ~3 minutes)',
  });
}

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 319;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;

export async function build({ root, cacheDir, outDir, all = true }) {
  await buildWasmBackend({ id: 'starky', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS, all });
  const keysDir = await buildKeys({ root, cacheDir });
  const entries = publishKeyEntries({ keysDir, outDir });
  const indexPath = join(outDir, 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  index.keys = {
    proofSystem: PROOF_SYSTEM,
    field: 'goldilocks',
    setup: {
      kind: 'transparent',
      note: 'No setup: the wrapper circuit’s verifier data is derived deterministically from the code, built natively at build time; the browser builds the same circuit and checks it against this file.',
    },
    versions: { starky: lockedVersion(root, 'starky'), plonky2: lockedVersion(root, 'plonky2') },
    entries,
  };
  index.samples = publishSamples({
    root,
    keysDir,
    outDir,
    entries,
    claims: { backend: 'starky', proofSystem: PROOF_SYSTEM, field: 'goldilocks' },
  });
  writeFileSync(indexPath, JSON.stringify(index, null, 2));
  log(
    `starky: ${entries.length} wrapper key files (${entries.reduce((s, e) => s + e.vk.bytes, 0)} bytes) in ${join(outDir, 'keys')}`,
  );
}
