// gnark's own test suite for `npm test`: the Go circuit and prover tests, run against the
// artifacts the set-up built (so the prover test does not redo the Groth16 setup).
import { join } from 'node:path';
import { run } from '../../scripts/lib/steps.mjs';

export const description = 'Go: gnark circuit and prover';

export function test({ root }) {
  return run('go', ['test', '-count=1', './...'], {
    cwd: join(root, 'gnark'),
    env: { ZKPLAY_GNARK_ARTIFACTS: join(root, 'web', 'public', 'artifacts', 'gnark') },
  });
}
