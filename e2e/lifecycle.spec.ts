// The page's workers live only as long as the view that made them: a person who proved in
// the playground and then opens the benchmark view gets that worker's memory back.
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'worker lifetime does not depend on the viewport');

test('leaving the playground ends its prover workers', async ({ page }) => {
  const open = new Set<string>();
  page.on('worker', (w) => {
    open.add(w.url());
    w.on('close', () => open.delete(w.url()));
  });
  await page.goto('/');
  await page.locator('input[name="backend"][value="plonky2"]').check();
  await typeMessage(page, 'abc');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  const provers = [...open];
  expect(provers.length, 'a prover worker is running').toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Benchmark' }).click();
  await expect(page.getByLabel('Device probe')).toBeVisible();
  await expect
    .poll(() => provers.filter((u) => open.has(u)), { message: 'playground workers still alive after leaving it' })
    .toEqual([]);
});
