#!/usr/bin/env node
// The set-up of `npm test` and `npm run build`: installs whatever is missing and builds what they
// need before they go on (`npm start` serves the page first and builds behind it: scripts/start.mjs).
// Each step is skipped when what it would make is already there and was built from the same
// inputs. Uses only Node's standard library until npm ci ran.
//   --for=test   npm deps, Chromium and Firefox ESR, PostgreSQL, every backend
//                with everything it builds on request, the results service, the primitives
//                view's wasm, the page bundle and the verifier package
//   --for=build  the static site (dist/): npm deps, each backend's core, the page bundle and the
//                verifier package; with --all also what is built on request (the backends'
//                wide-arithmetic builds, the primitives view's wasm)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildPrimitives } from './lib/primitives.mjs';
import { ensureToolchain } from './lib/rust.mjs';
import { buildKzg } from './lib/kzg.mjs';
import { ensureFirefoxForTests } from './lib/firefox.mjs';
import { cliOptions } from './lib/args.mjs';
import { buildResultsService, ensurePostgresForTests } from './lib/results-service.mjs';
import { BuildQueue, backendJobs, publishArtifacts } from './lib/build-queue.mjs';
import {
  chromium,
  lockCache,
  logToolVersions,
  npmDependencies,
  pageBundle,
  SETUP_TOOLS_READY,
  pageSources,
  verifierPackage,
  writeArtifactIndexes,
} from './lib/setup-steps.mjs';
import { cacheDir, finishedSteps, log, root, step, stepTimesFile } from './lib/steps.mjs';

const PURPOSES = ['test', 'build'];
const { for: purpose, all: allFlag } = cliOptions(`node scripts/setup.mjs [--for=${PURPOSES.join('|')}] [--all]`, {
  for: 'build',
  all: false,
});
if (!PURPOSES.includes(purpose)) {
  console.error(`--for takes ${PURPOSES.join(', ')}, not ${purpose}`);
  process.exit(2);
}
const all = purpose === 'test' || allFlag;

try {
  log(`set-up for "${purpose}"${all ? ', everything' : ''} (cache: ${cacheDir})`);
  logToolVersions();
  await npmDependencies();
  await pageSources();
  if (purpose === 'test') await chromium();
  if (purpose === 'test') await ensureFirefoxForTests(); // firefox-esr (e2e-firefox/)
  if (purpose === 'test') await ensurePostgresForTests(); // the results service's tests start their own cluster
  await lockCache(`npm ${purpose === 'test' ? 'test' : 'run build'}`);
  if (purpose === 'test') {
    // Tell test.mjs (our parent, when it runs the set-up) that the suites which need no build may
    // start: the toolchain first, so that they never install it beside a build doing the same.
    if (existsSync(join(root, 'crates'))) await ensureToolchain(root);
    process.send?.(SETUP_TOOLS_READY);
  }
  const queue = new BuildQueue({ jobs: await backendJobs({ mode: all ? 'all' : 'core' }) });
  const failed = await queue.run();
  if (failed.length)
    throw new Error(`the build of ${failed.join(', ')} failed (its log is in ${join(cacheDir, 'logs')})`);
  await writeArtifactIndexes();
  if (purpose === 'test') await buildResultsService(); // the tests serve the page and the service together
  if (all)
    await step('build the primitives view wasm', () =>
      publishArtifacts(root, 'primitives', (outDir) => buildPrimitives({ root, cacheDir, outDir })),
    );
  if (all)
    await step('build the KZG wasm (primitives view)', () =>
      publishArtifacts(root, 'kzg', (outDir) => buildKzg({ root, cacheDir, outDir })),
    );
  else log('the primitives view wasm and its KZG wasm are built on request: npm run build -- --all, or npm start');
  await pageBundle();
  await verifierPackage();
  mkdirSync(dirname(stepTimesFile()), { recursive: true });
  writeFileSync(stepTimesFile(), JSON.stringify(finishedSteps.map((s) => ({ ...s, name: `set-up: ${s.name}` }))));
  log('set-up done');
} catch (e) {
  console.error(`\n[zkplay] set-up failed: ${e.message}`);
  process.exit(1);
}
