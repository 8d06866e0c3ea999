// bellman only: the threaded build, its circuit's figures, the BLAKE2s digest the page shows, and
// how the capacity follows the message. The cases every backend shares (on one thread) are in
// e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { blake2s } from '@noble/hashes/blake2.js';
import { expect, test, typeMessage } from '../../e2e/fixtures';
import { chooseBackend, expectResult, expectTestSetupNoted, proveOnThreads } from '../../e2e/backend-steps';

test.beforeEach(({ page }) => chooseBackend(page, 'bellman'));

const blocksSelect = (page: Page) => page.getByRole('combobox', { name: /^Capacity \(BLAKE2s blocks\)/ });
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

test('prove and verify BLAKE2s-256 with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  // The page hashes with the backend's hash: BLAKE2s-256, not Keccak-256.
  const digest = hex(blake2s(new TextEncoder().encode('hello world'), { dkLen: 32 }));
  await expect(page.getByLabel('BLAKE2s-256')).toHaveText(`0x${digest}`);
  await expect(blocksSelect(page)).toHaveValue('1');
  await expectTestSetupNoted(page);
  await proveOnThreads(page, 2, 'wasm-threads');
  await expectResult(page, {
    sizes: ['Proving key', 'Verifying key', 'Proof'],
    figures: { 'Capacity Blocks': '1', Constraints: /22,?547/, Curve: 'BLS12-381' },
    phases: ['Download keys', 'Read proving parameters and verifying key', 'Prove', 'Verify'],
  });
});

test('the default capacity grows with the message; a smaller one states its own capacity', async ({ page }) => {
  await typeMessage(page, 'a'.repeat(65));
  await expect(blocksSelect(page)).toHaveValue('3');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  await blocksSelect(page).selectOption('1');
  await expect(page.getByText(/^Holds messages up to 64 bytes \(1 BLAKE2s block\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
});
