#!/usr/bin/env node
// Installs whatever is missing and builds everything, so that `npm start` and `npm test`
// work on a fresh machine. Each step is skipped when what it would make is already there
// and was built from the same inputs. Uses only Node's standard library until npm ci ran.
//   --for=start  npm deps, backend artifacts, page bundle
//   --for=test   the same, plus Chromium and Firefox ESR (+ geckodriver) for the end-to-end tests
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir, capture, log, root, run, step } from './lib/steps.mjs';
import { buildPrimitives } from './lib/primitives.mjs';
import { ensureFirefoxForTests } from './lib/firefox.mjs';
import { backendIds, importBackendFile } from './lib/backends.mjs';
import { cliOptions } from './lib/args.mjs';
import { CHROMIUM } from './lib/chromium.mjs';
import { placeGoRuntime } from './lib/go-runtime.mjs';
import { genSchemaTypes } from './gen-schema-types.mjs';
import { buildResultsService, ensurePostgresForTests } from './lib/results-service.mjs';

const PURPOSES = ['start', 'test', 'build'];
const { for: purpose } = cliOptions(`node scripts/setup.mjs [--for=${PURPOSES.join('|')}]`, { for: 'start' });
if (!PURPOSES.includes(purpose)) {
  console.error(`--for takes ${PURPOSES.join(', ')}, not ${purpose}`);
  process.exit(2);
}

async function npmDependencies() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const want = createHash('sha256').update(lock).digest('hex');
  const marker = join(root, 'node_modules', '.zkplay-lock-sha256');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === want) return log('npm dependencies are up to date');
  await step('npm ci (exact versions from package-lock.json)', () => run('npm', ['ci', '--no-audit', '--no-fund']));
  writeFileSync(marker, want);
}

async function chromium() {
  if (existsSync(CHROMIUM)) return log(`Chromium found at ${CHROMIUM}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  await step("install Debian's chromium for the end-to-end tests (apt-get)", async () => {
    await apt(['update', '-q']);
    await apt(['install', '-y', '-q', '--no-install-recommends', 'chromium']);
  });
  if (!existsSync(CHROMIUM)) throw new Error(`chromium was installed but ${CHROMIUM} is missing`);
}

/** Every backends/<id>/build.mjs builds that backend's artifacts into web/public/artifacts/<id>/. */
async function backendArtifacts() {
  for (const id of backendIds('build.mjs')) {
    const mod = await importBackendFile(id, 'build.mjs');
    await step(`build backend ${id}`, () =>
      mod.build({ root, cacheDir, outDir: join(root, 'web', 'public', 'artifacts', id) }),
    );
  }
}

async function pageBundle() {
  // A production bundle whatever NODE_ENV an earlier step or the caller's shell left set: with
  // NODE_ENV=development, vite build makes a bundle without the service worker's isolation.
  await step('build the page (vite build)', () =>
    run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      env: { NODE_ENV: 'production' },
    }),
  );
}

/** The zkplay-verifier package (dist/verifier/) and the example dApp that imports it (dist/examples/). */
async function verifierPackage() {
  const { buildVerifierPackage } = await import(pathToFileURL(join(root, 'verifier', 'build.mjs')).href);
  await step('build the verifier package (dist/verifier)', () => buildVerifierPackage({ root }));
  cpSync(join(root, 'examples'), join(root, 'dist', 'examples'), { recursive: true });
}

try {
  log(`set-up for "${purpose}" (cache: ${cacheDir})`);
  for (const [tool, args] of [
    ['go', ['version']],
    ['cargo', ['--version']],
    ['node', ['--version']],
  ]) {
    log(`${tool}: ${capture(tool, args) ?? 'not found'}`);
  }
  await npmDependencies();
  // The types of schema/'s shapes, before anything type-checks or bundles them (needs npm deps).
  const schemaTypes = await genSchemaTypes();
  log(schemaTypes.length ? `schema types: wrote ${schemaTypes.join(', ')}` : 'schema types are up to date');
  if (purpose === 'test') await chromium();
  if (purpose === 'test') await ensureFirefoxForTests(); // firefox-esr + geckodriver (e2e-firefox/)
  if (purpose === 'test') await ensurePostgresForTests(); // the results service's tests start their own cluster
  placeGoRuntime(); // packages/core/generated/wasm_exec.js, before anything that bundles a Go worker
  await backendArtifacts();
  // keys.mjs reaches @noble/hashes, so it is imported only now that npm ci has run.
  const { writeKeyManifest } = await import('./lib/keys.mjs');
  writeKeyManifest(join(root, 'web', 'public', 'artifacts'));
  // Loads the manifests through Vite, so it too waits for npm ci (docs/results-service.md).
  const { writeResultsCatalogue } = await import('./lib/results-catalogue.mjs');
  await writeResultsCatalogue(join(root, 'web', 'public', 'artifacts'));
  if (purpose !== 'build') await buildResultsService(); // npm start serves the page and the service together
  await step('build the primitives view wasm', () => buildPrimitives({ root, cacheDir }));
  await pageBundle();
  await verifierPackage();
  log('set-up done');
} catch (e) {
  console.error(`\n[zkplay] set-up failed: ${e.message}`);
  process.exit(1);
}
