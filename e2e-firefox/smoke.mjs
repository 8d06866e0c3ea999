#!/usr/bin/env node
// End-to-end smoke test in a second engine: Debian's firefox-esr, headless, driven by geckodriver
// through W3C WebDriver with selenium-webdriver (e2e-firefox/README.md). For every backend: prove,
// verify, tamper rejection (cases.mjs); then the device probe in Firefox and Chromium (probe.mjs).
//
//   node e2e-firefox/smoke.mjs [--backends=gnark,halo2] [--threads=N] [--no-chromium] [--probe-only]
//
// The pieces: options.mjs (the command line, util.parseArgs), supervisor.mjs (server, geckodriver,
// timeouts), harness.mjs (the WebDriver session, requests kept local, page helpers), cases.mjs
// (per backend), probe.mjs (both engines' probes, side by side).
import { MESSAGE, smokeBackend } from './cases.mjs';
import { openFirefox } from './harness.mjs';
import { USAGE, parseOptions, registeredBackends, selectBackends } from './options.mjs';
import { printSideBySide, readProbeChromium, readProbeFirefox } from './probe.mjs';
import { SmokeError, checkPrerequisites, say, seconds, startGeckodriver, startServer, stopAll, totalTimeout, watchdog } from './supervisor.mjs';

async function main(opts, backendIds) {
  say(checkPrerequisites());
  const base = await startServer();
  say(`serving dist/ at ${base}/ (COOP/COEP headers present)`);
  const gd = await startGeckodriver();
  const session = await openFirefox(gd.entry, gd.url);
  try {
    const results = [];
    if (!opts['probe-only']) {
      for (const id of backendIds) {
        say(`▶ ${id}: prove "${MESSAGE}", verify, tamper`);
        const r = await smokeBackend(session, base, id, opts.threads);
        results.push(r);
        say(`✔ ${id.padEnd(8)} verified, tampered proof rejected · Prove phase ${r.proveTime} · Prove→Verified ${seconds(r.wall)} wall (incl. key download) · threads ${r.threads}`);
      }
    }

    const ffProbe = await readProbeFirefox(session, base);
    const requests = session.checkAllLocal();
    say(`BiDi saw ${requests} requests, all to 127.0.0.1${results.length ? ` (artifact requests seen per backend: ${results.map((r) => `${r.id} ${r.artifactRequests}`).join(', ')})` : ''}`);
    const chrome = opts['no-chromium'] ? { skipped: '--no-chromium' } : await readProbeChromium(base).catch((e) => ({ skipped: `could not read it: ${e.message.split('\n')[0]}` }));
    printSideBySide(ffProbe, chrome);

    for (const r of results) console.log(`firefox ${r.id.padEnd(8)} ✔ prove ${r.proveTime} (page's Prove phase), ${seconds(r.wall)} Prove→Verified, threads ${r.threads}`);
    say(results.length ? `all Firefox smoke tests passed (${results.map((r) => r.id).join(', ')})` : 'probe read (--probe-only: no backend was run)');
  } finally {
    await session.quit();
  }
}

// ---------------------------------------------------------------------------------------------
let opts;
let backendIds;
try {
  opts = parseOptions(process.argv.slice(2));
  if (opts.help) {
    console.log(USAGE);
    process.exit(0);
  }
  backendIds = selectBackends(registeredBackends(), opts.backends);
} catch (e) {
  console.error(`[firefox] ✘ ${e.message}\n${USAGE}`);
  process.exit(2);
}

let failed = false;
const cancelWatchdog = watchdog(totalTimeout(backendIds.length));
try {
  await main(opts, backendIds);
} catch (e) {
  failed = true;
  console.error(`\n[firefox] ✘ ${e instanceof SmokeError ? e.message : e.stack}`);
} finally {
  stopAll();
  cancelWatchdog();
}
process.exit(failed ? 1 : 0);
