// The steps that `npm start` (scripts/start.mjs), `npm test` and `npm run build`
// (scripts/setup.mjs) share. They run on a fresh clone before `npm ci`: nothing here imports a
// package statically (scripts/lib/setup-imports.test.ts); what needs one imports it once npm ci ran.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM } from './chromium.mjs';
import { genSchemaTypes } from '../gen-schema-types.mjs';
import { placeGoRuntime } from './go-runtime.mjs';
import { acquireLock } from './lock.mjs';
import { cacheDir, capture, log, root, run, step } from './steps.mjs';

export function logToolVersions() {
  for (const [tool, args] of [
    ['go', ['version']],
    ['cargo', ['--version']],
    ['node', ['--version']],
  ]) {
    log(`${tool}: ${capture(tool, args) ?? 'not found'}`);
  }
}

/**
 * What `setup.mjs --for=test` sends its parent (test.mjs) once the npm packages, the browsers,
 * PostgreSQL and the Rust toolchain are in place and it holds the cache: the suites that need
 * no build (test.mjs EARLY_SUITES) may start beside the builds.
 */
export const SETUP_TOOLS_READY = 'zkplay: set-up tools ready';

/** One set-up at a time per cache (scripts/lib/lock.mjs); resolves to release(). */
export const lockCache = (what) => acquireLock(join(cacheDir, 'setup.lock'), what, { onWait: (m) => log(m) });

export async function npmDependencies() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const want = createHash('sha256').update(lock).digest('hex');
  const marker = join(root, 'node_modules', '.zkplay-lock-sha256');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === want) return log('npm dependencies are up to date');
  await step('npm ci (exact versions from package-lock.json)', () => run('npm', ['ci', '--no-audit', '--no-fund']));
  writeFileSync(marker, want);
}

/** What the page's bundle needs before it can be built: schema types and Go's wasm loader. */
export async function pageSources() {
  // The types of schema/'s shapes, before anything type-checks or bundles them (needs npm deps).
  const schemaTypes = await genSchemaTypes();
  log(schemaTypes.length ? `schema types: wrote ${schemaTypes.join(', ')}` : 'schema types are up to date');
  placeGoRuntime(); // packages/core/generated/wasm_exec.js, before anything that bundles a Go worker
}

export async function chromium() {
  if (existsSync(CHROMIUM)) return log(`Chromium found at ${CHROMIUM}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  await step("install Debian's chromium for the end-to-end tests (apt-get)", async () => {
    await apt(['update', '-q']);
    await apt(['install', '-y', '-q', '--no-install-recommends', 'chromium']);
  });
  if (!existsSync(CHROMIUM)) throw new Error(`chromium was installed but ${CHROMIUM} is missing`);
}

/**
 * keys.json and the results catalogue, which list every backend published so far in
 * web/public/artifacts: written again whenever one is published.
 */
export async function writeArtifactIndexes() {
  const artifacts = join(root, 'web', 'public', 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  // keys.mjs reaches @noble/hashes, so it is imported only now that npm ci has run.
  const { writeKeyManifest } = await import('./keys.mjs');
  writeKeyManifest(artifacts);
  // Loads the manifests through Vite, so it too waits for npm ci (docs/results-service.md).
  const { writeResultsCatalogue } = await import('./results-catalogue.mjs');
  await writeResultsCatalogue(artifacts);
}

export async function pageBundle() {
  // A production bundle whatever NODE_ENV an earlier step or the caller's shell left set: with
  // NODE_ENV=development, vite build makes a bundle without the service worker's isolation.
  await step('build the page (vite build)', () =>
    run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      env: { NODE_ENV: 'production' },
    }),
  );
}

/** The zkplay-verifier package (dist/verifier/) and the example dApp that imports it (dist/examples/). */
export async function verifierPackage() {
  const { buildVerifierPackage } = await import(pathToFileURL(join(root, 'verifier', 'build.mjs')).href);
  await step('build the verifier package (dist/verifier)', () => buildVerifierPackage({ root }));
  cpSync(join(root, 'examples'), join(root, 'dist', 'examples'), { recursive: true });
}
