// plonky2's part of `npm run bench:native`: crates/zkplay-plonky2/examples/reference.rs runs
// the same build/prove/verify as the wasm build (circuit built for the blocks the message
// needs, Keccak Merkle hash: the page's default); this wraps its samples in RunResults whose
// phase ids match the worker's.
import { log } from '../../scripts/lib/steps.mjs';
import { nativeRunResult, runRustExample } from '../../scripts/lib/native.mjs';

export async function benchNative({ root, blocks, threads, runs, commit }) {
  const results = [];
  for (const b of blocks) {
    const bytes = b * 136 - 1;
    for (const t of threads) {
      log(`plonky2 native: ${bytes} bytes (${b} blocks), RAYON_NUM_THREADS=${t}, ${runs} runs`);
      const r = runRustExample({ root, crate: 'zkplay-plonky2', example: 'reference', args: [bytes, runs, 'keccak'], threads: t });
      results.push(nativeRunResult({
        backend: 'plonky2',
        config: { maxBlocks: r.maxBlocks, merkleHash: r.merkleHash, zk: 'off' },
        threads: r.threads,
        commit,
        bytes,
        phases: [
          ['build', 'Build circuit (plonky2)', [r.buildMs]],
          ['witness', 'Witness', r.witnessMs],
          ['prove', 'Prove', r.proveMs],
          ['verify', 'Verify', r.verifyMs],
        ],
        sizes: { proof: r.proofBytes, verifyingKey: r.verifierOnlyBytes },
        circuit: { rows: r.rows, degreeBits: r.degreeBits, gates: r.gates, capacityBytes: r.capacityBytes, merkleHash: r.merkleHash },
        peakRssBytes: r.peakRssBytes,
        runs,
      }));
    }
  }
  return results;
}
