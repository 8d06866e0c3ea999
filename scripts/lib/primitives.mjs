// Builds the Primitives view's own wasm (never the provers' bundles): gnark-crypto's FFT, MSM,
// pairing and field multiplication (gnark/cmd/primitives-wasm) into
// web/public/artifacts/primitives/, with an index.json of sizes and sha256. Cached by source.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture, hashTree, log, place, run, sha256File, step } from './steps.mjs';

export async function buildPrimitives({ root, cacheDir }) {
  const goDir = join(root, 'gnark');
  const goVersion = capture('go', ['version'])?.split(' ')[2];
  if (!goVersion) throw new Error('Go is not installed (the primitives view needs it)');
  const key = `${hashTree([join(goDir, 'primitives'), join(goDir, 'cmd', 'primitives-wasm'), join(goDir, 'go.sum')], { exclude: ['_test.go'] }).slice(0, 12)}-${goVersion}`;
  const wasm = join(cacheDir, 'primitives', `go-${key}`, 'primitives-go.wasm');
  if (existsSync(wasm)) {
    log(`primitives: Go wasm ${key} already built`);
  } else {
    await step('primitives: build the gnark-crypto primitives wasm (go build)', async () => {
      mkdirSync(join(wasm, '..'), { recursive: true });
      await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', `${wasm}.tmp`, './cmd/primitives-wasm'], { cwd: goDir, env: { GOOS: 'js', GOARCH: 'wasm' }, prefix: 'primitives wasm' });
      renameSync(`${wasm}.tmp`, wasm);
    });
  }
  const outDir = join(root, 'web', 'public', 'artifacts', 'primitives');
  rmSync(outDir, { recursive: true, force: true });
  place(wasm, join(outDir, 'primitives-go.wasm'));
  const index = {
    build: key,
    files: { go: { file: 'primitives-go.wasm', bytes: statSync(wasm).size, sha256: sha256File(wasm) } },
  };
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(index, null, 2));
}
