// halo2's part of `npm run bench:native`: crates/zkplay-halo2/examples/reference.rs runs the
// prover contract the wasm build exports and prints its reports, so the phase ids and labels
// are the worker's own (crates/zkplay-halo2/src/contract.rs) and the page can set them beside
// the browser's.
import { join } from 'node:path';
import { log } from '../../scripts/lib/steps.mjs';
import { reportRunResult, runRustExample } from '../../scripts/lib/native.mjs';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    for (const t of threads) {
      log(`halo2 native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      // The page's keys: the set-up built them into web/public/artifacts/halo2/keys/.
      const report = runRustExample({ root, crate: 'zkplay-halo2', example: 'reference', args: [bytes, runs, join(root, 'web', 'public', 'artifacts', 'halo2')], threads: t });
      results.push(reportRunResult({ backend: 'halo2', build: 'native-rust', commit, bytes, report }));
    }
  }
  return results;
}
