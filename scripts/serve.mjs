#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1 with the cross-origin isolation headers, and
// the results service (results/) next to it on SQLite, with the page's zkplay.config.json
// pointing at it, so "Share this result" works. Without a built service binary the page is
// served alone and says that sharing is not configured.
//   ZKPLAY_PORT          the page's port (5173)
//   ZKPLAY_RESULTS_PORT  the service's port (any free one)
//   ZKPLAY_RESULTS_DB    the SQLite file or a postgres:// URL (<cache>/results/results.db)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';
import { cacheDir, freePort, root } from './lib/steps.mjs';
import { serviceArgs, serviceBinary } from './lib/results-service.mjs';

const port = Number(process.env.ZKPLAY_PORT ?? '5173');
const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
const children = [];

/** Starts the service and resolves with its URL once it listens, or undefined without a binary. */
async function startService() {
  const bin = serviceBinary();
  if (!existsSync(bin)) {
    console.log('[zkplay] the results service is not built (node scripts/setup.mjs builds it): sharing is off');
    return undefined;
  }
  const db = process.env.ZKPLAY_RESULTS_DB ?? join(cacheDir, 'results', 'results.db');
  if (!db.startsWith('postgres')) mkdirSync(join(db, '..'), { recursive: true });
  const addr = `127.0.0.1:${process.env.ZKPLAY_RESULTS_PORT ?? (await freePort())}`;
  const child = spawn(bin, serviceArgs({ addr, db, origins }), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const waitForUrl = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      child.stdout.off('data', waitForUrl);
      process.stdout.write(out);
      child.stdout.pipe(process.stdout);
      resolve(m[1]);
    };
    child.stdout.on('data', waitForUrl);
    child.on('exit', (code) => reject(new Error(`the results service exited with ${code}`)));
  });
}

// A service that cannot start (say, a dist/ built before the results catalogue) leaves the page served without sharing.
const resultsService = await startService().catch((e) => {
  console.log(`[zkplay] ${e.message}: sharing is off`);
  return undefined;
});
// The deployment config the page reads (web/public/zkplay.config.json), here with the service's URL.
const deploymentConfig = {
  name: 'zkplay-results-service-config',
  configurePreviewServer(server) {
    server.middlewares.use('/zkplay.config.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ resultsService: resultsService ?? null }));
    });
  },
};
const server = await preview({
  root: join(root, 'web'),
  configFile: join(root, 'vite.config.ts'),
  plugins: [deploymentConfig],
  preview: { host: '127.0.0.1', port, strictPort: true },
});
console.log(`\n[zkplay] serving the playground at http://127.0.0.1:${port}/  (Ctrl+C stops it)`);
if (resultsService) console.log(`[zkplay] results service at ${resultsService}, sharing on\n`);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, async () => {
    for (const c of children) c.kill('SIGTERM');
    await server.close();
    process.exit(0);
  });
