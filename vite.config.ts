import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import {
  extraBackendDirs,
  extraBackends as listExtraBackends,
  extraArtifact,
  extraModuleSource,
} from './scripts/lib/extra-backends.mjs';

// Cross-origin isolation (SharedArrayBuffer, threaded wasm, precise memory APIs) needs
// these two headers on every response, in dev and in preview alike.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
const port = Number(process.env.ZKPLAY_PORT ?? 5173);
function commit(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execSync('git status --porcelain', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${sha}+local` : sha;
  } catch {
    return 'unknown';
  }
}

// Every chunk (workers included) goes here; packages/core/artifacts.ts (appUrl) finds the app's
// root as the folder above it, and the service worker treats it as immutable (hashed names).
const assetsDir = 'assets';

/** Every file under dir, as paths relative to dir with '/' separators. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort();
}

/**
 * Writes dist/sw.js (web/src/sw/sw.js: isolation without headers, offline) after the build, with
 * the app shell to cache when it installs (index.html, assets/) and the build id that names its
 * cache: a hash of the shell and of the artifacts' small files (index.json, keys.json, wasm-bindgen
 * glue), so a new page or a new backend build replaces the old cache.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  let source = '';
  return {
    name: 'zkplay-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      source = resolve(config.root, 'src/sw/sw.js');
    },
    closeBundle() {
      const shell = ['index.html', ...filesUnder(join(outDir, assetsDir)).map((f) => `${assetsDir}/${f}`)];
      const small = filesUnder(join(outDir, 'artifacts'))
        .filter((f) => /\.(json|js)$/.test(f))
        .map((f) => `artifacts/${f}`);
      const hash = createHash('sha256');
      for (const f of [...shell, ...small])
        hash
          .update(f)
          .update('\0')
          .update(readFileSync(join(outDir, f)));
      const build = hash.digest('hex').slice(0, 16);
      const sw = readFileSync(source, 'utf8')
        .replace("'__ZKPLAY_BUILD__'", JSON.stringify(build))
        .replace("'__ZKPLAY_SHELL__'", JSON.stringify(JSON.stringify(shell)))
        .replace("'__ZKPLAY_ASSETS__'", JSON.stringify(assetsDir));
      writeFileSync(join(outDir, 'sw.js'), sw);
    },
  };
}

/**
 * The backends of folders outside backends/ (ZKPLAY_EXTRA_BACKENDS: comma-separated folders of
 * <id>/ folders, scripts/lib/extra-backends.mjs). The tests register a fixture backend this way to
 * show that a backend is one folder; a normal build has none, and none of this runs for it.
 * - virtual:zkplay-extra-backends: each <id>/index.ts's `backend`, added by backends/registry.ts;
 * - virtual:zkplay-extra-verifiers: each <id>/verifier.ts's `verifier`, added by backends/verifiers.ts;
 * - the dev server serves each <id>/keys/ (keys.json and the files it lists) as artifacts/<id>/…
 *   and adds its entries to artifacts/keys.json, as if the backend's build had written them.
 */
function extraBackends(): Plugin {
  const backends = listExtraBackends(extraBackendDirs());
  const modules: Record<string, string> = {
    'virtual:zkplay-extra-backends': extraModuleSource(backends, {
      file: 'index.ts',
      name: 'backend',
      exportAs: 'extraBackends',
    }),
    'virtual:zkplay-extra-verifiers': extraModuleSource(backends, {
      file: 'verifier.ts',
      name: 'verifier',
      exportAs: 'extraVerifiers',
      byId: true,
    }),
  };
  return {
    name: 'zkplay-extra-backends',
    resolveId: (id) => (Object.hasOwn(modules, id) ? `\0${id}` : undefined),
    load: (id) => (id.startsWith('\0') && Object.hasOwn(modules, id.slice(1)) ? modules[id.slice(1)] : undefined),
    configureServer(server) {
      if (!backends.length) return;
      const artifacts = `${server.config.base.replace(/\/?$/, '/')}artifacts/`;
      const baseKeys = join(server.config.publicDir, 'artifacts', 'keys.json');
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname);
        if (!path.startsWith(artifacts) || !['GET', 'HEAD'].includes(req.method ?? '')) return next();
        const rel = path.slice(artifacts.length);
        let body: Buffer | undefined;
        try {
          body = extraArtifact(backends, rel, baseKeys);
        } catch (e) {
          res.statusCode = 500;
          res.end(`the extra backends' keys are refused: ${(e as Error).message}`);
          return;
        }
        if (body === undefined) return next();
        res.setHeader('Content-Type', rel.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        for (const [k, v] of Object.entries(isolation)) res.setHeader(k, v);
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // Relative URLs throughout: dist/ works unchanged at any path (https://example.org/zkplay/).
  base: './',
  plugins: [svelte(), serviceWorker(), extraBackends()],
  define: { __ZKPLAY_COMMIT__: JSON.stringify(commit()) },
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022', assetsDir },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port, strictPort: true, headers: isolation },
  preview: { host: '127.0.0.1', port, strictPort: true, headers: isolation },
  test: {
    root: '.',
    include: [
      'web/src/**/*.test.ts',
      'backends/**/*.test.ts',
      'packages/**/*.test.ts',
      'verifier/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/**/*.test.ts', // helpers of the e2e suites (Playwright runs only *.spec.ts)
      // The extra backends' own tests, as backends/<id>/'s are run (relative: vitest matches globs from its root).
      ...extraBackendDirs().map((d) => `${relative(process.cwd(), d).split(sep).join('/')}/**/*.test.ts`),
    ],
    environment: 'node',
  },
});
