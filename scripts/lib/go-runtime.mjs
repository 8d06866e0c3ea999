// Go's wasm_exec.js, the loader that packages/core/go-wasm.ts imports for every Go wasm, copied
// from this machine's GOROOT: it must match the Go that builds the wasm. And the js/wasm build of
// the Primitives view's Go commands (buildGoWasm).
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { capture, hashTree, log, place, root, run, step } from './steps.mjs';

export function placeGoRuntime() {
  const goroot = capture('go', ['env', 'GOROOT']);
  if (!goroot) throw new Error('Go is not installed (the gnark backend and the primitives view need it)');
  const generated = join(root, 'packages', 'core', 'generated');
  mkdirSync(generated, { recursive: true });
  place(join(goroot, 'lib', 'wasm', 'wasm_exec.js'), join(generated, 'wasm_exec.js'));
}

/**
 * The js/wasm build of gnark/cmd/<cmd>, cached by its sources: the packages `dirs` it uses (under
 * gnark/), its own, go.sum and the Go version name its key (test files aside). Built once per key
 * to <cacheDir>/<cache>/go-<key>/<cache>-go.wasm, written then renamed; returns { key, file }.
 * `name`: what the log lines call it ("kzg: build the go-eth-kzg wasm (go build)").
 */
export async function buildGoWasm({ cacheDir, cache, dirs, cmd, name }) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version'])?.split(' ')[2];
  if (!goVersion) throw new Error(`Go is not installed (${cache} needs it)`);
  const sources = [...dirs, join('cmd', cmd), 'go.sum'].map((d) => join(goDir, d));
  const key = `${hashTree(sources, { exclude: ['_test.go'] }).slice(0, 12)}-${goVersion}`;
  const out = join(cacheDir, cache, `go-${key}`, `${cache}-go.wasm`);
  const pkg = `./cmd/${cmd}`;
  if (existsSync(out)) {
    log(`${cache}: Go wasm ${key} already built`);
    return { key, file: out };
  }
  await step(`${cache}: build the ${name} wasm (go build)`, async () => {
    mkdirSync(dirname(out), { recursive: true });
    await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', `${out}.tmp`, pkg], {
      cwd: goDir,
      env: { GOOS: 'js', GOARCH: 'wasm' },
      prefix: `${cache} wasm`,
    });
    renameSync(`${out}.tmp`, out);
  });
  return { key, file: out };
}
