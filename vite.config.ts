import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { execSync } from 'node:child_process';

// Cross-origin isolation (SharedArrayBuffer, threaded wasm, precise memory APIs) needs
// these two headers on every response, in dev and in preview alike.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
const port = Number(process.env.ZKPLAY_PORT ?? 5173);
function commit(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execSync('git status --porcelain', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${sha}+local` : sha;
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [svelte()],
  define: { __ZKPLAY_COMMIT__: JSON.stringify(commit()) },
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port, strictPort: true, headers: isolation, fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port, strictPort: true, headers: isolation },
  test: { root: '.', include: ['web/src/**/*.test.ts', 'workers/**/*.test.ts', 'verifier/**/*.test.ts'], environment: 'node' },
});
