// Builds the halo2 backend's artifacts: crates/zkplay-halo2 compiled to wasm three times, with
// wasm-bindgen's JS glue for each, into web/public/artifacts/halo2/{threads,single,verifier}/,
// the build's keys, sample proof files, and an index.json (sizes and sha256 of each file).
// Called by scripts/setup.mjs.
//   threads: atomics + shared memory, rayon on Web Workers (wasm-bindgen-rayon); used when the
//            page is cross-origin isolated and more than one thread is chosen.
//   single:  plain wasm32. zkevm-hashes pins halo2-base =0.5.0, which turns on halo2-axiom's
//            default `multicore` feature: a compile_error! on wasm32 without atomics. This build
//            runs in a workspace derived under the cache whose [patch.crates-io] points
//            halo2-base at a copy of its registry source with halo2-axiom's default features
//            off (nothing third-party is committed).
//   verifier: like single, with only `verify` (src/verifier_wasm.rs), for the verifier package.
// Keys (examples/keys.rs, natively): ONE KZG setup from a random secret that the process drops,
// made at the largest offered k and downsized to each smaller one (keys/params-k<k>.bin, index
// `keys.shared`), and the verifying-key file of every offered configuration of both circuits:
// the zkEVM circuit's (k, rows per round) and the narrow circuit's k (index `keys.entries`,
// config `{ circuit, k, rowsPerRound? }`; its sha256 is the keyHash proof files carry; the
// file's header names the circuit, so one circuit's key is never read as the other's). A single-party setup made at
// build time: test only. Cached by what they are made from (the crate's sources and the lock
// file), so a deployment keeps its keys until those change; the page reads them instead of
// making its own, and only the proving key is made in the browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backendVariants,
  buildWasmBackend,
  lintedVariants,
  lockedVersion,
  WIDE_ON_REQUEST,
} from '@zkplay/build-kit/rust';
import { completeIndex, publishKeyFile, runKeysExample, totalBytes } from '@zkplay/build-kit/native-keys';
import { log } from '@zkplay/build-kit/steps';
import { HALO2CURVES_MSM_BALANCED, HALO2CURVES_MUL29 } from '@zkplay/build-kit/wasm-patches';

const CRATE = 'zkplay-halo2';

/**
 * Seconds this backend's build took on a fresh 2-core machine (clone of main at fdd9e7b, empty
 * cache, 2026-11-27): the build queue's order before this machine has timed it (build-queue.mjs).
 */
export const freshBuildSeconds = 616;
/** What this build leaves for later unless asked for everything (rust.mjs isLazy). */
export const lazyParts = WIDE_ON_REQUEST;

/** halo2-base 0.5.0 with halo2-axiom's `multicore` off (the rest of its default features kept). */
const SINGLE_THREAD_PATCH = {
  name: 'halo2-base',
  version: '0.5.0',
  dependency: 'halo2_proofs_axiom',
  set: { 'default-features': false, features: ['batch', 'circuit-params'] },
};

/**
 * halo2-axiom 0.5.3 without halo2curves' `bn256-table`: a 2 MiB table that only speeds up
 * `Fr::from(u64)`, which verifying does not need (it made the verifier wasm 3.6 MB). The rest of
 * the features halo2-axiom asks for are kept.
 */
export const NO_TABLE_PATCH = {
  name: 'halo2-axiom',
  version: '0.5.3',
  dependency: 'halo2curves',
  set: { features: ['bits', 'derive_serde'] },
};

// Every variant multiplies BN254 elements over 29-bit limbs on wasm32 (HALO2CURVES_MUL29,
// scripts/lib/wasm-patches.mjs): the 64-bit code's __multi3 calls were half of proving time.
// But threads with the wasm wide-arithmetic proposal: upstream's 64-bit Montgomery products,
// whose u128 products are then single instructions, instead of the 29-bit-limb patch.
const VARIANTS = backendVariants({
  threads: [HALO2CURVES_MUL29, HALO2CURVES_MSM_BALANCED],
  single: [SINGLE_THREAD_PATCH, HALO2CURVES_MUL29],
  threadsWide: [HALO2CURVES_MSM_BALANCED],
  verifier: [SINGLE_THREAD_PATCH, NO_TABLE_PATCH, HALO2CURVES_MUL29],
});

/** The wasm builds `npm test` lints (scripts/lib/lint.mjs), each with the patches it is built with. */
export const wasmLint = lintedVariants(CRATE, VARIANTS);

/**
 * The build's KZG parameters and verifying keys, made natively and cached by what they are made
 * from, and nothing else: a new key means a new secret, and every proof file made with the old
 * keys stops verifying. So the circuit and key-file code, the runner, and the versions of the
 * halo2 crates; not the README, the tests, the wasm bindings or the lock file's other entries.
 */
const KEYS = {
  crate: CRATE,
  backend: 'halo2',
  paths: [
    'src/circuit.rs',
    'src/params.rs',
    'src/prover.rs',
    'src/keys.rs',
    'src/verifier.rs',
    'src/contract.rs',
    'src/narrow/choice.rs',
    'src/narrow/circuit.rs',
    'src/narrow/layout.rs',
    'src/narrow/prover.rs',
    'src/narrow/witness.rs',
    'examples/keys.rs',
    'Cargo.toml',
  ]
    .map((f) => `${CRATE}/${f}`)
    .concat('rust-toolchain.toml'),
  locked: ['halo2-axiom', 'halo2-base', 'halo2curves-axiom', 'zkevm-hashes'],
  what: 'one KZG setup and the verifying key of every configuration of both circuits (native; ~2 minutes)',
};

const PROOF_SYSTEM = 'halo2-kzg-shplonk';

export async function build({ root, cacheDir, outDir, all = true }) {
  await buildWasmBackend({ id: 'halo2', root, cacheDir, outDir, crate: CRATE, variants: VARIANTS, all });
  const keysDir = await runKeysExample({ root, cacheDir, ...KEYS });
  const manifest = JSON.parse(readFileSync(join(keysDir, 'manifest.json'), 'utf8'));
  // KZG parameters per k, named k<k> (the worker asks for `k${config.k}`).
  const shared = Object.fromEntries(
    [...new Set(manifest.map((m) => m.params))].map((name) => [
      name.replace(/^params-(k\d+)\.bin$/, '$1'),
      publishKeyFile({ keysDir, outDir, name }),
    ]),
  );
  const entries = completeIndex({
    root,
    outDir,
    keysDir,
    backend: 'halo2',
    facts: {
      proofSystem: PROOF_SYSTEM,
      field: 'bn254',
      setup: {
        kind: 'single-party',
        note: 'One KZG setup from a random secret, made natively at build time and discarded (downsized for each k): test only, since whoever knew the secret could forge proofs. A real deployment needs parameters from a multi-party ceremony.',
      },
      versions: {
        'halo2-axiom': lockedVersion(root, 'halo2-axiom'),
        'zkevm-hashes': lockedVersion(root, 'zkevm-hashes'),
      },
    },
    shared,
  });
  log(
    `halo2: ${entries.length} verifying keys (${totalBytes(entries.map((e) => e.vk))} bytes) and KZG parameters for ${Object.keys(shared).length} k (${totalBytes(Object.values(shared))} bytes) in ${join(outDir, 'keys')}`,
  );
}
