import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, PROOF_TIMEOUT, status, test } from './fixtures';

const schema = JSON.parse(readFileSync(new URL('../schema/run-result.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

test('a shared benchmark link runs gnark, shows the table and plots, exports and re-imports', async ({
  page,
}, info) => {
  await page.goto('/#/bench?backends=gnark&blocks=1&threads=1&runs=1&warmup=0&autostart=1');

  // The device probe shows before (and while) running.
  const probe = page.getByLabel('Device probe');
  await expect(probe).toContainText('Cross-origin isolated');
  await expect(probe).toContainText(/Largest wasm memory\s*\d+(\.\d+)? (MiB|GiB)/);
  await expect(probe).toContainText(/WASM SIMD\s*(supported|not supported)/);
  await expect(page.getByRole('progressbar', { name: 'Benchmark progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();

  await expect(status(page)).toContainText('Done: 1 configuration measured', { timeout: PROOF_TIMEOUT });

  const table = page.getByRole('table', { name: /Benchmark results/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'gnark' }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('135');
  await expect(row).toContainText('go-js-wasm');
  await expect(row).toContainText('✔ all runs');
  await expect(page.getByRole('region', { name: 'Results' })).toContainText(
    /native \d|no native reference for this configuration/,
  );
  await expect(page.getByText(/median of 1 measured run after 0 warm-ups/)).toBeVisible();
  await expect(page.getByRole('table', { name: /Cold setup/ }).getByRole('row', { name: /^gnark/ })).toContainText(
    'Load proving key',
  );

  // A plot is drawn with data: chart.js has painted the canvas.
  const plot = page.getByRole('img', { name: 'Prove time against message length' }).locator('canvas');
  await expect(plot).toHaveAttribute('data-drawn', 'true');
  await expect(plot).not.toHaveAttribute('data-points', '0');
  const painted = await plot.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
    return n;
  });
  expect(painted).toBeGreaterThan(100);

  // After the sweep, Keccak-256 is timed in the page and the crossover is stated.
  await expect(page.getByRole('listitem').filter({ hasText: /^gnark \(1 thread\):/ })).toContainText(
    /cheaper|never within range/,
    { timeout: 120_000 },
  );
  await expect(
    page.getByRole('img', { name: /hashing time and proof verification time/ }).locator('canvas'),
  ).toHaveAttribute('data-drawn', 'true');

  // Export: JSON in the shared RunResult format.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const path = info.outputPath('bench.json');
  await (await downloadPromise).saveAs(path);
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported).toMatchObject({ format: 'zkplay-bench', version: 1, device: { cores: expect.any(Number) } });
  expect(exported.results).toHaveLength(1);
  for (const r of exported.results) expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
  expect(exported.results[0]).toMatchObject({
    backend: 'gnark',
    runs: 1,
    cold: false,
    verified: true,
    message: { bytes: 135, blocks: 1 },
  });

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvPath = info.outputPath('bench.csv');
  await (await csvDownload).saveAs(csvPath);
  expect(readFileSync(csvPath, 'utf8')).toMatch(/^backend,blocks,bytes,threads,build.*\ngnark,1,135,1,go-js-wasm/);

  // Re-import it: shown again, beside this device's row, labelled with its device.
  await page.getByLabel('Import results').setInputFiles(path);
  await expect(page.getByText(/^Imported: .* 1 result/)).toBeVisible();
  await expect(row).toHaveCount(2);
  await expect(table.getByRole('columnheader', { name: 'Measured on' })).toBeVisible();
  await expect(table).toContainText('(imported bench.json)');

  // An export with primitives (as the Primitives view adds them): listed in a table of their
  // own, with the device that measured them.
  const withPrimitives = info.outputPath('bench-primitives.json');
  const msm = {
    library: 'halo2curves',
    op: 'msm-g1',
    curve: 'bn254',
    logN: 12,
    threads: 2,
    ms: { median: 41.5, min: 40.25, max: 47, samples: [40.25, 41.5, 47] },
    warmup: 1,
    checked: true,
    runtime: 'wasm',
  };
  writeFileSync(withPrimitives, JSON.stringify({ ...exported, primitives: [msm] }));
  await page.getByLabel('Import results').setInputFiles(withPrimitives);
  await expect(page.getByText(/^Imported: .* 1 result, 1 primitive/)).toBeVisible();
  const prims = page.getByRole('table', { name: 'Imported primitives' });
  await expect(page.getByText(/^Imported primitives, measured on .*\(imported bench-primitives\.json\)/)).toBeVisible();
  const prim = prims.getByRole('row').filter({ hasText: 'halo2curves' });
  await expect(prim).toHaveCount(1);
  for (const cell of ['MSM (G1)', 'bn254', '2^12', '41.50 ms', '2', 'wasm', '✓'])
    await expect(prim.getByRole('cell', { name: cell, exact: true })).toBeVisible();
});

test('the form writes its settings to the link, lists what it skips, and refuses a bad import', async ({
  page,
}, info) => {
  await page.goto('/#/bench?backends=gnark&blocks=1,2&threads=1,2');
  await expect(page.getByLabel('Device probe')).toContainText('Largest wasm memory');
  const skipped = page.getByRole('group').filter({ hasText: /^Skipped \(2\)/ });
  await expect(skipped).toContainText("2 blocks, 1 thread: 271 bytes (2 blocks) is over gnark's capacity of 135 bytes");
  await expect(skipped).toContainText(
    "2 blocks, 2 threads: 271 bytes (2 blocks) is over gnark's capacity of 135 bytes",
  );

  await page.getByLabel('Measured runs').fill('5');
  await page.getByLabel('Message lengths (Keccak blocks)').fill('1');
  await expect(page).toHaveURL(/#\/bench\?backends=gnark&blocks=1&threads=1,2&runs=5&warmup=1$/);
  await expect(page.getByRole('button', { name: 'Run benchmark' })).toBeEnabled();

  const bad = info.outputPath('not-an-export.json');
  writeFileSync(bad, JSON.stringify({ format: 'something-else' }));
  await page.getByLabel('Import results').setInputFiles(bad);
  await expect(page.getByRole('alert')).toContainText('not a zkplay benchmark export');
});

test('Cancel stops the sweep at once and keeps the page usable', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough for this case');
  await page.goto('/#/bench?backends=gnark&blocks=1&threads=1&runs=1&warmup=0&autostart=1');
  await expect(status(page)).toContainText(/gnark, 1 block \(135 B\), 1 thread: (preparing|Download)/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Cancelled: the benchmark stopped; 0 configurations finished and kept.');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run benchmark' })).toBeEnabled();
});
