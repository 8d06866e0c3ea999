// starky only: the threaded build, the figures of its tables and wrapper, and the size limit the
// memory estimate sets. The cases every backend shares (on one thread) are in
// e2e/conformance.spec.ts.
import { expect, test, typeMessage } from '../../e2e/fixtures';
import { chooseBackend, expectResult, proveOnThreads } from '../../e2e/backend-steps';
import OPTIONS from './options.json' with { type: 'json' };

test.beforeEach(({ page }) => chooseBackend(page, 'starky'));

test('prove two STARKs and wrap them with the threaded build on two threads', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  await typeMessage(page, 'hello world');
  await expect(page.getByText('no trusted setup (transparent)').first()).toBeVisible();
  // The limit is wasm32's memory, stated before anything runs.
  const max = OPTIONS.wasm.find((w) => w.zk === 'off')!.maxMessageBytes;
  await expect(page.getByText(new RegExp(`^Holds messages up to ${max} bytes`))).toBeVisible();
  await proveOnThreads(page, 2, 'wasm-threads');
  await expectResult(page, {
    sizes: ['Verifying key', 'Proof'],
    figures: { 'Keccak Columns': /2,?481/, 'Wrapper Rows': /65,?536/, 'Fri Queries': '42', Zk: 'off' },
    phases: ['Download keys', 'Build wrapper circuit', 'Traces', 'Prove', 'Wrap into one proof', 'Verify'],
  });
});

test('zk on is refused before anything runs: its wrapper needs more than wasm32 memory', async ({ page }) => {
  await typeMessage(page, 'hello world');
  await page.getByRole('combobox', { name: /^Zero knowledge/ }).selectOption('on');
  await expect(page.getByRole('alert')).toContainText('proves natively only');
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
  await page.getByRole('combobox', { name: /^Zero knowledge/ }).selectOption('off');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
});
