// gnark's own test suite for `npm test`: the Go circuit and prover tests, run against the
// artifacts the set-up built (so the prover test does not redo the Groth16 setup).
// The circuit package runs with `-tags debug`, so that the attack tests (keccak/attacks_test.go)
// see which constraint refused each forgery, not only that one did.
// Then the tests of the gnark-crypto patch the wasm prover is built with (gnark/patches/README.md),
// in the patched copy the build uses: natively (mul32 & co. have no build tag), then as js/wasm
// under Node, where Mul, Square and Sub are the patched ones (-short: fewer random cases).
import { join } from 'node:path';
import { patchedModuleDir } from '@zkplay/build-kit/go-patch';
import { capture, run } from '@zkplay/build-kit/steps';
import { GNARK_CRYPTO_PATCH } from './build.mjs';

export const description = 'Go: gnark circuit (attack suite), prover and verifier fuzzing, the gnark-crypto wasm patch';

export async function test({ root, cacheDir }) {
  const cwd = join(root, 'gnark');
  const env = { ZKPLAY_GNARK_ARTIFACTS: join(root, 'web', 'public', 'artifacts', 'gnark') };
  await run('go', ['test', '-count=1', '-tags', 'debug', './keccak'], { cwd, env, prefix: 'go test keccak' });
  const others = (capture('go', ['list', './...'], { cwd }) ?? '').split('\n').filter((p) => p && !p.endsWith('/keccak'));
  await run('go', ['test', '-count=1', ...others], { cwd, env, prefix: 'go test' });

  const patched = await patchedModuleDir({ root, cacheDir, goDir: cwd, ...GNARK_CRYPTO_PATCH });
  const pkgs = ['./ecc/bn254/fp', './ecc/bn254/fr'];
  await run('go', ['test', '-count=1', '-run', 'Mul32', ...pkgs], { cwd: patched, prefix: 'go test mul32' });
  const exec = join(capture('go', ['env', 'GOROOT']), 'lib', 'wasm', 'go_js_wasm_exec');
  await run('go', ['test', '-count=1', '-short', `-exec=${exec}`, '-run', 'Mul32', ...pkgs], { cwd: patched, env: { GOOS: 'js', GOARCH: 'wasm' }, prefix: 'go test mul32 (js/wasm)' });
}
