#!/usr/bin/env node
// Phone-class runs on this machine, labelled as such: the bench view in Chromium (one block, one
// thread, one run of each backend), once unthrottled with a desktop viewport, then once per phone
// class with that phone's viewport and touch and the CPU slowed to the phone's speed. The speed is calibrated, not guessed: for each
// class the browser is slowed until Lighthouse's BenchmarkIndex falls to the score Chrome
// DevTools gives that phone (scripts/lib/benchmark-index.mjs), measured in the very page that
// then proves. The slowing is a cgroup CPU quota on the browser (scripts/lib/cpu-cgroup.mjs),
// which slows its workers as much as its page. Each result is taken from the page's own "Share
// a run" preview and sent to the results service started next to the page (scripts/serve.mjs),
// the throttled ones with `device.emulated` (the rate, the class, and the scores) and the host's
// real OS and browser version, so the results view labels them "emulated".
//   node scripts/bench-phone.mjs [--phones=mid-tier,low-tier] [--backends=gnark,plonky2]
//   node scripts/bench-phone.mjs --rates=4,8 [--via=cgroup|cdp]   factors by hand, uncalibrated
// --via=cdp uses the DevTools protocol's Emulation.setCPUThrottlingRate, which Chromium applies
// to the page's main thread only (so it cannot be calibrated: the prover's worker is not slowed).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { cliOptions } from './lib/args.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { freePort, log, root } from './lib/steps.mjs';
import { cgroupAvailable, enterCpuGroup } from './lib/cpu-cgroup.mjs';
import { BY_HAND_PROFILE, calibrateRate, measureIndex, PHONE_CLASSES } from './lib/benchmark-index.mjs';

const usage =
  'node scripts/bench-phone.mjs [--phones=mid-tier,low-tier] [--backends=gnark,plonky2] | --rates=4,8 [--profile=NAME] [--via=cgroup|cdp]';
const opts = cliOptions(usage, {
  phones: 'mid-tier,low-tier',
  rates: undefined,
  backends: 'gnark',
  profile: BY_HAND_PROFILE,
  via: 'cgroup',
});
if (!['cgroup', 'cdp'].includes(opts.via)) throw new Error('--via is cgroup or cdp');
if (opts.via === 'cgroup' && !cgroupAvailable())
  throw new Error(
    '--via=cgroup needs root and /sys/fs/cgroup/cpu (use --via=cdp with --rates, which slows workers less)',
  );
const backends = opts.backends.split(',').filter(Boolean);
if (!backends.length) throw new Error('--backends names at least one backend');
if (opts.via === 'cdp' && opts.rates === undefined)
  throw new Error('--via=cdp cannot be calibrated (it does not slow the worker that proves): give --rates');

/** What each throttled run stands for: a calibrated phone class, or a factor given by hand. */
const targets =
  opts.rates === undefined
    ? opts.phones.split(',').map((id) => {
        const phone = PHONE_CLASSES[id];
        if (!phone) throw new Error(`--phones: ${id} is not one of ${Object.keys(PHONE_CLASSES).join(', ')}`);
        return { profile: phone.profile, viewport: phone.viewport, target: phone.benchmarkIndex };
      })
    : opts.rates.split(',').map((r) => {
        const rate = Number(r);
        if (!(rate >= 1 && rate <= 100)) throw new Error('--rates are factors between 1 and 100');
        return { profile: `${opts.profile} (${opts.via})`, viewport: 'Pixel 7', rate };
      });

/** serve.mjs on a free port; resolves with the page's and the service's URLs. */
async function servePage() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], {
    env: { ...process.env, ZKPLAY_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const service = /results service at (\S+), sharing on/.exec(out)?.[1];
      if (service) resolve({ child, page: `http://127.0.0.1:${port}/`, service });
    });
    child.on('exit', () => reject(new Error(`serve.mjs stopped before the service was up:\n${out}`)));
  });
}

const served = await servePage(); // before entering the cgroup: the page server and the service run at full speed
const group = opts.via === 'cgroup' ? enterCpuGroup(`zkplay-bench-phone-${process.pid}`) : undefined;
const browser = await chromium.launch(chromiumLaunchOptions());
const major = browser.version().split('.')[0];
const benchUrl = (backend) => `${served.page}#/bench?backends=${backend}&blocks=1&threads=1&runs=1&warmup=0`;
const rows = [];

/** Runs the bench for one backend in `page` at `rate`, then shares the result as `run` labels it. */
async function proveAndShare(page, slow, backend, run, rate, benchmarkIndex) {
  await slow(rate);
  await page.getByRole('button', { name: 'Run benchmark' }).click();
  await page.getByText(/Done: 1 configuration measured/).waitFor({ timeout: 30 * 60_000 });
  await slow(1);
  const share = page.getByRole('region', { name: 'Share a run' });
  await share.getByRole('button', { name: 'Share this result' }).click();
  const submission = JSON.parse(await share.getByRole('textbox', { name: 'Submission JSON' }).inputValue());
  if (run.profile !== 'desktop') {
    // The phone's user agent was the viewport's costume: the device is this host, slowed down.
    submission.device = {
      ...submission.device,
      browserVersion: major,
      os: process.platform === 'linux' ? 'Linux' : submission.device.os,
      deviceClass: 'phone',
      emulated: { cpuThrottling: rate, profile: run.profile, ...(benchmarkIndex ? { benchmarkIndex } : {}) },
    };
  }
  const res = await fetch(`${served.service}/api/results`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(submission),
  });
  const answer = await res.json();
  if (res.status !== 201)
    throw new Error(`the service refused the ${backend} ${run.profile} run: ${JSON.stringify(answer)}`);
  const prove = submission.result.phases.filter((p) => p.step === 'prove').reduce((sum, p) => sum + p.ms.median, 0);
  rows.push({ backend, profile: run.profile, rate, prove, id: answer.id });
  log(`${backend}, ${run.profile}, CPU ÷${rate}: prove ${(prove / 1000).toFixed(1)} s, shared as ${answer.id}`);
}

let unthrottled;
try {
  for (const run of [{ profile: 'desktop', rate: 1 }, ...targets]) {
    const context = await browser.newContext(
      run.viewport ? { ...devices[run.viewport] } : { viewport: { width: 1280, height: 900 } },
    );
    let rate = run.rate;
    let benchmarkIndex;
    for (const [i, backend] of backends.entries()) {
      // A fresh page per backend: the bench view is ready to run again only after a load.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const slow = (r) => (group ? group.setRate(r) : cdp.send('Emulation.setCPUThrottlingRate', { rate: r }));
      await page.goto(benchUrl(backend));
      await page.getByText('Ready.', { exact: true }).waitFor({ timeout: 60_000 });
      if (group && unthrottled === undefined) {
        unthrottled = await measureIndex(page);
        log(`BenchmarkIndex unthrottled: ${unthrottled} (median of 5)`);
      }
      // One calibration per class, in the page that then proves, before its first backend.
      if (i === 0 && run.target !== undefined) {
        log(`calibrating ${run.profile}: BenchmarkIndex ${run.target}`);
        const found = await calibrateRate(page, slow, run.target, unthrottled, {
          onStep: (r, score) => log(`  CPU ÷${r.toFixed(2)}: BenchmarkIndex ${score}`),
        });
        rate = found.rate;
        benchmarkIndex = { target: run.target, measured: found.measured, unthrottled };
        if (rate === 1) log(`  this machine is no faster than a ${run.profile} device: run unthrottled`);
      }
      await proveAndShare(page, slow, backend, run, rate, benchmarkIndex);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  group?.leave();
  served.child.kill('SIGTERM');
}
for (const r of rows) {
  const base = rows.find((d) => d.backend === r.backend && d.profile === 'desktop').prove;
  log(
    `${r.backend}, ${r.profile}, CPU ÷${r.rate}: the prover got ÷${(r.prove / base).toFixed(2)} (${(r.prove / 1000).toFixed(1)} s)`,
  );
}
