// Failures a person can meet that the shared cases (e2e/conformance.spec.ts: a download with a
// flipped byte, a worker out of memory, for every backend) do not cover: a truncated download,
// and a thread pool that does not start.
import { THREAD_START_TIMEOUT_MS } from '../workers/contract/protocol';
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'failure handling does not depend on the viewport');

// The verifying key is the artifact damaged here: routing a 100 MiB proving key through the
// DevTools protocol would test Playwright rather than the page. Every artifact goes through
// the same download-and-hash check (workers/contract/artifacts.ts).
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

// wasm-bindgen-rayon's initThreadPool waits for every pool worker to start and never rejects. In
// Firefox, its fetch of the pool's worker script sometimes never completed (crates/patches/README.md),
// which left the page on "Start 2 wasm threads…" for ever. Here that fetch never answers: the
// worker gives up after THREAD_START_TIMEOUT_MS with a clear error and is replaced, so the next
// attempt starts afresh.
test('a thread pool that does not start is an error, not a hang', async ({ page }) => {
  test.setTimeout(PROOF_TIMEOUT + THREAD_START_TIMEOUT_MS + 30_000);
  // The glue imports the helper script first (let through); startWorkers then fetches it again
  // to start the pool's workers from it (left unanswered while `stalled`).
  let stalled = true;
  let seen = 0;
  await page.route('**/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js', async (route) => {
    seen += 1;
    if (stalled && seen > 1) return; // never answered
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('radio', { name: 'plonky2' }).check();
  await page.getByRole('combobox', { name: /^Threads/ }).selectOption('2');
  await typeMessage(page, 'abc');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Start 2 wasm threads');
  await expect(status(page)).toContainText('Error', { timeout: THREAD_START_TIMEOUT_MS + 15_000 });
  await expect(status(page)).toContainText('2 wasm threads did not start within 30 s');
  await expect(status(page)).not.toContainText('Verified');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();

  // The stalled worker is gone: with the pool's script reachable again, the same choice proves.
  stalled = false;
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(/build wasm-threads\), 2 threads,/);
});
