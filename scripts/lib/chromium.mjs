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

/** Playwright's launch options for it. */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
