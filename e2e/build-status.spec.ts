// `npm start` serves the page before the backends are built (scripts/start.mjs) and answers
// build-status.json meanwhile: the page shows each backend's state, keeps Prove off for one that
// is not ready, shows a failed build's message and log, and enables a backend when its build is
// done, without a reload. The test server builds nothing, so the status is played here.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

type Job = { id: string; group: 'backend' | 'extra'; label: string; state: string } & Record<string, unknown>;

const started = new Date(Date.now() - 95_000).toISOString();
const building: Job[] = [
  { id: 'gnark', group: 'backend', label: 'gnark', state: 'ready', seconds: 88, summary: 'Go js/wasm' },
  {
    id: 'plonky2',
    group: 'backend',
    label: 'plonky2',
    state: 'building',
    startedAt: started,
    step: 'zkplay-plonky2: cargo build for wasm32 (threads; several minutes the first time)',
  },
  { id: 'starky', group: 'backend', label: 'starky', state: 'queued' },
  {
    id: 'bellman',
    group: 'backend',
    label: 'bellman',
    state: 'failed',
    seconds: 41,
    error: 'cargo build --release --target wasm32-unknown-unknown -p zkplay-bellman exited with 101',
    log: ['  zkplay-bellman threads | error[E0425]: cannot find value `x` in this scope'],
    logFile: '/root/.cache/zkplay/logs/bellman.log',
  },
  { id: 'halo2', group: 'backend', label: 'halo2', state: 'queued' },
  { id: 'primitives', group: 'extra', label: 'primitives view wasm', state: 'queued' },
];

/** Answers build-status.json with whatever `jobs()` holds at the time of each poll. */
async function playStatus(page: Page, jobs: () => Job[]) {
  await page.route('**/build-status.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ startedAt: started, now: new Date().toISOString(), jobs: jobs() }),
    }),
  );
}

test('a backend still being built is shown as such and enabled once ready, without a reload', async ({ page }) => {
  let jobs = building;
  await playStatus(page, () => jobs);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Being built by npm start' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/1 of 5 backends ready · building plonky2 \(1 min \d\d s\)/);
  // Nobody picked a backend yet: the page shows the first one ready, not the first by name (bellman, failed).
  await expect(page.getByRole('radio', { name: 'gnark' })).toBeChecked();
  await expect(card.locator('[data-job="plonky2"]')).toContainText(
    /building \(1 min \d\d s\): zkplay-plonky2: cargo build/,
  );
  await expect(card.locator('[data-job="starky"]')).toContainText('queued');
  await expect(card.locator('[data-job="bellman"]')).toContainText('failed after 41 s: cargo build');
  await card.locator('[data-job="bellman"]').getByText('Last lines of its log').click();
  await expect(card.locator('[data-job="bellman"] pre')).toContainText('error[E0425]');

  // gnark is ready: it proves as ever.
  await page.getByRole('radio', { name: 'gnark' }).check();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();

  // plonky2 is not: Prove is off, and the page says why.
  await page.getByRole('radio', { name: 'plonky2' }).check();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
  await expect(page.locator('#build-note')).toContainText('plonky2 is not ready yet: building');

  // A failed backend stays off, with its message.
  await page.getByRole('radio', { name: 'bellman' }).check();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
  await expect(page.locator('#build-note')).toContainText('failed after 41 s');

  // plonky2's build ends: the next poll enables it in this page.
  await page.getByRole('radio', { name: 'plonky2' }).check();
  jobs = building.map((j) => (j.id === 'plonky2' ? { ...j, state: 'ready', seconds: 212, step: undefined } : j));
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled({ timeout: 10_000 });
  await expect(page.locator('#build-note')).toHaveCount(0);

  // Everything built: the card goes away.
  jobs = building.map((j) => ({ ...j, state: 'ready', seconds: 1 }));
  await expect(card).toHaveCount(0, { timeout: 10_000 });
});

test('a status that does not follow its schema is reported, and the backends stay off', async ({ page }) => {
  await page.route('**/build-status.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ jobs: 'all done' }) }),
  );
  await page.goto('/');
  await page.getByRole('radio', { name: 'gnark' }).check();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
  await expect(page.locator('#build-note')).toContainText(
    'Cannot tell yet whether gnark is built (could not read the build status: build-status.json: ',
  );
});
