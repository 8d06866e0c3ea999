// halo2: Axiom's zkEVM Keccak circuit (zkevm-hashes 0.3.0, halo2-axiom) with KZG over BN254,
// compiled from crates/zkplay-halo2 to wasm (a threaded and a single-threaded build).
import type { Backend } from '@zkplay/core/manifest';
import type { HashId } from '@zkplay/core/hashes';
import { rustPhases, rustThreads } from '@zkplay/core/rust-manifest';
import CRATE from './phases.json';
import { keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import { capacityBlocks, DEFAULT_ROWS_PER_ROUND, K_OPTIONS, ROWS_OPTIONS } from './capacity';

/** Smallest offered k that holds a message of this many bytes with the default rows per round (as zkplay_halo2::default_params). */
function defaultK(messageBytes: number): number {
  const blocks = keccakBlocks(messageBytes);
  return K_OPTIONS.find((k) => capacityBlocks(k, DEFAULT_ROWS_PER_ROUND) >= blocks) ?? K_OPTIONS[K_OPTIONS.length - 1];
}

export const backend: Backend = {
  manifest: {
    id: 'halo2',
    label: 'halo2',
    proofSystem: 'halo2 PLONK + KZG (SHPLONK), zkEVM Keccak (zkevm-hashes 0.3.0)',
    field: 'BN254',
    hash: CRATE.hash as HashId,
    statement:
      'I know a message M of length L such that Keccak-256(M) = D. L and D are public instances; the message M stays private (a witness).',
    trust:
      'KZG parameters from one setup with a random secret, made when this deployment was built and then discarded: test setup, not for production. Whoever knew the secret could forge proofs; a real deployment needs parameters from a multi-party ceremony.',
    setupLabel: 'KZG parameters from a single-party setup made at build time: test setup, not for production',
    knobs: [
      {
        id: 'k',
        label: 'k',
        help: 'The circuit has 2^k rows: each step of k doubles the rows, the Keccak blocks it holds and roughly the proving time.',
        options: K_OPTIONS.map((k) => ({ value: k, label: `${k} (${(2 ** k).toLocaleString('en')} rows)` })),
      },
      {
        id: 'rowsPerRound',
        label: 'Rows per round',
        help: 'Rows per Keccak-f round: fewer rows fit more blocks in 2^k rows but need more advice columns (wider, costlier rows).',
        options: ROWS_OPTIONS.map((r) => ({ value: r, label: `${r}` })),
      },
    ],
    defaultConfig: (messageBytes) => ({ k: defaultK(messageBytes), rowsPerRound: DEFAULT_ROWS_PER_ROUND }),
    capacity(config) {
      const blocks = capacityBlocks(Number(config.k), Number(config.rowsPerRound));
      // No block: not even the empty message fits.
      return { blocks, bytes: blocks === 0 ? -1 : maxBytesForBlocks(blocks) };
    },
    phases: rustPhases(CRATE.phases, { keys: true }),
    threads: rustThreads(),
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'halo2' }),
};
