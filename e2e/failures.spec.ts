// Failures a person can meet: damaged downloads and a worker that runs out of memory.
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'failure handling does not depend on the viewport');

// The verifying key is the artifact damaged here: routing a 100 MiB proving key through the
// DevTools protocol would test Playwright rather than the page. Every artifact goes through
// the same download-and-hash check (workers/contract/artifacts.ts).
for (const [damage, expected] of [
  ['one flipped byte', 'verifying key failed its integrity check'],
  ['truncation', 'is truncated'],
] as const) {
  test(`a verifying key damaged by ${damage} is refused, never verified`, async ({ page }) => {
    await page.route('**/artifacts/gnark/*.vk', async (route) => {
      const res = await route.fetch();
      const body = await res.body();
      if (damage === 'truncation') return route.fulfill({ response: res, body: body.subarray(0, body.length - 100) });
      body[body.length >> 1] ^= 0xff;
      await route.fulfill({ response: res, body });
    });
    await page.goto('/');
    await page.getByRole('radio', { name: 'gnark' }).check();
    await typeMessage(page, 'abc');
    await page.getByRole('button', { name: 'Prove' }).click();
    await expect(status(page)).toContainText('Error', { timeout: PROOF_TIMEOUT });
    await expect(status(page)).toContainText(expected);
    await expect(status(page)).not.toContainText('Verified');
    await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  });
}

test('a worker that runs out of memory is reported and replaced', async ({ page }) => {
  await page.goto('/?debug');
  await page.evaluate(() => (window as unknown as { zkplayDebug: { allocate(b: string, mib: number): Promise<void> } }).zkplayDebug.allocate('gnark', 6000));
  await expect(status(page)).toContainText('Error: the gnark worker ran out of memory', { timeout: PROOF_TIMEOUT });
  // A fresh worker serves the next request.
  await page.evaluate(() => (window as unknown as { zkplayDebug: { allocate(b: string, mib: number): Promise<void> } }).zkplayDebug.allocate('gnark', 16));
  await expect(status(page)).toContainText('Allocated');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});
