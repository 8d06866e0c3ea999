// Failures a person can meet that the shared cases (e2e/conformance.spec.ts: a download with a
// flipped byte, a worker out of memory, for every backend) do not cover: a truncated download,
// and a thread pool that does not start.
import type { Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'failure handling does not depend on the viewport');

// The verifying key is the artifact damaged here: routing a 100 MiB proving key through the
// DevTools protocol would test Playwright rather than the page. Every artifact goes through
// the same download-and-hash check (packages/core/artifacts.ts).
test('a truncated verifying key is refused, never verified', async ({ page }) => {
  await page.route('**/artifacts/gnark/*.vk', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    await route.fulfill({ response: res, body: body.subarray(0, body.length - 100) });
  });
  await page.goto('/');
  await page.getByRole('radio', { name: 'gnark' }).check();
  await typeMessage(page, 'abc');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Error', { timeout: PROOF_TIMEOUT });
  await expect(status(page)).toContainText('is truncated');
  await expect(status(page)).not.toContainText('Verified');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});

// A wasm thread pool that does not start (seen in Firefox: the backend's worker blocked inside
// `new Worker()`, e2e-firefox/README.md) would leave the page on "Start 2 wasm threads…" for ever;
// gnark's second Go wasm instance is a worker that the backend's worker starts too, so it can
// stall the same way. Here the spawned worker stays silent once: the page gives up after its
// timeout (30 s, THREAD_START_TIMEOUT_MS; STALL_MS here, set through ?debug&threadStartMs), says
// so, restarts the backend in a fresh worker and proves. (Two stalls in a row are an error:
// web/src/lib/backend-client.test.ts.)
const STALL_MS = 8_000;
const STALLS: {
  backend: string;
  what: string;
  phase: string;
  build: string;
  stallOnce: (page: Page) => Promise<() => number>;
}[] = [
  {
    backend: 'plonky2',
    what: 'a thread pool',
    phase: 'Start 2 wasm threads',
    build: 'wasm-threads',
    // The glue imports the helper script (let through); wasm-bindgen-rayon then fetches it again
    // to start the pool's workers from it: that second request is never answered.
    async stallOnce(page) {
      let seen = 0;
      await page.route('**/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js', async (route) => {
        if (++seen === 2) return;
        await route.continue();
      });
      return () => (seen >= 4 ? 1 : 0); // two requests per worker: the restarted one asked too
    },
  },
  {
    backend: 'gnark',
    what: "gnark's second instance",
    phase: "Start the second instance's worker",
    build: 'go-js-wasm',
    // Playwright does not see a worker's own workers' requests, so the backend's worker script is
    // changed once to start the second instance from an empty module, which never says "alive".
    async stallOnce(page) {
      let changed = 0;
      const secondInstance = /new URL\((["'`])second-instance-[^"'`]+\1,\s*import\.meta\.url\)\.href/;
      await page.route('**/assets/worker-*.js', async (route) => {
        const res = await route.fetch();
        const body = await res.text();
        if (changed || !secondInstance.test(body)) return route.fulfill({ response: res });
        changed++;
        await route.fulfill({ response: res, body: body.replace(secondInstance, '"data:text/javascript,"') });
      });
      return () => changed;
    },
  },
];

for (const c of STALLS) {
  test(`${c.what} that does not start is restarted once, not waited for`, async ({ page }) => {
    test.setTimeout(2 * PROOF_TIMEOUT + STALL_MS + 30_000);
    const stalled = await c.stallOnce(page);
    await page.goto(`/?debug&threadStartMs=${STALL_MS}`);
    await page.getByRole('radio', { name: c.backend }).check();
    await page.getByRole('combobox', { name: /^Threads/ }).selectOption('2');
    await typeMessage(page, 'abc');
    await page.getByRole('button', { name: 'Prove' }).click();
    await expect(status(page)).toContainText(c.phase, { timeout: PROOF_TIMEOUT });
    // The phase's own label (exact: the status line may say the same after the backend's name meanwhile).
    await expect(
      page.getByText(`Thread start stalled for ${STALL_MS / 1000} s; restarted in a fresh worker`, {
        exact: true,
      }),
    ).toBeVisible({
      timeout: STALL_MS + 15_000,
    });
    await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(`build ${c.build}), 2 threads,`);
    expect(stalled(), 'the stall was staged (and, for the pool, the restarted worker asked again)').toBe(1);
  });
}
