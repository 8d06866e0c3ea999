// halo2's part of `npm run bench:native`: crates/zkplay-halo2/examples/reference.rs runs the
// same setup/prove/verify as the wasm build; this wraps its samples in RunResults whose phase
// ids match the worker's, so the page can set them beside the browser's.
import { log } from '../../scripts/lib/steps.mjs';
import { nativeEnvironment, runRustExample, stat } from '../../scripts/lib/native.mjs';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    for (const t of threads) {
      log(`halo2 native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      const r = runRustExample({ root, crate: 'zkplay-halo2', example: 'reference', args: [bytes, runs], threads: t });
      results.push({
        schemaVersion: 1,
        backend: 'halo2',
        config: { k: r.k, rowsPerRound: r.rowsPerRound },
        environment: nativeEnvironment(r.threads, 'native-rust', commit),
        message: { bytes, blocks: b },
        phases: [
          { id: 'params', label: 'KZG parameters (test setup)', ms: stat([r.paramsMs]) },
          { id: 'vk', label: 'Verifying key', ms: stat([r.vkMs]) },
          { id: 'pk', label: 'Proving key', ms: stat([r.pkMs]) },
          { id: 'witness', label: 'Witness', ms: stat(r.witnessMs) },
          { id: 'prove', label: 'Prove', ms: stat(r.proveMs) },
          { id: 'verify', label: 'Verify', ms: stat(r.verifyMs) },
        ],
        sizes: { proof: r.proofBytes, params: r.paramsBytes, verifyingKey: r.vkBytes, provingKey: r.pkBytes },
        circuit: { k: r.k, rows: 2 ** r.k, rowsPerRound: r.rowsPerRound, capacityBlocks: r.capacityBlocks, adviceColumns: r.adviceColumns, fixedColumns: r.fixedColumns, capacityBytes: r.maxMessageBytes },
        memory: { peakBytes: r.peakRssBytes, what: 'process peak RSS (VmHWM)' },
        verified: true,
        runs,
        cold: false,
        timestamp: new Date().toISOString(),
      });
    }
  }
  return results;
}
