// halo2 only: the threaded build, its circuit's figures and how k follows the message. The
// cases every backend shares (on one thread) are in e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test, typeMessage } from '../../e2e/fixtures';
import { capacityFollowsMessage, chooseBackend, expectResult, proveOnThreads } from '../../e2e/backend-steps';

test.beforeEach(({ page }) => chooseBackend(page, 'halo2'));

const kSelect = (page: Page) => page.getByRole('combobox', { name: /^k\b/ });

test('prove and verify with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  // Defaults for a one-block message: the smallest k that holds it with 12 rows per round.
  await expect(kSelect(page)).toHaveValue('10');
  await expect(
    page.getByText('single-party setup made at build time: test setup, not for production').first(),
  ).toBeVisible();
  await proveOnThreads(page, 2, 'wasm-threads');
  await expectResult(page, {
    sizes: ['Proving key'],
    figures: { 'Advice Columns': /\d+/, 'Capacity Blocks': /[1-9]/, 'Rows Per Round': '12' },
    // The build's KZG parameters and verifying key are downloaded and read, not made here: only the proving key is.
    phases: ['Download keys', 'Read KZG parameters and verifying key', 'Proving key', 'Witness', 'Prove', 'Verify'],
  });
});

test('the default k grows with the message; a smaller k states its own capacity', async ({ page }) => {
  // k = 10 holds two blocks with 12 rows per round, so a 3-block message defaults to k = 11.
  await capacityFollowsMessage(page, kSelect(page), '272 bytes (needs a 3rd block)', {
    grown: '11',
    smaller: '10',
    holds: /^Holds messages up to 271 bytes \(2 Keccak blocks\)/,
  });
});
