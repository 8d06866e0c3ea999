// Builds the bellman backend's artifacts: crates/zkplay-bellman compiled to wasm three times, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/bellman/{threads,single,verifier}/,
// the build's keys, sample proof files, and index.json (sizes and sha256 of each file).
// Called by scripts/setup.mjs.
//   threads:  atomics + shared memory; bellman's and groth16's `multicore` (rayon) on Web Workers
//             (wasm-bindgen-rayon's pool is rayon's global pool, which bellman's Worker uses).
//   single:   plain wasm32 without `multicore` (bellman's serial implementation).
//   verifier: plain wasm32 with only `verify` (src/verifier_wasm.rs), for the verifier package.
// Keys (examples/keys.rs, natively): one Groth16 setup per offered capacity from fresh randomness
// that the process drops (a single-party setup: test only): keys/params-b<n>.bin (index
// `keys.shared`, named b<n>) and keys/vk-b<n>.bin (index `keys.entries`; its sha256 is the keyHash
// proof files carry). Cached by what they are made from, so a deployment keeps its keys until
// the circuit changes.
// Contracts (solidity.mjs): per capacity, a Solidity verifier generated from its verifying key
// for the EIP-2537 precompiles, compiled with solc-js: solidity/b<n>/ (the key entry's `solidity`).
import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { buildWasmBackend, lockedVersion, WIDE_ON_REQUEST } from '../../scripts/lib/rust.mjs';
import { publishSamples, runKeysExample } from '../../scripts/lib/native-keys.mjs';
import { hashTree, log, sha256File } from '../../scripts/lib/steps.mjs';
import { BLS12_381_BATCH_MSM, BLS12_381_MUL29 } from '../../scripts/lib/wasm-patches.mjs';
import { compileBellmanVerifier, verifierSource } from './solidity.mjs';

const CRATE = 'zkplay-bellman';
const CRATE_FACTS = JSON.parse(readFileSync(new URL('./phases.json', import.meta.url), 'utf8'));

// Every variant multiplies BLS12-381's Fp and Scalar over 29-bit limbs (BLS12_381_MUL29,
// crates/patches/README.md): the 64-bit code's __multi3 calls were over half of proving time.
// Every variant also takes the batch-affine MSM (BLS12_381_BATCH_MSM), which the prover's H query
// uses on wasm32 (crates/zkplay-bellman/src/groth16_prover.rs); the verifier compiles that code
// too, unused.
const VARIANTS = [
  { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'], patches: [BLS12_381_MUL29, BLS12_381_BATCH_MSM] },
  { id: 'single', build: 'wasm-single', features: ['wasm'], patches: [BLS12_381_MUL29, BLS12_381_BATCH_MSM] },
  // Threads with the wasm wide-arithmetic proposal: upstream's 64-bit Montgomery products, whose
  // u128 products are then single instructions, instead of the 29-bit-limb patch.
  { id: 'threads-wide', build: 'wasm-threads-wide', features: ['wasm-threads'], patches: [BLS12_381_BATCH_MSM] },
  {
    id: 'verifier',
    build: 'wasm-verifier',
    features: ['verifier-wasm'],
    patches: [BLS12_381_MUL29, BLS12_381_BATCH_MSM],
  },
];

/** The build's Groth16 keys, made natively and cached by what they are made from. */
async function buildKeys({ root, cacheDir }) {
  // The circuit, the key-file code and the key maker, and the versions of the proving crates: a
  // new key means new secrets, and every proof file made with the old keys stops verifying.
  const crate = join(root, 'crates', CRATE);
  const tree = hashTree(
    ['src/circuit.rs', 'src/blake2s.rs', 'src/params.rs', 'src/keys.rs', 'examples/keys.rs', 'Cargo.toml']
      .map((f) => join(crate, f))
      .concat(join(root, 'crates', 'rust-toolchain.toml')),
  );
  const versions = ['bellman', 'groth16', 'bls12_381'].map((n) => `${n}@${lockedVersion(root, n)}`).join(' ');
  const key = createHash('sha256').update(tree).update(versions).digest('hex').slice(0, 16);
  return runKeysExample({
    root,
    cacheDir,
    crate: CRATE,
    backend: 'bellman',
    key,
    what: 'one Groth16 setup per offered capacity (native; ~2 minutes)',
  });
}

const PROOF_SYSTEM = 'groth16-bls12-381';

/** One key's Solidity verifier, generated and compiled into solidity/b<n>/: its files for the key entry. */
async function buildContract({ outDir, keysDir, file, entry }) {
  const blocks = entry.config.blocks;
  const dir = join(outDir, 'solidity', `b${blocks}`);
  mkdirSync(dir, { recursive: true });
  const vk = readFileSync(join(keysDir, file));
  writeFileSync(
    join(dir, 'Verifier.sol'),
    verifierSource({ vk, blocks, capacityBytes: entry.capacityBytes, keyHash: entry.keyHash }),
  );
  const c = await compileBellmanVerifier(join(dir, 'Verifier.sol'));
  writeFileSync(join(dir, 'verifier.abi.json'), JSON.stringify(c.abi, null, 2));
  writeFileSync(join(dir, 'verifier.bytecode.hex'), c.bytecode);
  log(
    `bellman: Solidity verifier for ${blocks} block(s): ${c.deployedBytes} bytes deployed (EIP-170 limit 24,576), solc ${c.solc}`,
  );
  const listed = (name) => {
    const rel = `solidity/b${blocks}/${name}`;
    return { file: rel, bytes: statSync(join(outDir, rel)).size, sha256: sha256File(join(outDir, rel)) };
  };
  return {
    'Solidity verifier': listed('Verifier.sol'),
    'verifier ABI': listed('verifier.abi.json'),
    'verifier bytecode': listed('verifier.bytecode.hex'),
  };
}

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 473;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;

export async function build({ root, cacheDir, outDir, all = true }) {
  await buildWasmBackend({ id: 'bellman', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS, all });
  const keysDir = await buildKeys({ root, cacheDir });
  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  mkdirSync(join(outDir, 'keys'), { recursive: true });
  const listed = (name) => {
    cpSync(join(keysDir, name), join(outDir, 'keys', name));
    return { file: `keys/${name}`, bytes: statSync(join(keysDir, name)).size, sha256: sha256File(join(keysDir, name)) };
  };
  const entries = [];
  for (const m of manifest) {
    const vk = listed(m.file);
    const entry = { config: m.config, keyHash: vk.sha256, vk, capacityBytes: m.capacityBytes };
    entry.solidity = await buildContract({ outDir, keysDir, file: m.file, entry });
    entries.push(entry);
  }
  // Proving parameters per capacity, named b<blocks> (the worker asks for `b${config.blocks}`).
  const shared = Object.fromEntries(manifest.map((m) => [`b${m.config.blocks}`, listed(m.params)]));
  const indexPath = join(outDir, 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8'));
  index.keys = {
    proofSystem: PROOF_SYSTEM,
    field: 'bls12-381',
    hash: CRATE_FACTS.hash,
    setup: {
      kind: 'single-party',
      note: 'One Groth16 setup per capacity from random secrets, made natively at build time and discarded: test only, since whoever knew the secrets could forge proofs. A real deployment needs parameters from a multi-party ceremony.',
    },
    versions: {
      bellman: lockedVersion(root, 'bellman'),
      groth16: lockedVersion(root, 'groth16'),
      bls12_381: lockedVersion(root, 'bls12_381'),
    },
    entries,
    shared,
  };
  index.samples = publishSamples({
    root,
    keysDir,
    outDir,
    entries,
    claims: { backend: 'bellman', proofSystem: PROOF_SYSTEM, field: 'bls12-381', hash: CRATE_FACTS.hash },
  });
  writeFileSync(indexPath, JSON.stringify(index, null, 2));
  const bytes = (files) => files.reduce((s, f) => s + f.bytes, 0);
  log(
    `bellman: ${entries.length} verifying keys (${bytes(entries.map((e) => e.vk))} bytes) and proving parameters (${bytes(Object.values(shared))} bytes) in ${join(outDir, 'keys')}`,
  );
}
