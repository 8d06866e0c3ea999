import type { Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage, vector } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'halo2' }).check();
});

const threadsSelect = (page: Page) => page.getByRole('combobox', { name: /^Threads/ });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

async function proveAndVerify(page: Page, threads: number, build: string) {
  await threadsSelect(page).selectOption(String(threads));
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  // The result names the build that ran and the threads it really used.
  await expect(result(page)).toContainText(new RegExp(`build ${build}\\), ${threads} threads?,`));
  await expect(result(page).getByRole('table', { name: 'Sizes' }).getByRole('row', { name: /^Proving key\b/ })).toBeVisible();
  await expect(result(page).getByRole('row', { name: /^Advice Columns\b/ })).toContainText(/\d+/);
  await expect(result(page).getByRole('row', { name: /^Capacity Blocks\b/ })).toContainText(/[1-9]/);
  await expect(result(page).getByRole('row', { name: /^Rows Per Round\b/ })).toContainText('12');
}

test('prove and verify a short message with halo2 on one thread, then see a tampered proof rejected', async ({ page }) => {
  const v = vector('text "hello world"');
  await typeMessage(page, 'hello world');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${v.digest_hex}`);
  // Defaults for a one-block message: the smallest k that holds it with 12 rows per round.
  await expect(page.getByRole('combobox', { name: /^k\b/ })).toHaveValue('10');
  await expect(page.getByText('test setup, not for production').first()).toBeVisible();
  await proveAndVerify(page, 1, 'wasm-single');
  for (const phase of ['KZG parameters', 'Verifying key', 'Proving key', 'Witness', 'Prove', 'Verify']) {
    await expect(result(page).getByRole('table', { name: 'Phases' }).getByRole('row', { name: new RegExp(`^${phase}\\b`) })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Tamper with proof and verify' }).click();
  await expect(status(page)).toContainText(/tampered proof.*(not verify|proof is malformed)/);
  await expect(status(page)).not.toContainText('Verified');
});

test('prove and verify with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  await proveAndVerify(page, 2, 'wasm-threads');
});

test('a message over the capacity of the chosen k is refused before proving', async ({ page }) => {
  const v = vector('272 bytes (needs a 3rd block)');
  await typeMessage(page, v.message_hex, 'Hex');
  const k = page.getByRole('combobox', { name: /^k\b/ });
  // The default k grows with the message (k = 10 holds two blocks with 12 rows per round).
  await expect(k).toHaveValue('11');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  await k.selectOption('10');
  await expect(page.getByRole('alert')).toContainText('holds at most 271 bytes');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
  await typeMessage(page, v.message_hex.slice(0, 2 * 271), 'Hex');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});
