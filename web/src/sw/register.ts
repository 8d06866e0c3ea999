// Registers zkplay's service worker (web/src/sw/sw.js, built to dist/sw.js) and works out how the
// page is cross-origin isolated. Loaded by index.html before the app, on every view.
//   - Isolated already: by the server's COOP/COEP headers (vite preview, a configured host), or by
//     the service worker on a visit after the first one. The worker is registered either way: it
//     is what keeps the page usable offline.
//   - Not isolated and not yet served by the worker (a static host without headers, first visit):
//     register, wait until the worker is active, reload once (the coi-serviceworker approach).
//     sessionStorage remembers the reload, so a browser that will not isolate the page is never
//     reloaded in a loop: it gets single-threaded builds and the reason.
import { writable, type Readable } from 'svelte/store';

export type Offline = { ready: true; build: string } | { ready: false; reason: string } | { ready: 'checking' };
export type Isolation =
  /** 'isolated': which way is not known yet (the worker has not answered). */
  | { mode: 'headers' | 'service-worker' | 'isolated'; offline: Offline; updated: boolean }
  | { mode: 'pending' }
  | { mode: 'none'; reason: string; offline: Offline; updated: boolean };

/** What the worker answers to { type: 'zkplay-status' } (sw.js). */
interface WorkerStatus {
  build: string;
  scope: string;
  /** The server sent COOP and COEP with this page itself (null: the worker has no copy of it). */
  serverHeaders: boolean | null;
}

const RELOADED = 'zkplay-coi-reloaded';
// Until the worker has answered: an isolated page is isolated (which way is known once the worker
// says whether the server sent the headers); any other page may be about to reload.
const store = writable<Isolation>(
  self.crossOriginIsolated
    ? {
        mode: navigator.serviceWorker?.controller ? 'isolated' : 'headers',
        offline: { ready: 'checking' },
        updated: false,
      }
    : { mode: 'pending' },
);
export const isolation: Readable<Isolation> = store;

const session = {
  get: (): string | null | undefined => {
    try {
      return sessionStorage.getItem(RELOADED);
    } catch {
      return undefined; // storage refused: never reload automatically
    }
  },
  set: (v: string | null) => {
    try {
      if (v === null) sessionStorage.removeItem(RELOADED);
      else sessionStorage.setItem(RELOADED, v);
    } catch {
      // nothing to remember it in
    }
  },
};

function ask(worker: ServiceWorker): Promise<WorkerStatus | undefined> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), 3000);
    ch.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(e.data as WorkerStatus);
    };
    worker.postMessage({ type: 'zkplay-status', page: location.href }, [ch.port2]);
  });
}

/** Why a page is not isolated (a sentence, after "single-threaded builds only.") and why it has no offline copy. */
type Why = { isolation: string; offline: string };
const NO_HEADERS = 'The server sends no COOP/COEP headers';

async function start(): Promise<void> {
  const isolated = self.crossOriginIsolated === true;
  const without = (why: Why) =>
    store.set(
      isolated
        ? { mode: 'headers', offline: { ready: false, reason: why.offline }, updated: false }
        : { mode: 'none', reason: why.isolation, offline: { ready: false, reason: why.offline }, updated: false },
    );
  if (import.meta.env.DEV) {
    return without({
      isolation: "vite's dev server sent no COOP/COEP headers",
      offline: "vite's dev server runs without the service worker",
    });
  }
  if (!('serviceWorker' in navigator)) {
    return without(
      window.isSecureContext
        ? {
            isolation: `${NO_HEADERS}, and this browser offers no service worker here to add them (a private window, or turned off)`,
            offline: 'this browser offers no service worker here',
          }
        : {
            isolation: `${NO_HEADERS}, and this page's service worker cannot add them: service workers need https (or localhost)`,
            offline: 'service workers need https (or localhost)',
          },
    );
  }
  const sw = navigator.serviceWorker;
  const controlledAtLoad = !!sw.controller;
  let updated = false;

  let registration: ServiceWorkerRegistration | undefined;
  let failure: Why | undefined;
  try {
    registration = await sw.register(new URL('sw.js', document.baseURI), {
      scope: new URL('./', document.baseURI).pathname,
      updateViaCache: 'none',
    });
    if (!registration)
      failure = {
        isolation: `${NO_HEADERS}, and the browser blocked this page's service worker, which would add them`,
        offline: 'the service worker was blocked',
      };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    failure = {
      isolation: `${NO_HEADERS}, and this page's service worker, which would add them, could not be registered (${msg})`,
      offline: `the service worker could not be registered`,
    };
  }

  if (isolated) session.set(null);
  else if (!failure && !controlledAtLoad) {
    if (session.get() === null) {
      // The one reload: once the worker is active, a normal reload is served (and isolated) by it.
      await sw.ready;
      session.set(String(Date.now()));
      location.reload();
      return;
    }
    failure = {
      isolation: `${NO_HEADERS}, and after one reload this page's service worker still does not serve it (a forced reload bypasses it: reload normally)`,
      offline: 'the service worker does not serve this page: reload normally',
    };
  } else if (!failure) {
    failure = {
      isolation: "This page's service worker adds the COOP/COEP headers, but this browser did not isolate the page",
      offline: '',
    };
  }

  const report = async () => {
    const worker = sw.controller;
    const status = worker ? await ask(worker) : undefined;
    const offline: Offline = status
      ? { ready: true, build: status.build }
      : {
          ready: false,
          reason:
            failure?.offline ||
            (worker ? 'the service worker did not answer' : 'the service worker does not serve this page yet'),
        };
    if (!isolated) store.set({ mode: 'none', reason: failure?.isolation ?? 'unknown', offline, updated });
    else {
      // Not served by the worker: only headers can have isolated it. Served by it: the headers
      // the server sent with this page (as the worker saw them) say whose doing it is.
      const served = status?.serverHeaders;
      store.set({
        mode: !controlledAtLoad ? 'headers' : served === false ? 'service-worker' : served ? 'headers' : 'isolated',
        offline,
        updated,
      });
    }
  };
  sw.addEventListener('controllerchange', () => {
    // A first worker taking over a page isolated by headers is expected; a worker replacing the
    // one that served this page is a new build, whose files are not this page's.
    if (controlledAtLoad) updated = true;
    void report();
  });
  await report();
  if (registration && !sw.controller) void sw.ready.then(report);
}

void start().catch((e) => {
  const msg = e instanceof Error ? e.message : String(e);
  const offline: Offline = { ready: false, reason: `the service worker check failed (${msg})` };
  store.set(
    self.crossOriginIsolated
      ? { mode: 'headers', offline, updated: false }
      : { mode: 'none', reason: `The isolation check failed (${msg})`, offline, updated: false },
  );
});
