// The device probe (#/bench, "This device") read in Firefox and, for comparison, in Chromium,
// printed side by side.
import { existsSync } from 'node:fs';
import { PROBE_TIMEOUT, STEP_TIMEOUT, within } from './supervisor.mjs';

/** In the page: the "Device probe" list as [label, text] rows, or null while it is not there. Self-contained (runs in either engine). */
function probeRows() {
  const dl = document.querySelector('dl[aria-label="Device probe"]');
  return dl && [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.replace(/\s+/g, ' ').trim() ?? '']);
}

/** The device probe as the benchmark view shows it in Firefox: [label, text] rows. */
export async function readProbeFirefox(s, base) {
  await s.cmd(`open ${base}/#/bench`, s.driver.get(`${base}/#/bench`));
  return s.until('the "Device probe" list on #/bench', PROBE_TIMEOUT, () => s.driver.executeScript(probeRows));
}

/** The same in Chromium (Playwright, the project's Chromium): { rows, version } or { skipped }. */
export async function readProbeChromium(base) {
  const CHROMIUM = process.env.ZKPLAY_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM}` };
  const { chromium } = await import('@playwright/test');
  const browser = await within(STEP_TIMEOUT, 'launch Chromium', chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] }));
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/#/bench`, { timeout: STEP_TIMEOUT });
    await page.locator('dl[aria-label="Device probe"]').waitFor({ timeout: PROBE_TIMEOUT });
    return { rows: await page.evaluate(probeRows), version: browser.version() };
  } finally {
    await within(10_000, 'close Chromium', browser.close()).catch(() => {});
  }
}

export function printSideBySide(ff, chrome) {
  const labels = [...new Set([...ff.map(([k]) => k), ...(chrome?.rows ?? []).map(([k]) => k)])];
  const get = (rows, k) => rows?.find(([l]) => l === k)?.[1] ?? (rows ? '—' : '');
  const w0 = Math.max(...labels.map((l) => l.length));
  const w1 = Math.max(16, ...labels.map((l) => get(ff, l).length));
  console.log(`\nDevice probe (#/bench), side by side${chrome?.skipped ? ` (Chromium column skipped: ${chrome.skipped})` : ''}:`);
  console.log(`  ${''.padEnd(w0)}  ${'Firefox ESR'.padEnd(w1)}  ${chrome?.rows ? 'Chromium' : ''}`);
  for (const l of labels) {
    const a = get(ff, l);
    const b = get(chrome?.rows, l);
    console.log(`  ${l.padEnd(w0)}  ${a.padEnd(w1)}  ${b}${chrome?.rows && a !== b ? '   ← differs' : ''}`);
  }
  console.log('');
}
