// Ethereum's KZG in the Primitives view (docs/kzg.md): the consensus-spec vectors (EIP-4844 and
// EIP-7594) run in Chromium on the published wasm of both languages, and the view's KZG panel
// times them, commits to a blob of the visitor's own, and verifies a pasted triple.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

test.skip(({ isMobile }) => isMobile, 'one viewport is enough');

const source = JSON.parse(readFileSync('test-vectors/kzg/source.json', 'utf8')) as {
  module: string;
  version: string;
  dir: string;
  cases: Record<string, number>;
};

/** Where test-vectors/kzg/source.json says the vectors are: go-eth-kzg's module zip (Go module proxy, go.sum). */
function vectorsDir(): string {
  const out = execFileSync('go', ['mod', 'download', '-json', `${source.module}@${source.version}`], {
    cwd: 'gnark',
    encoding: 'utf8',
  });
  return join(JSON.parse(out).Dir, source.dir);
}

/** Both languages' published wasm, loaded into the page: window.__kzg[language](op, argsJson) → JSON. */
async function loadBoth(page: Page) {
  await page.goto('/#/primitives');
  await page.addScriptTag({ path: 'packages/core/generated/wasm_exec.js' });
  await page.evaluate(async () => {
    const index = await (await fetch('/artifacts/kzg/index.json')).json();
    const m = await import(`/artifacts/kzg/${index.files.rustGlue.file}`);
    await m.default({ module_or_path: `/artifacts/kzg/${index.files.rust.file}` });
    // What wasm_exec.js and the Go build put on globalThis, and the callers this test adds.
    type Call = (op: string, args: string) => Promise<string>;
    const w = globalThis as unknown as {
      Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void> };
      zkplayKzgGoOnReady?: () => void;
      zkplayKzgGo?: { call: Call };
      __kzg?: Record<string, Call>;
    };
    const go = new w.Go();
    const { instance } = await WebAssembly.instantiateStreaming(
      fetch(`/artifacts/kzg/${index.files.go.file}`),
      go.importObject,
    );
    const ready = new Promise<void>((resolve) => (w.zkplayKzgGoOnReady = resolve));
    void go.run(instance);
    if (!w.zkplayKzgGo) await ready;
    w.__kzg = {
      rust: async (op: string, args: string) => m.call(op, args),
      go: async (op: string, args: string) => w.zkplayKzgGo!.call(op, args),
    };
  });
}

test('the consensus-spec KZG vectors pass in Chromium, in Go and in Rust, refused input included; thesis sizes checked', async ({
  page,
}) => {
  test.setTimeout(25 * 60_000);
  const root = vectorsDir();
  await loadBoth(page);
  for (const [kind, count] of Object.entries(source.cases)) {
    const dirs = readdirSync(join(root, kind, 'kzg-mainnet')).sort();
    expect(dirs, `${kind}: cases`).toHaveLength(count);
    for (const name of dirs) {
      const file = ['data.yaml', 'data.yml'].map((f) => join(root, kind, 'kzg-mainnet', name, f)).find(existsSync)!;
      const doc = load(readFileSync(file, 'utf8')) as { input: unknown; output: unknown };
      const args = JSON.stringify(doc.input);
      for (const language of ['go', 'rust']) {
        const got = JSON.parse(
          await page.evaluate(
            ([l, op, a]) =>
              (globalThis as unknown as { __kzg: Record<string, (op: string, args: string) => Promise<string>> }).__kzg[
                l
              ](op, a),
            [language, kind, args],
          ),
        );
        if (doc.output === null) expect(got?.error?.code, `${language} ${name}: must be refused`).toBeTruthy();
        else expect(got, `${language} ${name}`).toEqual(doc.output);
      }
    }
  }
  // In the same page as the vectors: loading both wasm with the setup costs ~20 s of a test.
  await test.step("the thesis's operations refuse bad sizes with a code, in both languages", async () => {
    for (const language of ['go', 'rust']) {
      for (const [args, code] of [
        ['{"op":"fft_g1","log":16,"runs":1}', 'size_out_of_range'],
        ['{"op":"kzg10_commit","log":3,"runs":1}', 'size_out_of_range'],
        ['{"op":"kzg10_commit","log":-2}', 'size_out_of_range'],
      ]) {
        const got = JSON.parse(
          await page.evaluate(
            ([l, a]) =>
              (globalThis as unknown as { __kzg: Record<string, (op: string, args: string) => Promise<string>> }).__kzg[
                l
              ]('thesis_measure', a),
            [language, args],
          ),
        );
        expect(got?.error?.code, `${language} ${args}`).toBe(code);
      }
    }
  });
});

// One test, two steps: each kzg-init or first call loads a language's trusted setup in the
// panel's worker (Go ~12 s, Rust ~18 s on one thread in Chromium here), and the thesis's
// operations, on the same thread count, reuse the worker and setups the timings loaded.
test("the KZG panel: timings, a blob of one's own, a pasted triple; then the thesis's operations in the same worker", async ({
  page,
}) => {
  test.setTimeout(25 * 60_000);
  await test.step('the KZG panel times both languages, commits to a text, recovers cells, and verifies a pasted triple', async () => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/artifacts\/kzg\/.*\.(wasm|js)$/.test(r.url())) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/primitives');
    const panel = page.locator('section.kzg');
    await expect(panel.getByRole('heading', { name: /Ethereum's KZG/ })).toBeVisible();
    expect(fetched, 'nothing fetched before it is asked for').toEqual([]);

    await panel.getByRole('spinbutton', { name: 'Runs' }).fill('1');
    await panel.getByRole('button', { name: 'Measure KZG' }).click();
    await expect(panel.getByText('Done.')).toBeVisible({ timeout: 12 * 60_000 });
    const table = panel.getByRole('table', { name: 'KZG timings' });
    for (const op of ['Blob commitment', 'Blob proof', 'Verify a blob proof', '128 cells + cell proofs (FK20)']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: op, exact: true }) });
      // Go, Rust and their ratio: times, not dashes.
      await expect(row.getByRole('cell').nth(0)).not.toHaveText('—');
      await expect(row.getByRole('cell').nth(1)).not.toHaveText('—');
      await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d\d×$/);
    }
    expect(fetched.filter((p) => p.endsWith('kzg-go.wasm'))).toHaveLength(1);
    expect(fetched.filter((p) => p.endsWith('zkplay_kzg_bg.wasm'))).toHaveLength(1);

    await panel.getByRole('textbox', { name: 'Text' }).fill('zkplay puts this sentence in a blob.');
    await panel.getByRole('button', { name: 'Commit, prove and verify' }).click();
    const own = panel.getByRole('table', { name: 'Your blob' });
    await expect(own.getByRole('row', { name: /Verified\s+yes/ })).toBeVisible({ timeout: 120_000 });
    await expect(own.getByRole('row', { name: /Versioned hash\s+0x01[0-9a-f]{62}/ })).toBeVisible();

    await panel.getByRole('button', { name: /Cells \(EIP-7594\)/ }).click();
    const cells = panel.getByRole('table', { name: "Your blob's cells" });
    await expect(cells.getByText('every cell and proof back')).toBeVisible({ timeout: 180_000 });
    await expect(cells.getByText('all verified')).toBeVisible();

    await panel.getByRole('button', { name: 'Copy into the verifier below' }).click();
    await panel.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(/^Verified: the proof opens this commitment/, {
      timeout: 60_000,
    });
    // The malicious prover: the same proof for another blob; and a proof that is not a point.
    const blob = panel.getByRole('textbox', { name: 'Blob (hex)' });
    const hex = await blob.inputValue();
    await blob.fill(hex.slice(0, 4) + (hex[4] === '1' ? '2' : '1') + hex.slice(5));
    await panel.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(/^Not verified/, { timeout: 60_000 });
    await panel.getByRole('textbox', { name: 'Proof (hex)' }).fill('0x' + '80' + '00'.repeat(46) + '01');
    await panel.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(/^Refused: bad_point/, { timeout: 60_000 });
  });

  await test.step("the thesis's operations run in wasm in both languages, FK20 beside naive openings", async () => {
    const thesis = page.locator('section.kzg .thesis');
    await page.locator('section.kzg').getByRole('spinbutton', { name: 'Runs' }).fill('1');
    await thesis.getByRole('button', { name: /Measure the thesis's operations/ }).click();
    await expect(thesis.getByText('Done.')).toBeVisible({ timeout: 8 * 60_000 });
    const table = thesis.getByRole('table', { name: "The thesis's operations" });
    // 11 ops at 2^4..2^6, the coset ones from 2^5: 31 rows and the header.
    await expect(table.getByRole('row')).toHaveCount(32);
    for (const op of ['KZG10: batch-verify n openings', 'FFT over G1', 'das_fft_extension (width n)']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: op, exact: true }) });
      await expect(row.first().getByRole('cell').nth(1)).not.toHaveText('—');
      await expect(row.first().getByRole('cell').nth(3)).toHaveText(/^\d+\.\d\d×$/);
    }
    const fk20 = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^FK20: 2n single/ }) });
    await expect(fk20.last()).toContainText(/naive\/FK20: Go [\d.]+×, Rust [\d.]+×/);
  });
});

test('the threaded Rust KZG build measures on 2 threads, each answer checked', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/\/artifacts\/kzg\/.*\.wasm$/.test(r.url())) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/#/primitives');
  const panel = page.locator('section.kzg');
  await panel.getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await panel.getByRole('combobox', { name: 'Threads (Rust)' }).selectOption('2');
  await panel.getByRole('button', { name: 'Measure KZG' }).click();
  await expect(panel.getByText('Done.')).toBeVisible({ timeout: 8 * 60_000 });
  const table = panel.getByRole('table', { name: 'KZG timings' });
  await expect(table.getByRole('columnheader', { name: 'Rust, 2 threads' })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^128 cells/ }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(/\d/);
  expect(fetched.filter((p) => p.endsWith('rust-threads/zkplay_kzg_bg.wasm'))).toHaveLength(1);
  expect(fetched.filter((p) => /\/rust\/zkplay_kzg_bg\.wasm$/.test(p))).toEqual([]);
});
