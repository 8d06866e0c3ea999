// The bb.js page (web/): threads need SharedArrayBuffer, so cross-origin isolation; bb.js and
// noir's wasm packages are left out of vite's pre-bundling (they load their wasm by URL).
const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
export default {
  root: new URL('./web', import.meta.url).pathname,
  server: { headers: isolated },
  preview: { headers: isolated },
  optimizeDeps: { exclude: ['@aztec/bb.js', '@noir-lang/noir_js', '@noir-lang/acvm_js', '@noir-lang/noirc_abi'] },
  build: {
    target: 'esnext',
    outDir: new URL('./out/web', import.meta.url).pathname,
    emptyOutDir: true,
    chunkSizeWarningLimit: 10_000, // barretenberg's wasm, inlined: ~4 MB
  },
  worker: { format: 'es' },
};
