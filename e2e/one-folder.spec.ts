// Adding a backend is one folder: the echo fixture (e2e/fixtures/backends/echo/) is registered
// from its folder alone by a dev server started with ZKPLAY_EXTRA_BACKENDS (playwright.config.ts,
// project "one-folder"), and the playground and the bench view offer it, draw its knob and
// prove and verify with it, and the verify view checks its proof files with its verifier.ts
// against the keys its keys/ folder adds to artifacts/keys.json, with no edit anywhere else. The
// conformance suite of the manifests (backends/conformance.test.ts) runs on it too: npm test runs
// vitest with the same variable.
import { readFileSync } from 'node:fs';
import type { KeyManifest } from '@zkplay/verifier/keys';
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

test("the verify view verifies the fixture backend's proof file and refuses a tampered copy", async ({
  page,
}, info) => {
  await page.goto('/');
  await page.getByRole('radio', { name: /echo \(test fixture\)/ }).check();
  await typeMessage(page, 'hello world');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText(/^Verified: /);
  const path = info.outputPath('echo-proof.json');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download proof' }).click();
  await (await download).saveAs(path);

  // The file names the key the fixture's keys/ folder lists for its configuration, in the keys.json the page serves.
  const file = JSON.parse(readFileSync(path, 'utf8'));
  const keys: KeyManifest = await (await page.request.get('artifacts/keys.json')).json();
  const entry = keys.backends.echo.entries.find((e) => e.config.maxBlocks === 1)!;
  expect(file).toMatchObject({ backend: 'echo', config: { maxBlocks: 1 }, keyHash: entry.keyHash });

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Keys of this build' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'echo', exact: true })).toBeVisible();
  const input = page.getByLabel('Proof file to verify');
  await input.setInputFiles(path);
  await expect(status(page)).toContainText(
    `Verified: the proof in echo-proof.json verifies against 0x${file.statement.digest.slice(0, 16)}… (length 11)`,
  );
  await expect(status(page)).toContainText(`under this build's echo key ${entry.keyHash.slice(0, 12)}…`);
  await expect(page.getByText("(this build's key)")).toBeVisible();

  // One bit of the proof flipped: the verifier says no, and never "Verified".
  const proof = Buffer.from(file.proof, 'base64');
  proof[proof.length >> 1] ^= 1;
  const tampered = Buffer.from(JSON.stringify({ ...file, proof: proof.toString('base64') }));
  await input.setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: tampered });
  await expect(status(page)).toContainText(
    /^Proof not verified: the proof in tampered\.json does not verify .*Keccak-256 of the proof is not the digest/,
  );
  await expect(status(page)).not.toContainText(/^Verified/);
});
