// The conformance proof of e2e/conformance.spec.ts as steps, so that a backend whose proof is
// expensive makes it once on desktop: its own spec (backends/<id>/e2e.spec.ts) runs these same
// steps on its threaded proof, adds its own figures, and conformance.spec.ts leaves that
// backend's desktop case to it (the phone case, one thread, stays there).
import type { Page, Route, TestInfo } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, PROOF_TIMEOUT, statementDigest, status, test, typeMessage } from './fixtures';

/**
 * Backends whose desktop conformance proof is made by their own spec on its threaded build (which
 * that spec proves anyway): starky's proof costs ~80 s in Chromium under load, and a second one on
 * desktop (one thread here, two there) would check nothing the first does not. That spec also
 * runs e2e/statement-steps.ts in the same page, so e2e/statement.spec.ts leaves them to it.
 */
export const DESKTOP_PROOF_IN_OWN_SPEC: readonly string[] = ['starky'];

export const MESSAGE = 'hello world'; // 11 bytes: lengths 10 and 12 are in range for every backend

/** A rejection: the verifier said no, or refused the input. Never a crash, never "Verified". */
export const NEVER = /Verified|crash|out of memory/;

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Types MESSAGE and checks the digest the page shows, of the backend's own hash; returns it (hex). */
export async function typeShortMessage(page: Page, id: string): Promise<string> {
  await typeMessage(page, MESSAGE);
  // The digest of the backend's own hash (BLAKE2s-256 for bellman, Keccak-256 for the others).
  const { label, hex } = statementDigest(id, `text "${MESSAGE}"`);
  await expect(page.getByLabel(label)).toHaveText(`0x${hex}`);
  return hex;
}

/**
 * With MESSAGE typed (typeShortMessage) and the thread count chosen: on desktop, Cancel first
 * while a download is held; prove and verify; then `afterProof` (the caller's own figures); on
 * desktop also the rejections and the proof file, in the browser and in Node.
 */
export async function proveShortMessage(
  page: Page,
  id: string,
  info: TestInfo,
  o: { isMobile: boolean; afterProof?: () => Promise<void> },
) {
  const { hex: DIGEST } = statementDigest(id, `text "${MESSAGE}"`);
  const prove = page.getByRole('button', { name: 'Prove' });
  const cancel = page.getByRole('button', { name: 'Cancel' });

  if (!o.isMobile) {
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
  if (o.afterProof) await test.step("the backend's own figures of this proof", o.afterProof);
  if (o.isMobile) return;

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
}
