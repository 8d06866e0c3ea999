#!/usr/bin/env node
// Runs every test suite after set-up: Go, Rust, type checks, TypeScript unit tests, and the
// Playwright end-to-end tests in Chromium, the smoke tests in Firefox. The browser suites and the
// native ones run side by side (below); each side stops at its first failing suite.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  cacheDir,
  finishedSteps,
  freePort,
  log,
  nativeCargoEnv,
  root,
  run,
  step,
  stepTimesFile,
  stopCommands,
  withSink,
} from './lib/steps.mjs';
import { SETUP_TOOLS_READY } from './lib/setup-steps.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { cliOptions } from './lib/args.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);

// [key, description, run, options]; `node scripts/test.mjs gnark vitest` runs only the suites with
// those keys. A suite with { onRequest: true } runs only when named (not in a plain `npm test`).
// A backend's own suite is its backends/<id>/test.mjs (key: the backend id), found like build.mjs.
// Its module is imported when the suite is named or runs, not here: it imports the build kit by
// its package name, which resolves only once npm ci has linked the workspace, and `npm test`
// starts here before its set-up has run npm ci.
const backendSuites = backendIds('test.mjs').map((id) => [
  id,
  `${id} tests`,
  async () => (await importBackendFile(id, 'test.mjs')).test({ root, cacheDir }),
]);
/** Names each backend's suite by its module's description (once npm ci has run). */
async function describeBackendSuites() {
  for (const suite of backendSuites) suite[1] = (await importBackendFile(suite[0], 'test.mjs')).description ?? suite[1];
}
const suites = [
  [
    'format',
    'Formatting: prettier, gofmt and rustfmt (node scripts/format.mjs fixes)',
    async () => {
      const { checkFormatting } = await import('./lib/format.mjs');
      await checkFormatting();
    },
  ],
  // Its own suite, not part of `format`: format.mjs rewrites layout, while what a linter finds
  // needs a person to change the code (scripts/lib/lint.mjs).
  [
    'lint',
    'Linters: eslint (TypeScript, Svelte, JavaScript), go vet and staticcheck (gnark/, results/)',
    async () => {
      const { eslint, goLinters } = await import('./lib/lint.mjs');
      await eslint();
      await goLinters();
    },
  ],
  ...backendSuites,
  // Against SQLite and a PostgreSQL cluster the test binary starts in a temporary folder and stops.
  [
    'results',
    'Results service: Go tests on SQLite and a throwaway PostgreSQL (results/)',
    async () => {
      const { postgresBinDir, serviceDir } = await import('./lib/results-service.mjs');
      await run('go', ['test', '-count=1', './...'], {
        cwd: serviceDir,
        env: { ZKPLAY_PG_BIN: postgresBinDir() ?? '' },
      });
    },
  ],
  [
    'check',
    'TypeScript: svelte-check',
    () => run(bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings']),
  ],
  // With the fixture backend of e2e/fixtures/backends/ registered, so the manifest conformance
  // suite shows that a backend is one folder (vite.config.ts, extraBackends).
  [
    'vitest',
    'TypeScript: unit tests (vitest)',
    () => run(bin('vitest'), ['run'], { env: { ZKPLAY_EXTRA_BACKENDS: 'e2e/fixtures/backends' } }),
  ],
  [
    'e2e',
    'End-to-end: Playwright in Chromium',
    async () =>
      run(bin('playwright'), ['test'], {
        env: {
          ZKPLAY_TEST_PORT: process.env.ZKPLAY_TEST_PORT ?? String(await freePort()),
          ZKPLAY_TEST_DEV_PORT: process.env.ZKPLAY_TEST_DEV_PORT ?? String(await freePort()),
          // scripts/serve.mjs's results service stores what the tests share in a fresh file, not the cache's.
          ZKPLAY_RESULTS_DB:
            process.env.ZKPLAY_RESULTS_DB ?? join(mkdtempSync(join(tmpdir(), 'zkplay-e2e-')), 'results.db'),
        },
      }),
  ],
  // The second engine (e2e-firefox/README.md). Skipped only when ZKPLAY_SKIP_FIREFOX=1, and then said so.
  [
    'firefox',
    'Firefox: end-to-end smoke (firefox-esr over WebDriver BiDi)',
    async () => {
      const { SKIP_ENV, skipFirefox } = await import('./lib/firefox.mjs');
      if (skipFirefox())
        return log(`⚠ SKIPPED: ${SKIP_ENV}=1 is set, so the Firefox smoke tests did not run (unset it to run them)`);
      await run(process.execPath, ['--test', join(root, 'e2e-firefox')]); // its pure parts (options, the must-agree rule)
      await run(process.execPath, [join(root, 'e2e-firefox', 'smoke.mjs')]);
    },
  ],
];
const rustCrates = existsSync(join(root, 'crates'))
  ? readdirSync(join(root, 'crates')).filter((d) => existsSync(join(root, 'crates', d, 'Cargo.toml')))
  : [];
if (rustCrates.length) {
  // After the backends' own suites, before the TypeScript ones.
  const afterBackends = suites.findIndex(([key]) => key === 'check');
  suites.splice(afterBackends, 0, [
    'rust',
    'Rust: backend crates (cargo test --release one crate at a time, linted by clippy as they compile)',
    async () => {
      // One crate at a time, not --workspace: a crate's test build then resolves its
      // dependencies' features as the set-up's `cargo run -p <crate> --example keys` did and
      // reuses what that compiled (nativeCargoEnv); a workspace-wide build unifies features
      // across the crates, which compiles ~65 of those dependencies again.
      // clippy lints our crates as they are compiled for the tests (lint.mjs, clippyBuildEnv):
      // every target cargo clippy --all-targets checks (lib, tests, examples; there are no
      // benches or bins), for the features each crate's tests build, at the cost of the lints.
      const { clippyBuildEnv, clippyWasm } = await import('./lib/lint.mjs');
      const lintEnv = await clippyBuildEnv();
      for (const crate of rustCrates) {
        await run('cargo', ['test', '--release', '--locked', '-p', crate], {
          cwd: join(root, 'crates'),
          env: { ...nativeCargoEnv(), ...lintEnv },
          prefix: `cargo test ${crate}`,
        });
      }
      // The wasm builds' code, which no native build compiles, in the builds' own target folders.
      await clippyWasm();
    },
  ]);
  // On request only: the rust suite lints the same while it builds the tests; this is the lint
  // without the tests (native: check mode in its own target folder; wasm: as the rust suite).
  suites.push([
    'clippy',
    'Rust: cargo clippy --all-targets and the wasm features, warnings as errors, without the tests (on request)',
    async () => {
      const { clippy } = await import('./lib/lint.mjs');
      await clippy();
    },
    { onRequest: true },
  ]);
  suites.splice(afterBackends + 1, 0, [
    'rust-wasm-patches',
    "Rust: the wasm builds' registry patches, run natively (scripts/lib/wasm-patches.mjs)",
    async () => {
      const { testWasmPatches } = await import('./lib/wasm-patches.mjs');
      await testWasmPatches({ root, cacheDir });
    },
  ]);
}

const { _: only, setup: withSetup } = cliOptions(
  'node scripts/test.mjs [--setup] [suite key ...]',
  { setup: false },
  { positionals: true },
);
const unknown = only.filter((key) => !suites.some(([k]) => k === key));
if (unknown.length) {
  console.error(`no test suite ${unknown.join(', ')}: the keys are ${suites.map(([k]) => k).join(', ')}`);
  process.exit(2);
}
// The browser suites leave part of the machine idle (page loads, single-threaded phases, tests
// that wait out a timeout); the native suites (Go, Rust, type checks, unit tests) take that
// part, at a lower priority so that the browsers keep what they ask for. Each native suite's
// output goes to its own log file, and its tail is printed if it fails.
// ZKPLAY_TEST_SERIAL=1 runs one suite at a time, every suite's output on the console.
const BROWSER_SUITES = new Set(['e2e', 'firefox']);
const NATIVE_NICENESS = 10;
// A suite marked onRequest (clippy) runs only when named.
const selected = suites.filter(([key, , , { onRequest = false } = {}]) =>
  only.length ? only.includes(key) : !onRequest,
);
const browser = selected.filter(([key]) => BROWSER_SUITES.has(key));
const native = selected.filter(([key]) => !BROWSER_SUITES.has(key));
const serial = process.env.ZKPLAY_TEST_SERIAL === '1';
const sideBySide = browser.length > 0 && native.length > 0 && !serial;
// With --setup (`npm test`), these native suites need nothing the builds make, so they start as
// soon as the set-up has its tools, beside the builds: the builds leave a core idle about a tenth
// of the time (key generation and links are partly single-threaded). Not `rust`: a `cargo test`
// holds the native target folder's lock while its tests run, which would stall the set-up's
// native key builds.
const EARLY_SUITES = new Set(['format', 'lint', 'results', 'rust-wasm-patches']);

let failed = 0;
/**
 * Runs the suites one after another, stopping at the first that fails; `quiet` sends each one's
 * output to a log file. Resolves to whether every suite passed.
 */
async function runInTurn(group, quiet) {
  for (const [key, name, fn] of group) {
    const logFile = join(cacheDir, 'logs', `test-${key}.log`);
    try {
      if (!quiet) await step(name, fn);
      else {
        mkdirSync(dirname(logFile), { recursive: true });
        writeFileSync(logFile, '');
        const sink = { quiet: true, nice: NATIVE_NICENESS, line: (l) => appendFileSync(logFile, `${l}\n`), step() {} };
        await withSink(sink, () => step(name, fn));
      }
    } catch (e) {
      failed++;
      console.error(`\n[zkplay] ✘ ${name} failed: ${e.message}${quiet ? `\n(its whole output: ${logFile})` : ''}`);
      return false;
    }
  }
  return true;
}
if (withSetup && !serial) {
  const early = native.filter(([key]) => EARLY_SUITES.has(key));
  const late = native.filter(([key]) => !EARLY_SUITES.has(key));
  let earlyDone = Promise.resolve(true);
  const setupOk = await runSetup(() => {
    if (!early.length) return;
    log(
      `${early.map(([key]) => key).join(', ')}: these suites need no build and run beside the set-up, at nice ${NATIVE_NICENESS}; their output goes to ${join(cacheDir, 'logs', 'test-<suite>.log')}`,
    );
    earlyDone = runInTurn(early, true);
  });
  if (!setupOk) {
    stopCommands(); // the early suites: nothing waits for them now
    await earlyDone;
    console.error('\n[zkplay] ✘ the set-up failed: no test suite ran to its end');
    process.exit(1);
  }
  await describeBackendSuites();
  if (browser.length && late.length)
    log(
      `${late.length} more native suites run beside the ${browser.length} browser suites, at nice ${NATIVE_NICENESS} (ZKPLAY_TEST_SERIAL=1: one suite at a time)`,
    );
  // The native side stops at its first failure, the early suites' included.
  const lateNative = earlyDone.then((passed) => passed && runInTurn(late, true));
  await Promise.all([runInTurn(browser, false), lateNative]);
} else {
  if (withSetup && !(await runSetup())) process.exit(1);
  await describeBackendSuites();
  if (sideBySide) {
    log(
      `${native.length} native suites run beside the ${browser.length} browser suites, at nice ${NATIVE_NICENESS}; their output goes to ${join(cacheDir, 'logs', 'test-<suite>.log')} (ZKPLAY_TEST_SERIAL=1: one suite at a time)`,
    );
    await Promise.all([runInTurn(browser, false), runInTurn(native, true)]);
  } else {
    await runInTurn(selected, false);
  }
}
printSlowest(10);
log(failed ? 'tests failed' : 'all test suites passed');

/**
 * Runs `setup.mjs --for=test` as a child, its output on this console; calls onToolsReady when it
 * says the suites that need no build may start. Resolves to whether it succeeded.
 */
function runSetup(onToolsReady = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'setup.mjs'), '--for=test'], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m) => {
      if (m === SETUP_TOOLS_READY) onToolsReady();
    });
    child.on('error', (e) => {
      console.error(`[zkplay] could not start the set-up: ${e.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** The slowest steps of this `npm test`: its set-up's (when it ran in the same npm call) and the suites'. */
function printSlowest(n) {
  const setup = [];
  for (const file of [stepTimesFile(process.pid), stepTimesFile()]) {
    try {
      setup.push(...JSON.parse(readFileSync(file, 'utf8')));
      rmSync(file);
    } catch {
      // no set-up of this run wrote it (node scripts/test.mjs on its own)
    }
  }
  // The outermost steps only: a suite and the step inside it are one stretch of time.
  const all = [...setup, ...finishedSteps]
    .filter((s) => s.outer)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n);
  if (!all.length) return;
  log(
    `the slowest ${all.length} steps and suites${sideBySide || withSetup ? ' (some suites ran beside the set-up or the browser suites: their times overlap)' : ''}:`,
  );
  for (const s of all) log(`  ${s.seconds.toFixed(0).padStart(5)} s  ${s.name}`);
}
process.exit(failed ? 1 : 0);
