// The Firefox session: headless firefox-esr under geckodriver through selenium-webdriver (W3C
// WebDriver classic commands for the page, BiDi for its requests and errors), the check that every
// request stays on 127.0.0.1, and the helpers that drive the page with a timeout on every command.
// No driver or browser is looked up or downloaded: usingServer() + disableEnvironmentOverrides(),
// so selenium-manager never runs.
import { createRequire } from 'node:module';
import { FIREFOX } from '../scripts/lib/firefox.mjs';
import { STEP_TIMEOUT, SmokeError, fail, say, seconds, within } from './supervisor.mjs';

const require = createRequire(import.meta.url);
const { Builder, By } = require('selenium-webdriver');
const firefox = require('selenium-webdriver/firefox');
const { Network } = require('selenium-webdriver/bidi/network');
const LogInspector = require('selenium-webdriver/bidi/logInspector');

export { By };

/** The page's controls. Selectors follow e2e/conformance.spec.ts and e2e/fixtures.ts. */
export const sel = {
  backendRadio: (id) => By.css(`input[name="backend"][value="${id}"]`),
  capacity: By.xpath(
    `//section[@aria-labelledby="backend-heading"]//p[starts-with(normalize-space(.), "Holds messages up to")]`,
  ),
  textFormat: By.css('input[name="format"][value="text"]'),
  message: By.css('textarea#message'), // the textbox labelled "Message"
  digest: By.css('dd[aria-labelledby="digest-label"]'), // getByLabel('Keccak-256')
  threads: By.xpath(`//section[@aria-labelledby="backend-heading"]//label[span[normalize-space(.)="Threads"]]/select`),
  button: (name) => By.xpath(`//button[normalize-space(.)="${name}"]`),
  status: By.css('[role="status"]'),
  phaseRow: (name) =>
    By.xpath(`//table[caption[normalize-space(.)="Phases"]]//tr[th[starts-with(normalize-space(.), "${name}")]]/td`),
  measured: By.xpath(
    `//section[@aria-labelledby="result-heading"]//*[starts-with(normalize-space(.), "Measured in this browser")]`,
  ),
};

/** The URLs that left this machine: anything but data:, blob:, about: and 127.0.0.1 (as e2e/fixtures.ts checks in Chromium). */
export function offsiteRequests(urls) {
  return [...new Set(urls.filter((u) => !/^(data|blob|about):/.test(u) && new URL(u).hostname !== '127.0.0.1'))];
}

const GONE = ['NoSuchSessionError', 'SessionNotCreatedError', 'NoSuchWindowError'];

export class Session {
  /** @param driver a selenium WebDriver; gd geckodriver's process entry; events { requests: url[], errors: string[] } from BiDi */
  constructor(driver, gd, events) {
    this.driver = driver;
    this.gd = gd;
    this.events = events;
  }

  /** One WebDriver command, with the step timeout. */
  cmd(what, p) {
    return within(STEP_TIMEOUT, what, p);
  }

  /** Waits until fn() returns a truthy value (errors count as not yet), printing `progress()` every 30 s. */
  async until(what, ms, fn, progress) {
    const end = Date.now() + ms;
    let nextNote = Date.now() + 30_000;
    let lastErr;
    while (Date.now() < end) {
      try {
        const v = await within(STEP_TIMEOUT, `WebDriver command while waiting for ${what}`, fn());
        if (v) return v;
      } catch (e) {
        if (e instanceof SmokeError && /timed out/.test(e.message)) throw e;
        // The browser or the driver is gone: no point in waiting for the page.
        if (GONE.includes(e.name) || /ECONNREFUSED|ECONNRESET|socket hang up/.test(e.message)) {
          fail(
            `Firefox or geckodriver went away while waiting for ${what}: ${e.name}: ${e.message.split('\n')[0]}${this.gd?.exited ? `\ngeckodriver ${this.gd.exited}:\n${this.gd.tail}` : ''}`,
          );
        }
        lastErr = e;
      }
      if (progress && Date.now() >= nextNote) {
        nextNote += 30_000;
        say(`  … ${await progress().catch(() => '?')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const last = progress ? await within(5000, 'read the page', progress()).catch(() => undefined) : undefined;
    fail(
      `timed out after ${seconds(ms)} waiting for ${what}${last ? ` (the page says: ${last})` : ''}${lastErr ? ` (last error: ${lastErr.message.split('\n')[0]})` : ''}`,
    );
  }

  /** The page's status line (role="status"), trimmed. */
  async statusText() {
    return (await this.driver.findElement(sel.status).getText()).trim();
  }

  /** The last page errors (uncaught, console.error) for a failure message, or ''. */
  recentErrors(n = 5) {
    return this.events.errors.length ? `\nPage errors:\n  ${this.events.errors.slice(-n).join('\n  ')}` : '';
  }

  /** Fails when any request so far left 127.0.0.1; returns how many there were. */
  checkAllLocal() {
    const offsite = offsiteRequests(this.events.requests);
    if (offsite.length) fail(`Firefox made requests outside 127.0.0.1:\n  ${offsite.join('\n  ')}`);
    return this.events.requests.length;
  }

  async quit() {
    await within(15_000, 'quit Firefox', this.driver.quit()).catch((e) =>
      console.error(`[firefox] quitting the session failed (${e.message}); killing geckodriver`),
    );
  }
}

/** A headless Firefox session through the geckodriver at gdUrl, with BiDi listening to requests and errors. */
export async function openFirefox(gd, gdUrl) {
  const options = new firefox.Options()
    .setBinary(FIREFOX)
    .addArguments('-headless')
    .windowSize({ width: 1280, height: 860 })
    .enableBidi();
  // No updates, telemetry or first-run pages: the page under test is the only thing on the network.
  for (const [k, v] of Object.entries({
    'app.update.enabled': false,
    'browser.shell.checkDefaultBrowser': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.enabled': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
  })) {
    options.setPreference(k, v);
  }
  const driver = await within(
    60_000,
    'start a Firefox session through geckodriver',
    new Builder()
      .disableEnvironmentOverrides()
      .usingServer(gdUrl)
      .forBrowser('firefox')
      .setFirefoxOptions(options)
      .build(),
  ).catch((e) => fail(`could not start Firefox through geckodriver: ${e.message}\n${gd.tail}`));
  const session = new Session(driver, gd, { requests: [], errors: [] });
  try {
    await listen(session);
  } catch (e) {
    await session.quit();
    throw e;
  }
  return session;
}

async function listen(session) {
  const { driver, events } = session;
  await driver.manage().setTimeouts({ pageLoad: STEP_TIMEOUT, script: STEP_TIMEOUT, implicit: 0 });
  const caps = await driver.getCapabilities();
  say(
    `session: ${caps.get('browserName')} ${caps.get('browserVersion')}, WebDriver BiDi at ${caps.get('webSocketUrl') ?? '(none)'}`,
  );

  // BiDi: every request the page makes (must stay on 127.0.0.1, as in e2e/fixtures.ts) and its errors.
  const network = await within(STEP_TIMEOUT, 'BiDi network subscription', Network(driver));
  await network.beforeRequestSent((e) => e?.request?.url && events.requests.push(e.request.url));
  const logs = await within(STEP_TIMEOUT, 'BiDi log subscription', LogInspector(driver));
  await logs.onJavascriptException((e) => events.errors.push(`uncaught: ${e.text}`));
  await logs.onConsoleEntry((e) => e.level === 'error' && events.errors.push(`console.error: ${e.text}`));
}
