#!/usr/bin/env node
// End-to-end smoke test in a second engine: Debian's firefox-esr, headless, driven by geckodriver
// (built from crates.io by the set-up) through W3C WebDriver (classic commands for the page,
// BiDi for its network requests and errors), with selenium-webdriver from npm as the client.
// No Playwright here, and nothing is downloaded: the driver and browser are given explicitly,
// so selenium-manager (the selenium package's driver finder) is never run.
//
// For every backend: open the page, pick the backend, type a message, Prove, wait for
// "Verified", then "Tamper with proof and verify" must be rejected (never "Verified"). The same
// selectors and texts as e2e/conformance.spec.ts (Chromium). Then the device probe (#/bench) is
// read in Firefox and, for comparison, in Chromium, and printed side by side.
//
//   node e2e-firefox/smoke.mjs [--backends=gnark,halo2] [--threads=N] [--no-chromium] [--probe-only]
//
// Needs dist/ (vite build), firefox-esr and geckodriver (node scripts/setup.mjs --for=test).
// Every step has a timeout; the browser, geckodriver and the server are always stopped.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { freePort, root } from '../scripts/lib/steps.mjs';
import { FIREFOX, GECKODRIVER, GECKODRIVER_VERSION, firefoxVersion, geckodriverVersion } from '../scripts/lib/firefox.mjs';

const require = createRequire(import.meta.url);
const { Builder, By } = require('selenium-webdriver');
const firefox = require('selenium-webdriver/firefox');
const { Network } = require('selenium-webdriver/bidi/network');
const LogInspector = require('selenium-webdriver/bidi/logInspector');

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name) => process.argv.includes(`--${name}`);

/** Same as e2e/fixtures.ts: a first proof downloads ~130 MiB of keys and proves in wasm. */
const PROOF_TIMEOUT = Number(process.env.ZKPLAY_FIREFOX_PROOF_TIMEOUT_MS ?? 8 * 60_000);
const STEP_TIMEOUT = 30_000; // page loads, clicks, a verification
const VERIFY_TIMEOUT = 3 * 60_000; // a tampered proof: the verifier may have to load first
const PROBE_TIMEOUT = 60_000; // the memory probe grows a wasm memory for up to 8 s
const MESSAGE = 'hello world'; // as in conformance.spec.ts: 11 bytes, in range for every backend
const NEVER = /Verified|crash|out of memory/;

const vectors = JSON.parse(readFileSync(join(root, 'test-vectors', 'keccak256.json'), 'utf8')).vectors;
const DIGEST = vectors.find((v) => v.name === 'text "hello world"').digest_hex;

const allBackends = readdirSync(join(root, 'workers'))
  .filter((d) => existsSync(join(root, 'workers', d, 'index.ts')))
  .sort();
const backendIds = allBackends.filter((id) => !arg('backends') || arg('backends').split(',').includes(id));

const t0 = Date.now();
const say = (msg) => console.log(`[firefox ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${msg}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

class SmokeError extends Error {}
const fail = (msg) => {
  throw new SmokeError(msg);
};

/** Rejects with `what` when p has not settled within ms. */
function within(ms, what, p) {
  let timer;
  return Promise.race([p, new Promise((_, reject) => (timer = setTimeout(() => reject(new SmokeError(`timed out after ${seconds(ms)}: ${what}`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

// ---------------------------------------------------------------------------------------------
// Processes: the project's server and geckodriver, each in its own process group, so that the
// whole group (vite preview; Firefox under geckodriver) can be stopped.
const children = [];
function start(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const entry = { name, child, tail: '', exited: undefined };
  const keep = (d) => (entry.tail = (entry.tail + d.toString()).slice(-6000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', (e) => (entry.exited = `could not start: ${e.message}`));
  child.on('exit', (code, sig) => (entry.exited = `exited with ${sig ?? code}`));
  children.push(entry);
  return entry;
}

function stopAll() {
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
}

/** Polls url until ok(response) or the time is up; a child that dies meanwhile fails at once. */
async function waitHttp(url, ms, entry, ok = (r) => r.ok) {
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

// ---------------------------------------------------------------------------------------------
// The page, through WebDriver. Selectors follow e2e/conformance.spec.ts and e2e/fixtures.ts.
const sel = {
  backendRadio: (id) => By.css(`input[name="backend"][value="${id}"]`),
  capacity: By.xpath(`//section[@aria-labelledby="backend-heading"]//p[starts-with(normalize-space(.), "Holds messages up to")]`),
  textFormat: By.css('input[name="format"][value="text"]'),
  message: By.css('textarea#message'), // the textbox labelled "Message"
  digest: By.css('dd[aria-labelledby="digest-label"]'), // getByLabel('Keccak-256')
  threads: By.xpath(`//section[@aria-labelledby="backend-heading"]//label[span[normalize-space(.)="Threads"]]/select`),
  button: (name) => By.xpath(`//button[normalize-space(.)="${name}"]`),
  status: By.css('[role="status"]'),
  phaseRow: (name) => By.xpath(`//table[caption[normalize-space(.)="Phases"]]//tr[th[starts-with(normalize-space(.), "${name}")]]/td`),
  probe: By.css('dl[aria-label="Device probe"]'),
  measured: By.xpath(`//section[@aria-labelledby="result-heading"]//*[starts-with(normalize-space(.), "Measured in this browser")]`),
};

/** Waits until fn() returns a truthy value (errors count as not yet), printing `progress()` every 30 s. */
async function until(driver, what, ms, fn, progress) {
  const end = Date.now() + ms;
  let nextNote = Date.now() + 30_000;
  let lastErr;
  while (Date.now() < end) {
    try {
      const v = await within(STEP_TIMEOUT, `WebDriver command while waiting for ${what}`, fn());
      if (v) return v;
    } catch (e) {
      if (e instanceof SmokeError && /timed out/.test(e.message)) throw e;
      // The browser or the driver is gone: no point in waiting for the page.
      if (['NoSuchSessionError', 'SessionNotCreatedError', 'NoSuchWindowError'].includes(e.name) || /ECONNREFUSED|ECONNRESET|socket hang up/.test(e.message)) {
        fail(`Firefox or geckodriver went away while waiting for ${what}: ${e.name}: ${e.message.split('\n')[0]}${gd?.exited ? `\ngeckodriver ${gd.exited}:\n${gd.tail}` : ''}`);
      }
      lastErr = e;
    }
    if (progress && Date.now() >= nextNote) {
      nextNote += 30_000;
      say(`  … ${await progress().catch(() => '?')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const last = progress ? await within(5000, 'read the page', progress()).catch(() => undefined) : undefined;
  fail(`timed out after ${seconds(ms)} waiting for ${what}${last ? ` (the page says: ${last})` : ''}${lastErr ? ` (last error: ${lastErr.message.split('\n')[0]})` : ''}`);
}

const statusText = async (driver) => (await driver.findElement(sel.status).getText()).trim();
const cmd = (what, p) => within(STEP_TIMEOUT, what, p);

async function smokeBackend(driver, base, id, events) {
  const started = Date.now();
  await cmd(`open ${base}/`, driver.get(`${base}/`));
  const radio = await until(driver, `the ${id} backend choice (input[name="backend"][value="${id}"])`, STEP_TIMEOUT, () => driver.findElement(sel.backendRadio(id)));
  await cmd(`select backend ${id}`, radio.click());
  await until(driver, `"Holds messages up to … bytes" for ${id}`, STEP_TIMEOUT, async () => (await driver.findElements(sel.capacity)).length > 0);

  const threadsArg = arg('threads');
  const threadSelect = (await driver.findElements(sel.threads))[0];
  if (threadSelect && threadsArg) {
    await cmd('choose threads', threadSelect.findElement(By.css(`option[value="${threadsArg}"]`)).click());
  }
  const threads = threadSelect ? await threadSelect.getAttribute('value') : '1 (this backend or browser offers no choice)';

  await cmd('choose the Text format', driver.findElement(sel.textFormat).click());
  const box = await driver.findElement(sel.message);
  await cmd('clear the message', box.clear());
  await cmd('type the message', box.sendKeys(MESSAGE));
  await until(driver, `the Keccak-256 of "${MESSAGE}" (0x${DIGEST.slice(0, 16)}…)`, STEP_TIMEOUT, async () => (await driver.findElement(sel.digest).getText()).trim() === `0x${DIGEST}`);

  const requestsBefore = events.requests.length;
  await cmd('click Prove', driver.findElement(sel.button('Prove')).click());
  const proveStart = Date.now();
  const outcome = await until(
    driver,
    `the proof's outcome (status "Verified…", "Proof not verified…" or "Error…") for ${id}`,
    PROOF_TIMEOUT,
    async () => {
      const t = await statusText(driver);
      return /^(Verified|Proof not verified|Error)/.test(t) && t;
    },
    () => statusText(driver),
  );
  const wall = Date.now() - proveStart;
  if (!new RegExp(`^Verified: .* the ${MESSAGE.length}-byte message`).test(outcome)) {
    fail(`${id}: the proof was not verified. Status: "${outcome}"${events.errors.length ? `\nPage errors:\n  ${events.errors.slice(-5).join('\n  ')}` : ''}`);
  }
  const proveCell = await until(driver, `the "Prove" row of the Phases table for ${id}`, STEP_TIMEOUT, async () => (await driver.findElements(sel.phaseRow('Prove')))[0]);
  const proveTime = (await proveCell.getText()).trim();
  // "Measured in this browser (desktop, wasm, build wasm-threads), 2 threads, cold: …": what really ran.
  const measured = (await (await driver.findElements(sel.measured))[0]?.getText())?.replace(/\s+/g, ' ') ?? '';
  const ran = /build (\S+?)\), (\d+) threads?/.exec(measured);

  await cmd('click "Tamper with proof and verify"', driver.findElement(sel.button('Tamper with proof and verify')).click());
  const tampered = await until(driver, `the tampered proof's rejection for ${id}`, VERIFY_TIMEOUT, async () => {
    const t = await statusText(driver);
    return /^(Verified|Proof not verified|Error)/.test(t) && /tampered/.test(t) && t;
  });
  if (!/the tampered proof.*(does not verify|was rejected)/.test(tampered) || NEVER.test(tampered)) {
    fail(`${id}: the tampered proof was not rejected as it must be. Status: "${tampered}"`);
  }
  const artifactRequests = events.requests.slice(requestsBefore).filter((u) => u.includes(`/artifacts/${id}/`)).length;
  return { id, threads: ran ? `${ran[2]} (build ${ran[1]})` : threads, proveTime, wall, total: Date.now() - started, artifactRequests, tampered };
}

/** The device probe as the benchmark view shows it: [label, text] rows. */
async function readProbeFirefox(driver, base) {
  await cmd(`open ${base}/#/bench`, driver.get(`${base}/#/bench`));
  const dl = await until(driver, 'the "Device probe" list on #/bench', PROBE_TIMEOUT, async () => (await driver.findElements(sel.probe))[0]);
  return cmd(
    'read the device probe',
    driver.executeScript((el) => [...el.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.replace(/\s+/g, ' ').trim() ?? '']), dl),
  );
}

async function readProbeChromium(base) {
  const CHROMIUM = process.env.ZKPLAY_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM}` };
  const { chromium } = await import('@playwright/test');
  const browser = await within(STEP_TIMEOUT, 'launch Chromium', chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] }));
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/#/bench`, { timeout: STEP_TIMEOUT });
    const dl = page.locator('dl[aria-label="Device probe"]');
    await dl.waitFor({ timeout: PROBE_TIMEOUT });
    const rows = await dl.evaluate((el) => [...el.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.replace(/\s+/g, ' ').trim() ?? '']));
    return { rows, version: browser.version() };
  } finally {
    await within(10_000, 'close Chromium', browser.close()).catch(() => {});
  }
}

function printSideBySide(ff, chrome) {
  const labels = [...new Set([...ff.map(([k]) => k), ...(chrome?.rows ?? []).map(([k]) => k)])];
  const get = (rows, k) => rows?.find(([l]) => l === k)?.[1] ?? (rows ? '—' : '');
  const w0 = Math.max(...labels.map((l) => l.length));
  const w1 = Math.max(16, ...labels.map((l) => get(ff, l).length));
  console.log(`\nDevice probe (#/bench), side by side${chrome?.skipped ? ` (Chromium column skipped: ${chrome.skipped})` : ''}:`);
  console.log(`  ${''.padEnd(w0)}  ${'Firefox ESR'.padEnd(w1)}  ${chrome?.rows ? 'Chromium' : ''}`);
  for (const l of labels) {
    const a = get(ff, l);
    const b = get(chrome?.rows, l);
    console.log(`  ${l.padEnd(w0)}  ${a.padEnd(w1)}  ${b}${chrome?.rows && a !== b ? '   ← differs' : ''}`);
  }
  console.log('');
}

// ---------------------------------------------------------------------------------------------
let driver;
let gd; // geckodriver's process entry
let failed = false;
const overall = setTimeout(
  () => {
    console.error(`\n[firefox] ✘ the whole smoke test took longer than its limit; stopping everything`);
    stopAll();
    process.exit(1);
  },
  Number(process.env.ZKPLAY_FIREFOX_TOTAL_TIMEOUT_MS ?? (backendIds.length + 1) * PROOF_TIMEOUT + 5 * 60_000),
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopAll();
    process.exit(130);
  });
}

try {
  if (!backendIds.length) fail(`no backend matches --backends=${arg('backends')} (have: ${allBackends.join(', ')})`);
  if (!existsSync(join(root, 'dist', 'index.html'))) fail('dist/index.html is missing: build the page first (./node_modules/.bin/vite build, or node scripts/setup.mjs --for=test)');
  const ffVersion = firefoxVersion();
  if (!ffVersion) fail(`Firefox is not at ${FIREFOX} (install Debian's firefox-esr: node scripts/setup.mjs --for=test, or set ZKPLAY_FIREFOX)`);
  const gdVersion = geckodriverVersion();
  if (!gdVersion) fail(`geckodriver is not at ${GECKODRIVER} (node scripts/setup.mjs --for=test builds geckodriver ${GECKODRIVER_VERSION} from crates.io)`);
  say(`${ffVersion} (${FIREFOX}), ${gdVersion} (${GECKODRIVER})`);

  // The page, served as the Playwright tests serve it: scripts/serve.mjs (vite preview with COOP/COEP).
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('the page server (scripts/serve.mjs)', process.execPath, [join(root, 'scripts', 'serve.mjs')], { ZKPLAY_PORT: String(port) });
  const res = await waitHttp(`${base}/`, 60_000, server);
  for (const [h, want] of [['cross-origin-opener-policy', 'same-origin'], ['cross-origin-embedder-policy', 'require-corp']]) {
    if (res.headers.get(h) !== want) fail(`${base}/ answers without "${h}: ${want}" (got ${res.headers.get(h)}): the page would not be cross-origin isolated`);
  }
  say(`serving dist/ at ${base}/ (COOP/COEP headers present)`);

  const gdPort = await freePort();
  const wsPort = await freePort();
  gd = start('geckodriver', GECKODRIVER, ['--host', '127.0.0.1', '--port', String(gdPort), '--websocket-port', String(wsPort), '--binary', FIREFOX, '--log', 'info']);
  await waitHttp(`http://127.0.0.1:${gdPort}/status`, STEP_TIMEOUT, gd, async (r) => r.ok && (await r.json()).value?.ready === true);

  const options = new firefox.Options().setBinary(FIREFOX).addArguments('-headless').windowSize({ width: 1280, height: 860 }).enableBidi();
  // No updates, telemetry or first-run pages: the page under test is the only thing on the network.
  for (const [k, v] of Object.entries({ 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false, 'datareporting.policy.dataSubmissionEnabled': false, 'toolkit.telemetry.enabled': false, 'network.captive-portal-service.enabled': false, 'network.connectivity-service.enabled': false })) {
    options.setPreference(k, v);
  }
  driver = await within(
    60_000,
    'start a Firefox session through geckodriver',
    new Builder().disableEnvironmentOverrides().usingServer(`http://127.0.0.1:${gdPort}`).forBrowser('firefox').setFirefoxOptions(options).build(),
  ).catch((e) => fail(`could not start Firefox through geckodriver: ${e.message}\n${gd.tail}`));
  await driver.manage().setTimeouts({ pageLoad: STEP_TIMEOUT, script: STEP_TIMEOUT, implicit: 0 });
  const caps = await driver.getCapabilities();
  say(`session: ${caps.get('browserName')} ${caps.get('browserVersion')}, WebDriver BiDi at ${caps.get('webSocketUrl') ?? '(none)'}`);

  // BiDi: every request the page makes (must stay on 127.0.0.1, as in e2e/fixtures.ts) and its errors.
  const events = { requests: [], errors: [] };
  const network = await within(STEP_TIMEOUT, 'BiDi network subscription', Network(driver));
  await network.beforeRequestSent((e) => e?.request?.url && events.requests.push(e.request.url));
  const logs = await within(STEP_TIMEOUT, 'BiDi log subscription', LogInspector(driver));
  await logs.onJavascriptException((e) => events.errors.push(`uncaught: ${e.text}`));
  await logs.onConsoleEntry((e) => e.level === 'error' && events.errors.push(`console.error: ${e.text}`));

  const results = [];
  if (!flag('probe-only')) {
    for (const id of backendIds) {
      say(`▶ ${id}: prove "${MESSAGE}", verify, tamper`);
      const r = await smokeBackend(driver, base, id, events);
      results.push(r);
      say(`✔ ${id.padEnd(8)} verified, tampered proof rejected · Prove phase ${r.proveTime} · Prove→Verified ${seconds(r.wall)} wall (incl. key download) · threads ${r.threads}`);
    }
  }

  const ffProbe = await readProbeFirefox(driver, base);
  const offsite = events.requests.filter((u) => !/^(data|blob|about):/.test(u) && new URL(u).hostname !== '127.0.0.1');
  if (offsite.length) fail(`Firefox made requests outside 127.0.0.1:\n  ${[...new Set(offsite)].join('\n  ')}`);
  say(`BiDi saw ${events.requests.length} requests, all to 127.0.0.1${results.length ? ` (artifact requests seen per backend: ${results.map((r) => `${r.id} ${r.artifactRequests}`).join(', ')})` : ''}`);
  const chrome = flag('no-chromium') ? { skipped: '--no-chromium' } : await readProbeChromium(base).catch((e) => ({ skipped: `could not read it: ${e.message.split('\n')[0]}` }));
  printSideBySide(ffProbe, chrome);

  for (const r of results) console.log(`firefox ${r.id.padEnd(8)} ✔ prove ${r.proveTime} (page's Prove phase), ${seconds(r.wall)} Prove→Verified, threads ${r.threads}`);
  say(results.length ? `all Firefox smoke tests passed (${results.map((r) => r.id).join(', ')})` : 'probe read (--probe-only: no backend was run)');
} catch (e) {
  failed = true;
  console.error(`\n[firefox] ✘ ${e instanceof SmokeError ? e.message : e.stack}`);
} finally {
  if (driver) await within(15_000, 'quit Firefox', driver.quit()).catch((e) => console.error(`[firefox] quitting the session failed (${e.message}); killing geckodriver`));
  stopAll();
  clearTimeout(overall);
}
process.exit(failed ? 1 : 0);
