// zkplay's service worker, in the style of coi-serviceworker. vite.config.ts (serviceWorker())
// writes it to dist/sw.js with this build's id and app-shell file list; the page registers it
// (web/src/sw/register.ts) in built pages only, never in vite's dev server.
//
// 1. Cross-origin isolation without server headers: every response it serves to the page and
//    its workers carries Cross-Origin-Opener-Policy: same-origin and
//    Cross-Origin-Embedder-Policy: require-corp (unless the server already sent its own), so
//    after one reload the page is crossOriginIsolated on a static host that sends no headers.
// 2. Offline after the first visit: the app shell (index.html, vite's assets/) is cached when it
//    installs; everything else it serves (artifact index.json files, wasm-bindgen glue, keys.json,
//    the verify view's keys, native-reference.json) is cached as it is fetched, network first.
//    Artifact downloads (fetchArtifact asks for them with cache: 'no-store') are left alone:
//    packages/core/artifacts.ts keeps them, hash-checked, in its own cache.
// 3. A new build replaces the old one: the cache is named after the build id (a hash of the
//    shell and the artifact indexes), and activating deletes this scope's caches of other builds.
//    Several deployments on one origin (/zkplay/, /zkplay-next/) keep caches of their own.
// Our own rather than Workbox (vite-plugin-pwa): its precache and routes cover 2 and 3, but 1,
// rewriting every response's headers, would be a custom handler on every route anyway, and the
// large artifacts must stay out of its caches; the whole worker is about 110 lines.

const BUILD = '__ZKPLAY_BUILD__';
/** @type {string[]} paths relative to this file's folder (the app root) */
const SHELL = JSON.parse('__ZKPLAY_SHELL__');
const ASSETS = '__ZKPLAY_ASSETS__';

const SCOPE = new URL('./', self.location.href).href;
const PREFIX = `zkplay-shell ${new URL(SCOPE).pathname} `;
const CACHE = PREFIX + BUILD;
const IMMUTABLE = new URL(`${ASSETS}/`, SCOPE).href;

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // One by one, and best effort: a file that fails now is cached when it is first used.
      Promise.all(
        SHELL.map((p) => cache.add(new Request(new URL(p, SCOPE).href, { cache: 'reload' })).catch(() => undefined)),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const port = event.ports[0];
  if (!port || event.data?.type !== 'zkplay-status') return;
  event.waitUntil(
    (async () => {
      const page = typeof event.data.page === 'string' ? event.data.page : SCOPE;
      const cache = await caches.open(CACHE);
      const seen =
        (await cache.match(page, { ignoreSearch: true })) ?? (await cache.match(new URL('index.html', SCOPE).href));
      port.postMessage({ build: BUILD, scope: SCOPE, serverHeaders: seen ? serverIsolates(seen.headers) : null });
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE)) return;
  // Chrome refuses only-if-cached outside same-origin mode (the coi-serviceworker workaround).
  if (req.cache === 'only-if-cached' && req.mode !== 'same-origin') return;
  // Artifact downloads: artifacts.ts caches them itself (keyed by content hash), and fetch() from
  // a worker needs no isolation headers.
  if (req.cache === 'no-store') return;
  event.respondWith(serve(req, event));
});

/** The server sent both headers itself (so the page would be isolated without this worker). */
function serverIsolates(headers) {
  return headers.has('Cross-Origin-Opener-Policy') && headers.has('Cross-Origin-Embedder-Policy');
}

async function serve(req, event) {
  const cache = await caches.open(CACHE);
  if (req.url.startsWith(IMMUTABLE)) {
    // vite's hashed chunks: a name is never reused for other bytes.
    const hit = await cache.match(req);
    if (hit) return isolated(hit);
  }
  let res;
  try {
    res = await fetch(req);
  } catch (e) {
    // Offline: the copy from the last time it was fetched; any page of the app falls back to index.html.
    const hit =
      (await cache.match(req, { ignoreSearch: true })) ??
      (req.mode === 'navigate' && new URL(req.url).pathname === new URL(SCOPE).pathname
        ? await cache.match(new URL('index.html', SCOPE).href)
        : undefined);
    if (hit) return isolated(hit);
    throw e;
  }
  if (res.type === 'basic' && res.status === 200) event.waitUntil(cache.put(req, res.clone()).catch(() => undefined));
  return isolated(res);
}

/** The response with COOP/COEP added where the server sent none. */
function isolated(res) {
  if (res.status === 0 || res.type === 'opaqueredirect') return res;
  const headers = new Headers(res.headers);
  if (!headers.has('Cross-Origin-Opener-Policy')) headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (!headers.has('Cross-Origin-Embedder-Policy')) headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
