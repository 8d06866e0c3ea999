// The built dist/ as a static host serves it: at a subpath (/zkplay/), by a plain file server that
// sends no COOP/COEP headers (scripts/static-server.mjs, started here on a free port). The page
// isolates itself with its service worker after exactly one reload, proves with plonky2's
// threaded build on two threads, the verify view verifies a sample, the example dApp verifies
// one with the built package, and nothing is ever asked of the server outside /zkplay/.
// With --isolate (a host that sends the headers) the page says so and does not reload.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, PROOF_TIMEOUT, status, test, typeMessage } from './fixtures';

type Server = { url: string; close(): Promise<void> };
const root = join(import.meta.dirname, '..');
async function serve(isolate: boolean): Promise<Server> {
  const { startStaticServer } = (await import(pathToFileURL(join(root, 'scripts', 'static-server.mjs')).href)) as {
    startStaticServer(o: { root: string; prefix: string; isolate: boolean }): Promise<Server>;
  };
  return startStaticServer({ root: join(root, 'dist'), prefix: '/zkplay/', isolate });
}

/** Every path the page, its workers and its service worker asked the server for. */
function recordPaths(context: BrowserContext): string[] {
  const paths: string[] = [];
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol.startsWith('http')) paths.push(u.pathname);
  });
  return paths;
}

/** Loads of the page itself (not the service worker's own fetches of it). */
function countLoads(page: Page): { n: number } {
  const loads = { n: 0 };
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame() && !r.serviceWorker()) loads.n++;
  });
  return loads;
}

const isolationStatus = (page: Page) => page.locator('footer .isolation');

test.use({ serviceWorkers: 'allow' });

test.describe('a static host at a subpath, no headers', () => {
  let server: Server;
  test.beforeAll(async () => (server = await serve(false)));
  test.afterAll(async () => server?.close());

  test('isolates itself after one reload, proves on two threads, verifies in the verify view and the example dApp', async ({
    page,
    context,
    isMobile,
  }) => {
    test.skip(isMobile, 'one viewport is enough: the phone project runs the same page');
    const paths = recordPaths(context);
    const loads = countLoads(page);
    await page.goto(server.url);
    await expect(isolationStatus(page)).toContainText(
      "Cross-origin isolated by this page's service worker (the server sends no COOP/COEP headers)",
      { timeout: 30_000 },
    );
    await expect(isolationStatus(page)).toContainText(
      /Works offline: the service worker keeps this build \([0-9a-f]{16}\)/,
    );
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(loads.n, 'the first load and exactly one reload').toBe(2);

    await page.getByRole('radio', { name: 'plonky2' }).check();
    await typeMessage(page, 'hello from a subpath');
    await page.getByRole('combobox', { name: /^Threads/ }).selectOption('2');
    await page.getByRole('button', { name: 'Prove' }).click();
    await expect(status(page)).toContainText('Verified', { timeout: PROOF_TIMEOUT });
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(/build wasm-threads\), 2 threads,/);

    await page.goto(`${server.url}#/verify`);
    await page
      .getByRole('button', { name: /^Sample: plonky2,/ })
      .first()
      .click();
    await expect(page.getByRole('status')).toContainText(/^Verified: the proof in .+ verifies against 0x/);

    await page.goto(`${server.url}examples/verify/`);
    const sample = await (await page.request.get(`${server.url}artifacts/keys.json`)).json();
    const file = (sample.backends.plonky2.samples as { file: string }[])[0].file;
    const text = await (await page.request.get(`${server.url}artifacts/${file}`)).text();
    await page.getByRole('textbox').fill(text);
    await page.getByRole('button', { name: 'Verify pasted file' }).click();
    await expect(page.locator('#result')).toContainText(/^Verified in [0-9.]+ ms\nplonky2: /);

    expect(paths.length).toBeGreaterThan(10);
    expect(
      paths.filter((p) => !p.startsWith('/zkplay/')),
      'requests outside /zkplay/',
    ).toEqual([]);
  });
});

test.describe('a static host at a subpath, with COOP/COEP headers', () => {
  let server: Server;
  test.beforeAll(async () => (server = await serve(true)));
  test.afterAll(async () => server?.close());

  test('says it is isolated by the headers and never reloads', async ({ page }) => {
    const loads = countLoads(page);
    await page.goto(server.url);
    await expect(isolationStatus(page)).toContainText(
      "Cross-origin isolated by the server's headers (COOP/COEP): threaded builds available.",
    );
    // The service worker still installs (for offline use) and takes over this page without a reload.
    await expect(isolationStatus(page)).toContainText(/Works offline: the service worker keeps this build/, {
      timeout: 30_000,
    });
    expect(loads.n).toBe(1);
    // Served by the worker from now on, and still counted as the headers' doing.
    await page.reload();
    await expect(isolationStatus(page)).toContainText("Cross-origin isolated by the server's headers");
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  });
});
