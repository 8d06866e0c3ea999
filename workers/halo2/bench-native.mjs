// halo2's part of `npm run bench:native`: crates/zkplay-halo2/examples/reference.rs runs the
// same setup/prove/verify as the wasm build; this wraps its samples in RunResults whose phase
// ids match the worker's, so the page can set them beside the browser's.
import { log } from '../../scripts/lib/steps.mjs';
import { nativeRunResult, runRustExample } from '../../scripts/lib/native.mjs';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    for (const t of threads) {
      log(`halo2 native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      const r = runRustExample({ root, crate: 'zkplay-halo2', example: 'reference', args: [bytes, runs], threads: t });
      results.push(nativeRunResult({
        backend: 'halo2',
        config: { k: r.k, rowsPerRound: r.rowsPerRound },
        threads: r.threads,
        commit,
        bytes,
        phases: [
          ['params', 'KZG parameters (test setup)', [r.paramsMs]],
          ['vk', 'Verifying key', [r.vkMs]],
          ['pk', 'Proving key', [r.pkMs]],
          ['witness', 'Witness', r.witnessMs],
          ['prove', 'Prove', r.proveMs],
          ['verify', 'Verify', r.verifyMs],
        ],
        sizes: { proof: r.proofBytes, params: r.paramsBytes, verifyingKey: r.vkBytes, provingKey: r.pkBytes },
        circuit: { k: r.k, rows: 2 ** r.k, rowsPerRound: r.rowsPerRound, capacityBlocks: r.capacityBlocks, adviceColumns: r.adviceColumns, fixedColumns: r.fixedColumns, capacityBytes: r.maxMessageBytes },
        peakRssBytes: r.peakRssBytes,
        runs,
      }));
    }
  }
  return results;
}
