// gnark's own test suite for `npm test`: the Go circuit and prover tests, run against the
// artifacts the set-up built (so the prover test does not redo the Groth16 setup).
// The circuit package runs with `-tags debug`, so that the attack tests (keccak/attacks_test.go)
// see which constraint refused each forgery, not only that one did.
import { join } from 'node:path';
import { capture, run } from '../../scripts/lib/steps.mjs';

export const description = 'Go: gnark circuit (attack suite), prover and verifier fuzzing';

export async function test({ root }) {
  const cwd = join(root, 'gnark');
  const env = { ZKPLAY_GNARK_ARTIFACTS: join(root, 'web', 'public', 'artifacts', 'gnark') };
  await run('go', ['test', '-count=1', '-tags', 'debug', './keccak'], { cwd, env, prefix: 'go test keccak' });
  const others = (capture('go', ['list', './...'], { cwd }) ?? '').split('\n').filter((p) => p && !p.endsWith('/keccak'));
  await run('go', ['test', '-count=1', ...others], { cwd, env, prefix: 'go test' });
}
