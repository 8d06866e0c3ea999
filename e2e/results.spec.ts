// Sharing a result: the bench view shows exactly what it will send, sends it only when asked,
// and the results view finds the run with this device's percentile among other shared runs. The
// page is served by scripts/serve.mjs, with the results service next to it on SQLite. And the
// static build, served with no service, says that sharing is not configured.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, PROOF_TIMEOUT, status, test } from './fixtures';

const root = join(import.meta.dirname, '..');
const catalogue = JSON.parse(readFileSync(join(root, 'dist', 'artifacts', 'results-catalogue.json'), 'utf8'));
const submission = JSON.parse(readFileSync(join(root, 'results', 'service', 'testdata', 'submission.json'), 'utf8'));

/** A gnark run of another device, with the given prove time, as a service client would send it. */
function otherRun(proveMs: number, browser: string, deviceClass: string) {
  const s = structuredClone(submission);
  s.result.message = { bytes: 135, blocks: 1 }; // one Keccak block after padding
  s.result.timestamp = new Date(Date.UTC(2026, 0, 1, 0, 0, proveMs % 60)).toISOString();
  const prove = s.result.phases.find((p: { id: string }) => p.id === 'prove');
  prove.ms = { median: proveMs, min: proveMs, max: proveMs, samples: [proveMs] };
  s.device = { ...s.device, browser, deviceClass, build: catalogue.backends.gnark.build };
  return s;
}

test('prove in the bench, share the result, find it in #/results with its percentile', async ({
  page,
  request,
}, info) => {
  const config = await (await request.get('/zkplay.config.json')).json();
  expect(config.resultsService, 'npm start serves the page with its results service').toMatch(
    /^http:\/\/127\.0\.0\.1:/,
  );
  // Other devices' runs: two much faster and two much slower than any run here.
  for (const [ms, browser, device] of [
    [1, 'Chrome', 'desktop'],
    [2, 'Firefox', 'desktop'],
    [1e7, 'Chrome', 'phone'],
    [2e7, 'Safari', 'phone'],
  ] as const) {
    const res = await request.post(`${config.resultsService}/api/results`, { data: otherRun(ms, browser, device) });
    expect([201, 409], await res.text()).toContain(res.status()); // 409: seeded by an earlier run
  }

  await page.goto('/#/bench?backends=gnark&blocks=1&threads=1&runs=1&warmup=0&autostart=1');
  await expect(status(page)).toContainText('Done: 1 configuration measured', { timeout: PROOF_TIMEOUT });

  const share = page.getByRole('region', { name: 'Share a run' });
  await share.getByRole('button', { name: 'Share this result' }).click();
  const sent = share.getByRole('textbox', { name: 'Submission JSON' });
  const shown = JSON.parse(await sent.inputValue());
  // What is shown is the reduced device, and no user-agent string.
  expect(shown.device).toMatchObject({
    deviceClass: info.project.name === 'phone' ? 'phone' : 'desktop',
    build: catalogue.backends.gnark.build,
  });
  expect(shown.device.browser).toMatch(/^Chrom(e|ium)$/);
  expect(shown.device.browserVersion).toMatch(/^\d+$/);
  expect(JSON.stringify(shown)).not.toMatch(/Mozilla|userAgent/);
  await share.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(share.getByRole('status').filter({ hasText: 'Shared as' })).toBeVisible();

  await share.getByRole('link', { name: 'see it' }).click();
  await expect(page).toHaveURL(/#\/results$/);
  // This device's run, placed among the latest real-device runs of its configuration: slower than
  // the two fast runs, faster than the two slow ones, whatever else earlier runs left.
  const row = page
    .getByRole('table', { name: /This browser's shared runs/ })
    .getByRole('row')
    .filter({ hasText: /^gnark \(circuit=keccak256-1block\), 135 B/ })
    .first();
  await expect(row.getByRole('cell').nth(0)).toContainText(
    /\d s:\s+\d+(st|nd|rd|th) percentile\s+\(\d+% of the \d+ latest others slower\)/,
  );
  const rank = Number(
    /(\d+)(st|nd|rd|th) percentile/.exec((await row.getByRole('cell').nth(0).textContent()) ?? '')?.[1],
  );
  expect(rank).toBeGreaterThan(0);
  expect(rank).toBeLessThan(100);
  await expect(row).toContainText(/×\d|no native reference/);
  // The aggregates come first: one row per configuration, device class and browser, counted by the service.
  const groups = page.getByRole('table', { name: /Shared runs per group/ });
  await expect(groups.getByRole('row').filter({ hasText: 'phone · Safari' }).first()).toContainText(
    /gnark \(circuit=keccak256-1block\)/,
  );
  // Then the runs of this device's group, a page at a time, with its own run marked.
  const runs = page.getByRole('region', { name: /^Runs: gnark/ });
  await expect(runs.getByRole('table', { name: "The group's runs" }).getByRole('row')).not.toHaveCount(1);
  const plot = runs.getByRole('img', { name: 'Prove time of the runs shown' }).locator('canvas');
  await expect(plot).toHaveAttribute('data-drawn', 'true');
  // Free text of a submission is never shown: the page shows checked columns only.
  await expect(page.locator('main')).not.toContainText('wasm linear memory');
});

test('a malformed answer from the service is named, not drawn', async ({ page, request }) => {
  const config = await (await request.get('/zkplay.config.json')).json();
  // A service (or a proxy in front of it) that answers another shape: counts as text.
  await page.route(`${config.resultsService}/api/aggregates`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ groups: [{ backend: 'gnark', runs: '12' }], asOfMs: 1 }),
    }),
  );
  await page.goto('/#/results');
  await expect(page.getByRole('alert')).toContainText(
    "The results could not be loaded: the results service's answer does not follow schema/results-aggregates.schema.json",
  );
  await expect(page.getByRole('table', { name: /Shared runs per group/ })).toHaveCount(0);
});

test.describe('the static build with no service', () => {
  type Server = { url: string; close(): Promise<void> };
  let server: Server;
  test.beforeAll(async () => {
    const { startStaticServer } = await import(pathToFileURL(join(root, 'scripts', 'static-server.mjs')).href);
    server = await startStaticServer({ root: join(root, 'dist'), prefix: '/zkplay/', isolate: true });
  });
  test.afterAll(async () => server?.close());

  test('says that sharing is not configured', async ({ page }) => {
    await page.goto(`${server.url}#/results`);
    await expect(page.getByRole('note')).toContainText('Sharing is not configured on this deployment');
    await page.goto(`${server.url}#/bench?backends=gnark`);
    await expect(page.getByRole('region', { name: 'Share a run' }).getByRole('note')).toContainText(
      'Sharing is not configured on this deployment',
    );
  });
});
