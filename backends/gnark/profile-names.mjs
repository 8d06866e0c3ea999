// Function names for CPU profiles of gnark's wasm (scripts/profile-browser.mjs). The shipped
// build is linked with -s, which leaves out Go's wasm name section (451 KB of function names),
// so V8 shows its frames by index only. This links the same package again without -s, keeps
// the names of that twin, and checks that both have byte-identical code sections (so index N is
// the same function in both) before they are used: the profile stays one of the shipped build.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { codeSection, functionNames } from '@zkplay/build-kit/wasm-sections';
import { run, step } from '@zkplay/build-kit/steps';
import { wasmModfile } from './build.mjs';

export async function profileNames({ root, cacheDir }) {
  // The build the playground serves (scripts/profile-browser.mjs profiles dist/).
  const shipped = readFileSync(join(root, 'dist', 'artifacts', 'gnark', 'gnark.wasm'));
  const key = createHash('sha256').update(shipped).digest('hex').slice(0, 16);
  const twin = join(cacheDir, 'gnark', `names-${key}`, 'gnark.wasm');
  if (!existsSync(twin)) {
    await step('gnark: link the wasm again with its name section, for the profile', async () => {
      mkdirSync(join(twin, '..'), { recursive: true });
      // The shipped build's go.mod too (the patched gnark-crypto), or the code would differ.
      const modfile = await wasmModfile({ root, cacheDir });
      await run('go', ['build', `-modfile=${modfile}`, '-trimpath', '-ldflags=-w', '-o', `${twin}.tmp`, './cmd/wasm'], { cwd: join(root, 'gnark'), env: { GOOS: 'js', GOARCH: 'wasm' }, prefix: 'gnark wasm (names)' });
      renameSync(`${twin}.tmp`, twin);
    });
  }
  const named = readFileSync(twin);
  if (!codeSection(named).equals(codeSection(shipped))) throw new Error(`${twin} does not have the shipped build's code (was the shipped build made from other sources?): its names would be wrong`);
  return functionNames(named);
}
