import { readFileSync, writeFileSync } from 'node:fs';
import { expect, PROOF_TIMEOUT, status, test, typeMessage, vector } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'gnark' }).check();
});

test('prove and verify a message with gnark, then see tampered proofs rejected', async ({ page }, info) => {
  const v = vector('text "hello world"');
  await typeMessage(page, 'hello world');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${v.digest_hex}`);
  await expect(page.getByText(/^11 bytes ·/)).toBeVisible();

  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('row', { name: /^Prove\b/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /^Proof\b/ })).toContainText(/\d+ B/);
  await expect(result.getByRole('row', { name: /^Constraints\b/ })).toContainText(/\d{3},\d{3}/);
  await expect(result.getByText(/cold: this run included downloading/)).toBeVisible();

  await page.getByRole('button', { name: 'Tamper with proof and verify' }).click();
  // Depending on the bit, the verifier rejects the proof as not verifying or as malformed.
  await expect(status(page)).toContainText(/tampered proof.*(not verify|proof is malformed)/);
  await expect(status(page)).not.toContainText('Verified');

  await page.getByRole('button', { name: 'Verify against a wrong digest' }).click();
  await expect(status(page)).toContainText('not verified');

  // The downloaded proof file verifies when loaded back; a truncated copy is refused.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download proof' }).click();
  const path = info.outputPath('proof.json');
  await (await downloadPromise).saveAs(path);
  await page.getByLabel('Proof file').setInputFiles(path);
  await expect(status(page)).toContainText('Verified');
  const truncated = info.outputPath('truncated.json');
  writeFileSync(truncated, readFileSync(path, 'utf8').slice(0, 200));
  await page.getByLabel('Proof file').setInputFiles(truncated);
  await expect(status(page)).toContainText(/Error: truncated\.json was rejected: .*not JSON/);
});

test('an empty message proves', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for this case');
  await typeMessage(page, '');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${vector('empty').digest_hex}`);
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
});

test('a message over capacity and invalid hex are refused before proving', async ({ page }) => {
  const v = vector('136 bytes (one rate: padding needs a 2nd block)');
  await typeMessage(page, v.message_hex, 'Hex');
  await expect(page.getByText(/^136 bytes ·/)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('holds at most 135 bytes');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();

  await typeMessage(page, '0x12zz', 'Hex');
  await expect(page.getByRole('alert')).toContainText('Invalid hex');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();

  await typeMessage(page, v.message_hex.slice(0, 270), 'Hex');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});

test('Cancel stops a run at once and the page stays usable', async ({ page }) => {
  await typeMessage(page, 'cancel me');
  await page.getByRole('button', { name: 'Prove' }).click();
  // Cancel in the middle of proving, the longest phase.
  await expect(status(page)).toContainText('gnark: Witness and prove', { timeout: PROOF_TIMEOUT });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Cancelled');
  await expect(page.getByRole('listitem').filter({ hasText: 'Witness and prove' })).toContainText('stopped');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  // Still usable: the input and digest respond, and a new run starts in a fresh worker.
  await typeMessage(page, 'abc');
  await expect(page.getByLabel('Keccak-256')).toHaveText(`0x${vector('text "abc"').digest_hex}`);
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('gnark:');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Cancelled');
});
