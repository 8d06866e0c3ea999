// Go's wasm_exec.js, the loader that packages/core/go-wasm.ts imports for every Go wasm, copied
// from this machine's GOROOT: it must match the Go that builds the wasm.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { capture, place, root } from './steps.mjs';

export function placeGoRuntime() {
  const goroot = capture('go', ['env', 'GOROOT']);
  if (!goroot) throw new Error('Go is not installed (the gnark backend and the primitives view need it)');
  const generated = join(root, 'packages', 'core', 'generated');
  mkdirSync(generated, { recursive: true });
  place(join(goroot, 'lib', 'wasm', 'wasm_exec.js'), join(generated, 'wasm_exec.js'));
}
