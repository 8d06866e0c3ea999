// bellman: crates/zkplay-bellman (bellman 0.15 with the groth16 0.2 crate, BLS12-381) proving
// BLAKE2s-256 preimages, compiled to wasm (a threaded and a single-threaded build). Keys are made
// natively once per build (a single-party setup: test only) and downloaded by the page.
import type { Backend } from '@zkplay/core/manifest';
import { rustPhases, rustThreads } from '@zkplay/core/rust-manifest';
import CRATE from './phases.json';
import OPTIONS from './options.json';
import { BLOCK_OPTIONS, blocksLabel, defaultBlocks, HASH } from './config';

export const backend: Backend = {
  manifest: {
    id: 'bellman',
    label: 'bellman',
    proofSystem: 'Groth16 (bellman 0.15, groth16 0.2), BLAKE2s-256 circuit',
    field: 'BLS12-381',
    hash: HASH,
    statement:
      'I know a message M of length L such that BLAKE2s-256(M) = D. L and D are public inputs (D packed into two field elements); M stays private, hidden by the proof’s random blinding.',
    trust:
      'Groth16 parameters from one setup per capacity with random secrets, made when this deployment was built and then discarded: test setup, not for production. Whoever knew the secrets could forge proofs; a real deployment needs a multi-party ceremony (as Zcash ran for Sapling).',
    setupLabel: 'Groth16 parameters from a single-party setup made at build time: test setup, not for production',
    knobs: [
      {
        id: 'blocks',
        label: 'Capacity (BLAKE2s blocks)',
        help: 'BLAKE2s compressions the circuit runs, fixed by its keys: the longest message is blocks × 64 bytes. 1 and 3 blocks use the keys this build ships (12 and 40 MB); larger capacities make a Groth16 setup in this browser first (minutes, test only: proofs then verify only against that setup, not the published keys).',
        options: BLOCK_OPTIONS.map((b) => ({ value: b, label: blocksLabel(b) })),
      },
    ],
    defaultConfig: (messageBytes) => ({ blocks: defaultBlocks(messageBytes) }),
    // keys (shipped or browser) follows from blocks: the worker asks the crate for it (keysFor).
    capacity(config) {
      const blocks = Number(config.blocks);
      if (!BLOCK_OPTIONS.includes(blocks)) return { blocks: 0, bytes: -1 };
      return { blocks, bytes: blocks * OPTIONS.blockBytes };
    },
    phases: rustPhases(CRATE.phases, { keys: true }),
    threads: rustThreads('bellman and groth16 `multicore`'),
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'bellman' }),
};
