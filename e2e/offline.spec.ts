// Offline after the first visit: dist/ at /zkplay/ from a plain static server (no headers,
// scripts/static-server.mjs). A first visit proves once (and verifies a sample in the verify view);
// then the network is turned off, the page reloads from the service worker's cache, is still
// cross-origin isolated, proves again and verifies the sample again. And a new build replaces the
// old one: its service worker deletes the old build's cache and the open page says to reload.
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

type Server = { url: string; close(): Promise<void> };
const root = join(import.meta.dirname, '..');
async function serve(dir: string): Promise<Server> {
  const { startStaticServer } = (await import(pathToFileURL(join(root, 'scripts', 'static-server.mjs')).href)) as {
    startStaticServer(o: { root: string; prefix: string }): Promise<Server>;
  };
  return startStaticServer({ root: dir, prefix: '/zkplay/' });
}

const isolationStatus = (page: Page) => page.locator('footer .isolation');
const shellCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('zkplay-shell ')));

async function prove(page: Page, message: string) {
  await page.getByRole('radio', { name: 'plonky2' }).check();
  await typeMessage(page, message);
  await page.getByRole('combobox', { name: /^Threads/ }).selectOption('2');
  await page.getByRole('button', { name: 'Prove' }).click();
  await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(/build wasm-threads\), 2 threads,/);
}

async function verifySample(page: Page, url: string) {
  await page.goto(`${url}#/verify`);
  await page
    .getByRole('button', { name: /^Sample: plonky2,/ })
    .first()
    .click();
  await expect(page.getByRole('status')).toContainText(/^Verified: the proof in .+ verifies against 0x/);
}

test.use({ serviceWorkers: 'allow' });

test.describe('offline after the first visit', () => {
  let server: Server;
  test.beforeAll(async () => (server = await serve(join(root, 'dist'))));
  test.afterAll(async () => server?.close());

  test('proves and verifies again with the network off', async ({ page, context, isMobile }) => {
    test.skip(isMobile, 'one viewport is enough for the cache');
    await page.goto(server.url);
    await expect(isolationStatus(page)).toContainText("Cross-origin isolated by this page's service worker", {
      timeout: 30_000,
    });
    await prove(page, 'online');
    await verifySample(page, server.url);

    // Airplane mode: the browser offline, and the server gone too (whatever else might reach it).
    await context.setOffline(true);
    await server.close();
    expect(
      await page.evaluate(() =>
        fetch(location.href, { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await page.goto(server.url);
    await expect(isolationStatus(page)).toContainText("Cross-origin isolated by this page's service worker");
    await expect(isolationStatus(page)).toContainText(/Works offline/);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await prove(page, 'in airplane mode');
    await verifySample(page, server.url);
    await context.setOffline(false);
  });
});

test.describe('a new build', () => {
  let server: Server;
  let dir: string;
  const swSource = readFileSync(join(root, 'dist', 'sw.js'), 'utf8');
  const build = /const BUILD = "([0-9a-f]+)";/.exec(swSource)?.[1];
  /** dist/ with this sw.js (everything else linked, not copied). */
  const deploy = (id: string) =>
    writeFileSync(join(dir, 'sw.js'), swSource.replace(`const BUILD = "${build}";`, `const BUILD = "${id}";`));

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zkplay-dist-'));
    for (const name of readdirSync(join(root, 'dist')))
      if (name !== 'sw.js') symlinkSync(join(root, 'dist', name), join(dir, name));
    server = await serve(dir);
  });
  test.afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('replaces the old cache, and the open page says to reload', async ({ page }) => {
    expect(build, 'dist/sw.js names its build').toBeTruthy();
    deploy('0000000000000001');
    await page.goto(server.url);
    await expect(isolationStatus(page)).toContainText('this build (0000000000000001)', { timeout: 30_000 });
    expect(await shellCaches(page)).toEqual(['zkplay-shell /zkplay/ 0000000000000001']);

    deploy('0000000000000002');
    await page.reload(); // the browser looks for a new sw.js on navigation
    await expect(isolationStatus(page)).toContainText('A new build of this page was installed: reload to use it.', {
      timeout: 30_000,
    });
    await expect.poll(() => shellCaches(page)).toEqual(['zkplay-shell /zkplay/ 0000000000000002']);
    await page.reload();
    await expect(isolationStatus(page)).toContainText('this build (0000000000000002)');
    await expect(isolationStatus(page)).not.toContainText('A new build');
  });
});
