#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1 with the cross-origin isolation headers, and
// the results service (results/) next to it on SQLite, with the page's zkplay.config.json
// pointing at it, so "Share this result" works. Without a built service binary the page is
// served alone and says that sharing is not configured.
// artifacts/ is served from web/public/artifacts as it is now, not from the copy the bundle
// took: `npm start` (scripts/start.mjs) serves the page before the backends are built and
// publishes each one there when it is ready. It also serves build-status.json, what the page
// shows of those builds; a server without a build behind it has none (404), and the page then
// takes every backend it has artifacts for as built.
//   ZKPLAY_PORT          the page's port (5173)
//   ZKPLAY_RESULTS_PORT  the service's port (any free one)
//   ZKPLAY_RESULTS_DB    the SQLite file or a postgres:// URL (<cache>/results/results.db)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { cacheDir, freePort, root } from './lib/steps.mjs';
import { serviceArgs, serviceBinary } from './lib/results-service.mjs';
import { fileUnder, ISOLATION_HEADERS, sendFile } from './static-server.mjs';

/**
 * The results service as a child process on a fixed address, (re)started when its binary exists:
 * at start, and again when the backends' catalogue changed (it reads the catalogue at start).
 */
function resultsService({ origins, artifacts }) {
  let child;
  let url;
  let addr;
  const db = process.env.ZKPLAY_RESULTS_DB ?? join(cacheDir, 'results', 'results.db');

  async function start() {
    const bin = serviceBinary();
    if (!existsSync(bin)) {
      console.log('[zkplay] the results service is not built yet (the set-up builds it): sharing is off until then');
      return undefined;
    }
    if (!db.startsWith('postgres')) mkdirSync(join(db, '..'), { recursive: true });
    addr ??= `127.0.0.1:${process.env.ZKPLAY_RESULTS_PORT ?? (await freePort())}`;
    const args = serviceArgs({ addr, db, origins, dist: join(artifacts, '..') });
    child = spawn(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const me = child;
    return new Promise((ok, fail) => {
      let out = '';
      const waitForUrl = (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (!m) return;
        me.stdout.off('data', waitForUrl);
        process.stdout.write(out);
        me.stdout.pipe(process.stdout);
        ok(m[1]);
      };
      me.stdout.on('data', waitForUrl);
      me.on('exit', (code) => {
        if (child === me) child = undefined;
        fail(new Error(`the results service exited with ${code}`));
      });
    });
  }

  async function stop() {
    const c = child;
    if (!c) return;
    child = undefined;
    await new Promise((r) => {
      c.once('exit', r);
      c.kill('SIGTERM');
    });
  }

  return {
    get url() {
      return url;
    },
    /** Starts the service, or stops and starts it again; a service that cannot start leaves sharing off. */
    async restart() {
      await stop();
      url = await start().catch((e) => {
        console.log(`[zkplay] ${e.message}: sharing is off`);
        return undefined;
      });
      return url;
    },
    stop,
  };
}

/**
 * Serves the page. buildStatus: a function that returns what build-status.json says, when a
 * build runs behind this server. Resolves to { url, results, close() }.
 */
export async function servePlayground({ port = Number(process.env.ZKPLAY_PORT ?? '5173'), buildStatus } = {}) {
  const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const artifacts = join(root, 'web', 'public', 'artifacts');
  const results = resultsService({ origins, artifacts });
  await results.restart();

  const live = {
    name: 'zkplay-live-artifacts',
    configurePreviewServer(server) {
      // The deployment config the page reads (web/public/zkplay.config.json), here with the service's URL.
      server.middlewares.use('/zkplay.config.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ resultsService: results.url ?? null }));
      });
      if (buildStatus)
        server.middlewares.use('/build-status.json', (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(buildStatus()));
        });
      // Same headers as the page: wasm-bindgen-rayon's thread workers start from files in here.
      server.middlewares.use('/artifacts', async (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        let path;
        try {
          path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
        } catch {
          return next();
        }
        const file = fileUnder(artifacts, path);
        const info = file && (await stat(file).catch(() => undefined));
        if (!info?.isFile()) return next();
        sendFile(req, res, file, info.size, {
          ...ISOLATION_HEADERS,
          'Cross-Origin-Resource-Policy': 'same-origin',
          'Cache-Control': 'no-cache',
        });
      });
    },
  };
  const server = await preview({
    root: join(root, 'web'),
    configFile: join(root, 'vite.config.ts'),
    plugins: [live],
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    results,
    close: async () => {
      await results.stop();
      await server.close();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await servePlayground();
  console.log(`\n[zkplay] serving the playground at ${s.url}  (Ctrl+C stops it)`);
  if (s.results.url) console.log(`[zkplay] results service at ${s.results.url}, sharing on\n`);
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, async () => {
      await s.close();
      process.exit(0);
    });
}
