// The patches of registry crates that only the wasm builds take (crates/patches/README.md),
// declared once for every build that applies them, and their native test.
//
// Each arithmetic patch's wasm32 code is also compiled under `--cfg zkplay_wasm_patches`, so it
// can be run natively: testWasmPatches builds crates/zkplay-primitives against the patched crates
// with that flag and runs its tests, whose tests/all/field_mul.rs (and tests/all/bls12_381_mul.rs, for
// bellman's curve) compares every product with a reference that shares no code with it, and
// tests/all/msm_split.rs the parallel MSM with a sum of single products. A wrong product or a lost
// point then fails a test here, not a proof in a browser.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backendVariants, derivedWorkspace, SHARED_CRATES } from './rust.mjs';
import { capture, hashTree, nativeCargoEnv, run, sha256File, step } from './steps.mjs';
import { parseToml, stringifyToml } from './toml.mjs';

/** A patch of a registry crate, kept as crates/patches/<name>-<version>-<what>.patch. */
const patch = (name, version, what) => ({ name, version, diff: `crates/patches/${name}-${version}-${what}.patch` });

/** BN254 (and every halo2curves field_arithmetic field) Montgomery product over nine 29-bit limbs on wasm32. */
export const HALO2CURVES_MUL29 = patch('halo2curves-axiom', '0.7.3', 'wasm-mul29');

/** BLS12-381's Fp and Scalar Montgomery products (mul and square) over 29-bit limbs on wasm32 (bellman). */
export const BLS12_381_MUL29 = patch('bls12_381', '0.9.0', 'wasm-mul29');

/** G1 multi-scalar multiplication with batch-affine bucket additions and signed digits (bellman's H query on wasm32). */
export const BLS12_381_BATCH_MSM = patch('bls12_381', '0.9.0', 'batch-affine-msm');

/** Goldilocks product from four 32 x 32 -> 64 multiplies on wasm32. */
export const PLONKY2_FIELD_MUL_WIDE = patch('plonky2_field', '1.0.0', 'wasm-mul-wide');

/** Poseidon's partial rounds with the small-entry MDS matrix (upstream's `poseidon_naive`) on wasm32. */
export const PLONKY2_POSEIDON_PARTIAL_ROUNDS = patch('plonky2', '1.1.0', 'wasm-poseidon-partial-rounds');

/**
 * The sigma map of a circuit build from flat arrays instead of a map of partitions and a map of
 * neighbours (the same map; most of what is left of starky's wrapper build in the page).
 */
export const PLONKY2_SIGMA_MAP = patch('plonky2', '1.1.0', 'wasm-sigma-map');

/**
 * What every plonky2 wasm build without wide arithmetic takes (plonky2's and starky's threads,
 * single and verifier builds): the Goldilocks product and Poseidon's partial rounds above.
 */
export const PLONKY2_NARROW_WASM_PATCHES = [PLONKY2_FIELD_MUL_WIDE, PLONKY2_POSEIDON_PARTIAL_ROUNDS];

/**
 * The wasm builds of plonky2's and starky's backends (the same registry crates): those patches,
 * but for threads with the wasm wide-arithmetic proposal, for engines that validate it, whose
 * u128 products are single instructions.
 */
export const PLONKY2_WASM_VARIANTS = backendVariants({
  threads: PLONKY2_NARROW_WASM_PATCHES,
  single: PLONKY2_NARROW_WASM_PATCHES,
  threadsWide: [],
  verifier: PLONKY2_NARROW_WASM_PATCHES,
});

/**
 * starky's: plonky2's, and its provers also take the sigma map (its page builds a 2^16-row
 * wrapper; the verifier builds no circuit).
 */
export const STARKY_WASM_VARIANTS = backendVariants({
  threads: [...PLONKY2_NARROW_WASM_PATCHES, PLONKY2_SIGMA_MAP],
  single: [...PLONKY2_NARROW_WASM_PATCHES, PLONKY2_SIGMA_MAP],
  threadsWide: [PLONKY2_SIGMA_MAP],
  verifier: PLONKY2_NARROW_WASM_PATCHES,
});

/** halo2curves' parallel MSM splits its points between threads by work (scalar bit lengths), not by count (threaded builds). */
export const HALO2CURVES_MSM_BALANCED = patch('halo2curves-axiom', '0.7.3', 'msm-balanced-split');

/** Every patch whose code testWasmPatches runs natively. */
export const NATIVELY_TESTED_PATCHES = [
  HALO2CURVES_MUL29,
  HALO2CURVES_MSM_BALANCED,
  PLONKY2_FIELD_MUL_WIDE,
  BLS12_381_MUL29,
  BLS12_381_BATCH_MSM,
];

/** The crate whose tests run the patched code natively, and the flag that switches that code on. */
const TEST_CRATE = 'zkplay-primitives';
const PATCH_CFG = ['--cfg', 'zkplay_wasm_patches'];
/** TEST_CRATE's integration-test binary (tests/all/main.rs), and its module that has tests only under PATCH_CFG. */
const INTEGRATION_TESTS = 'all';
const FLAG_GATED_MODULE = 'bls12_381_msm';

/**
 * Runs zkplay-primitives' tests natively with every patch applied and its wasm32 code switched on.
 * The derived workspace is kept, named by what it is made from (the crate, its tests, the lock,
 * the toolchain and the patches' contents), and not derived again while that holds.
 *
 * The flag reaches only the patched crates and zkplay-primitives (a profile's per-package
 * `rustflags`, nightly's profile-rustflags, as rust-toolchain.toml pins), not every crate as
 * RUSTFLAGS would: the other ~65 dependencies are then the very units the native builds compile
 * (same features and profile), so they are built in the native target folder once and shared with
 * the keys builds and the rust suite, instead of a second time in a folder of this suite's own.
 * The tests are compiled with cargo and run by this script: a `cargo test` would hold that
 * folder's lock while its tests run (minutes), stalling the set-up's native builds beside it.
 */
export async function testWasmPatches({ root, cacheDir }) {
  const dir = await wasmPatchesWorkspace({ root, cacheDir });
  const args = WASM_PATCHES_CARGO_ARGS;
  const opts = { cwd: dir, env: nativeCargoEnv() };
  await step(
    `wasm patches: cargo test --no-run --release -p ${TEST_CRATE}, ${PATCH_CFG.join(' ')} on the patched crates`,
    () => run('cargo', args, { ...opts, prefix: 'wasm patches' }),
  );
  const tests = await testExecutables(args, opts);
  // tests/all/bls12_381_msm.rs compiles only under the flag: its tests listed show that the flag
  // reached the test targets (a profile's settings could otherwise be lost without an error).
  const all = tests.find((t) => t.name === INTEGRATION_TESTS);
  const listed = all ? (capture(all.executable, ['--list', '--format', 'terse']) ?? '') : '';
  if (!listed.split('\n').some((l) => l.startsWith(`${FLAG_GATED_MODULE}::`) && l.endsWith(': test')))
    throw new Error(
      `wasm patches: ${INTEGRATION_TESTS} has no ${FLAG_GATED_MODULE}:: test, so ${PATCH_CFG.join(' ')} did not reach the tests`,
    );
  await step(`wasm patches: run the ${tests.length} test binaries of ${TEST_CRATE}`, async () => {
    const cwd = join(dir, TEST_CRATE); // where cargo test runs them
    for (const t of tests)
      await run(t.executable, [], { cwd, env: { CARGO_MANIFEST_DIR: cwd }, prefix: `wasm patches ${t.name}` });
  });
}

/** The cargo arguments testWasmPatches compiles the tests with, in wasmPatchesWorkspace's folder. */
export const WASM_PATCHES_CARGO_ARGS = ['test', '--release', '-p', TEST_CRATE, '--no-run'];

/**
 * The derived workspace of testWasmPatches (made unless there), its folder: named by what it is
 * made from, so a finished one is reused. scripts/cargo-units.mjs counts its units too.
 */
export async function wasmPatchesWorkspace({ root, cacheDir }) {
  const crates = join(root, 'crates');
  const key = createHash('sha256')
    .update(
      hashTree([
        join(crates, TEST_CRATE),
        ...SHARED_CRATES.map((c) => join(crates, c)),
        join(crates, 'Cargo.toml'),
        join(crates, 'Cargo.lock'),
        join(crates, 'rust-toolchain.toml'),
      ]),
    )
    .update(NATIVELY_TESTED_PATCHES.map((p) => sha256File(join(root, p.diff))).join())
    .update(JSON.stringify(PATCH_CFG))
    .digest('hex')
    .slice(0, 16);
  const base = join(cacheDir, 'workspaces');
  const dir = join(base, `wasm-patches-native-test-${key}`);
  if (!existsSync(join(dir, 'derived'))) {
    for (const old of existsSync(base) ? readdirSync(base).filter((d) => d.startsWith('wasm-patches-native-test')) : [])
      rmSync(join(base, old), { recursive: true, force: true });
    await step('wasm patches: derive a workspace with the patched crates', async () => {
      await derivedWorkspace(root, dir, TEST_CRATE, NATIVELY_TESTED_PATCHES, { tests: true });
      flagPatchedCrates(join(dir, 'Cargo.toml'), [...new Set(NATIVELY_TESTED_PATCHES.map((p) => p.name)), TEST_CRATE]);
    });
    writeFileSync(join(dir, 'derived'), `${key}\n`);
  }
  return dir;
}

/** Adds the per-package profile rustflags that switch the patched code on (testWasmPatches) to a derived Cargo.toml. */
function flagPatchedCrates(manifestPath, names) {
  const ws = parseToml(readFileSync(manifestPath, 'utf8'));
  ws['cargo-features'] = ['profile-rustflags'];
  ws.profile ??= {};
  // release for the libraries, bench for the test targets of `cargo test --release` (which
  // inherits release's settings: named here too, so that the tests cannot lose the flag).
  for (const profile of ['release', 'bench']) {
    ws.profile[profile] ??= {};
    ws.profile[profile].package = Object.fromEntries(names.map((n) => [n, { rustflags: PATCH_CFG }]));
  }
  writeFileSync(
    manifestPath,
    `# Derived by scripts/lib/wasm-patches.mjs (not committed) from crates/Cargo.toml.\n${stringifyToml(ws)}`,
  );
}

/**
 * The test binaries that a finished `cargo test --no-run` built ({ name, executable }), from
 * cargo's JSON messages (a second, fresh run: it compiles nothing).
 */
function testExecutables(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn('cargo', [...args, '--message-format', 'json'], { cwd, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(
          new Error(`cargo ${args.join(' ')} --message-format json exited with ${code}\n${err.slice(-2000)}`),
        );
      const messages = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      resolve(
        messages
          .filter((m) => m.reason === 'compiler-artifact' && m.profile?.test && m.executable)
          .map((m) => ({ name: m.target.name, executable: m.executable })),
      );
    });
  });
}
