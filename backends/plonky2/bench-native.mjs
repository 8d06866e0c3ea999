// plonky2's part of `npm run bench:native`: crates/zkplay-plonky2/examples/reference.rs runs
// the prover contract the wasm build exports (circuit built for the blocks the message needs,
// Keccak Merkle hash: the page's default) and prints its reports, so the phase ids and labels
// are the worker's own (crates/zkplay-plonky2/src/contract.rs).
import { log } from '../../scripts/lib/steps.mjs';
import { reportRunResult, runRustExample } from '../../scripts/lib/native.mjs';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    for (const t of threads) {
      log(`plonky2 native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      const report = runRustExample({ root, crate: 'zkplay-plonky2', example: 'reference', args: [bytes, runs, 'keccak'], threads: t });
      results.push(reportRunResult({ backend: 'plonky2', build: 'native-rust', commit, bytes, report }));
    }
  }
  return results;
}
