// The wasm wide-arithmetic builds (threads-wide, scripts/lib/rust.mjs), in Chromium started with
// V8's flag for the proposal (the `wide` project of playwright.config.ts): the page detects the
// feature and proves with each Rust backend's wide build; the proof verifies, in the page and in
// Node by the zkplay-verifier package (whose verifier builds do not use the proposal: a
// cross-check of the wide arithmetic), and is refused when tampered with; the result names the
// build that ran. Without the flag (the `desktop` project) the page never fetches a wide build.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, PROOF_TIMEOUT, registeredBackendIds, status, test, typeMessage } from './fixtures';
import { proveOnThreads } from './backend-steps';

/** The backends whose build lists a threads-wide variant (the Rust ones). */
const wideBackends = registeredBackendIds().filter((id) => {
  try {
    return !!JSON.parse(readFileSync(`web/public/artifacts/${id}/index.json`, 'utf8')).variants?.['threads-wide'];
  } catch {
    return false;
  }
});

async function chooseBackend(page: Page, id: string) {
  await page.goto('/');
  await page.locator(`input[name="backend"][value="${id}"]`).check();
  await typeMessage(page, 'hello world');
}

test.describe('with the wide-arithmetic flag', () => {
  test.beforeEach(() =>
    test.skip(test.info().project.name !== 'wide', 'Chromium without the flag has no wide arithmetic'),
  );

  test('the device probe reports wide arithmetic', async ({ page }) => {
    await page.goto('/#/bench');
    await expect(page.getByText('WASM wide arithmetic')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/supported: Rust backends with a wide build run it/)).toBeVisible();
  });

  test('the primitives view measures Rust with its wide build, and says so', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/#/primitives');
    await page.getByRole('combobox', { name: 'Libraries' }).selectOption('rust');
    await page.getByRole('spinbutton', { name: 'Runs' }).fill('1');
    await page.getByRole('button', { name: 'Measure' }).click();
    await expect(page.getByRole('button', { name: 'Measure' })).toBeVisible({ timeout: 8 * 60_000 });
    await expect(page.getByText(/34 of 34 measured\./)).toBeVisible();
    const table = page.getByRole('table', { name: 'Primitive timings' });
    await expect(table.getByText(/failed/)).toHaveCount(0);
    await expect(page.getByText(/Rust in its build with the wasm wide-arithmetic proposal/)).toBeVisible();
    expect(fetched.filter((p) => p.endsWith('rust-threads-wide/zkplay_primitives_bg.wasm'))).toHaveLength(1);
    expect(fetched.filter((p) => /\/rust(-threads)?\/zkplay_primitives_bg\.wasm$/.test(p))).toEqual([]);
  });

  for (const id of wideBackends) {
    test(`${id}: proves and verifies with its wide build, and refuses a tampered proof`, async ({ page }, info) => {
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(r.url()));
      await chooseBackend(page, id);
      await proveOnThreads(page, 2, 'wasm-threads-wide');
      expect(fetched.some((u) => u.includes(`/artifacts/${id}/threads-wide/`))).toBe(true);
      expect(fetched.some((u) => /\/artifacts\/[^/]+\/threads\//.test(u))).toBe(false);
      // The proof the wide arithmetic made, verified by the package's standard verifier build in Node.
      const path = info.outputPath('proof.json');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download proof' }).click();
      await (await download).saveAs(path);
      const pkg = await import(pathToFileURL(join('dist', 'verifier', 'index.js')).href);
      const verdict = await pkg.verify(readFileSync(path, 'utf8'));
      expect(verdict, verdict.reason).toMatchObject({ ok: true, backend: id, statement: { length: 11 } });
      await page.getByRole('button', { name: 'Tamper with proof and verify' }).click();
      await expect(status(page)).toContainText(/the tampered proof.*(does not verify|was rejected)/);
      await expect(status(page)).not.toContainText(/Verified|crash|out of memory/);
    });
  }
});

test.describe('without the flag', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'desktop', 'one viewport is enough'));

  test('a browser without wide arithmetic never fetches a wide build', async ({ page }) => {
    const id = wideBackends[0] ?? 'plonky2';
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await chooseBackend(page, id);
    await proveOnThreads(page, 2, 'wasm-threads');
    await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
    expect(fetched.filter((u) => u.includes('-wide'))).toEqual([]);
  });
});
