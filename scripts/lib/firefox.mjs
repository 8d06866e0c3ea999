// The second browser engine for the end-to-end smoke tests (e2e-firefox/): Debian's firefox-esr
// (apt-get, like chromium) and geckodriver built from crates.io at a pinned version. Nothing is
// downloaded from anywhere but the package registries: not the npm `geckodriver` package (it
// fetches a binary from GitHub), not a Playwright or Mozilla browser build.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, capture, log, run, step } from './steps.mjs';

/** Debian's Firefox ESR (the `firefox-esr` package). */
export const FIREFOX = process.env.ZKPLAY_FIREFOX ?? '/usr/bin/firefox-esr';

/** geckodriver from crates.io, exactly this version (`cargo install --locked`). */
export const GECKODRIVER_VERSION = '0.37.1';
export const GECKODRIVER_ROOT = join(cacheDir, 'geckodriver');
export const GECKODRIVER = process.env.ZKPLAY_GECKODRIVER ?? join(GECKODRIVER_ROOT, 'bin', 'geckodriver');

/** The installed geckodriver's version line ("geckodriver 0.37.1 …"), or undefined. */
export function geckodriverVersion(bin = GECKODRIVER) {
  return existsSync(bin) ? capture(bin, ['--version'])?.split('\n')[0] : undefined;
}

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

/** Builds geckodriver GECKODRIVER_VERSION from crates.io into GECKODRIVER_ROOT unless it is there. */
export async function ensureGeckodriver() {
  const have = geckodriverVersion();
  if (have?.includes(` ${GECKODRIVER_VERSION}`)) return log(`${have} found at ${GECKODRIVER}`);
  if (process.env.ZKPLAY_GECKODRIVER)
    throw new Error(
      `ZKPLAY_GECKODRIVER=${GECKODRIVER} is not geckodriver ${GECKODRIVER_VERSION} (it says: ${have ?? 'nothing, it does not run'})`,
    );
  if (!capture('cargo', ['--version']))
    throw new Error(
      'cargo is not installed: it builds geckodriver from crates.io (https://rustup.rs is how a new machine of this kind gets Rust)',
    );
  mkdirSync(GECKODRIVER_ROOT, { recursive: true });
  // nice: the machine is usually building backends at the same time. The cwd is the cache so that
  // no rust-toolchain.toml of the project picks the toolchain: the default (stable) one builds it.
  const cargo = [
    'cargo',
    'install',
    'geckodriver',
    '--locked',
    '--version',
    GECKODRIVER_VERSION,
    '--root',
    GECKODRIVER_ROOT,
  ];
  const [cmd, args] =
    capture('nice', ['true']) !== undefined ? ['nice', ['-n', '10', ...cargo]] : [cargo[0], cargo.slice(1)];
  await step(
    `build geckodriver ${GECKODRIVER_VERSION} from crates.io (cargo install --locked, a few minutes, once)`,
    () => run(cmd, args, { cwd: GECKODRIVER_ROOT, prefix: 'cargo install' }),
  );
  const now = geckodriverVersion();
  if (!now?.includes(` ${GECKODRIVER_VERSION}`))
    throw new Error(`cargo installed geckodriver but ${GECKODRIVER} says: ${now ?? 'nothing (it does not run)'}`);
}

/** Set to 1 to leave the Firefox smoke suite out of `npm test` (said loudly there, never silently). */
export const SKIP_ENV = 'ZKPLAY_SKIP_FIREFOX';
export const skipFirefox = () => process.env[SKIP_ENV] === '1';

/** Everything the Firefox smoke tests need (set-up --for=test). */
export async function ensureFirefoxForTests() {
  if (skipFirefox())
    return log(`${SKIP_ENV}=1: not installing firefox-esr and geckodriver (the Firefox smoke suite will be skipped)`);
  await ensureFirefox();
  await ensureGeckodriver();
}
