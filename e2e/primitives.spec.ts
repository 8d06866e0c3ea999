// The Primitives view (#/primitives): gnark-crypto's FFT, MSM, pairing and field multiplication
// in Go's js/wasm, each checked against a second computation before it is shown.
import { test, expect } from './fixtures';

test('measures every primitive at the quick scales, each result checked', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one viewport is enough');
  await page.goto('/#/primitives');
  await page.getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await page.getByRole('button', { name: 'Measure' }).click();
  const table = page.getByRole('table', { name: 'Primitive timings' });
  await expect(table.getByRole('row')).toHaveCount(1 + 26);
  await expect(page.getByRole('button', { name: 'Measure' })).toBeVisible({ timeout: 5 * 60_000 });
  await expect(table.getByText(/failed/)).toHaveCount(0);
  await expect(table.getByRole('cell', { name: '✓' })).toHaveCount(26);
});
