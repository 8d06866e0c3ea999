// The Primitives view (#/primitives): FFT, MSM, pairing and field multiplication in wasm, in Go
// (gnark-crypto, Go's js/wasm) and Rust (halo2curves; plonky2_field for Goldilocks, wasm-bindgen),
// each checked against a second computation before it is shown, with their Go/Rust ratio.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'one viewport is enough');

/**
 * Opens #/primitives, watching from the start: the paths of the primitives' wasm and glue the
 * page requests, as it requests them.
 */
async function openPrimitives(page: Page): Promise<string[]> {
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (/\/artifacts\/primitives\/.*\.(wasm|js)$/.test(r.url())) wasm.push(new URL(r.url()).pathname);
  });
  await page.goto('/#/primitives');
  return wasm;
}

/** The view's own controls (Runs, Libraries, Measure, …), apart from the KZG panel's of the same names. */
const controls = (page: Page) => page.getByRole('region', { name: 'Primitives', exact: true });

/** Clicks Measure and waits for the run to end with all `n` cases measured. */
async function measure(page: Page, n: number) {
  await controls(page).getByRole('button', { name: 'Measure', exact: true }).click();
  await expect(controls(page).getByRole('button', { name: 'Measure', exact: true })).toBeVisible({
    timeout: 8 * 60_000,
  });
  await expect(page.getByText(new RegExp(`${n} of ${n} measured\\.`))).toBeVisible();
}

test('measures every primitive in Go and Rust at the quick scales, each result checked, with Go/Rust ratios', async ({
  page,
}) => {
  const wasm = await openPrimitives(page);
  const table = page.getByRole('table', { name: 'Primitive timings' });
  await expect(table.getByRole('columnheader', { name: 'Go/Rust', exact: true })).toBeVisible();
  await expect(page.getByText(/Rakutis/).first()).toBeVisible();
  // These builds are upstream's, not the provers' patched arithmetic: the page says so.
  await expect(page.getByText(/The libraries as published\..*take zkplay's wasm patches/)).toBeVisible();
  // Nothing of either wasm is fetched before a measurement asks for it.
  expect(wasm).toEqual([]);

  await controls(page).getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await measure(page, 60);
  await expect(table.getByText(/failed/)).toHaveCount(0);

  // 13 cases per curve (FFT 2^4…2^10, G1 FFT 2^4…2^5, MSM 2^10 and 2^12, pairing, multiplications)
  // in both languages; Goldilocks (FFT 2^4…2^10 and multiplications) in Rust only.
  for (const curve of ['bn254', 'bls12-381']) {
    const groups = table
      .locator('tbody')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(` · ${curve}`) }) });
    await expect(groups).toHaveCount(5);
    await expect(groups.getByRole('cell', { name: 'Go ✓ Rust ✓', exact: true })).toHaveCount(13);
    // A Go/Rust ratio in wasm for every row timed above the browser's timer resolution: at
    // least the G1 FFTs, MSMs, pairing and multiplications (the smallest FFTs over Fr may be † instead).
    const ratios = (await groups.locator('td.wasm-ratio').allTextContents()).filter((t) =>
      /^\d+(\.\d+)?×$/.test(t.trim()),
    );
    expect(ratios.length, `Go/Rust ratios on ${curve}`).toBeGreaterThanOrEqual(6);
  }
  await expect(table.getByRole('cell', { name: 'Rust ✓', exact: true })).toHaveCount(8);
  // Each language's wasm was fetched once, when its first case came.
  expect(wasm.filter((p) => p.endsWith('primitives-go.wasm'))).toHaveLength(1);
  expect(wasm.filter((p) => p.endsWith('zkplay_primitives_bg.wasm'))).toHaveLength(1);

  // The download: a benchmark export whose primitives are the 60 wasm records, all checked.
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    controls(page).getByRole('button', { name: 'Download results (JSON)' }).click(),
  ]);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.format).toBe('zkplay-bench');
  expect(data.primitives).toHaveLength(60);
  expect(data.primitives.every((r: { runtime: string; checked: boolean }) => r.runtime === 'wasm' && r.checked)).toBe(
    true,
  );
  expect(new Set(data.primitives.map((r: { library: string }) => r.library))).toEqual(
    new Set(['gnark-crypto', 'halo2curves', 'plonky2_field']),
  );
});

test('Rust on 2 threads: the threaded build runs halo2curves’ MSM on rayon’s pool, and the row says so', async ({
  page,
}) => {
  const wasm = await openPrimitives(page);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  const threads = controls(page).getByRole('combobox', { name: 'Threads (Rust)' });
  await expect(threads).toBeEnabled();
  await threads.selectOption('2');
  await controls(page).getByRole('combobox', { name: 'Libraries' }).selectOption('rust');
  await controls(page).getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await measure(page, 34);

  const table = page.getByRole('table', { name: 'Primitive timings' });
  await expect(
    table.getByRole('columnheader', { name: /wasm, this device\s*Go 1 thread · Rust 2 threads/ }),
  ).toBeVisible();
  // MSM 2^12 on bn254: on 2 threads (what rayon reported from inside the wasm), checked.
  const msm = table
    .locator('tbody')
    .filter({ has: page.getByRole('rowheader', { name: /^MSM \(G1\) · bn254/ }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '212', exact: true }) });
  await expect(msm).toHaveCount(1);
  await expect(msm).toContainText('(2 thr)');
  await expect(msm.getByRole('cell', { name: 'Rust ✓', exact: true })).toBeVisible();
  await expect(msm.locator('td').nth(2)).toHaveAttribute('title', /2 threads; .*checked/);
  // A serial primitive says it ran on 1 thread whatever the pool.
  const pairing = table
    .locator('tbody')
    .filter({ has: page.getByRole('rowheader', { name: /^Pairing · bn254/ }) })
    .getByRole('row')
    .nth(1);
  await expect(pairing).toContainText('(1 thr)');
  // Only the threaded Rust build was fetched (with wasm-bindgen-rayon's helper), not the single one.
  expect(wasm.filter((p) => p.endsWith('rust-threads/zkplay_primitives_bg.wasm'))).toHaveLength(1);
  expect(wasm.some((p) => /\/rust-threads\/snippets\/.*workerHelpers/.test(p))).toBe(true);
  expect(wasm.filter((p) => p.endsWith('/rust/zkplay_primitives_bg.wasm'))).toHaveLength(0);

  // Back to 1 thread: a new worker with the single-threaded build (a rayon pool cannot shrink).
  await threads.selectOption('1');
  await measure(page, 34);
  await expect(
    table.getByRole('columnheader', { name: /wasm, this device\s*Go 1 thread · Rust 1 thread/ }),
  ).toBeVisible();
  await expect(msm.getByRole('cell', { name: 'Rust ✓', exact: true })).toBeVisible();
  await expect(msm.locator('td').nth(2)).toHaveAttribute('title', /1 thread; .*checked/);
  await expect(msm).not.toContainText('thr)');
  expect(wasm.filter((p) => p.endsWith('/rust/zkplay_primitives_bg.wasm'))).toHaveLength(1);
});
