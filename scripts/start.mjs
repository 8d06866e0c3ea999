#!/usr/bin/env node
// `npm start`: the page first, the backends behind it. Installs the npm packages, bundles the
// page and serves it (minutes on a fresh machine), then builds the backends one by one, fastest
// first (scripts/lib/build-queue.mjs), publishing each into web/public/artifacts when it is
// complete. The page reads build-status.json and enables a backend once it is ready, without a
// reload; this console prints one `ready:` or `failed:` line per backend. After every backend:
// the results service (sharing), the primitives view's wasm (and its KZG wasm), the verifier package, and what the
// backends build on request (their wide-arithmetic variants).
// Uses only Node's standard library until npm ci ran (scripts/lib/setup-imports.test.ts).
import { BuildQueue, backendJobs, publishArtifacts } from './lib/build-queue.mjs';
import * as setup from './lib/setup-steps.mjs';
import { buildPrimitives } from './lib/primitives.mjs';
import { buildKzg } from './lib/kzg.mjs';
import { buildResultsService } from './lib/results-service.mjs';
import { cacheDir, log, root, stopCommands } from './lib/steps.mjs';

let releaseLock;
try {
  log(`npm start (cache: ${cacheDir})`);
  setup.logToolVersions();
  releaseLock = await setup.lockCache('npm start');
  await setup.npmDependencies();
  await setup.pageSources();
  await setup.writeArtifactIndexes(); // keys.json and the catalogue of what a previous run published
  await setup.pageBundle();
} catch (e) {
  console.error(`\n[zkplay] npm start failed before the page could be served: ${e.message}`);
  process.exit(1);
}

let queue;
let server;
const { servePlayground } = await import('./serve.mjs'); // vite: only now that npm ci has run
try {
  server = await servePlayground({ buildStatus: () => queue?.status() });
} catch (e) {
  console.error(`\n[zkplay] could not serve the page: ${e.message}`);
  process.exit(1);
}
log(`serving the playground at ${server.url} (Ctrl+C stops it); the backends build behind it, fastest first`);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, async () => {
    stopCommands();
    await server.close();
    process.exit(0);
  });

// Each published backend changes keys.json and the results catalogue; the service reads the
// catalogue when it starts, so it is restarted to accept the new backend's results.
const afterPublish = async () => {
  await setup.writeArtifactIndexes();
  if (server.results.url) await server.results.restart();
};
const extras = [
  {
    id: 'results-service',
    group: 'extra',
    label: 'results service (sharing)',
    estimate: 48,
    run: async () => {
      await buildResultsService();
      await server.results.restart();
      return server.results.url ? `at ${server.results.url}` : 'built, but did not start';
    },
  },
  {
    id: 'primitives',
    group: 'extra',
    label: 'primitives view wasm',
    estimate: 120,
    run: () => publishArtifacts(root, 'primitives', (outDir) => buildPrimitives({ root, cacheDir, outDir })),
  },
  {
    id: 'kzg',
    group: 'extra',
    label: 'KZG wasm (EIP-4844 / EIP-7594, primitives view)',
    estimate: 150,
    run: () => publishArtifacts(root, 'kzg', (outDir) => buildKzg({ root, cacheDir, outDir })),
  },
  {
    id: 'verifier-package',
    group: 'extra',
    label: 'zkplay-verifier package (dist/verifier)',
    estimate: 130,
    run: () => setup.verifierPackage(),
  },
];
queue = new BuildQueue({
  jobs: [...(await backendJobs({ mode: 'start', afterPublish })), ...extras],
  quiet: true,
});
const failed = await queue.run();
releaseLock(); // serving goes on, building is over: another set-up may use the cache now
log(
  failed.length
    ? `built everything but ${failed.join(', ')}: see the lines above and the page; still serving ${server.url}`
    : `everything is built; still serving ${server.url}`,
);
