// What the native cargo invocations of a fresh `npm test` compile, in their order, into one
// target folder (nativeCargoEnv): wasm-bindgen-cli's install, each Rust backend's keys example,
// the wasm patches' test build, then each crate's tests (the `rust` suite). Each invocation
// resolves features on its own, so a registry crate the crates share can be compiled again with
// other features; this counts it.
//
//   node scripts/cargo-units.mjs [--json FILE]     units per invocation (cargo --unit-graph, compiles nothing)
//   node scripts/cargo-units.mjs --build DIR       compiles the sequence into the empty target folder DIR,
//                                                  CPU seconds of each invocation (/usr/bin/time)
//   --only 'keys zkplay-plonky2,keys zkplay-starky' the named invocations only, in the sequence's order
//
// A unit is what cargo compiles once per target folder: a package's target (lib, build script,
// test, example) in one mode, with its features, profile settings and platform, and (because
// cargo hashes them in) the units it depends on. Two units of one package that differ are two
// compilations; the census says which feature or dependency made them differ.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliOptions } from './lib/args.mjs';
import { lockedVersion, pinnedToolchain } from './lib/rust.mjs';
import { nativeCargoEnv, root } from './lib/steps.mjs';
import { readToml } from './lib/toml.mjs';
import { WASM_PATCHES_CARGO_ARGS, wasmPatchesWorkspace } from './lib/wasm-patches.mjs';

const KEYS_CRATES = ['zkplay-plonky2', 'zkplay-starky', 'zkplay-bellman', 'zkplay-halo2']; // npm start's order: fastest first

/** The invocations in order: { name, cwd, args, env }; `build` (true) for the real compile, else for --unit-graph. */
async function sequence({ build, workDir }) {
  const crates = join(root, 'crates');
  const codegenUnits = readToml(join(crates, 'Cargo.toml')).profile?.release?.['codegen-units'];
  const env = nativeCargoEnv();
  const out = [];
  // rust.mjs ensureWasmBindgen. `cargo install` has no --unit-graph: the census builds a copy of
  // the crate's source the way install does (no lock file: install without --locked resolves anew).
  const version = lockedVersion(root, 'wasm-bindgen');
  const installEnv = { ...env, CARGO_PROFILE_RELEASE_CODEGEN_UNITS: String(codegenUnits) };
  const only = ['--no-default-features', '--bin', 'wasm-bindgen'];
  if (build) {
    const args = ['install', 'wasm-bindgen-cli', '--version', version, '--root', join(workDir, 'tools'), ...only];
    out.push({ name: 'wasm-bindgen-cli', cwd: workDir, args: [`+${pinnedToolchain(root)}`, ...args], env: installEnv });
  } else {
    const src = registrySource(`wasm-bindgen-cli-${version}`);
    const copy = join(workDir, 'wasm-bindgen-cli');
    cpSync(src, copy, { recursive: true });
    rmSync(join(copy, 'Cargo.lock'), { force: true });
    const args = [`+${pinnedToolchain(root)}`, 'build', '--release', ...only];
    out.push({ name: 'wasm-bindgen-cli', cwd: copy, args, env: installEnv });
  }
  // native-keys.mjs runKeysExample
  for (const crate of KEYS_CRATES)
    out.push({
      name: `keys ${crate}`,
      cwd: crates,
      args: ['build', '--release', '--locked', '-p', crate, '--example', 'keys'],
      env,
    });
  // wasm-patches.mjs testWasmPatches
  const ws = await wasmPatchesWorkspace({ root, cacheDir: workDir });
  out.push({ name: 'wasm patches', cwd: ws, args: WASM_PATCHES_CARGO_ARGS, env });
  // test.mjs's `rust` suite (compile only)
  for (const crate of readdirSync(crates)
    .filter((d) => existsSync(join(crates, d, 'Cargo.toml')))
    .sort())
    out.push({
      name: `test ${crate}`,
      cwd: crates,
      args: ['test', '--release', '--locked', '-p', crate, '--no-run'],
      env,
    });
  return out;
}

function registrySource(name) {
  const base = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'registry', 'src');
  for (const index of existsSync(base) ? readdirSync(base) : [])
    if (existsSync(join(base, index, name))) return join(base, index, name);
  throw new Error(`${name}: not in ${base} (run \`cargo install\` of it once, or \`cargo fetch\`)`);
}

/** One unit's identity: what cargo hashes into its file names (features, profile, platform, dependencies). */
function identities(graph) {
  const ids = new Array(graph.units.length);
  const id = (i) => {
    if (ids[i]) return ids[i];
    const u = graph.units[i];
    const { name: _, ...profile } = u.profile;
    const deps = u.dependencies.map((d) => `${d.extern_crate_name}=${id(d.index)}`).sort();
    const what = [
      u.pkg_id,
      u.target.kind.join(),
      u.target.name,
      u.mode,
      u.platform ?? 'host',
      u.features.join(),
      JSON.stringify(profile),
      ...deps,
    ];
    ids[i] = createHash('sha256').update(what.join('\n')).digest('hex').slice(0, 16);
    return ids[i];
  };
  return graph.units.map((u, i) => ({ ...u, id: id(i) }));
}

const compiled = (u) => u.mode !== 'run-custom-build';
const registry = (u) => u.pkg_id.includes('registry+');
const pkgName = (u) => u.pkg_id.replace(/^registry\+\S+#/, '').replace(/^path\+file:\/\/\S*\/([^/#]+)#/, '$1@');
const slot = (u) => `${pkgName(u)} ${u.target.kind.join()}:${u.target.name} ${u.mode} ${u.platform ?? 'host'}`;

/** Why two units of one slot differ: features, profile, else the first dependency whose unit differs (recursively). */
function why(a, b, byId) {
  const fa = new Set(a.features);
  const fb = new Set(b.features);
  const plus = [...fb].filter((f) => !fa.has(f));
  const minus = [...fa].filter((f) => !fb.has(f));
  if (plus.length || minus.length)
    return `features ${minus
      .map((f) => `-${f}`)
      .concat(plus.map((f) => `+${f}`))
      .join(' ')}`;
  const { name: _a, ...pa } = a.profile;
  const { name: _b, ...pb } = b.profile;
  if (JSON.stringify(pa) !== JSON.stringify(pb)) return `profile ${JSON.stringify(pa)} vs ${JSON.stringify(pb)}`;
  const da = new Map(a.dependencies.map((d) => [d.extern_crate_name, byId.get(d.id)]));
  for (const d of b.dependencies) {
    const other = da.get(d.extern_crate_name);
    const mine = byId.get(d.id);
    if (!other) return `dependency ${d.extern_crate_name} only in one`;
    if (other.id !== mine.id) return `via ${pkgName(mine)} (${why(other, mine, byId)})`;
  }
  if (a.dependencies.length !== b.dependencies.length) return 'a dependency only in one';
  return 'same settings (platform?)';
}

async function census(jsonOut, only) {
  const workDir = mkdtempSync(join(tmpdir(), 'cargo-units-'));
  const seen = new Map(); // id → unit (first seen)
  const everything = new Map(); // id → unit, build script runs too (why() follows them)
  const rows = [];
  try {
    for (const inv of await sequence({ build: false, workDir })) {
      if (only.length && !only.includes(inv.name)) continue;
      const text = execFileSync('cargo', [...inv.args, '--unit-graph', '-Z', 'unstable-options'], {
        cwd: inv.cwd,
        env: { ...process.env, ...inv.env },
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const graph = JSON.parse(text);
      const units = identities(graph);
      // dependencies by id, for why()
      for (const u of units) u.dependencies = u.dependencies.map((d) => ({ ...d, id: units[d.index].id }));
      const mine = [...new Map(units.filter(compiled).map((u) => [u.id, u])).values()];
      const fresh = mine.filter((u) => !seen.has(u.id));
      for (const u of fresh) seen.set(u.id, { ...u, by: inv.name });
      for (const u of units) if (!everything.has(u.id)) everything.set(u.id, u);
      rows.push({
        invocation: inv.name,
        features: Object.fromEntries(
          mine
            .filter((u) => registry(u) && u.target.kind.some((k) => k === 'lib' || k === 'rlib' || k === 'proc-macro'))
            .map((u) => [`${pkgName(u)} ${u.profile.opt_level}`, u.features]),
        ),
        units: mine.length,
        registry: mine.filter(registry).length,
        new: fresh.length,
        newRegistry: fresh.filter(registry).length,
      });
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log('invocation                     units  registry   new  new registry');
  for (const r of rows)
    console.log(
      `${r.invocation.padEnd(30)} ${String(r.units).padStart(5)} ${String(r.registry).padStart(9)} ${String(r.new).padStart(5)} ${String(r.newRegistry).padStart(13)}`,
    );
  const all = [...seen.values()];
  const reg = all.filter(registry);
  console.log(`distinct units: ${all.length}, of them registry: ${reg.length}`);
  // Registry slots compiled more than once, and why.
  const slots = new Map();
  for (const u of reg) slots.set(slot(u), [...(slots.get(slot(u)) ?? []), u]);
  const repeated = [...slots].filter(([, us]) => us.length > 1).sort(([a], [b]) => a.localeCompare(b));
  const byId = everything;
  console.log(
    `registry units compiled more than once: ${repeated.length} (${repeated.reduce((s, [, us]) => s + us.length - 1, 0)} extra compilations)`,
  );
  for (const [name, us] of repeated) {
    console.log(`  ${name}: ${us.length}×`);
    for (const u of us.slice(1)) console.log(`    ${u.by} vs ${us[0].by}: ${why(us[0], u, byId)}`);
  }
  if (jsonOut)
    writeFileSync(
      jsonOut,
      JSON.stringify(
        {
          rows,
          distinct: all.length,
          registry: reg.length,
          repeated: repeated.map(([n, us]) => ({ slot: n, by: us.map((u) => u.by) })),
        },
        null,
        2,
      ),
    );
}

async function compile(targetDir, only) {
  if (existsSync(targetDir) && readdirSync(targetDir).length)
    throw new Error(`${targetDir} is not empty: the count needs a fresh folder`);
  const workDir = mkdtempSync(join(tmpdir(), 'cargo-units-'));
  let user = 0;
  let sys = 0;
  try {
    for (const inv of await sequence({ build: true, workDir })) {
      if (only.length && !only.includes(inv.name)) continue;
      const timeFile = join(workDir, 'time');
      execFileSync('/usr/bin/time', ['-o', timeFile, '-f', '%U %S %e', 'cargo', ...inv.args], {
        cwd: inv.cwd,
        env: { ...process.env, ...inv.env, CARGO_TARGET_DIR: targetDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const [u, s, e] = execFileSync('tail', ['-n1', timeFile], { encoding: 'utf8' }).trim().split(' ').map(Number);
      user += u;
      sys += s;
      console.log(
        `${inv.name.padEnd(30)} user ${u.toFixed(0).padStart(5)} s  sys ${s.toFixed(0).padStart(4)} s  wall ${e.toFixed(0).padStart(5)} s`,
      );
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log(`total CPU ${(user + sys).toFixed(0)} s (user ${user.toFixed(0)}, sys ${sys.toFixed(0)})`);
}

const opts = cliOptions('node scripts/cargo-units.mjs [--json FILE] [--build DIR] [--only NAMES]', {
  json: '',
  build: '',
  only: '',
});
const only = opts.only.split(',').filter(Boolean);
if (opts.build) await compile(opts.build, only);
else await census(opts.json, only);
