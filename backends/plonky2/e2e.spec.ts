// plonky2 only: the threaded build, its circuit's figures, an 8-block proof and how the capacity
// follows the message. The cases every backend shares (on one thread) are in
// e2e/conformance.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test, typeMessage, vector } from '../../e2e/fixtures';
import { capacityFollowsMessage, chooseBackend, expectResult, proveOnThreads } from '../../e2e/backend-steps';

test.beforeEach(({ page }) => chooseBackend(page, 'plonky2'));

const blocksSelect = (page: Page) => page.getByRole('combobox', { name: /^Capacity \(Keccak blocks\)/ });

async function proveAndVerify(page: Page, threads: number, build: string, blocks: number) {
  await proveOnThreads(page, threads, build);
  await expectResult(page, {
    sizes: ['Verifying key', 'Proof'],
    figures: {
      'Capacity Blocks': String(blocks),
      'Degree Bits': /1\d/,
      'Gate Types': /\d+: 4 Keccak, 1 Poseidon/,
      'Merkle Hash': 'keccak',
    },
    phases: ['Build circuit', 'Witness', 'Prove', 'Verify'],
  });
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
  await capacityFollowsMessage(page, blocksSelect(page), '136 bytes (one rate: padding needs a 2nd block)', {
    grown: '2',
    smaller: '1',
    holds: /^Holds messages up to 135 bytes \(1 Keccak block\)/,
  });
});
