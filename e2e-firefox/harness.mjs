// The Firefox session: headless firefox-esr driven over WebDriver BiDi (bidi.mjs) with real
// pointer and key input, every request the page and its workers make (all must stay on
// 127.0.0.1), the page's errors, and the helpers that drive the page with a timeout on every
// command. Elements are found in the page by CSS or XPath and passed around as BiDi references.
import { Bidi, fromRemote, toLocal } from './bidi.mjs';
import { STEP_TIMEOUT, SmokeError, fail, say, seconds, within } from './supervisor.mjs';

const css = (expr) => ({ css: expr });
const xpath = (expr) => ({ xpath: expr });

/** The page's controls. Selectors follow e2e/conformance.spec.ts and e2e/fixtures.ts. */
export const sel = {
  backendRadio: (id) => css(`input[name="backend"][value="${id}"]`),
  capacity: xpath(
    `//section[@aria-labelledby="backend-heading"]//p[starts-with(normalize-space(.), "Holds messages up to")]`,
  ),
  textFormat: css('input[name="format"][value="text"]'),
  message: css('textarea#message'), // the textbox labelled "Message"
  digest: css('dd[aria-labelledby="digest-label"]'), // getByLabel('Keccak-256')
  threads: xpath(`//section[@aria-labelledby="backend-heading"]//label[span[normalize-space(.)="Threads"]]/select`),
  button: (name) => xpath(`//button[normalize-space(.)="${name}"]`),
  status: css('[role="status"]'),
  phaseRow: (name) =>
    xpath(`//table[caption[normalize-space(.)="Phases"]]//tr[th[starts-with(normalize-space(.), "${name}")]]/td`),
  measured: xpath(
    `//section[@aria-labelledby="result-heading"]//*[starts-with(normalize-space(.), "Measured in this browser")]`,
  ),
};

/** In the page: the elements a selector matches, in document order. */
function findAll(kind, expr) {
  if (kind === 'css') return [...document.querySelectorAll(expr)];
  const r = document.evaluate(expr, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  return Array.from({ length: r.snapshotLength }, (_, i) => r.snapshotItem(i));
}

/** The URLs that left this machine: anything but data:, blob:, about: and 127.0.0.1 (as e2e/fixtures.ts checks in Chromium). */
export function offsiteRequests(urls) {
  return [...new Set(urls.filter((u) => !/^(data|blob|about):/.test(u) && new URL(u).hostname !== '127.0.0.1'))];
}

export class Session {
  /** @param bidi the connection; context the tab; ff Firefox's process entry; events { requests: url[], errors: string[] } */
  constructor(bidi, context, ff, events, browserVersion) {
    Object.assign(this, { bidi, context, ff, events, browserVersion });
  }

  /** One command, with the step timeout. */
  cmd(what, p) {
    return within(STEP_TIMEOUT, what, p);
  }

  /** Why the browser can no longer answer, or undefined while it can. */
  gone() {
    if (this.ff.exited) return `Firefox ${this.ff.exited}:\n${this.ff.tail}`;
    return this.bidi.closed;
  }

  /** Waits until fn() returns a truthy value (errors count as not yet), printing `progress()` every 30 s. */
  async until(what, ms, fn, progress) {
    const end = Date.now() + ms;
    let nextNote = Date.now() + 30_000;
    let lastErr;
    while (Date.now() < end) {
      try {
        const v = await within(STEP_TIMEOUT, `a command while waiting for ${what}`, fn());
        if (v) return v;
      } catch (e) {
        if (e instanceof SmokeError && /timed out/.test(e.message)) throw e;
        lastErr = e;
      }
      // The browser is gone: no point in waiting for the page.
      const gone = this.gone();
      if (gone) fail(`Firefox went away while waiting for ${what}: ${gone}`);
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

  /** Loads url in the tab and waits for its load event. */
  navigate(url) {
    return this.bidi.send('browsingContext.navigate', { context: this.context, url, wait: 'complete' });
  }

  /** Runs fn(...args) in the page (awaiting a promise it returns); element references pass both ways. */
  async call(fn, ...args) {
    const r = await this.bidi.send('script.callFunction', {
      functionDeclaration: fn.toString(),
      arguments: args.map(toLocal),
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    if (r.type === 'exception') throw new Error(`in the page: ${r.exceptionDetails.text}`);
    return fromRemote(r.result);
  }

  /** Every element the selector matches (references). */
  findAll(selector) {
    const [kind, expr] = selector.css ? ['css', selector.css] : ['xpath', selector.xpath];
    return this.call(findAll, kind, expr);
  }

  /** The first element the selector matches; throws when there is none. */
  async find(selector) {
    const [el] = await this.findAll(selector);
    if (!el) throw new Error(`no element matches ${selector.css ?? selector.xpath}`);
    return el;
  }

  /** The element's text as rendered (innerText), trimmed. */
  async text(el) {
    return (await this.call((e) => e.innerText, el)).trim();
  }

  value(el) {
    return this.call((e) => e.value, el);
  }

  /**
   * Clicks the element once it is enabled, scrolled into view and not covered at its centre by
   * another element (what Playwright waits for before it clicks): a click on a disabled button
   * is lost without an error. The click itself is the element's own click(), not a pointer
   * action at coordinates (see below).
   */
  async click(el) {
    await this.until('the element to be enabled, in view and not covered', STEP_TIMEOUT, () =>
      this.call((e) => {
        if (e.disabled) return false;
        e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (hit === e || e.contains(hit));
      }, el),
    );
    // A pointer click through input.performActions was lost in 2 of 4 full runs (the status
    // stayed "Ready." after Prove, with no error). Our guess, unproven: the layout moved between
    // the check above and the click (the build-status card changes height as jobs finish), so
    // the click landed elsewhere. click() dispatches on the element, whatever the layout does.
    await this.call((e) => e.click(), el);
  }

  /** Clicks into a text field, empties it (as WebDriver's Element Clear does) and types text key by key. */
  async type(el, text) {
    await this.click(el);
    await this.call((e) => {
      e.focus();
      e.value = '';
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }, el);
    const keys = [...text].flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.bidi.send('input.performActions', {
      context: this.context,
      actions: [{ type: 'key', id: 'keyboard', actions: keys }],
    });
    await this.bidi.send('input.releaseActions', { context: this.context });
  }

  /** Chooses an option of a <select> as a user's choice would (input and change events). */
  selectOption(el, value) {
    return this.call(
      (s, v) => {
        if (![...s.options].some((o) => o.value === v)) throw new Error(`no option ${v}`);
        s.value = v;
        s.dispatchEvent(new Event('input', { bubbles: true }));
        s.dispatchEvent(new Event('change', { bubbles: true }));
      },
      el,
      value,
    );
  }

  /** The page's status line (role="status"), trimmed. */
  async statusText() {
    return this.text(await this.find(sel.status));
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
    await within(15_000, 'end the session', this.bidi.send('session.end'))
      .catch((e) => console.error(`[firefox] ending the session failed (${e.message}); Firefox is stopped anyway`))
      .finally(() => this.bidi.close());
  }
}

/** A BiDi session with the Firefox of `ff` (supervisor.mjs startFirefox): one tab, 1280x860, listening to requests and errors. */
export async function openFirefox(ff) {
  const bidi = await within(
    STEP_TIMEOUT,
    `connect to Firefox's WebDriver BiDi at ${ff.wsUrl}`,
    Bidi.connect(`${ff.wsUrl}/session`),
  ).catch((e) => fail(`could not connect to Firefox's WebDriver BiDi: ${e.message}\n${ff.tail}`));
  const events = { requests: [], errors: [] };
  bidi.on('network.beforeRequestSent', (e) => e?.request?.url && events.requests.push(e.request.url));
  bidi.on('log.entryAdded', (e) => {
    if (e.type === 'javascript') events.errors.push(`uncaught: ${e.text}`);
    else if (e.level === 'error') events.errors.push(`console.error: ${e.text}`);
  });
  try {
    const { capabilities } = await within(
      STEP_TIMEOUT,
      'start a BiDi session',
      bidi.send('session.new', { capabilities: {} }),
    );
    const { contexts } = await within(
      STEP_TIMEOUT,
      'find the tab',
      bidi.send('browsingContext.getTree', { maxDepth: 0 }),
    );
    const context = contexts[0].context;
    await within(
      STEP_TIMEOUT,
      'size the viewport',
      bidi.send('browsingContext.setViewport', { context, viewport: { width: 1280, height: 860 } }),
    );
    // Global subscriptions: the workers' requests (the keys, the wasm) are seen too.
    await within(
      STEP_TIMEOUT,
      'subscribe to requests and errors',
      bidi.send('session.subscribe', { events: ['network.beforeRequestSent', 'log.entryAdded'] }),
    );
    say(`session: ${capabilities.browserName} ${capabilities.browserVersion}, WebDriver BiDi at ${ff.wsUrl}`);
    return new Session(bidi, context, ff, events, capabilities.browserVersion);
  } catch (e) {
    bidi.close();
    throw e;
  }
}
