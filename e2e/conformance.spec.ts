// The same end-to-end cases for every backend the page has: a backend gets them all by being
// registered (a folder backends/<id>/ with an index.ts, found here as the page's registry finds
// it). The cases use only what every backend must provide: the protocol, its manifest (drawn
// on the page: knobs, capacity, phases) and its build's /artifacts/<id>/index.json.
//
// Nothing here waits for time to pass: a run is cancelled while one of its downloads is held
// by the test, a corrupted download is made by the test, capacity is read from the page.
// One proof per backend serves the prove, reject and proof-file cases (on the phone viewport
// only the proof itself is made).
import type { Page, Route } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, PROOF_TIMEOUT, registeredBackendIds, statementDigest, status, test, typeMessage } from './fixtures';

const backendIds = registeredBackendIds();

const MESSAGE = 'hello world'; // 11 bytes: lengths 10 and 12 are in range for every backend

type Debug = { zkplayDebug: { allocate(backend: string, mib: number): Promise<void> } };

const backendRegion = (page: Page) => page.getByRole('region', { name: 'Backend' });
const threadsSelect = (page: Page) => backendRegion(page).getByRole('combobox', { name: /^Threads/ });
const capacityFact = (page: Page) => backendRegion(page).getByText(/^Holds messages up to -?\d+ bytes/);
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
/** A rejection: the verifier said no, or refused the input. Never a crash, never "Verified". */
const NEVER = /Verified|crash|out of memory/;

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
    test(`${id}: prove and verify a short message (on desktop also: Cancel first; rejections; the proof file)`, async ({
      page,
      isMobile,
    }, info) => {
      await openBackend(page, id);
      await oneThread(page);
      await typeMessage(page, MESSAGE);
      // The digest of the backend's own hash (BLAKE2s-256 for bellman, Keccak-256 for the others).
      const { label, hex: DIGEST } = statementDigest(id, 'text "hello world"');
      await expect(page.getByLabel(label)).toHaveText(`0x${DIGEST}`);
      const prove = page.getByRole('button', { name: 'Prove' });
      const cancel = page.getByRole('button', { name: 'Cancel' });

      if (!isMobile) {
        await test.step('Cancel while the run is provably in progress: its first artifact download is held', async () => {
          let held!: (r: Route) => void;
          const heldRoute = new Promise<Route>((resolve) => (held = resolve));
          let holding = false;
          const pattern = `**/artifacts/${id}/**`;
          await page.route(pattern, async (route) => {
            if (!holding && !route.request().url().endsWith('/index.json')) {
              holding = true;
              held(route); // no answer: the download waits until the test lets it go
              return;
            }
            await route.continue();
          });
          await prove.click();
          const route = await heldRoute;
          await expect(status(page)).toHaveClass(/status-running/);
          await expect(cancel).toBeEnabled();
          await cancel.click();
          await expect(status(page)).toContainText('Cancelled');
          // The phase that was running (the download) is marked stopped; nothing else ran.
          await expect(
            page.getByRole('list', { name: 'Phases' }).getByRole('listitem').filter({ hasText: 'stopped' }),
          ).toHaveCount(1);
          await expect(cancel).toBeDisabled();
          await expect(prove).toBeEnabled();
          await route.abort().catch(() => {}); // the worker that asked for it is gone
          await page.unroute(pattern);
        });
      }

      await test.step('prove and verify (in a fresh worker after the cancelled run)', async () => {
        await prove.click();
        // Wait for this run's outcome (not the "Cancelled" before it), so an error fails at once.
        await expect(status(page)).toContainText(/^(Verified|Proof not verified|Error)/, { timeout: PROOF_TIMEOUT });
        await expect(status(page)).toContainText(new RegExp(`^Verified: .* the ${MESSAGE.length}-byte message`));
        await expect(
          result(page)
            .getByRole('table', { name: 'Phases' })
            .getByRole('row', { name: /^Prove\b/ }),
        ).toBeVisible();
        await expect(
          result(page)
            .getByRole('table', { name: 'Sizes' })
            .getByRole('row', { name: /^Proof\b/ }),
        ).toContainText(/\d+(\.\d+)? (B|KiB|MiB)/);
        await expect(result(page).getByText(/cold: this run included downloading/)).toBeVisible();
      });
      if (isMobile) return;

      await test.step('a tampered proof and a wrong digest are rejected', async () => {
        await page.getByRole('button', { name: 'Tamper with proof and verify' }).click();
        // Depending on the bit, the verifier rejects the proof as not verifying or as malformed.
        await expect(status(page)).toContainText(/the tampered proof.*(does not verify|was rejected)/);
        await expect(status(page)).not.toContainText(NEVER);
        await page.getByRole('button', { name: 'Verify against a wrong digest' }).click();
        await expect(status(page)).toContainText(/the proof against a wrong digest.*(does not verify|was rejected)/);
        await expect(status(page)).not.toContainText(NEVER);
      });

      const path = info.outputPath('proof.json');
      await test.step('the downloaded proof file verifies when loaded back; a truncated one is refused', async () => {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download proof' }).click();
        await (await download).saveAs(path);
        await page.getByLabel('Proof file').setInputFiles(path);
        await expect(status(page)).toContainText(
          `Verified: the proof in proof.json verifies against 0x${DIGEST.slice(0, 16)}… (length ${MESSAGE.length})`,
        );
        // The same file, made in this browser, verified in Node by the built zkplay-verifier package.
        const pkg = await import(pathToFileURL(join('dist', 'verifier', 'index.js')).href);
        const r = await pkg.verify(readFileSync(path, 'utf8'));
        expect(r, r.reason).toMatchObject({
          ok: true,
          backend: id,
          statement: { digest: DIGEST, length: MESSAGE.length },
        });
        const truncated = info.outputPath('truncated.json');
        writeFileSync(truncated, readFileSync(path, 'utf8').slice(0, 200));
        await page.getByLabel('Proof file').setInputFiles(truncated);
        await expect(status(page)).toContainText(/Error: truncated\.json was rejected: .*not JSON/);
      });

      await test.step('the proof against a length one off (still in range) is rejected', async () => {
        const file = JSON.parse(readFileSync(path, 'utf8'));
        expect(file.statement.length).toBe(MESSAGE.length);
        for (const length of [MESSAGE.length - 1, MESSAGE.length + 1]) {
          const name = `length-${length}.json`;
          const buffer = Buffer.from(JSON.stringify({ ...file, statement: { ...file.statement, length } }));
          await page.getByLabel('Proof file').setInputFiles({ name, mimeType: 'application/json', buffer });
          await expect(status(page)).toContainText(
            new RegExp(
              `the proof in ${name.replace('.', '\\.')} (does not verify against .*\\(length ${length}\\)|was rejected)`,
            ),
          );
          await expect(status(page)).not.toContainText(NEVER);
          // In range: the verifier itself said no, not the statement checks in front of it.
          await expect(status(page)).not.toContainText('invalid input');
        }
      });
    });

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
