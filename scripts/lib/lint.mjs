// The linters of `npm test` (suite `lint`): eslint over the TypeScript, Svelte and JavaScript
// (eslint.config.js), go vet and staticcheck over both Go modules; and cargo clippy over the
// Rust crates, a suite run on request (`node scripts/test.mjs clippy`) because a fresh run costs
// minutes. Each must be clean; an allowed exception is written where it applies, with its reason.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backendIds, importBackendFile } from './backends.mjs';
import { patchedModuleDir } from './go-patch.mjs';
import { KZG_WASM } from './kzg.mjs';
import { PRIMITIVES_WASM } from './primitives.mjs';
import { ensureToolchain, wasmCargo } from './rust.mjs';
import { cacheDir, capture, root, run } from './steps.mjs';
import { writeFileAtomic } from './atomic.mjs';

const GO_MODULES = ['gnark', 'results'];
// staticcheck's version is pinned by this module's go.mod and go.sum (a `tool` directive).
const STATICCHECK_MODULE = join(root, 'tools', 'staticcheck');
// Build tags that select the code a module runs in the browser: vetted for GOOS=js as well.
const WASM_TAG = '//go:build js && wasm';

export async function eslint() {
  // The cache keeps a warm run to the files that changed (keyed by content and config).
  await run(join(root, 'node_modules', '.bin', 'eslint'), [
    '--max-warnings',
    '0',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    join(cacheDir, 'eslint-cache'),
    '.',
  ]);
}

export async function goLinters() {
  // `go tool -n` builds the pinned staticcheck (once; the Go build cache keeps it) and prints its path.
  const staticcheck = capture('go', ['tool', '-n', 'staticcheck'], { cwd: STATICCHECK_MODULE });
  if (!staticcheck) throw new Error('could not build staticcheck from tools/staticcheck (go tool -n staticcheck)');
  for (const dir of GO_MODULES) {
    const cwd = join(root, dir);
    await run('go', ['vet', './...'], { cwd, prefix: `go vet ${dir}` });
    await run(staticcheck, ['./...'], { cwd, prefix: `staticcheck ${dir}` });
    for (const { packages, env, what } of await wasmConfigurations(dir, cwd)) {
      await run('go', ['vet', ...packages], { cwd, env, prefix: `go vet ${dir} (js/wasm${what})` });
      await run(staticcheck, packages, { cwd, env, prefix: `staticcheck ${dir} (js/wasm${what})` });
    }
  }
}

/**
 * The js/wasm packages (by module) whose build takes a patched module: gnark's prover, which
 * backends/gnark/build.mjs compiles against gnark-crypto patched with its GNARK_CRYPTO_PATCH.
 */
const PATCHED_WASM = { gnark: { './cmd/wasm': { backend: 'gnark', patch: 'GNARK_CRYPTO_PATCH' } } };

/**
 * The js/wasm packages of the module in cwd, grouped by how the set-up builds them: with
 * -trimpath (every Go wasm build), and, for PATCHED_WASM, with the patched module in place of the
 * registry's. Each group is vetted and checked with the same flags, so vet and staticcheck (`go
 * list -export`) find the builds' compiled packages in Go's build cache, and the builds find
 * theirs: linted as plain GOOS=js builds, gnark and gnark-crypto were compiled for js/wasm a
 * second time (54 s of CPU on an empty cache, against 14 s this way). The patched module comes in
 * through a go.work (GOWORK) rather than the build's -modfile, which staticcheck's loader cannot
 * pass on (its `go list ... unsafe` refuses -modfile); the compiled packages are the same.
 */
async function wasmConfigurations(dir, cwd) {
  const all = wasmPackages(cwd);
  if (!all.length) return [];
  const goflags = [process.env.GOFLAGS, '-trimpath'].filter(Boolean).join(' ');
  const base = { GOOS: 'js', GOARCH: 'wasm', GOFLAGS: goflags };
  const patched = PATCHED_WASM[dir] ?? {};
  for (const pkg of Object.keys(patched))
    if (!all.includes(pkg)) throw new Error(`lint.mjs PATCHED_WASM names ${dir}/${pkg}, which has no js/wasm file`);
  const plain = all.filter((p) => !(p in patched));
  const groups = plain.length ? [{ packages: plain, env: base, what: '' }] : [];
  for (const [pkg, { backend, patch: name }] of Object.entries(patched)) {
    const patch = (await importBackendFile(backend, 'build.mjs'))[name];
    const work = await patchedWorkspace(cwd, patch);
    groups.push({ packages: [pkg], env: { ...base, GOWORK: work }, what: `, ${patch.module} patched` });
  }
  return groups;
}

/** A go.work that uses the module in cwd with `patch` applied to one of its requirements (go-patch.mjs). */
async function patchedWorkspace(cwd, patch) {
  const dir = await patchedModuleDir({ root, cacheDir, goDir: cwd, ...patch });
  const go = /^go\s+(\S+)/m.exec(readFileSync(join(cwd, 'go.mod'), 'utf8'))?.[1];
  if (!go) throw new Error(`${join(cwd, 'go.mod')} has no go directive`);
  const text = `// Derived by scripts/lib/lint.mjs (not committed).\ngo ${go}\n\nuse ${JSON.stringify(cwd)}\n\nreplace ${patch.module} => ${JSON.stringify(dir)}\n`;
  const work = join(`${dir}-lint`, createHash('sha256').update(text).digest('hex').slice(0, 16), 'go.work');
  mkdirSync(dirname(work), { recursive: true });
  writeFileAtomic(work, text);
  return work;
}

/** The packages of the module in cwd with a file built only for js/wasm, as ./relative paths. */
function wasmPackages(cwd) {
  const files = readdirSync(cwd, { recursive: true }).filter((f) => f.endsWith('.go'));
  const dirs = files
    .filter((f) => readFileSync(join(cwd, f), 'utf8').startsWith(WASM_TAG))
    .map((f) => `./${dirname(f)}`);
  return [...new Set(dirs)].sort();
}

/** cargo-clippy's way of passing `-D warnings` to clippy-driver: each argument ends in this separator. */
const CLIPPY_DENY_WARNINGS = ['-D', 'warnings'].map((a) => `${a}__CLIPPY_HACKERY__`).join('');

/**
 * The environment that makes a cargo build lint the workspace crates while it compiles them: what
 * `cargo clippy` itself sets before it runs `cargo check` (clippy-driver as the wrapper of the
 * workspace members only, its arguments in CLIPPY_ARGS), here around a real build. Dependencies
 * are compiled by plain rustc as before, so they stay shared with the set-up's builds; clippy
 * adds its lints to the compilation of our crates, which the build does anyway. Cargo keeps the
 * wrapper in the members' fingerprints, so a lint is never skipped by a build that was fresh
 * without it. Warnings (rustc's and clippy's) are errors.
 */
export async function clippyBuildEnv() {
  await ensureToolchain(root); // the pinned nightly, with its clippy component
  const driver = capture('rustup', ['which', 'clippy-driver'], { cwd: join(root, 'crates') });
  if (!driver) throw new Error('no clippy-driver in the pinned toolchain (rustup which clippy-driver, in crates/)');
  return { RUSTC_WORKSPACE_WRAPPER: driver, CLIPPY_ARGS: CLIPPY_DENY_WARNINGS };
}

/**
 * Every wasm build to lint, as buildWasm's arguments: the primitives' and the KZG crate's (but
 * the wide one: the threaded code with another target feature), and each Rust backend's as its
 * build.mjs declares them (`wasmLint`, rust.mjs lintedVariants). zkplay-wasm-runtime is linted in
 * each, as the workspace member they all depend on.
 */
export async function wasmLintTargets() {
  const declared = [];
  for (const id of backendIds('build.mjs'))
    declared.push(...((await importBackendFile(id, 'build.mjs')).wasmLint ?? []));
  const views = [...PRIMITIVES_WASM, ...KZG_WASM].filter((b) => !b.variant.endsWith('-wide'));
  return [...views, ...declared];
}

// Check mode shares nothing with the release builds' target folders: its own, kept warm.
const clippyTarget = () => ({ CARGO_TARGET_DIR: join(cacheDir, 'cargo-target-clippy') });
const DENY = ['--', '-D', 'warnings'];

/**
 * cargo clippy over every crate and target (tests, examples), then the wasm features; warnings
 * as errors. The `clippy` suite, on request: the `rust` suite lints the same natively while it
 * compiles the tests (clippyBuildEnv), then runs clippyWasm.
 */
export async function clippy() {
  await ensureToolchain(root); // the pinned nightly, with its clippy component
  const cwd = join(root, 'crates');
  await run('cargo', ['clippy', '--workspace', '--all-targets', '--locked', ...DENY], {
    cwd,
    env: clippyTarget(),
    prefix: 'clippy',
  });
  await clippyWasm();
}

/**
 * clippy over each wasm build (wasmLintTargets), warnings as errors, as it compiles: cargo rustc
 * with the build's own arguments, environment and target folder (rust.mjs wasmCargo), so every
 * dependency the build compiled is reused as it is; clippy-driver wraps the workspace members only
 * (clippyBuildEnv), and the linted crate stops after its metadata (`--emit=metadata`, what
 * `cargo check` asks): no code generation, no link. A check-mode clippy would instead compile
 * every dependency again for wasm32 in a target folder of its own: about 320 s on a fresh machine.
 * The dependencies missing from the target folder (a build not yet made) are compiled first.
 * `--crate-type rlib`: cargo names a cdylib's fingerprint folder without the hash of its features,
 * so two lint targets compiling one crate with other features in one target folder (a crate's
 * single and verifier variants; zkplay-plonky2 alone and as starky's dependency) would take each
 * other's place and compile again on every run; an rlib's folder carries its features, so a
 * second run finds every target fresh.
 */
export async function clippyWasm() {
  const lintEnv = await clippyBuildEnv();
  for (const build of await wasmLintTargets()) {
    const { cwd, env, args } = await wasmCargo({ root, cacheDir, ...build });
    const patched = build.patches?.length ? ' (patched)' : '';
    await run('cargo', ['rustc', ...args, '--lib', '--crate-type', 'rlib', '--', '--emit=metadata'], {
      cwd,
      env: { ...env, ...lintEnv },
      prefix: `clippy ${build.crate} ${build.variant}${patched}`,
    });
  }
}
