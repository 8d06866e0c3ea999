// The second browser engine for the end-to-end smoke tests (e2e-firefox/): Debian's firefox-esr
// (apt-get, like chromium), driven over its own WebDriver BiDi, so no driver is installed.
// Nothing is downloaded from anywhere but the package registries: not a Playwright or Mozilla
// browser build.
import { existsSync } from 'node:fs';
import { capture, log, run, step } from './steps.mjs';

/** Debian's Firefox ESR (the `firefox-esr` package). */
export const FIREFOX = process.env.ZKPLAY_FIREFOX ?? '/usr/bin/firefox-esr';

/** "Mozilla Firefox 153.7.0esr", or undefined when it is not installed. */
export function firefoxVersion(bin = FIREFOX) {
  return existsSync(bin) ? capture(bin, ['--version']) : undefined;
}

const apt = (args) => {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env }) : run('apt-get', args, { env });
};

/** Installs Debian's firefox-esr with apt-get unless FIREFOX is there already. */
export async function ensureFirefox() {
  const have = firefoxVersion();
  if (have) return log(`Firefox found at ${FIREFOX} (${have})`);
  if (process.env.ZKPLAY_FIREFOX)
    throw new Error(`ZKPLAY_FIREFOX=${FIREFOX} does not exist (unset it to install Debian's firefox-esr)`);
  await step("install Debian's firefox-esr for the Firefox smoke tests (apt-get)", async () => {
    await apt(['update', '-q']);
    await apt(['install', '-y', '-q', '--no-install-recommends', 'firefox-esr']);
  });
  if (!firefoxVersion()) throw new Error(`firefox-esr was installed but ${FIREFOX} is missing or does not run`);
}

/** Set to 1 to leave the Firefox smoke suite out of `npm test` (said loudly there, never silently). */
export const SKIP_ENV = 'ZKPLAY_SKIP_FIREFOX';
export const skipFirefox = () => process.env[SKIP_ENV] === '1';

/** Everything the Firefox smoke tests need (set-up --for=test). */
export async function ensureFirefoxForTests() {
  if (skipFirefox()) return log(`${SKIP_ENV}=1: not installing firefox-esr (the Firefox smoke suite will be skipped)`);
  await ensureFirefox();
}
