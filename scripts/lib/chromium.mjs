// Debian's Chromium as every script and test launches it (setup.mjs installs it). Playwright's
// own browser download is not reachable from these machines; without the background-networking
// flags Chromium's connections are refused en masse.
export const CHROMIUM = process.env.ZKPLAY_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * V8's switch for the wasm wide-arithmetic proposal (i64.mul_wide_u, i64.add128, ...): Chromium
 * 156 validates modules that use it only with this flag. With it, the page's feature detection
 * loads the Rust backends' threads-wide builds.
 */
export const WIDE_ARITHMETIC_JS_FLAG = '--js-flags=--wasm-wide-arithmetic';

/** Playwright's launch options for it; wide: start V8 with the wide-arithmetic proposal on. */
export const chromiumLaunchOptions = ({ wide = false } = {}) => ({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, ...(wide ? [WIDE_ARITHMETIC_JS_FLAG] : [])],
});
