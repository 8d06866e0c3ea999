// Failures a person can meet: damaged downloads and a worker that runs out of memory.
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'failure handling does not depend on the viewport');

test('a corrupted proving key download is refused, never verified', async ({ page }) => {
  await page.route('**/artifacts/gnark/*', async (route) => {
    const url = route.request().url();
    if (!/\.pk/.test(url)) return route.continue();
    const res = await route.fetch();
    const body = await res.body();
    body[body.length >> 1] ^= 0xff; // one damaged byte in the middle
    await route.fulfill({ response: res, body });
  });
  await page.goto('/');
  await page.getByRole('radio', { name: 'gnark' }).check();
  await typeMessage(page, 'abc');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Error', { timeout: PROOF_TIMEOUT });
  await expect(status(page)).toContainText('proving key failed its integrity check');
  await expect(status(page)).not.toContainText('Verified');
});

test('a worker that runs out of memory is reported and replaced', async ({ page }) => {
  await page.goto('/?debug');
  await page.evaluate(() => (window as unknown as { zkplayDebug: { allocate(b: string, mib: number): Promise<void> } }).zkplayDebug.allocate('gnark', 6000));
  await expect(status(page)).toContainText('Error: the gnark worker ran out of memory', { timeout: PROOF_TIMEOUT });
  // A fresh worker serves the next request.
  await page.evaluate(() => (window as unknown as { zkplayDebug: { allocate(b: string, mib: number): Promise<void> } }).zkplayDebug.allocate('gnark', 16));
  await expect(status(page)).toContainText('Allocated');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});
