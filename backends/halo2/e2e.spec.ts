// halo2 only: the threaded build, its circuit's figures and how k follows the message. The
// cases every backend shares (on one thread) are in e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage, vector } from '../../e2e/fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'halo2' }).check();
});

const threadsSelect = (page: Page) => page.getByRole('combobox', { name: /^Threads/ });
const kSelect = (page: Page) => page.getByRole('combobox', { name: /^k\b/ });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

test('prove and verify with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  // Defaults for a one-block message: the smallest k that holds it with 12 rows per round.
  await expect(kSelect(page)).toHaveValue('10');
  await expect(
    page.getByText('single-party setup made at build time: test setup, not for production').first(),
  ).toBeVisible();
  await threadsSelect(page).selectOption('2');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  // The result names the build that ran and the threads it really used.
  await expect(result(page)).toContainText(/build wasm-threads\), 2 threads,/);
  await expect(
    result(page)
      .getByRole('table', { name: 'Sizes' })
      .getByRole('row', { name: /^Proving key\b/ }),
  ).toBeVisible();
  await expect(result(page).getByRole('row', { name: /^Advice Columns\b/ })).toContainText(/\d+/);
  await expect(result(page).getByRole('row', { name: /^Capacity Blocks\b/ })).toContainText(/[1-9]/);
  await expect(result(page).getByRole('row', { name: /^Rows Per Round\b/ })).toContainText('12');
  // The build's KZG parameters and verifying key are downloaded and read, not made here: only the proving key is.
  for (const phase of [
    'Download keys',
    'Read KZG parameters and verifying key',
    'Proving key',
    'Witness',
    'Prove',
    'Verify',
  ]) {
    await expect(
      result(page)
        .getByRole('table', { name: 'Phases' })
        .getByRole('row', { name: new RegExp(`^${phase}\\b`) }),
    ).toBeVisible();
  }
});

test('the default k grows with the message; a smaller k states its own capacity', async ({ page }) => {
  const v = vector('272 bytes (needs a 3rd block)');
  await typeMessage(page, v.message_hex, 'Hex');
  // k = 10 holds two blocks with 12 rows per round, so a 3-block message defaults to k = 11.
  await expect(kSelect(page)).toHaveValue('11');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  await kSelect(page).selectOption('10');
  await expect(page.getByText(/^Holds messages up to 271 bytes \(2 Keccak blocks\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
});
