// Proofs that travel, in Chromium: the verify view (#/verify) and the example dApp
// (examples/verify, which imports the built zkplay-verifier package and nothing of the page)
// verify every backend's sample proof files (made natively at build time) and refuse damaged
// ones, each with its own reason. With verifier/test/package.test.ts (the same package in Node)
// and the backends' native and EVM tests this is the cross-verifier matrix.
import type { Page } from '@playwright/test';
import type { KeyManifest } from '../verifier/src/keys';
import { publishedKeys, publishedSamples, sampleText, test, expect } from './fixtures';

const keys = publishedKeys();
const samples = publishedSamples();
const NEVER = /^Verified/;

/** Chooses the JSON text as the proof file named `name`, as a person picks a file. */
const chooseProofFile = (page: Page, name: string, text: string) =>
  page
    .getByLabel('Proof file to verify')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

test.describe('verify view', () => {
  test("lists this build's keys and verifies every sample; refuses damaged files with their reasons", async ({
    page,
  }) => {
    await page.goto('/#/verify');
    await expect(page.getByRole('heading', { name: 'Keys of this build' })).toBeVisible();
    for (const id of Object.keys(keys.backends))
      await expect(page.getByRole('cell', { name: id, exact: true })).toBeVisible();

    const status = page.getByRole('status');
    for (const s of samples) {
      await test.step(`${s.id} sample ${s.file}`, async () => {
        const text = sampleText(s);
        await chooseProofFile(page, 'sample.json', text);
        await expect(status).toContainText(/^Verified: the proof in sample\.json verifies against 0x/);
        await expect(page.getByRole('heading', { name: 'What the file claims' })).toBeVisible();
        await expect(page.getByText("(this build's key)")).toBeVisible();

        const f = JSON.parse(text);
        const p = Buffer.from(f.proof, 'base64');
        p[p.length >> 1] ^= 1;
        const cases: [string, object, RegExp][] = [
          [
            'tampered.json',
            { ...f, proof: p.toString('base64') },
            /^(Proof not verified: the proof in tampered\.json does not verify|Error: tampered\.json was rejected)/,
          ],
          [
            'otherkey.json',
            { ...f, keyHash: 'e'.repeat(64) },
            /otherkey\.json was rejected: made with keys this deployment does not have/,
          ],
          ['v1.json', { format: 'zkplay-proof', version: 1 }, /v1\.json was rejected: this is a version 1 proof file/],
          [
            'length.json',
            { ...f, statement: { ...f.statement, length: 2 ** 32 + 5 } },
            /length\.json was rejected: the statement is refused: invalid input: /,
          ],
        ];
        for (const [name, body, want] of cases) {
          await chooseProofFile(page, name, JSON.stringify(body));
          await expect(status).toContainText(want);
          await expect(status).not.toContainText(NEVER);
        }
      });
    }

    await page.getByRole('textbox', { name: 'Or paste it' }).fill('{"format": "zkplay-proof", "vers');
    await page.getByRole('button', { name: 'Verify pasted file' }).click();
    await expect(status).toContainText('the pasted file was rejected: this is not a zkplay proof file: it is not JSON');
  });
});

test.describe('verify view: the contract on Ethereum (in-page @ethereumjs/evm)', () => {
  // Samples whose key has a contract in keys.json (the backend's, or the key entry's own).
  const manifest = keys as unknown as KeyManifest;
  const withContract = samples.filter((s) => {
    const b = manifest.backends[s.id];
    const keyHash = JSON.parse(sampleText(s)).keyHash;
    return b && (b.solidity || b.entries.find((e) => e.keyHash === keyHash)?.solidity);
  });

  test('every sample with a contract is accepted with its gas; another digest reverts; the EVM loads only then', async ({
    page,
  }) => {
    expect(withContract.map((s) => s.id)).toEqual(expect.arrayContaining(['gnark', 'bellman']));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/#/verify');
    await expect(page.getByRole('heading', { name: 'Keys of this build' })).toBeVisible();
    expect(scripts.filter((p) => /evm-run/.test(p))).toEqual([]);
    const onChain = page.getByRole('region', { name: 'On Ethereum' });
    for (const s of withContract) {
      await test.step(`${s.id} sample ${s.file}`, async () => {
        const text = sampleText(s);
        await chooseProofFile(page, 'sample.json', text);
        await expect(onChain).toContainText(
          /The contract accepts the proof \([0-9,]+ gas for verifyProof\(bytes,uint256\[\d+\]\)/,
          {
            timeout: 30_000,
          },
        );
        const f = JSON.parse(text);
        const d = Buffer.from(f.statement.digest, 'hex');
        d[0] ^= 1;
        const other = { ...f, statement: { ...f.statement, digest: d.toString('hex') } };
        await chooseProofFile(page, 'digest.json', JSON.stringify(other));
        await expect(onChain).toContainText(/The contract reverts: ProofInvalid\(\)/, { timeout: 30_000 });
      });
    }
    expect(scripts.filter((p) => /evm-run/.test(p)).length).toBe(1);
  });
});

test.describe('example dApp (examples/verify, the built package only)', () => {
  test('verifies every sample and refuses a tampered one', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto('/examples/verify/');
    const out = page.locator('#result');
    for (const s of samples) {
      const text = sampleText(s);
      await page
        .getByLabel('Proof file')
        .setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await expect(out).toContainText(new RegExp(`^Verified in [0-9.]+ ms\\n${s.id}: `));
      const f = JSON.parse(text);
      const d = Buffer.from(f.statement.digest, 'hex');
      d[31] ^= 0x80;
      await page.getByLabel('Proof file').setInputFiles({
        name: 'p.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ ...f, statement: { ...f.statement, digest: d.toString('hex') } })),
      });
      await expect(out).toContainText(/^Not verified \(rejected\): /);
    }
    // Everything came from the package's folder: not the page's bundle, not the page's artifacts.
    const foreign = requests.filter((p) => !p.startsWith('/examples/') && !p.startsWith('/verifier/'));
    expect(foreign).toEqual([]);
  });
});
