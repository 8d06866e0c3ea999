// The wasm wide-arithmetic builds (threads-wide, scripts/lib/rust.mjs), in Chromium started with
// V8's flag for the proposal (the `wide` project of playwright.config.ts): the page detects the
// feature and proves with each Rust backend's wide build; the proof verifies, in the page and in
// Node by the zkplay-verifier package (whose verifier builds do not use the proposal: a
// cross-check of the wide arithmetic), and is refused when tampered with; the result names the
// build that ran; the primitives builds' field arithmetic equals BigInts' on adversarial operands
// (e2e/field-operands.ts). Without the flag (the `desktop` project) the page never fetches a wide
// build.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, PROOF_TIMEOUT, registeredBackendIds, status, test, typeMessage } from './fixtures';
import { proveOnThreads } from './backend-steps';
import { fieldCases } from './field-operands';

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
    // The view's own controls, apart from the KZG panel's of the same names.
    const controls = page.getByRole('region', { name: 'Primitives', exact: true });
    await controls.getByRole('combobox', { name: 'Libraries' }).selectOption('rust');
    await controls.getByRole('spinbutton', { name: 'Runs' }).fill('1');
    await controls.getByRole('button', { name: 'Measure', exact: true }).click();
    await expect(controls.getByRole('button', { name: 'Measure', exact: true })).toBeVisible({ timeout: 8 * 60_000 });
    await expect(page.getByText(/34 of 34 measured\./)).toBeVisible();
    const table = page.getByRole('table', { name: 'Primitive timings' });
    await expect(table.getByText(/failed/)).toHaveCount(0);
    await expect(page.getByText(/Rust in its build with the wasm wide-arithmetic proposal/)).toBeVisible();
    expect(fetched.filter((p) => p.endsWith('rust-threads-wide/zkplay_primitives_bg.wasm'))).toHaveLength(1);
    expect(fetched.filter((p) => /\/rust(-threads)?\/zkplay_primitives_bg\.wasm$/.test(p))).toEqual([]);
  });

  // The wide builds run the crates' upstream 64-bit code lowered to i64.mul_wide_u / i64.add128,
  // which no native test reaches: each field's arithmetic, in each primitives build (the wide
  // one and, for comparison, the two standard ones), on adversarial operands, must equal BigInts'.
  test('each Rust primitives build computes field arithmetic as BigInts do, on adversarial operands', async ({
    page,
  }) => {
    test.setTimeout(5 * 60_000);
    await page.goto('/');
    const cases = fieldCases();
    for (const build of ['rust-threads-wide', 'rust-threads', 'rust']) {
      const got: string[] = await page.evaluate(
        async ({ glue, cases }) => {
          const m = await import(glue);
          await m.default();
          const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const b64 = (u: Uint8Array) => {
            let s = '';
            for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
            return btoa(s);
          };
          return [
            m.build(),
            ...cases.map((c: { field: string; bytes: string }) => b64(m.fieldOps(c.field, bytes(c.bytes)))),
          ];
        },
        {
          glue: `/artifacts/primitives/${build}/zkplay_primitives.js`,
          cases: cases.map((c) => ({ field: c.field, bytes: Buffer.from(c.bytes).toString('base64') })),
        },
      );
      expect(got[0], `${build} reports its build`).toBe(
        build === 'rust' ? 'wasm-single' : build.replace('rust', 'wasm'),
      );
      cases.forEach((c, i) => {
        const out = Buffer.from(got[i + 1], 'base64');
        const width = c.expected.length / c.items;
        const first = [...Array(c.items).keys()].find(
          (k) => !out.subarray(k * width, (k + 1) * width).equals(c.expected.subarray(k * width, (k + 1) * width)),
        );
        expect(
          first,
          `${build}, ${c.field}: item ${first} of ${c.items} differs from BigInt arithmetic`,
        ).toBeUndefined();
        expect(out.length, `${build}, ${c.field}: output length`).toBe(c.expected.length);
      });
    }
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
