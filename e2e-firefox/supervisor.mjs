// The processes around the Firefox smoke test and their limits: the page server and Firefox
// (with its WebDriver BiDi listening on a free port), each in its own process group so that the whole group can be stopped;
// a timeout for every step and one for the whole run; the prerequisites checked before anything
// starts. Nothing here knows about the page.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root } from '../scripts/lib/steps.mjs';
import { FIREFOX, firefoxVersion } from '../scripts/lib/firefox.mjs';

/** Same as e2e/fixtures.ts: a first proof downloads ~130 MiB of keys and proves in wasm. */
export const PROOF_TIMEOUT = Number(process.env.ZKPLAY_FIREFOX_PROOF_TIMEOUT_MS ?? 8 * 60_000);
export const STEP_TIMEOUT = 30_000; // page loads, clicks, a verification
export const VERIFY_TIMEOUT = 3 * 60_000; // a tampered proof: the verifier may have to load first
export const PROBE_TIMEOUT = 60_000; // the memory probe grows a wasm memory for up to 8 s

/** The whole run's limit: one proof's limit per backend, plus one, plus 5 min. */
export const totalTimeout = (backends) =>
  Number(process.env.ZKPLAY_FIREFOX_TOTAL_TIMEOUT_MS ?? (backends + 1) * PROOF_TIMEOUT + 5 * 60_000);

const t0 = Date.now();
export const say = (msg) => console.log(`[firefox ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${msg}`);
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A failure the test explains itself (printed without a stack). */
export class SmokeError extends Error {}
export const fail = (msg) => {
  throw new SmokeError(msg);
};

/** Rejects with `what` when p has not settled within ms. */
export function within(ms, what, p) {
  let timer;
  return Promise.race([
    p,
    new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new SmokeError(`timed out after ${seconds(ms)}: ${what}`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
const children = [];
const tempDirs = [];

/** Starts a child in its own process group; returns { name, child, tail (last 6000 chars of output), exited }. */
export function start(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const entry = { name, child, tail: '', exited: undefined };
  const keep = (d) => (entry.tail = (entry.tail + d.toString()).slice(-6000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', (e) => (entry.exited = `could not start: ${e.message}`));
  child.on('exit', (code, sig) => (entry.exited = `exited with ${sig ?? code}`));
  children.push(entry);
  return entry;
}

/** SIGTERM to every started process group, SIGKILL 3 s later to any still there; temporary folders removed. */
export function stopAll() {
  const dirs = tempDirs.splice(0);
  for (const { child } of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const k = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 3000);
    k.unref();
  }
  // After Firefox has had its SIGTERM; a file it writes meanwhile only leaves the folder behind.
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Polls url until ok(response) or the time is up; a child that dies meanwhile fails at once. */
export async function waitHttp(url, ms, entry, ok = (r) => r.ok) {
  const end = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < end) {
    if (entry.exited) fail(`${entry.name} ${entry.exited} before ${url} answered:\n${entry.tail}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (await ok(r)) return r;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = e.cause?.code ?? e.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${entry.name} did not answer at ${url} within ${seconds(ms)} (last: ${last}):\n${entry.tail}`);
}

/**
 * Stops everything and exits 1 when the run takes longer than ms, and exits 130 on SIGINT/SIGTERM
 * (after stopping everything). Returns the function that cancels the limit.
 */
export function watchdog(ms) {
  const overall = setTimeout(() => {
    console.error(`\n[firefox] ✘ the whole run took longer than its limit (${seconds(ms)}); stopping everything`);
    stopAll();
    process.exit(1);
  }, ms);
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      stopAll();
      process.exit(130);
    });
  }
  return () => clearTimeout(overall);
}

// ---------------------------------------------------------------------------------------------
/** dist/ and Firefox are there; returns Firefox's version line. */
export function checkPrerequisites() {
  if (!existsSync(join(root, 'dist', 'index.html')))
    fail(
      'dist/index.html is missing: build the page first (./node_modules/.bin/vite build, or node scripts/setup.mjs --for=test)',
    );
  const ffVersion = firefoxVersion();
  if (!ffVersion)
    fail(
      `Firefox is not at ${FIREFOX} (install Debian's firefox-esr: node scripts/setup.mjs --for=test, or set ZKPLAY_FIREFOX)`,
    );
  return `${ffVersion} (${FIREFOX})`;
}

/** The page, served as the Playwright tests serve it: scripts/serve.mjs (vite preview with COOP/COEP), on a free port. */
export async function startServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('the page server (scripts/serve.mjs)', process.execPath, [join(root, 'scripts', 'serve.mjs')], {
    ZKPLAY_PORT: String(port),
  });
  const res = await waitHttp(`${base}/`, 60_000, server);
  for (const [h, want] of [
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-embedder-policy', 'require-corp'],
  ]) {
    if (res.headers.get(h) !== want)
      fail(
        `${base}/ answers without "${h}: ${want}" (got ${res.headers.get(h)}): the page would not be cross-origin isolated`,
      );
  }
  return base;
}

// No updates, telemetry or first-run pages: the page under test is the only thing on the network.
// (Firefox's Remote Agent adds its own recommended preferences for automation on top.)
const PREFS = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
};

/**
 * Headless Firefox in a new profile with its WebDriver BiDi on a free port (it prints the
 * address); returns its process entry with `wsUrl` once it listens.
 */
export async function startFirefox() {
  const profile = mkdtempSync(join(tmpdir(), 'zkplay-firefox-'));
  tempDirs.push(profile);
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  );
  const entry = start('Firefox', FIREFOX, [
    '--headless',
    '--no-remote',
    '--profile',
    profile,
    '--remote-debugging-port=0',
  ]);
  const end = Date.now() + STEP_TIMEOUT;
  while (Date.now() < end) {
    const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(entry.tail);
    if (m) return Object.assign(entry, { wsUrl: m[1] });
    if (entry.exited) fail(`Firefox ${entry.exited} before its WebDriver BiDi listened:\n${entry.tail}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`Firefox did not open its WebDriver BiDi within ${seconds(STEP_TIMEOUT)}:\n${entry.tail}`);
}
