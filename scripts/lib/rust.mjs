// Building the Rust backends for the browser: the pinned nightly with rust-src and the wasm32
// target, wasm-bindgen-cli at exactly the crate's version (from crates.io, not GitHub), and
// one wasm build per variant (threaded with shared memory, or single-threaded), cached by a
// hash of what it is built from.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { replaceDir } from './atomic.mjs';
import { capture, hashTree, log, nativeCargoEnv, place, run, sha256File, step } from './steps.mjs';
import { parseToml, readToml, stringifyToml } from './toml.mjs';
import { multiplyCensus } from './wasm-census.mjs';

export function pinnedToolchain(root) {
  return readToml(join(root, 'crates', 'rust-toolchain.toml')).toolchain.channel;
}

/**
 * Version of a package in crates/Cargo.lock (the CLI must match the crate exactly); of the first
 * entry where the lock holds several versions of it.
 */
export function lockedVersion(root, name) {
  const entry = readToml(join(root, 'crates', 'Cargo.lock')).package.find((p) => p.name === name);
  if (!entry) throw new Error(`${name} is not in crates/Cargo.lock`);
  return entry.version;
}

/** rust-src for -Z build-std (threaded wasm); rustfmt for the format check of npm test; clippy for its lint. */
const COMPONENTS = ['rust-src', 'rustfmt', 'clippy'];

export async function ensureToolchain(root) {
  if (!capture('rustup', ['--version']))
    throw new Error('rustup is not installed (https://rustup.rs is how a new machine of this kind gets Rust)');
  const channel = pinnedToolchain(root);
  const installed = capture('rustup', ['run', channel, 'rustc', '--version']) !== undefined;
  const have =
    installed &&
    (capture('rustup', ['target', 'list', '--installed', '--toolchain', channel]) ?? '')
      .split('\n')
      .includes('wasm32-unknown-unknown') &&
    COMPONENTS.every((c) =>
      (capture('rustup', ['component', 'list', '--installed', '--toolchain', channel]) ?? '')
        .split('\n')
        .some((l) => l.startsWith(c)),
    );
  if (have) return log(`Rust ${channel} with ${COMPONENTS.join(', ')} and wasm32 is installed`);
  // `toolchain install` on an installed toolchain does not add missing components: add them explicitly.
  await step(`install Rust ${channel} with ${COMPONENTS.join(', ')} and the wasm32 target (rustup)`, async () => {
    if (!installed) await run('rustup', ['toolchain', 'install', channel, '--profile', 'minimal']);
    await run('rustup', ['component', 'add', ...COMPONENTS, '--toolchain', channel]);
    await run('rustup', ['target', 'add', 'wasm32-unknown-unknown', '--toolchain', channel]);
  });
}

/** Path of a wasm-bindgen CLI whose version equals the locked wasm-bindgen crate. */
export async function ensureWasmBindgen(root, cacheDir) {
  const version = lockedVersion(root, 'wasm-bindgen');
  const dir = join(cacheDir, 'tools', `wasm-bindgen-${version}`);
  const bin = join(dir, 'bin', 'wasm-bindgen');
  if ((capture(bin, ['--version']) ?? '').includes(version)) return bin;
  // Without --locked: the CLI's own lock file wants a webpki-roots the registry lacks (cargo
  // resolves the whole lock, optional dependencies too). Only the `wasm-bindgen` binary, and
  // without the default `rustls-tls` feature: TLS (rustls, ring) serves the test runner's
  // downloads, which nothing here runs, so neither is compiled. With the pinned nightly, into the
  // native target folder, with the release settings the native builds use (nativeCargoEnv's LTO,
  // crates/Cargo.toml's codegen units: cargo hashes an explicit setting apart from its default),
  // so that the dependencies it shares with the crates (serde, rayon, libc, ...: 53 of its 197
  // units) are compiled once for both.
  const codegenUnits = readToml(join(root, 'crates', 'Cargo.toml')).profile?.release?.['codegen-units'];
  const env = {
    ...nativeCargoEnv(cacheDir),
    ...(codegenUnits ? { CARGO_PROFILE_RELEASE_CODEGEN_UNITS: String(codegenUnits) } : {}),
  };
  const args = ['install', 'wasm-bindgen-cli', '--version', version, '--root', dir];
  args.push('--no-default-features', '--bin', 'wasm-bindgen');
  await step(`install wasm-bindgen-cli ${version} from crates.io (cargo install, ~3 min, once)`, () =>
    run('cargo', [`+${pinnedToolchain(root)}`, ...args], { env, prefix: 'cargo install' }),
  );
  return bin;
}

const THREAD_FLAGS = [
  '-C target-feature=+atomics,+bulk-memory',
  '-C link-arg=--shared-memory',
  '-C link-arg=--max-memory=4294967296',
  '-C link-arg=--import-memory',
  '-C link-arg=--export=__wasm_init_tls',
  '-C link-arg=--export=__tls_size',
  '-C link-arg=--export=__tls_align',
  '-C link-arg=--export=__tls_base',
].join(' ');

/**
 * The wasm wide-arithmetic proposal (i64.mul_wide_u, i64.add128, ...): with it, LLVM lowers a
 * u64 x u64 -> u128 product to one instruction instead of a call to __multi3. A `-wide` variant
 * ('threads-wide') is its base variant built with this feature; only browsers whose engine
 * validates the instruction load it (packages/core/wasm-bindgen.ts, variantFor).
 */
export const WIDE_ARITHMETIC_FLAG = '-C target-feature=+wide-arithmetic';

/** RUSTFLAGS of a variant ('' for the plain single-threaded build, so that its cache key is unchanged). */
export function variantFlags(variant) {
  const base = variant.replace(/-wide$/, '');
  const flags = base === 'threads' ? THREAD_FLAGS : '';
  return variant.endsWith('-wide') ? [flags, WIDE_ARITHMETIC_FLAG].filter(Boolean).join(' ') : flags;
}

/**
 * The target folder a variant compiles into, named after the first variant with the same RUSTFLAGS:
 * the verifier builds (plain wasm32) share the single-threaded builds' folder, and so reuse every
 * dependency that both compile with the same features.
 */
export function targetFolder(variant) {
  return (
    ['threads', 'single', 'threads-wide', 'single-wide'].find((v) => variantFlags(v) === variantFlags(variant)) ??
    variant
  );
}

/**
 * The derived workspace of a set of patches, by what they patch and how (a diff by its path, not
 * its contents: an edited diff is derived again in place, and cargo recompiles only what
 * changed). Every backend whose build takes the same set shares the workspace, and so, within one
 * target folder, the compiled patched crates: starky's builds reuse the patched plonky2 that
 * plonky2's compiled.
 */
export function patchSetName(patches) {
  const what = patches.map((p) => `${p.name}@${p.version}:${p.diff ?? `${p.dependency}:${JSON.stringify(p.set)}`}`);
  return createHash('sha256').update(JSON.stringify(what.sort())).digest('hex').slice(0, 12);
}

/**
 * Where cargo keeps a registry crate's source: the unpacked copy under registry/src, else the
 * downloaded .crate unpacked into dest (after `cargo fetch` in crates/ when neither is there).
 */
async function registrySource(root, name, version, dest) {
  const home = process.env.CARGO_HOME ?? join(homedir(), '.cargo');
  const find = (sub, file) => {
    const base = join(home, 'registry', sub);
    if (!existsSync(base)) return undefined;
    for (const reg of readdirSync(base)) if (existsSync(join(base, reg, file))) return join(base, reg, file);
    return undefined;
  };
  const dir = `${name}-${version}`;
  let crateFile = find('cache', `${dir}.crate`);
  if (!crateFile && !find('src', dir)) {
    await run('cargo', ['fetch'], { cwd: join(root, 'crates'), prefix: 'cargo fetch' });
    crateFile = find('cache', `${dir}.crate`);
  }
  rmSync(join(dest, dir), { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  if (crateFile) await run('tar', ['xzf', crateFile, '-C', dest]);
  else cpSync(find('src', dir), join(dest, dir), { recursive: true });
  return join(dest, dir);
}

/** Sets keys of the [dependencies.<dep>] table of a published Cargo.toml (its text), replacing a key it has. */
function setDependencyKeys(toml, dep, set) {
  const manifest = parseToml(toml);
  const table = manifest.dependencies?.[dep];
  if (!table || typeof table !== 'object') throw new Error(`no [dependencies.${dep}] table to patch`);
  Object.assign(table, set);
  return stringifyToml(manifest);
}

/** The workspace crates a crate's Cargo.toml names by path ("../<crate>"), in any dependency table. */
function pathDependencies(manifest) {
  const tables = ['dependencies', 'dev-dependencies', 'build-dependencies'];
  const all = [manifest, ...Object.values(manifest.target ?? {})].flatMap((m) => tables.map((t) => m[t] ?? {}));
  return all
    .flatMap((deps) => Object.values(deps))
    .map((d) => /^\.\.\/([^/]+)$/.exec(d?.path ?? '')?.[1])
    .filter(Boolean);
}

/**
 * Workspace crates every backend crate builds on (path dependencies): the shared prover
 * contract and wasm exports. They are part of every backend's cache key and of its derived
 * workspace.
 */
export const SHARED_CRATES = ['zkplay-wasm-runtime'];

/**
 * The workspace crates `crate` builds from: itself, SHARED_CRATES, then the other workspace crates
 * its Cargo.toml names by path (transitively; e.g. zkplay-starky's wrapped proofs use
 * zkplay-plonky2's proof-shape check), in that order so that a crate without such dependencies
 * keeps its cache key.
 */
export function workspaceCrates(cratesDir, crate) {
  const out = [crate, ...SHARED_CRATES];
  for (let i = 0; i < out.length; i++) {
    for (const dep of pathDependencies(readToml(join(cratesDir, out[i], 'Cargo.toml'))))
      if (!out.includes(dep)) out.push(dep);
  }
  return out;
}

/**
 * A copy of the workspace holding only `crate` (and SHARED_CRATES; every crate when `crate` is
 * undefined), with `[patch.crates-io]` entries pointing at
 * edited copies of registry crates (never committed: derived here from the registry's source).
 * tests: also copy the crates' tests/ (for scripts/lib/wasm-patches.mjs, which runs them natively).
 * patches: [{ name, version, dependency?, set?, diff? }], applied to one copy per crate:
 *   dependency + set: sets keys of [dependencies.<dependency>] in that crate's Cargo.toml,
 *     e.g. default-features = false;
 *   diff: a unified diff (path relative to the repository, paths in it relative to the crate's
 *     root, as `git diff` writes them: a/src/…, b/src/…), applied with `git apply`.
 */
export async function derivedWorkspace(root, dir, crate, patches, { tests = false } = {}) {
  // Derived afresh beside `dir`, then mirrored into it: a file whose content did not change
  // keeps its mtime, so cargo does not compile the patched registry crates again whenever the
  // workspace is re-derived (it judges path packages by their files' mtimes).
  const fresh = `${dir}.new`;
  await deriveInto(root, fresh, crate, patches, { tests });
  mirrorTree(fresh, dir);
  rmSync(fresh, { recursive: true, force: true });
  return dir;
}

async function deriveInto(root, dir, crate, patches, { tests }) {
  const cratesDir = join(root, 'crates');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ['Cargo.lock', 'rust-toolchain.toml']) cpSync(join(cratesDir, f), join(dir, f));
  const members = crate
    ? workspaceCrates(cratesDir, crate)
    : readdirSync(cratesDir)
        .filter((d) => existsSync(join(cratesDir, d, 'Cargo.toml')))
        .sort();
  for (const c of members) {
    const skip = tests ? /\/(target|benches|examples)(\/|$)/ : /\/(target|tests|benches|examples)(\/|$)/;
    cpSync(join(cratesDir, c), join(dir, c), {
      recursive: true,
      filter: (src) => !skip.test(src.slice(cratesDir.length)),
    });
  }
  const ws = readToml(join(cratesDir, 'Cargo.toml'));
  ws.workspace.members = members;
  const patched = {}; // [patch.crates-io]: the edited copies of registry crates
  const copies = new Map(); // name-version -> the edited copy
  for (const p of patches) {
    const id = `${p.name}-${p.version}`;
    if (!copies.has(id)) {
      copies.set(id, await registrySource(root, p.name, p.version, join(dir, 'patched')));
      patched[p.name] = { path: `patched/${id}` };
    }
    const src = copies.get(id);
    if (p.set) {
      const tomlPath = join(src, 'Cargo.toml');
      writeFileSync(tomlPath, setDependencyKeys(readFileSync(tomlPath, 'utf8'), p.dependency, p.set));
    }
    if (p.diff) await run('git', ['apply', '--verbose', join(root, p.diff)], { cwd: src, prefix: `patch ${id}` });
  }
  if (copies.size) {
    ws.patch = { 'crates-io': patched };
    // Not members (a path dependency inside the workspace folder is one by default): clippy's
    // wrapper of the members (lint.mjs) would otherwise lint the registry's code and, being part
    // of their fingerprints, compile them and every crate above them again.
    ws.workspace.exclude = ['patched'];
  }
  const header = '# Derived by scripts/lib/rust.mjs (not committed) from crates/Cargo.toml.\n';
  writeFileSync(join(dir, 'Cargo.toml'), header + stringifyToml(ws));
}

/**
 * Makes `dst` hold exactly the files of `src`: files with new content are copied, files that
 * `src` lacks are deleted, and files whose content is the same are left untouched (mtime kept).
 */
export function mirrorTree(src, dst) {
  mkdirSync(dst, { recursive: true });
  const want = new Set(readdirSync(src));
  for (const name of readdirSync(dst)) if (!want.has(name)) rmSync(join(dst, name), { recursive: true, force: true });
  for (const name of want) {
    const from = join(src, name);
    const to = join(dst, name);
    const isDir = statSync(from).isDirectory();
    if (existsSync(to) && statSync(to).isDirectory() !== isDir) rmSync(to, { recursive: true, force: true });
    if (isDir) mirrorTree(from, to);
    else if (!existsSync(to) || !readFileSync(to).equals(readFileSync(from))) cpSync(from, to);
  }
}

/**
 * How cargo compiles one wasm build (buildWasm's arguments): the arguments that follow `build` (or
 * `rustc`), the environment, the folder to run in and the target folder. One definition for the
 * build and for its lint (lint.mjs clippyWasm), which runs in the same target folder with the same
 * flags, features and patches so that every dependency the build compiled is reused as it is.
 */
export async function wasmCargo({ root, cacheDir, crate, variant, features, patches = [], cflags }) {
  const cratesDir = join(root, 'crates');
  const targetDir = join(cacheDir, `cargo-target-wasm-${targetFolder(variant)}`);
  const cwd = patches.length
    ? await derivedWorkspace(root, join(cacheDir, 'workspaces', `wasm-${patchSetName(patches)}`), undefined, patches)
    : cratesDir;
  const args = ['--release', '--target', 'wasm32-unknown-unknown', '-p', crate, '--no-default-features'];
  args.push('--features', features.join(','));
  // crates/Cargo.lock is the committed resolution: refuse to build from any other (the derived
  // workspace's [patch] entries change its lock, so it cannot be held to it).
  if (cwd === cratesDir) args.push('--locked');
  const env = {
    CARGO_TARGET_DIR: targetDir,
    RUSTUP_TOOLCHAIN: pinnedToolchain(root),
    RUSTFLAGS: variantFlags(variant),
  };
  // C compiled by a crate's build script (cc), for the wasm32 target: e.g. blst's with atomics,
  // which a shared-memory link requires of every object. Part of the key only when given.
  if (cflags) env.CFLAGS_wasm32_unknown_unknown = cflags;
  // Threads need std rebuilt with atomics; a wide build rebuilds it too, so that std's own u128
  // arithmetic (compiler-builtins among it) uses the instructions.
  if (variant.startsWith('threads') || variant.endsWith('-wide')) args.push('-Z', 'build-std=panic_abort,std');
  return { cwd, env, args, targetDir };
}

/**
 * Builds crates/<crate> for wasm32 and runs wasm-bindgen --target web into outDir.
 * variant 'threads': atomics + shared memory (wasm-bindgen-rayon), needs -Z build-std.
 * variant 'single': plain wasm32, no threads.
 * variant 'threads-wide' / 'single-wide': the same with the wide-arithmetic feature (variantFlags).
 * patches (optional): registry crates to build with edited dependency settings, in a derived
 * workspace under the cache (see derivedWorkspace); part of the cache key.
 * Returns the directory holding <name>.js, <name>_bg.wasm, snippets/ and build.json (the
 * cache key and how long the build took), cached by input hash.
 * cflags (optional): CFLAGS for C that build scripts compile for wasm32; part of the cache key.
 */
export async function buildWasm({ root, cacheDir, crate, variant, features, patches = [], cflags }) {
  const cratesDir = join(root, 'crates');
  const channel = pinnedToolchain(root);
  // The crate, the workspace crates it depends on, and the workspace files: a change to any of them rebuilds.
  const tree = hashTree(
    [
      ...workspaceCrates(cratesDir, crate).map((c) => join(cratesDir, c)),
      join(cratesDir, 'Cargo.toml'),
      join(cratesDir, 'Cargo.lock'),
      join(cratesDir, 'rust-toolchain.toml'),
    ],
    { exclude: ['/tests/', '/benches/', '/examples/', 'tests.rs'] },
  );
  // A patch's diff is part of the key by its contents, not only its name (absent without diffs,
  // so that builds without one keep their keys).
  const diffs = patches.filter((p) => p.diff).map((p) => sha256File(join(root, p.diff)));
  const key = createHash('sha256')
    .update(tree)
    .update(
      JSON.stringify({
        variant,
        features,
        patches,
        ...(diffs.length ? { diffs } : {}),
        ...(cflags ? { cflags } : {}),
        flags: variantFlags(variant),
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const out = join(cacheDir, 'wasm', `${crate}-${variant}-${key}`);
  if (existsSync(join(out, 'done'))) {
    log(`${crate} (${variant}): wasm ${key} already built`);
    const now = new Date();
    utimesSync(out, now, now); // last used: pruneWasmCache keeps the most recently used builds
    return out;
  }
  await ensureToolchain(root);
  const bindgen = await ensureWasmBindgen(root, cacheDir);
  const { cwd, env, args, targetDir } = await wasmCargo({ root, cacheDir, crate, variant, features, patches, cflags });
  const t0 = Date.now();
  await step(`${crate}: cargo build for wasm32 (${variant}; several minutes the first time)`, () =>
    run('cargo', ['build', ...args], { cwd, env, prefix: `${crate} ${variant}` }),
  );
  const lib = crate.replace(/-/g, '_');
  const tmp = `${out}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await step(`${crate}: wasm-bindgen (${variant})`, () =>
    run(bindgen, [
      '--target',
      'web',
      '--out-dir',
      tmp,
      '--out-name',
      lib,
      join(targetDir, 'wasm32-unknown-unknown', 'release', `${lib}.wasm`),
    ]),
  );
  writeFileSync(
    join(tmp, 'build.json'),
    JSON.stringify(
      { crate, variant, features, patches, key, channel, buildSeconds: (Date.now() - t0) / 1000 },
      null,
      2,
    ),
  );
  replaceDir(tmp, out);
  mkdirSync(join(out, 'done'));
  pruneWasmCache(join(cacheDir, 'wasm'), `${crate}-${variant}`);
  return out;
}

/** How many builds of one crate and variant the wasm cache keeps (other commits, branches). */
const WASM_BUILDS_KEPT = 3;

/**
 * Deletes all but the WASM_BUILDS_KEPT most recently used builds of `name` (`<crate>-<variant>`)
 * from the wasm cache, which would otherwise gain a folder with every change to a crate. Safe for
 * a set-up that used a deleted build: place() hard-links or copies the files it serves.
 */
export function pruneWasmCache(dir, name) {
  const mine = new RegExp(`^${name.replace(/[-]/g, '\\-')}-[0-9a-f]{16}$`);
  const builds = readdirSync(dir)
    .filter((d) => mine.test(d))
    .map((d) => ({ d, used: statSync(join(dir, d)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { d } of builds.slice(WASM_BUILDS_KEPT)) rmSync(join(dir, d), { recursive: true, force: true });
}

/**
 * What a build's multiplies compile to (wasm-census.mjs). A wide build must use the proposal's
 * instructions and call __multi3 nowhere: otherwise the feature did not reach the code (a
 * dependency built without it, or a flag lost), and the variant would cost a download for nothing.
 */
export function checkedMultiplies(id, variant, bytes) {
  const c = multiplyCensus(bytes);
  const counts = { mulWideU: c['i64.mul_wide_u'], add128: c['i64.add128'], multi3Calls: c.multi3Calls };
  if (!c.named)
    throw new Error(`${id} ${variant}: the wasm has no name section, so its __multi3 calls cannot be counted`);
  if (variant.endsWith('-wide') && (counts.multi3Calls > 0 || counts.mulWideU === 0))
    throw new Error(
      `${id} ${variant}: expected i64.mul_wide_u and no __multi3 calls, found ${counts.mulWideU} and ${counts.multi3Calls}`,
    );
  log(`${id}: ${variant} multiplies: ${counts.mulWideU} i64.mul_wide_u, ${counts.multi3Calls} calls to __multi3`);
  return counts;
}

/** A variant that only some engines load: the wide-arithmetic builds (a flag in Chromium today). */
export const isLazy = (v) => v.lazy ?? v.id.endsWith('-wide');

/**
 * A Rust backend's four wasm builds (buildWasmBackend's `variants`), each with the registry
 * patches given for it: threaded, single-threaded, threaded with wide arithmetic, and the
 * verifier-only build of the zkplay-verifier package (no prover class, no threads).
 */
export function backendVariants({ threads, single, threadsWide, verifier }) {
  return [
    { id: 'threads', build: 'wasm-threads', features: ['wasm-threads'], patches: threads },
    { id: 'single', build: 'wasm-single', features: ['wasm'], patches: single },
    { id: 'threads-wide', build: 'wasm-threads-wide', features: ['wasm-threads'], patches: threadsWide },
    { id: 'verifier', build: 'wasm-verifier', features: ['verifier-wasm'], patches: verifier },
  ];
}

/**
 * The wasm builds of `crate` that `npm test` lints (lint.mjs clippyWasm), as buildWasm's
 * arguments: every variant but the wide ones, whose code is the threaded one's built with another
 * target feature.
 */
export const lintedVariants = (crate, variants) =>
  variants
    .filter((v) => !v.id.endsWith('-wide'))
    .map(({ id, features, patches = [] }) => ({ crate, variant: id, features, patches }));

/** What a backend with a wide build leaves for later (its build.mjs `lazyParts`, the build queue's label). */
export const WIDE_ON_REQUEST = 'threads-wide build (wasm wide arithmetic)';

/** What builds a lazy variant, as index.json's `onRequest` says it. */
export const ON_REQUEST = 'npm run build -- --all, or npm start once every backend is ready';

/**
 * Builds every variant of a wasm-bindgen backend crate and publishes it into outDir:
 * <variant>/ with the JS glue, wasm-bindgen-rayon's helper snippets and the wasm, plus an
 * index.json with each wasm's size and sha256 (what packages/core/wasm-bindgen.ts reads).
 * variants: [{ id: 'threads' | 'single' | 'threads-wide' | 'verifier', build: 'wasm-<id>', features, patches?, lazy? }]
 * A lazy variant (isLazy) is one that only some browsers load: it is built only with `all` (npm test, `npm run build -- --all`, or `npm start`
 * once every backend's core is ready), and index.json lists what was built, so the page picks
 * among the variants that exist.
 */
export async function buildWasmBackend({ id, root, cacheDir, outDir, crate, variants, all = true }) {
  const lib = crate.replace(/-/g, '_');
  const built = [];
  const left = variants.filter((v) => !all && isLazy(v));
  for (const v of variants.filter((x) => !left.includes(x))) {
    const dir = await buildWasm({
      root,
      cacheDir,
      crate,
      variant: v.id,
      features: v.features,
      patches: v.patches ?? [],
    });
    built.push({ ...v, dir, info: JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')) });
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const published = {};
  for (const v of built) {
    const dest = join(outDir, v.id);
    // The glue and wasm-bindgen-rayon's worker helper (snippets/) are served as they are: the
    // worker imports the glue at run time, and the helper finds it through import.meta.url.
    cpSync(v.dir, dest, { recursive: true, filter: (src) => !/[/\\](done|build\.json|[^/\\]+\.d\.ts)$/.test(src) });
    const wasm = join(v.dir, `${lib}_bg.wasm`);
    const multiplies = checkedMultiplies(id, v.id, readFileSync(wasm));
    place(wasm, join(dest, `${lib}_bg.wasm`));
    published[v.id] = {
      build: v.build,
      glue: `${v.id}/${lib}.js`,
      wasm: { file: `${v.id}/${lib}_bg.wasm`, bytes: statSync(wasm).size, sha256: sha256File(wasm) },
      key: v.info.key,
      buildSeconds: v.info.buildSeconds,
      multiplies,
    };
  }
  const index = { build: built.map((v) => v.info.key.slice(0, 8)).join('-'), variants: published };
  if (left.length) index.onRequest = Object.fromEntries(left.map((v) => [v.id, ON_REQUEST]));
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
  for (const [variant, v] of Object.entries(published)) {
    log(
      `${id}: ${variant} wasm ${(v.wasm.bytes / 2 ** 20).toFixed(1)} MiB (cargo build ${v.buildSeconds.toFixed(0)} s when it was built)`,
    );
  }
  log(`${id}: artifacts in ${outDir}`);
}
