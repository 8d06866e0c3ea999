// plonky2 only: the threaded build, its circuit's figures, an 8-block proof and how the capacity
// follows the message. The cases every backend shares (on one thread) are in
// e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage, vector } from '../../e2e/fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'plonky2' }).check();
});

const threadsSelect = (page: Page) => page.getByRole('combobox', { name: /^Threads/ });
const blocksSelect = (page: Page) => page.getByRole('combobox', { name: /^Capacity \(Keccak blocks\)/ });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

async function proveAndVerify(page: Page, threads: number, build: string, blocks: number) {
  await threadsSelect(page).selectOption(String(threads));
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  // The result names the build that ran and the threads it really used.
  await expect(result(page)).toContainText(new RegExp(`build ${build}\\), ${threads} threads?,`));
  await expect(
    result(page)
      .getByRole('table', { name: 'Sizes' })
      .getByRole('row', { name: /^Verifying key\b/ }),
  ).toBeVisible();
  await expect(
    result(page)
      .getByRole('table', { name: 'Sizes' })
      .getByRole('row', { name: /^Proof\b/ }),
  ).toBeVisible();
  await expect(result(page).getByRole('row', { name: /^Capacity Blocks\b/ })).toContainText(String(blocks));
  await expect(result(page).getByRole('row', { name: /^Degree Bits\b/ })).toContainText(/1\d/);
  await expect(result(page).getByRole('row', { name: /^Gate Types\b/ })).toContainText(/\d+: 4 Keccak, 1 Poseidon/);
  await expect(result(page).getByRole('row', { name: /^Merkle Hash\b/ })).toContainText('keccak');
  for (const phase of ['Build circuit', 'Witness', 'Prove', 'Verify']) {
    await expect(
      result(page)
        .getByRole('table', { name: 'Phases' })
        .getByRole('row', { name: new RegExp(`^${phase}\\b`) }),
    ).toBeVisible();
  }
}

test('prove and verify with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  await expect(blocksSelect(page)).toHaveValue('1');
  await expect(page.getByText('no trusted setup (transparent)').first()).toBeVisible();
  await proveAndVerify(page, 2, 'wasm-threads', 1);
});

test('prove and verify an 8-block message (1,087 bytes)', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the 8-block proof');
  const v = vector('1087 bytes (largest eight-block message)');
  await typeMessage(page, v.message_hex, 'Hex');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${v.digest_hex}`);
  await expect(blocksSelect(page)).toHaveValue('8');
  await proveAndVerify(page, 2, 'wasm-threads', 8);
});

test('the default capacity grows with the message; a smaller one states its own capacity', async ({ page }) => {
  const v = vector('136 bytes (one rate: padding needs a 2nd block)');
  await typeMessage(page, v.message_hex, 'Hex');
  await expect(blocksSelect(page)).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  await blocksSelect(page).selectOption('1');
  await expect(page.getByText(/^Holds messages up to 135 bytes \(1 Keccak block\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
});
