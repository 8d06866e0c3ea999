// Adding a backend is one folder: the echo fixture (e2e/fixtures/backends/echo/) is registered
// from its folder alone by a dev server started with ZKPLAY_EXTRA_BACKENDS (playwright.config.ts,
// project "one-folder"), and the playground and the bench view offer it, draw its knob and
// prove and verify with it, with no edit anywhere else. The conformance suite of the manifests
// (backends/conformance.test.ts) runs on it too: npm test runs vitest with the same variable.
import { expect, status, test, typeMessage } from './fixtures';

const result = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Result' });

test('the playground offers the fixture backend, draws its knob, proves and verifies', async ({ page }) => {
  await page.goto('/');
  const backend = page.getByRole('region', { name: 'Backend' });
  await page.getByRole('radio', { name: /echo \(test fixture\)/ }).check();
  await expect(backend.getByRole('combobox', { name: /Capacity \(Keccak blocks\)/ })).toBeVisible();
  await expect(backend.getByText(/^Holds messages up to 135 bytes/)).toBeVisible();
  await typeMessage(page, 'hello world');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText(/^(Verified|Proof not verified|Error)/);
  await expect(status(page)).toContainText(/^Verified: .* the 11-byte message/);
  await expect(
    result(page)
      .getByRole('table', { name: 'Phases' })
      .getByRole('row', { name: /^Prove\b/ }),
  ).toBeVisible();

  // A tampered proof is refused, as for every backend.
  await page.getByRole('button', { name: 'Tamper with proof and verify' }).click();
  await expect(status(page)).not.toContainText(/^Verified/);
});

test('the bench view lists the fixture backend and measures it', async ({ page }) => {
  await page.goto('/#/bench?backends=echo&blocks=1&threads=1&runs=1&warmup=0&autostart=1');
  await expect(status(page)).toContainText('Done: 1 configuration measured');
  const table = page.getByRole('table', { name: /Benchmark results/ });
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'echo' }) })).toContainText(
    '✔ all runs',
  );
});
