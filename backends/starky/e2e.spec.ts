// starky only: the threaded build, the figures of its tables and wrapper, and the size limit the
// memory estimate sets. The cases every backend shares (on one thread) are in
// e2e/conformance.spec.ts; on desktop this spec runs them on its threaded proof instead
// (e2e/conformance-steps.ts), so that starky's ~80 s proof is made once there, not twice, and
// then e2e/statement.spec.ts's checks (e2e/statement-steps.ts) with its worker still prepared.
import { expect, test, typeMessage } from '../../e2e/fixtures';
import { chooseBackend, expectBuild, expectResult } from '../../e2e/backend-steps';
import { DESKTOP_PROOF_IN_OWN_SPEC, proveShortMessage, typeShortMessage } from '../../e2e/conformance-steps';
import { checkStatements } from '../../e2e/statement-steps';
import OPTIONS from './options.json' with { type: 'json' };

// ?debug: the statement checks send the worker what the page's own checks would stop.
test.beforeEach(({ page }) => chooseBackend(page, 'starky', '/?debug'));

test('prove two STARKs and wrap them with the threaded build on two threads; the conformance and statement checks', async ({
  page,
  isMobile,
}, info) => {
  test.skip(isMobile, 'one viewport is enough for the threaded build');
  expect(DESKTOP_PROOF_IN_OWN_SPEC, 'conformance.spec.ts leaves the desktop steps to this test').toContain('starky');
  await page.getByRole('combobox', { name: /^Threads/ }).selectOption('2');
  await typeShortMessage(page, 'starky');
  await expect(page.getByText('no trusted setup (transparent)').first()).toBeVisible();
  // The limit is wasm32's memory, stated before anything runs.
  const max = OPTIONS.wasm.find((w) => w.zk === 'off')!.maxMessageBytes;
  await expect(page.getByText(new RegExp(`^Holds messages up to ${max} bytes`))).toBeVisible();
  await proveShortMessage(page, 'starky', info, {
    isMobile,
    afterProof: async () => {
      await expectBuild(page, 'wasm-threads', 2);
      await expectResult(page, {
        sizes: ['Verifying key', 'Proof'],
        figures: { 'Keccak Columns': /2,?481/, 'Wrapper Rows': /65,?536/, 'Fri Queries': '42', Zk: 'off' },
        phases: ['Download keys', 'Build wrapper circuit', 'Traces', 'Prove', 'Wrap into one proof', 'Verify'],
      });
    },
  });
  // The worker that made the proof is prepared for the sample's configuration (zk off):
  // e2e/statement.spec.ts leaves starky to this page, where the wrapper is not prepared again.
  await test.step('statements out of range are refused and damaged proofs never verify', () =>
    checkStatements(page, 'starky'));
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
