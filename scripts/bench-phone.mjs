#!/usr/bin/env node
// Phone-class runs on this machine, labelled as such: the bench view in Chromium with a phone's
// viewport and touch (Pixel 7) and the CPU slowed at each factor given, plus one unthrottled
// desktop run. The slowing is a cgroup CPU quota on the browser (scripts/lib/cpu-cgroup.mjs),
// which slows its workers as much as its page; --via=cdp uses the DevTools protocol's
// Emulation.setCPUThrottlingRate instead, which Chromium applies to the page's main thread only. Each
// result is taken from the page's own "Share a run" preview and sent to the results service
// started next to the page (scripts/serve.mjs), the throttled ones with `device.emulated` set
// and the host's real OS and browser version, so the results view labels them "emulated".
//   node scripts/bench-phone.mjs [--rates=4,8] [--backend=gnark] [--profile="mid-range phone"] [--via=cgroup|cdp]
// The factors are not calibrated against real phones; the script prints the slowdown the prover
// really got (on a loaded machine the unthrottled run is slowed too, so it is below the factor).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { cliOptions } from './lib/args.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { freePort, log, root } from './lib/steps.mjs';
import { cgroupAvailable, enterCpuGroup } from './lib/cpu-cgroup.mjs';

const opts = cliOptions('node scripts/bench-phone.mjs [--rates=4,8] [--backend=gnark] [--profile=NAME]', {
  rates: '4,8',
  backend: 'gnark',
  profile: 'mid-range phone',
  via: 'cgroup',
});
if (!['cgroup', 'cdp'].includes(opts.via)) throw new Error('--via is cgroup or cdp');
if (opts.via === 'cgroup' && !cgroupAvailable())
  throw new Error('--via=cgroup needs root and /sys/fs/cgroup/cpu (use --via=cdp, which slows workers less)');
const rates = opts.rates.split(',').map(Number);
if (!rates.every((r) => r >= 1 && r <= 100)) throw new Error('--rates are factors between 1 and 100');

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
const bench = `#/bench?backends=${opts.backend}&blocks=1&threads=1&runs=1&warmup=0`;
const rows = [];
try {
  for (const rate of [1, ...rates]) {
    const context = await browser.newContext(
      rate === 1 ? { viewport: { width: 1280, height: 900 } } : { ...devices['Pixel 7'] },
    );
    const page = await context.newPage();
    await page.goto(served.page + bench);
    await page.getByText('Ready.', { exact: true }).waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const slow = (r) => (group ? group.setRate(r) : cdp.send('Emulation.setCPUThrottlingRate', { rate: r }));
    await slow(rate);
    await page.getByRole('button', { name: 'Run benchmark' }).click();
    await page.getByText(/Done: 1 configuration measured/).waitFor({ timeout: 30 * 60_000 });
    await slow(1);
    const share = page.getByRole('region', { name: 'Share a run' });
    await share.getByRole('button', { name: 'Share this result' }).click();
    const submission = JSON.parse(await share.getByRole('textbox', { name: 'Submission JSON' }).inputValue());
    if (rate > 1) {
      // The phone's user agent was the viewport's costume: the device is this host, slowed down.
      submission.device = {
        ...submission.device,
        browserVersion: major,
        os: process.platform === 'linux' ? 'Linux' : submission.device.os,
        deviceClass: 'phone',
        emulated: { cpuThrottling: rate, profile: `${opts.profile} (${opts.via})` },
      };
    }
    const res = await fetch(`${served.service}/api/results`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(submission),
    });
    const answer = await res.json();
    if (res.status !== 201) throw new Error(`the service refused the run at ×${rate}: ${JSON.stringify(answer)}`);
    const prove = submission.result.phases.filter((p) => p.step === 'prove').reduce((sum, p) => sum + p.ms.median, 0);
    rows.push({ rate, prove, id: answer.id });
    log(`CPU ÷${rate}: prove ${(prove / 1000).toFixed(1)} s, shared as ${answer.id}`);
    await context.close();
  }
} finally {
  await browser.close();
  group?.leave();
  served.child.kill('SIGTERM');
}
const base = rows[0].prove;
for (const r of rows)
  log(`requested ÷${r.rate}: the prover got ÷${(r.prove / base).toFixed(2)} (${(r.prove / 1000).toFixed(1)} s)`);
