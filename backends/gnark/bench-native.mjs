// gnark's part of `npm run bench:native`: runs gnark/cmd/bench (the same prover package the
// wasm build calls) on the artifacts the set-up built, once per thread count.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { log, run } from '@zkplay/build-kit/steps';

const MAX_BYTES = 135; // the gnark circuit holds one Keccak block

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const goDir = join(root, 'gnark');
  const artifacts = join(root, 'web', 'public', 'artifacts', 'gnark');
  const bin = join(root, 'dist-native', 'gnark-bench');
  await run('go', ['build', '-o', bin, './cmd/bench'], { cwd: goDir, prefix: 'go build' });
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    if (bytes > MAX_BYTES) {
      log(`gnark: ${b} blocks (${bytes} bytes) is over the circuit's ${MAX_BYTES} bytes: skipped`);
      continue;
    }
    for (const t of threads) {
      log(`gnark native: ${bytes} bytes, GOMAXPROCS=${t}, ${runs} runs`);
      const out = execFileSync(bin, ['-dir', artifacts, '-n', String(runs), '-len', String(bytes), '-commit', commit], {
        env: { ...process.env, GOMAXPROCS: String(t) },
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 24,
      });
      results.push(JSON.parse(out.toString()));
    }
  }
  return results;
}
