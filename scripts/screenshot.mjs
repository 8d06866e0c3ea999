#!/usr/bin/env node
// Screenshots of the running playground at desktop and phone sizes, to look at it as a person
// would: node scripts/screenshot.mjs [url] [outDir]. Uses Debian's Chromium.
import { chromium, devices } from '@playwright/test';
import { cliOptions } from './lib/args.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const {
  _: [url = 'http://127.0.0.1:5173/', outDir = 'screenshots'],
} = cliOptions('node scripts/screenshot.mjs [url] [outDir]', {}, { positionals: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const [name, opts] of [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', devices['Pixel 7']],
]) {
  const page = await (await browser.newContext(opts)).newPage();
  await page.goto(url);
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
  console.log(`${outDir}/${name}.png`);
}
await browser.close();
