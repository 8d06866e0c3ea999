// Failures a person can meet that the shared cases (e2e/conformance.spec.ts: a download with a
// flipped byte, a worker out of memory, for every backend) do not cover: a truncated download.
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
