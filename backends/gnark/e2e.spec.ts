// gnark only. The cases every backend shares (prove and verify, tampered proof, wrong digest and
// length, proof file, over capacity, corrupted artifact, out of memory, Cancel) are in
// e2e/conformance.spec.ts.
import { expect, PROOF_TIMEOUT, status, test, typeMessage, vector } from '../../e2e/fixtures';
import { expectResult, proveOnThreads } from '../../e2e/backend-steps';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'gnark' }).check();
});

test('an empty message proves', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for this case');
  await typeMessage(page, '');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${vector('empty').digest_hex}`);
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('0 bytes (1 Keccak block)');
  await expect(result.getByRole('row', { name: /^Constraints\b/ })).toContainText(/\d{3},\d{3}/);
});

test('two threads: a second Go wasm instance takes part of the proof', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the second instance');
  await typeMessage(page, 'hello world');
  await proveOnThreads(page, 2, 'go-js-wasm');
  await expectResult(page, {
    sizes: ['Proving key'],
    figures: {},
    phases: ["Start the second instance's worker", 'Start a second Go wasm instance with the proving key', 'Witness', 'Prove', 'Verify'],
  });
});

test('invalid hex is refused before proving', async ({ page }) => {
  await typeMessage(page, '0x12zz', 'Hex');
  await expect(page.getByRole('alert')).toContainText('Invalid hex');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();

  await typeMessage(page, '0x1234', 'Hex');
  await expect(page.getByText(/^2 bytes ·/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});
