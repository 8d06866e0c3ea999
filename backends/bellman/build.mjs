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
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backendVariants,
  buildWasmBackend,
  lintedVariants,
  lockedVersion,
  WIDE_ON_REQUEST,
} from '@zkplay/build-kit/rust';
import {
  completeIndex,
  crateFiles,
  publishKeyEntries,
  publishKeyFile,
  runKeysExample,
  totalBytes,
} from '@zkplay/build-kit/native-keys';
import { log, sha256File } from '@zkplay/build-kit/steps';
import { BLS12_381_BATCH_MSM, BLS12_381_MUL29 } from '@zkplay/build-kit/wasm-patches';
import { compileBellmanVerifier, verifierSource } from './solidity.mjs';

const CRATE = 'zkplay-bellman';

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 473;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;
const CRATE_FACTS = JSON.parse(readFileSync(new URL('./phases.json', import.meta.url), 'utf8'));

// Every variant multiplies BLS12-381's Fp and Scalar over 29-bit limbs (BLS12_381_MUL29,
// crates/patches/README.md): the 64-bit code's __multi3 calls were over half of proving time.
// Every variant also takes the batch-affine MSM (BLS12_381_BATCH_MSM), which the prover's H query
// uses on wasm32 (crates/zkplay-bellman/src/groth16_prover.rs); the verifier compiles that code
// too, unused.
// Threads with the wasm wide-arithmetic proposal: upstream's 64-bit Montgomery products, whose
// u128 products are then single instructions, instead of the 29-bit-limb patch.
const VARIANTS = backendVariants({
  threads: [BLS12_381_MUL29, BLS12_381_BATCH_MSM],
  single: [BLS12_381_MUL29, BLS12_381_BATCH_MSM],
  threadsWide: [BLS12_381_BATCH_MSM],
  verifier: [BLS12_381_MUL29, BLS12_381_BATCH_MSM],
});

/** The wasm builds `npm test` lints (scripts/lib/lint.mjs), each with the patches it is built with. */
export const wasmLint = lintedVariants(CRATE, VARIANTS);

/**
 * The build's Groth16 keys, made natively and cached by what they are made from: the circuit,
 * the key-file code and the key maker, and the versions of the proving crates. A new key means
 * new secrets, and every proof file made with the old keys stops verifying.
 */
const KEYS = {
  crate: CRATE,
  backend: 'bellman',
  paths: crateFiles(CRATE, [
    'src/circuit.rs',
    'src/blake2s.rs',
    'src/params.rs',
    'src/keys.rs',
    'examples/keys.rs',
    'Cargo.toml',
  ]),
  locked: ['bellman', 'groth16', 'bls12_381'],
  what: 'one Groth16 setup per offered capacity (native; ~2 minutes)',
};

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

export async function build({ root, cacheDir, outDir, all = true }) {
  await buildWasmBackend({ id: 'bellman', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS, all });
  const keysDir = await runKeysExample({ root, cacheDir, ...KEYS });
  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  const entries = publishKeyEntries({ keysDir, outDir });
  for (const [i, entry] of entries.entries())
    entry.solidity = await buildContract({ outDir, keysDir, file: manifest[i].file, entry });
  // Proving parameters per capacity, named b<blocks> (the worker asks for `b${config.blocks}`).
  const shared = Object.fromEntries(
    manifest.map((m) => [`b${m.config.blocks}`, publishKeyFile({ keysDir, outDir, name: m.params })]),
  );
  completeIndex({
    root,
    outDir,
    keysDir,
    backend: 'bellman',
    facts: {
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
    },
    entries,
    shared,
  });
  log(
    `bellman: ${entries.length} verifying keys (${totalBytes(entries.map((e) => e.vk))} bytes) and proving parameters (${totalBytes(Object.values(shared))} bytes) in ${join(outDir, 'keys')}`,
  );
}
