import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/lib/chromium.mjs';

// Debian's Chromium with the project's flags (scripts/lib/chromium.mjs).
const launchOptions = chromiumLaunchOptions();
const port = Number(process.env.ZKPLAY_TEST_PORT ?? 4173);
// A Vite dev server that also registers the fixture backends of e2e/fixtures/backends/
// (ZKPLAY_EXTRA_BACKENDS, vite.config.ts), for e2e/one-folder.spec.ts only.
const devPort = Number(process.env.ZKPLAY_TEST_DEV_PORT ?? port + 1);
const ONE_FOLDER = /one-folder\.spec\.ts/;
// Chromium with V8's wasm wide-arithmetic flag: only e2e/wide-arithmetic.spec.ts runs there
// (each Rust backend's threads-wide build, once); that spec's flagless case runs on desktop.
const WIDE = /wide-arithmetic\.spec\.ts/;
const wideLaunchOptions = chromiumLaunchOptions({ wide: true });

export default defineConfig({
  // The suites that loop over every backend are in e2e/; a backend's own cases are in its folder.
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'backends/*/*.spec.ts'],
  // Proving is CPU-bound and the machine has 2 cores: one test at a time keeps timings sane.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous: a slow machine must not fail a correctness test (speed is for benchmarks).
  timeout: 10 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: 'off',
    launchOptions,
    // The page registers a service worker in built pages (web/src/sw/). The suites that test
    // the page itself run without it, as before: requests stay visible to page.route and every
    // test starts from the network. e2e/subpath.spec.ts and e2e/offline.spec.ts allow it and
    // serve dist/ themselves (scripts/static-server.mjs, a free port, under /zkplay/).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: ONE_FOLDER,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 }, launchOptions },
    },
    { name: 'phone', testIgnore: [ONE_FOLDER, WIDE], use: { ...devices['Pixel 7'], launchOptions } },
    {
      name: 'wide',
      testMatch: WIDE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 }, launchOptions: wideLaunchOptions },
    },
    {
      name: 'one-folder',
      testMatch: ONE_FOLDER,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 860 },
        launchOptions,
        baseURL: `http://127.0.0.1:${devPort}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      env: { ZKPLAY_PORT: String(port) },
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
    {
      command: `node_modules/.bin/vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      env: { ZKPLAY_PORT: String(devPort), ZKPLAY_EXTRA_BACKENDS: 'e2e/fixtures/backends' },
      url: `http://127.0.0.1:${devPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
  ],
});
