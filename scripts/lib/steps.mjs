// Small helpers for the set-up scripts: timed steps that print progress, commands that
// stream their output, and content hashes for caching builds by what they are built from.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createServer } from 'node:net';

export const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** Where built keys, wasm and target dirs are kept between runs, keyed by their inputs. */
export const cacheDir =
  process.env.ZKPLAY_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'zkplay');

/**
 * The environment of the native cargo commands that are not benchmarks (the set-up's keys, the
 * `rust` suite): one target folder, so that the tests reuse what the keys compiled, and the
 * release profile without LTO. With crates/Cargo.toml's thin LTO each of the ~45 test and
 * example binaries re-optimises its whole dependency graph when linked, and cargo compiles the
 * libraries as bitcode for the keys but as objects for the doc tests, so the tests cannot reuse
 * the keys' build: compiling costs several times more than the tests run slower without it
 * (figures in docs/testing.md).
 */
export function nativeCargoEnv(cache = cacheDir) {
  return {
    CARGO_TARGET_DIR: process.env.CARGO_TARGET_DIR ?? join(cache, 'cargo-target'),
    CARGO_PROFILE_RELEASE_LTO: 'off',
  };
}

/** Native benchmarks: the release profile crates/Cargo.toml declares (thin LTO), in a target folder of their own. */
export function benchCargoEnv(cache = cacheDir) {
  return { CARGO_TARGET_DIR: process.env.CARGO_TARGET_DIR ?? join(cache, 'cargo-target-bench') };
}

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s`;

/**
 * Where the output of one background job goes (scripts/lib/build-queue.mjs): a sink
 * `{ line(text), step(name), quiet }` set with withSink for everything fn awaits. A quiet sink
 * keeps commands' output off the console (it goes to the sink's log file only) and lets the
 * step lines through, so that `npm start` prints progress without cargo's thousands of lines.
 */
const sinks = new AsyncLocalStorage();
export const withSink = (sink, fn) => sinks.run(sink, fn);

/** Every step finished in this process: { name, seconds, outer } (outer: not inside another; test.mjs prints the slowest). */
export const finishedSteps = [];

/**
 * Where the set-up leaves its step times for the suites' run to print with theirs. The set-up
 * writes it under its parent's pid: test.mjs's, when `npm test` (test.mjs --setup) starts it, or
 * the shell's, when one shell runs `setup.mjs --for=test && test.mjs`; so test.mjs reads both
 * its own pid's file and its parent's, and no other run ever reads either.
 */
export const stepTimesFile = (parentPid = process.ppid) => join(cacheDir, 'logs', `steps-of-${parentPid}.json`);

export function log(msg) {
  const line = `[zkplay ${elapsed()}] ${msg}`;
  console.log(line);
  sinks.getStore()?.line(line);
}

// How deep in steps the current async context is: suites that run side by side
// (scripts/test.mjs) each have their own outermost step.
const depths = new AsyncLocalStorage();

/** Runs fn as a named step and prints when it starts and how long it took. */
export async function step(name, fn) {
  log(`▶ ${name}`);
  sinks.getStore()?.step(name);
  const s = Date.now();
  const depth = depths.getStore() ?? 0;
  const r = await depths.run(depth + 1, fn);
  const seconds = (Date.now() - s) / 1000;
  finishedSteps.push({ name, seconds, outer: depth === 0 });
  log(`✔ ${name} (${seconds.toFixed(1)}s)`);
  return r;
}

/** The commands run() started that are still running. */
const children = new Set();

/**
 * Stops every command run() started (npm start's Ctrl-C): a cargo left running after its parent
 * would hold the target folder's lock, and the next run would wait for it.
 */
export function stopCommands(signal = 'SIGTERM') {
  for (const c of children) c.kill(signal);
}

/** Runs a command, streaming its output with a prefix; rejects on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    // A sink with `nice` runs its commands at that lower priority (test.mjs's native suites,
    // which run beside the browser suites and should only take the CPU those leave idle).
    const niceness = sinks.getStore()?.nice;
    const [file, argv] = niceness && hasNice() ? ['nice', ['-n', String(niceness), cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, {
      cwd: opts.cwd ?? root,
      env: { ...process.env, ...(opts.env ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.on('close', () => children.delete(child));
    const prefix = opts.prefix ? `  ${opts.prefix} | ` : '  | ';
    const sink = sinks.getStore();
    const quiet = opts.quiet || sink?.quiet;
    let tail = '';
    const relay = (stream, out) => {
      let buf = '';
      stream.on('data', (d) => {
        buf += d.toString();
        const lines = buf.split('\n');
        buf = lines.pop();
        for (const l of lines) {
          if (!quiet) out.write(prefix + l + '\n');
          sink?.line(prefix + l);
          tail = (tail + l + '\n').slice(-4000);
        }
      });
      stream.on('end', () => {
        if (buf && !quiet) out.write(prefix + buf + '\n');
        if (buf) sink?.line(prefix + buf);
        tail = (tail + buf).slice(-4000);
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', (e) => reject(new Error(`${cmd} could not start: ${e.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}${quiet ? `\n${tail}` : ''}`)),
    );
  });
}

let niceFound;
const hasNice = () => (niceFound ??= capture('nice', ['true']) !== undefined);

/** Output of a quick command, or undefined when it fails. */
export function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, ...(opts.env ?? {}) },
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export function sha256File(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** A hash of every file under the given paths (sorted), for cache keys. */
export function hashTree(paths, { exclude = [] } = {}) {
  const h = createHash('sha256');
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const child = join(p, name);
        if (exclude.some((x) => child.includes(x))) continue;
        walk(child);
      }
    } else {
      h.update(relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  for (const p of paths) if (existsSync(p)) walk(p);
  return h.digest('hex');
}

/**
 * Makes a cache folder once. When `dir` has no file `done`, runs make(dir) in an emptied `dir`
 * as the step `label`, then writes `done` if make did not; otherwise logs `what` as built. A
 * make that failed or was cut short leaves no `done`, so the next run makes it again.
 */
export async function cachedFolder({ dir, done, what, label }, make) {
  if (existsSync(join(dir, done))) return log(`${what} already built`);
  await step(label, async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await make(dir);
    if (!existsSync(join(dir, done))) writeFileSync(join(dir, done), '');
  });
}

/** Puts a file at dest: a hard link when possible (no copy of large keys), else a copy. */
export function place(src, dest) {
  mkdirSync(dirname(dest), { recursive: true });
  rmSync(dest, { force: true });
  try {
    linkSync(src, dest);
  } catch {
    copyFileSync(src, dest);
  }
}

/** A free loopback port, so that a server left running elsewhere cannot make a run fail. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
