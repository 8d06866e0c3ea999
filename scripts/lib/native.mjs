// Shared pieces of the native reference runners (backends/<id>/bench-native.mjs) that build
// RunResults in Node from a Rust example's raw samples.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { arch, cpus, platform, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_HASH, hashDef } from './hashes.mjs';
import { benchCargoEnv, log, root, run, step } from './steps.mjs';

// The median/spread the page uses too (one implementation, checked against test-vectors/stats.json).
import { stat } from '@zkplay/core/stats';
export { stat };

export function nativeEnvironment(threads, build, commit) {
  return {
    kind: 'native',
    threads,
    build,
    device: 'server',
    os: `${platform()}/${arch()}`,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryBytes: totalmem(),
    commit,
  };
}

/** Builds the Rust primitives example (crates/zkplay-primitives) for a native benchmark; returns the path of its own copy. */
export async function nativePrimitivesBinary() {
  const dir = artifactDir('primitives');
  await step('primitives: cargo build --release --example primitives', () =>
    run(
      'cargo',
      // --artifact-dir (nightly): a copy of this build's binary, as exampleBinary says why.
      ['build', '--release', '--locked', '-p', 'zkplay-primitives', '--example', 'primitives'].concat([
        '-Z',
        'unstable-options',
        '--artifact-dir',
        dir,
      ]),
      { cwd: join(root, 'crates'), env: benchCargoEnv(), prefix: 'cargo build' },
    ),
  );
  return join(dir, 'primitives');
}

/** Each example built by this process: `root:crate/example` → the path of its own copy of the binary. */
const builtExamples = new Map();

/** A folder of this process's own for example binaries, removed when it exits. */
function artifactDir(example) {
  const dir = mkdtempSync(join(tmpdir(), `zkplay-${example}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Builds a Rust example once per process and returns the path of a copy of its binary. Not the
 * binary in the target folder (what `cargo run` executes): every checkout that shares the cache's
 * target folder overwrites it when it builds the same example, so a benchmark could run another
 * checkout's code. cargo copies this build's binary into a folder of this process's own.
 */
function exampleBinary(rootDir, crate, example) {
  const key = `${rootDir}:${crate}/${example}`;
  if (!builtExamples.has(key)) {
    const dir = artifactDir(example);
    execFileSync(
      'cargo',
      // -Z unstable-options: --artifact-dir is nightly, as rust-toolchain.toml pins.
      [
        'build',
        '--quiet',
        '--release',
        '--locked',
        '-p',
        crate,
        '--example',
        example,
        '-Z',
        'unstable-options',
        '--artifact-dir',
        dir,
      ],
      {
        cwd: join(rootDir, 'crates'),
        env: { ...process.env, ...benchCargoEnv() },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    builtExamples.set(key, join(dir, example));
  }
  return builtExamples.get(key);
}

/** Runs a Rust example of CRATE (release, built once) with RAYON_NUM_THREADS=threads; parses its JSON stdout. */
export function runRustExample({ root: rootDir = root, crate, example, args, threads }) {
  const out = execFileSync(exampleBinary(rootDir, crate, example), args.map(String), {
    env: { ...process.env, RAYON_NUM_THREADS: String(threads) },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.toString());
}

/**
 * A RunResult for one native configuration from a runner's report, which has the prover
 * contract's shape (phase ids and labels come from the prover, as in the browser):
 *   { threads, config, prepare: { phases, sizes, circuit, capacityBytes }, runs: [{ prove: [phase], verify: [phase], proofBytes }], peakRssBytes }
 * `build` names the native build (e.g. native-rust); each phase's samples are gathered by id.
 */
export function reportRunResult({ backend, build, commit, bytes, report, hash = DEFAULT_HASH }) {
  const { prepare, runs } = report;
  if (!prepare || !Array.isArray(prepare.phases) || !Array.isArray(runs) || runs.length === 0) {
    throw new Error(`${backend}: the native runner's report has no prepare phases or no runs`);
  }
  if (!runs.every((r) => Array.isArray(r.prove) && Array.isArray(r.verify))) {
    throw new Error(`${backend}: a run in the native runner's report lacks its prove or verify phases`);
  }
  const order = [];
  const samples = new Map();
  const add = (p, step) => {
    if (!samples.has(p.id)) {
      samples.set(p.id, []);
      order.push({ id: p.id, label: p.label, step });
    }
    samples.get(p.id).push(p.ms);
  };
  for (const p of prepare.phases) add(p, 'prepare');
  for (const run of runs) {
    for (const p of run.prove) add(p, 'prove');
    for (const p of run.verify) add(p, 'verify');
  }
  return {
    schemaVersion: 1,
    backend,
    hash,
    config: report.config,
    environment: nativeEnvironment(report.threads, build, commit),
    message: { bytes, blocks: hashDef(hash).blocks(bytes) },
    phases: order.map((p) => ({ ...p, ms: stat(samples.get(p.id)) })),
    sizes: { ...prepare.sizes, proof: Math.max(...runs.map((r) => r.proofBytes)) },
    circuit: prepare.circuit,
    capacityBytes: prepare.capacityBytes,
    memory: { peakBytes: report.peakRssBytes, what: 'process peak RSS (VmHWM)' },
    verified: true, // the runner stops at the first proof that does not verify
    runs: runs.length,
    cold: false,
    timestamp: new Date().toISOString(),
  };
}

/**
 * A Rust backend's part of `npm run bench:native`: its crate's `reference` example (which runs
 * the prover contract the wasm build exports and prints its reports, so phase ids and labels
 * are the worker's own) for the longest message of each block count, at each thread count.
 * `args(bytes)` is what the example takes after the message length. `hash`: of the backend's
 * statement (its manifest's; default keccak-256): block counts are that hash's blocks.
 */
export function benchRustReference({ backend, crate, root, blocks, threads, runs, commit, args, hash = DEFAULT_HASH }) {
  const results = [];
  for (const b of blocks) {
    const bytes = hashDef(hash).bytesForBlocks(b);
    for (const t of threads) {
      log(`${backend} native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      const report = runRustExample({ root, crate, example: 'reference', args: [bytes, runs, ...args], threads: t });
      results.push(reportRunResult({ backend, build: 'native-rust', commit, bytes, report, hash }));
    }
  }
  return results;
}

/** Runs a runner that prints one JSON record per line; logs each case as it comes. */
export function jsonLines(what, cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      env: { ...process.env, ...(opts.env ?? {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const records = [];
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines.filter((x) => x.trim())) {
        const r = JSON.parse(l);
        records.push(r);
        log(
          `  ${what}: ${r.op} ${r.curve} 2^${r.logN}: median ${r.ms.median.toFixed(3)} ms on ${r.threads} thread(s)${r.checked ? ', checked' : ''}`,
        );
      }
    });
    child.on('error', (e) => reject(new Error(`${cmd} could not start: ${e.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(records) : reject(new Error(`${what}: ${cmd} exited with ${code}`)),
    );
  });
}
