#!/usr/bin/env node
// How long a newcomer waits: runs `npm start` in a checkout and times, from its start, the page
// being served, each backend becoming ready (its `ready:` line), the first proof in Chromium (the
// first backend ready, proved and verified in the page as a person would) and everything built.
// Prints a JSON summary at the end; stops npm start then.
//   node scripts/measure-start.mjs [--dir CHECKOUT] [--port 5190] [--timeout-min 60]
// For a fresh machine's figures: a fresh clone as --dir and an empty cache (ZKPLAY_CACHE=...).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { cliOptions } from './lib/args.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { backendIds } from './lib/backends.mjs';
import { root } from './lib/steps.mjs';

const opts = cliOptions('node scripts/measure-start.mjs [--dir CHECKOUT] [--port 5190] [--timeout-min 60]', {
  dir: root,
  port: '5190',
  'timeout-min': '60',
});
const t0 = Date.now();
const at = () => Math.round((Date.now() - t0) / 1000);
const summary = { dir: resolve(opts.dir), cache: process.env.ZKPLAY_CACHE ?? '(default)', ready: {}, failed: {} };
const url = `http://127.0.0.1:${opts.port}/`;
const BACKENDS = backendIds();

const child = spawn('npm', ['start'], {
  cwd: opts.dir,
  env: { ...process.env, ZKPLAY_PORT: opts.port },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true, // its own process group: stopped with everything it started
});
let firstProof;
let everything;
const done = new Promise((ok) => (everything = ok));
let out = '';
const onLine = (line) => {
  process.stdout.write(`  start | ${line}\n`);
  let m;
  if (/serving the playground at/.test(line) && summary.pageServedS === undefined) summary.pageServedS = at();
  if ((m = /\bready: (\S+)/.exec(line))) {
    summary.ready[m[1]] = at();
    if (BACKENDS.includes(m[1])) firstProof ??= proveWith(m[1]);
  }
  if ((m = /\bfailed: (\S+)/.exec(line))) summary.failed[m[1]] = at();
  if (/everything is built|built everything but/.test(line)) everything();
};
for (const s of [child.stdout, child.stderr])
  s.on('data', (d) => {
    out += d;
    const lines = out.split('\n');
    out = lines.pop();
    lines.forEach(onLine);
  });
child.on('exit', (code) => {
  summary.exitedEarly = code;
  everything();
});

/** Proves a short message with backend `id` in the page, as a person would; resolves with the seconds since start. */
async function proveWith(id) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('radio', { name: id }).check();
    await page.getByRole('button', { name: 'Prove' }).click({ timeout: 30_000 });
    await page
      .getByRole('status')
      .filter({ hasText: /^Verified/ })
      .waitFor({ timeout: 10 * 60_000 });
    summary.firstProof = { backend: id, verifiedS: at() };
  } catch (e) {
    summary.firstProof = { backend: id, error: e.message.split('\n')[0] };
  } finally {
    await browser.close();
  }
}

const limit = setTimeout(() => everything(), Number(opts['timeout-min']) * 60_000);
await done;
clearTimeout(limit);
await firstProof;
summary.everythingS = at();
try {
  process.kill(-child.pid, 'SIGINT');
} catch {
  // already gone
}
console.log(JSON.stringify(summary, null, 2));
process.exit(0);
