#!/usr/bin/env node
// End-to-end smoke test in a second engine: Debian's firefox-esr, headless, driven over its own
// WebDriver BiDi (no driver binary; e2e-firefox/README.md). For every backend: prove,
// verify, tamper rejection (cases.mjs); then the device probe of Firefox and Chromium, whose
// must-agree fields must agree (probe.mjs). Fails unless every selected backend was proved.
//
//   node e2e-firefox/smoke.mjs [--backends=gnark,halo2] [--threads=N] [--no-chromium]
//   node e2e-firefox/smoke.mjs --probe-only [--no-chromium]   # a report, not a test run
//
// The pieces: options.mjs (the command line, util.parseArgs), supervisor.mjs (server, Firefox,
// timeouts), bidi.mjs (the protocol), harness.mjs (the session, requests kept local, page helpers), cases.mjs
// (per backend), probe.mjs (both engines' probes, the must-agree rule, the report).
import { MESSAGE, smokeBackend } from './cases.mjs';
import { openFirefox } from './harness.mjs';
import { USAGE, parseOptions, registeredBackends, selectBackends } from './options.mjs';
import { compareProbes, formatComparison, mismatchMessage, readProbeChromium, readProbeFirefox } from './probe.mjs';
import {
  SmokeError,
  checkPrerequisites,
  fail,
  say,
  seconds,
  startFirefox,
  startServer,
  stopAll,
  totalTimeout,
  watchdog,
} from './supervisor.mjs';

const REPORT_ONLY = 'REPORT ONLY (--probe-only): no backend was proved, so this is not a test run';

async function main(opts, backendIds) {
  const probeOnly = opts['probe-only'];
  if (probeOnly) say(`${REPORT_ONLY}: it reads the device probe of both engines and compares them`);
  say(checkPrerequisites());
  const base = await startServer();
  say(`serving dist/ at ${base}/ (COOP/COEP headers present)`);
  const ff = await startFirefox();
  const session = await openFirefox(ff);
  try {
    const results = [];
    if (!probeOnly) {
      for (const id of backendIds) {
        say(`▶ ${id}: prove "${MESSAGE}", verify, tamper`);
        const r = await smokeBackend(session, base, id, opts.threads);
        results.push(r);
        say(
          `✔ ${id.padEnd(8)} verified, tampered proof rejected · Prove phase ${r.proveTime} · Prove→Verified ${seconds(r.wall)} wall (incl. key download) · threads ${r.threads}`,
        );
      }
      // A test run passes only by proving: every selected backend, and at least one.
      if (!results.length || results.length !== backendIds.length)
        fail(`only ${results.length} of ${backendIds.length} backends were proved`);
    }

    const ffFields = await readProbeFirefox(session, base);
    const requests = session.checkAllLocal();
    say(
      `BiDi saw ${requests} requests, all to 127.0.0.1${results.length ? ` (artifact requests seen per backend: ${results.map((r) => `${r.id} ${r.artifactRequests}`).join(', ')})` : ''}`,
    );
    const ffName = `Firefox ${session.browserVersion}`;

    let chrome;
    if (!opts['no-chromium']) {
      chrome = await readProbeChromium(base).catch((e) =>
        fail(
          `could not read the device probe in Chromium, so the engines could not be compared: ${e.message.split('\n')[0]}\n(--no-chromium leaves the comparison out)`,
        ),
      );
    }
    const { rows, mismatches } = compareProbes(ffFields, chrome?.fields);
    console.log(
      `\nDevice probe (#/bench) and browser features${chrome ? ', Firefox next to Chromium on this machine' : ' in Firefox only (--no-chromium: the engines were NOT compared)'}:`,
    );
    console.log(formatComparison(rows, ffName, chrome && `Chromium ${chrome.version}`).join('\n'));
    console.log('');

    for (const r of results)
      console.log(
        `firefox ${r.id.padEnd(8)} ✔ prove ${r.proveTime} (page's Prove phase), ${seconds(r.wall)} Prove→Verified, threads ${r.threads}`,
      );
    if (mismatches.length) fail(mismatchMessage(mismatches));
    const compared = chrome
      ? `the ${rows.filter((r) => r.agree).length} must-agree probe fields agree with Chromium`
      : 'engines not compared (--no-chromium)';
    say(
      probeOnly
        ? `${REPORT_ONLY}. The report itself succeeded: ${compared}, every request stayed local.`
        : `all Firefox smoke tests passed (${results.map((r) => r.id).join(', ')}); ${compared}`,
    );
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
  backendIds = opts['probe-only'] ? [] : selectBackends(registeredBackends(), opts.backends);
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
  if (opts['probe-only']) console.error(`[firefox] ✘ ${REPORT_ONLY}, and the report failed (see above)`);
} finally {
  stopAll();
  cancelWatchdog();
}
process.exit(failed ? 1 : 0);
