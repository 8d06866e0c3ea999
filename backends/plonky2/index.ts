// plonky2: crates/zkplay-plonky2 (plonky2 1.1.0, PLONK + FRI over Goldilocks, this project's own
// Keccak-256 round gates) compiled to wasm (a threaded and a single-threaded build). The circuit
// is built in the browser: there are no keys to download and no trusted setup.
import type { Backend } from '@zkplay/core/manifest';
import type { HashId } from '@zkplay/core/hashes';
import { rustPhases, rustThreads } from '@zkplay/core/rust-manifest';
import CRATE from './phases.json';
import { maxBytesForBlocks } from '@zkplay/core/manifest';
import { BLOCK_OPTIONS, defaultBlocks, labelled, MERKLE_HASH_LABELS, ZK_LABELS } from './config';

export const backend: Backend = {
  manifest: {
    id: 'plonky2',
    label: 'plonky2',
    proofSystem: 'plonky2 1.1.0 (PLONK + FRI), own Keccak-256 gates',
    field: 'Goldilocks',
    hash: CRATE.hash as HashId,
    statement:
      'I know a message M of length L such that Keccak-256(M) = D. D and L are public inputs; M is a witness. ' +
      "With zero knowledge off (the default, for speed) the proof is sound but M is not formally hidden: plonky2's FRI openings reveal evaluations of the witness polynomials. Turn it on to hide M (about 7x slower).",
    trust:
      'No trusted setup: plonky2 is transparent (FRI over Goldilocks). The circuit is built in this browser; nothing secret is involved.',
    setupLabel: 'no trusted setup (transparent)',
    knobs: [
      {
        id: 'maxBlocks',
        label: 'Capacity (Keccak blocks)',
        help: 'Keccak blocks the circuit runs, chosen when it is built: the longest message is blocks × 136 − 1 bytes. Rows, build and proving time grow with it.',
        options: BLOCK_OPTIONS.map((b) => ({
          value: b,
          label: `${b} (≤ ${maxBytesForBlocks(b).toLocaleString('en')} bytes)`,
        })),
      },
      {
        id: 'merkleHash',
        label: 'Merkle hash',
        help: "Hash of plonky2's FRI Merkle trees and Fiat-Shamir: Keccak proves faster; Poseidon is what cheap recursion needs.",
        options: labelled(MERKLE_HASH_LABELS),
      },
      {
        id: 'zk',
        label: 'Zero knowledge',
        help: "plonky2's blinding: off proves faster and is sound, but does not formally hide M; on hides M at about 7x the proving time.",
        options: labelled(ZK_LABELS),
      },
    ],
    defaultConfig: (messageBytes) => ({ maxBlocks: defaultBlocks(messageBytes), merkleHash: 'keccak', zk: 'off' }),
    capacity(config) {
      const blocks = Number(config.maxBlocks);
      if (!BLOCK_OPTIONS.includes(blocks)) return { blocks: 0, bytes: -1 };
      return { blocks, bytes: maxBytesForBlocks(blocks) };
    },
    phases: rustPhases(CRATE.phases, { keys: false }),
    threads: rustThreads('plonky2 `parallel`'),
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'plonky2' }),
};
