// The same end-to-end cases for every backend the page has: a backend gets them all by being
// registered (a folder backends/<id>/ with an index.ts, found here as the page's registry finds
// it). The cases use only what every backend must provide: the protocol, its manifest (drawn
// on the page: knobs, capacity, phases) and its build's /artifacts/<id>/index.json.
//
// Nothing here waits for time to pass: a run is cancelled while one of its downloads is held
// by the test, a corrupted download is made by the test, capacity is read from the page.
// One proof per backend serves the prove, reject and proof-file cases (on the phone viewport
// only the proof itself is made; e2e/conformance-steps.ts has them, and says which backend's
// own spec runs them on desktop instead).
import type { Page, TestInfo } from '@playwright/test';
import { DESKTOP_PROOF_IN_OWN_SPEC, proveShortMessage, typeShortMessage } from './conformance-steps';
import { expect, PROOF_TIMEOUT, registeredBackendIds, status, test, typeMessage } from './fixtures';

const backendIds = registeredBackendIds();

type Debug = { zkplayDebug: { allocate(backend: string, mib: number): Promise<void> } };

const backendRegion = (page: Page) => page.getByRole('region', { name: 'Backend' });
const threadsSelect = (page: Page) => backendRegion(page).getByRole('combobox', { name: /^Threads/ });
const capacityFact = (page: Page) => backendRegion(page).getByText(/^Holds messages up to -?\d+ bytes/);

async function openBackend(page: Page, id: string, url = '/') {
  await page.goto(url);
  await page.locator(`input[name="backend"][value="${id}"]`).check();
  await expect(capacityFact(page)).toBeVisible();
}

/** One thread when the backend offers a choice: its single-threaded build (the threaded ones have their own tests). */
async function oneThread(page: Page) {
  if (await threadsSelect(page).count()) await threadsSelect(page).selectOption('1');
}

/** Sets every select the backend shows (its manifest's knobs, and Threads) to its first option. */
async function firstOptions(page: Page) {
  for (const select of await backendRegion(page).getByRole('combobox').all()) {
    const first = await select.locator('option').first().getAttribute('value');
    await select.selectOption(first!);
    await expect(select).toHaveValue(first!);
  }
}

async function statedCapacity(page: Page): Promise<number> {
  const text = (await capacityFact(page).textContent()) ?? '';
  return Number(/up to (-?\d+) bytes/.exec(text)![1]);
}

interface ArtifactEntry {
  file: string;
  bytes: number;
  sha256: string;
}

/** Every file an artifacts index lists ({ file, bytes, sha256 } wherever it sits in the JSON). */
function listedFiles(index: unknown): ArtifactEntry[] {
  if (!index || typeof index !== 'object') return [];
  const o = index as Record<string, unknown>;
  if (typeof o.file === 'string' && typeof o.bytes === 'number' && typeof o.sha256 === 'string')
    return [o as unknown as ArtifactEntry];
  return Object.values(o).flatMap(listedFiles);
}

for (const id of backendIds) {
  test.describe(id, () => {
    const proof = async ({ page, isMobile }: { page: Page; isMobile: boolean }, info: TestInfo) => {
      await openBackend(page, id);
      await oneThread(page);
      await typeShortMessage(page, id);
      await proveShortMessage(page, id, info, { isMobile });
    };
    if (DESKTOP_PROOF_IN_OWN_SPEC.includes(id)) {
      // On desktop backends/<id>/e2e.spec.ts runs these steps on its threaded proof: only the
      // phone's case is registered here.
      test.describe(() => {
        test.skip(({ isMobile }) => !isMobile, `on desktop backends/${id}/e2e.spec.ts runs these steps`);
        test(`${id}: prove and verify a short message`, proof);
      });
    } else {
      test(
        `${id}: prove and verify a short message (on desktop also: Cancel first; rejections; the proof file)`,
        proof,
      );
    }

    test.describe(() => {
      test.skip(({ isMobile }) => isMobile, 'one viewport is enough for these cases');

      test(`${id}: a message over capacity is refused before proving`, async ({ page }) => {
        await openBackend(page, id);
        // Fixed knobs: the configuration no longer follows the message length.
        await firstOptions(page);
        const n = await statedCapacity(page);
        expect(n, 'the smallest configuration holds at least the empty message').toBeGreaterThanOrEqual(0);
        await typeMessage(page, 'ab'.repeat(n + 1), 'Hex');
        await expect(page.getByText(new RegExp(`^${n + 1} bytes ·`))).toBeVisible();
        await expect(page.getByRole('alert')).toContainText(`holds at most ${n} bytes`);
        await expect(page.getByRole('button', { name: 'Prove' })).toBeDisabled();
        await typeMessage(page, 'ab'.repeat(n), 'Hex');
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
      });

      test(`${id}: a corrupted artifact is refused, never verified`, async ({ page, request }) => {
        const index = await (await request.get(`/artifacts/${id}/index.json`)).json();
        // What a prover run fetches: not the verifier-only build, the wide-arithmetic build (this
        // Chromium has no flag for it, so it never fetches it), the samples, the EVM verifier or
        // the keys of other configurations (keys.entries). keys.shared (halo2's KZG parameters per
        // k) stays: the smallest configuration, chosen below, fetches the smallest of them.
        const { samples: _s, solidity: _e, keys, variants, ...rest } = index;
        const { verifier: _v, 'threads-wide': _w, ...proverVariants } = variants ?? {};
        const files = listedFiles({ ...rest, variants: proverVariants, shared: keys?.shared });
        expect(files.length, `/artifacts/${id}/index.json lists no { file, bytes, sha256 }`).toBeGreaterThan(0);
        // The smallest: a 100 MiB key pushed through the DevTools protocol would test Playwright.
        const target = files.reduce((a, b) => (b.bytes < a.bytes ? b : a));
        let served = 0;
        await page.route(`**/artifacts/${id}/${target.file}`, async (route) => {
          const res = await route.fetch();
          const body = await res.body();
          body[body.length >> 1] ^= 0xff;
          served++;
          await route.fulfill({ response: res, body });
        });
        await openBackend(page, id);
        await firstOptions(page); // the smallest configuration, on one thread: the run fetches the smallest file
        await typeMessage(page, 'abc');
        await page.getByRole('button', { name: 'Prove' }).click();
        await expect(status(page)).toContainText(/^(Verified|Proof not verified|Error)/, { timeout: PROOF_TIMEOUT });
        expect(served, `the run did not fetch ${target.file}`).toBeGreaterThan(0);
        await expect(status(page)).toContainText('failed its integrity check');
        await expect(status(page)).not.toContainText('Verified');
        await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
      });

      test(`${id}: a worker out of memory is reported and replaced`, async ({ page }) => {
        const workers: { closed: boolean }[] = [];
        page.on('worker', (w) => {
          const entry = { closed: false };
          workers.push(entry);
          w.on('close', () => (entry.closed = true));
        });
        await openBackend(page, id, '/?debug');
        // Far past the 4 GiB a wasm32 memory can hold.
        await page.evaluate((b) => (window as unknown as Debug).zkplayDebug.allocate(b, 6000), id);
        await expect(status(page)).toContainText(/^Error: .*out of memory/, { timeout: PROOF_TIMEOUT });
        await expect(status(page)).toContainText('The worker was replaced');
        const before = workers.length;
        expect(before, 'a worker ran the allocation').toBeGreaterThan(0);
        await expect
          .poll(() => workers.filter((w) => !w.closed).length, {
            message: 'the worker that ran out of memory still runs',
          })
          .toBe(0);
        // A fresh worker serves the next request.
        await page.evaluate((b) => (window as unknown as Debug).zkplayDebug.allocate(b, 16), id);
        await expect(status(page)).toContainText('Allocated');
        await expect.poll(() => workers.length, { message: 'a fresh worker' }).toBeGreaterThan(before);
        await expect(page.getByRole('button', { name: 'Prove' })).toBeEnabled();
      });
    });
  });
}
