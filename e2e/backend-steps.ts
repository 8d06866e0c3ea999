// Steps the backends' own e2e specs (backends/<id>/e2e.spec.ts) share: choosing the backend,
// proving on a thread count, what the result shows, and the capacity control following the message.
import type { Locator, Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, typeMessage, vector } from './fixtures';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Opens the page (at `url`) with the backend `id` chosen. */
export async function chooseBackend(page: Page, id: string, url = '/') {
  await page.goto(url);
  await page.getByRole('radio', { name: id }).check();
}

/** The page says that the backend's keys come from a single-party setup: a test setup. */
export async function expectTestSetupNoted(page: Page) {
  await expect(
    page.getByText('single-party setup made at build time: test setup, not for production').first(),
  ).toBeVisible();
}

/** Proves on `threads` threads until verified; the result must name `build` and that thread count. */
export async function proveOnThreads(page: Page, threads: number, build: string) {
  await page.getByRole('combobox', { name: /^Threads/ }).selectOption(String(threads));
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  await expectBuild(page, build, threads);
}

/** The result names the build that ran and the threads it really used. */
export async function expectBuild(page: Page, build: string, threads: number) {
  await expect(result(page)).toContainText(`build ${build}), ${threads} thread${threads === 1 ? '' : 's'},`);
}

/**
 * What the result must show: a row starting with each of `sizes` in its Sizes table and of
 * `phases` in its Phases table, and each of the circuit's `figures` (row name: text it contains).
 */
export async function expectResult(
  page: Page,
  o: { sizes: string[]; figures: Record<string, string | RegExp>; phases: string[] },
) {
  const rowOf = (name: string) => ({ name: new RegExp(`^${name}\\b`) });
  for (const name of o.sizes)
    await expect(result(page).getByRole('table', { name: 'Sizes' }).getByRole('row', rowOf(name))).toBeVisible();
  for (const [name, text] of Object.entries(o.figures))
    await expect(result(page).getByRole('row', rowOf(name))).toContainText(text);
  for (const name of o.phases)
    await expect(result(page).getByRole('table', { name: 'Phases' }).getByRole('row', rowOf(name))).toBeVisible();
}

/**
 * The capacity control follows the message: the test vector `message` makes `control` default
 * to `grown`, and Prove is enabled; choosing `smaller` states that capacity (`holds`) and disables
 * Prove.
 */
export async function capacityFollowsMessage(
  page: Page,
  control: Locator,
  message: string,
  o: { grown: string; smaller: string; holds: RegExp },
) {
  await typeMessage(page, vector(message).message_hex, 'Hex');
  await expect(control).toHaveValue(o.grown);
  await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
  await control.selectOption(o.smaller);
  await expect(page.getByText(o.holds)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
}
