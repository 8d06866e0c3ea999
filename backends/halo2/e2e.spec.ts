// halo2 only: the threaded build with each circuit (the narrow one by default, the zkEVM one as
// a knob), their figures and how k follows the message. The cases every backend shares (on one
// thread, with the default circuit) are in e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test, typeMessage } from '../../e2e/fixtures';
import { capacityFollowsMessage, chooseBackend, expectResult, proveOnThreads } from '../../e2e/backend-steps';

test.beforeEach(({ page }) => chooseBackend(page, 'halo2'));

const select = (page: Page, name: RegExp) => page.getByRole('combobox', { name });
const kSelect = (page: Page) => select(page, /^k\b/);
const circuitSelect = (page: Page) => select(page, /^Circuit\b/);
const rowsSelect = (page: Page) => select(page, /^Rows per round\b/);
const PHASES = ['Download keys', 'Read KZG parameters and verifying key', 'Proving key', 'Witness', 'Prove', 'Verify'];

test('the narrow circuit by default: prove and verify with the threaded build on two threads', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  // Defaults for a one-block message: the narrow circuit at its smallest k, no rows per round.
  await expect(circuitSelect(page)).toHaveValue('narrow');
  await expect(kSelect(page)).toHaveValue('11');
  await expect(rowsSelect(page)).toHaveCount(0);
  await expect(
    page.getByText('single-party setup made at build time: test setup, not for production').first(),
  ).toBeVisible();
  await proveOnThreads(page, 2, 'wasm-threads');
  await expectResult(page, {
    sizes: ['Proving key', 'Proof'],
    figures: { Circuit: 'narrow', 'Advice Columns': '63', 'Capacity Blocks': '1' },
    // The build's KZG parameters and verifying key are downloaded and read, not made here: only the proving key is.
    phases: PHASES,
  });
  await expect(page.getByRole('row', { name: /^Rows Per Round\b/ })).toHaveCount(0);
});

test('the zkEVM circuit as a knob: its own k and rows per round, proven and verified', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  await circuitSelect(page).selectOption('zkevm');
  // Choosing the circuit sends k back to that circuit's default: the zkEVM circuit holds 2 blocks at k = 10.
  await expect(kSelect(page)).toHaveValue('10');
  await expect(rowsSelect(page)).toHaveValue('12');
  await proveOnThreads(page, 2, 'wasm-threads');
  await expectResult(page, {
    sizes: ['Proving key'],
    figures: { Circuit: 'zkevm', 'Advice Columns': /\d+/, 'Capacity Blocks': '2', 'Rows Per Round': '12' },
    phases: PHASES,
  });
});

test('the default k grows with the message; a smaller k states its own capacity', async ({ page }) => {
  // The narrow circuit holds 2 blocks at k = 12 and 5 at k = 13, so a 3-block message defaults to k = 13.
  await capacityFollowsMessage(page, kSelect(page), '272 bytes (needs a 3rd block)', {
    grown: '13',
    smaller: '12',
    holds: /^Holds messages up to 271 bytes \(2 Keccak blocks\)/,
  });
});

test('the k select offers the chosen circuit’s own k', async ({ page }) => {
  const values = async () =>
    kSelect(page)
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await expect.poll(values).toEqual(['11', '12', '13', '14']);
  await circuitSelect(page).selectOption('zkevm');
  await expect.poll(values).toEqual(['10', '11', '12', '13', '14', '15']);
});
