// starky: crates/zkplay-starky (starky 1.1.0 + plonky2 1.1.0 over Goldilocks) proving Keccak-256
// preimages as two STARKs (a sponge table and a Keccak-f round table) linked by a cross-table
// lookup, wrapped into one plonky2 proof, compiled to wasm (a threaded and a single-threaded
// build). Transparent: the wrapper circuit is built in the browser and checked against the key
// file the build ships (which pins it).
import type { Backend } from '@zkplay/core/manifest';
import { rustPhases, rustThreads } from '@zkplay/core/rust-manifest';
import CRATE from './phases.json';
import { capacityOf, HASH, MAX_BYTES, STATEMENT_MAX_BYTES, ZK_OPTIONS, zkLabel } from './config';

export const backend: Backend = {
  manifest: {
    id: 'starky',
    label: 'starky',
    proofSystem:
      'starky 1.1.0 STARKs (sponge + Keccak-f tables, logUp cross-table lookup) wrapped in one plonky2 1.1.0 proof',
    field: 'Goldilocks',
    hash: HASH,
    statement:
      'I know a message M of length L such that Keccak-256(M) = D. D and L are the public inputs of the wrapped proof; M is a witness. ' +
      'The two STARK proofs are not zero-knowledge (their openings are evaluations of the message’s trace) and never leave this tab: the file holds the plonky2 proof that verifies them. ' +
      'With zero knowledge off (the default) that proof is sound but does not formally hide its witness, the STARK proofs; on, plonky2’s blinding hides them.',
    trust:
      'No trusted setup: starky and plonky2 are transparent (FRI over Goldilocks). The wrapper circuit is built in this browser and must equal the one the build’s key file pins.',
    setupLabel: 'no trusted setup (transparent)',
    knobs: [
      {
        id: 'zk',
        label: 'Zero knowledge',
        help: `plonky2's blinding of the wrapped proof: off is sound but does not formally hide the STARK proofs it verifies (their openings are evaluations of the message's trace); on hides them, with a wrapper twice as tall. Messages up to ${MAX_BYTES.toLocaleString('en')} bytes prove here with zk off (the memory estimate for wasm32's 4 GiB); a proof may claim up to ${STATEMENT_MAX_BYTES.toLocaleString('en')} bytes (natively).`,
        options: ZK_OPTIONS.map((value) => ({ value, label: zkLabel(value) })),
      },
    ],
    defaultConfig: () => ({ zk: 'off' }),
    capacity: (config) => capacityOf(String(config.zk ?? 'off')),
    phases: rustPhases(CRATE.phases, { keys: true }),
    threads: rustThreads('starky and plonky2 `parallel`'),
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'starky' }),
};
