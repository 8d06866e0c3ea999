// halo2: two Keccak circuits on halo2-axiom with KZG over BN254 (SHPLONK), compiled from
// crates/zkplay-halo2 to wasm (a threaded and a single-threaded build): our narrow circuit (the
// default wherever it holds the message: docs/halo2-circuit.md) and Axiom's zkEVM Keccak
// (zkevm-hashes 0.3.0), a knob.
import type { Backend } from '@zkplay/core/manifest';
import type { HashId } from '@zkplay/core/hashes';
import type { Config } from '@zkplay/core/protocol';
import { rustPhases, rustThreads } from '@zkplay/core/rust-manifest';
import CRATE from './phases.json';
import { keccakBlocks, maxBytesForBlocks } from '@zkplay/core/manifest';
import {
  capacityBlocks,
  configError,
  DEFAULT_CIRCUIT,
  DEFAULT_ROWS_PER_ROUND,
  K_OPTIONS,
  NARROW_K,
  narrowBlocks,
  ROWS_OPTIONS,
  ZKEVM_K,
  zkevmBlocks,
  type Circuit,
} from './capacity';

const last = (ks: number[]) => ks[ks.length - 1];

/** The smallest k of a circuit that holds a message of this many bytes (else its largest), as zkplay_halo2's defaults. */
function defaultK(circuit: Circuit, messageBytes: number, rowsPerRound: number): number {
  const blocks = keccakBlocks(messageBytes);
  if (circuit === 'narrow') return NARROW_K.find((k) => narrowBlocks(k) >= blocks) ?? last(NARROW_K);
  return ZKEVM_K.find((k) => zkevmBlocks(k, rowsPerRound) >= blocks) ?? last(ZKEVM_K);
}

/** A person's circuit, else the default circuit where one of its k holds the message, else zkEVM (CircuitChoice::default_for_len). */
function circuitFor(messageBytes: number, chosen: Config | undefined): Circuit {
  if (chosen?.circuit === 'narrow' || chosen?.circuit === 'zkevm') return chosen.circuit;
  const fits = NARROW_K.some((k) => narrowBlocks(k) >= keccakBlocks(messageBytes));
  return DEFAULT_CIRCUIT === 'narrow' && !fits ? 'zkevm' : DEFAULT_CIRCUIT;
}

const CIRCUIT_LABELS: Record<Circuit, string> = {
  narrow: 'narrow (ours: bits in 63 columns, no lookups)',
  zkevm: 'zkEVM (zkevm-hashes 0.3.0)',
};

export const backend: Backend = {
  manifest: {
    id: 'halo2',
    label: 'halo2',
    proofSystem: 'halo2 PLONK + KZG (SHPLONK): our narrow Keccak circuit, or the zkEVM Keccak (zkevm-hashes 0.3.0)',
    field: 'BN254',
    hash: CRATE.hash as HashId,
    statement:
      'I know a message M of length L such that Keccak-256(M) = D. L and D are public instances; the message M stays private (a witness).',
    trust:
      'KZG parameters from one setup with a random secret, made when this deployment was built and then discarded: test setup, not for production. Whoever knew the secret could forge proofs; a real deployment needs parameters from a multi-party ceremony.',
    setupLabel: 'KZG parameters from a single-party setup made at build time: test setup, not for production',
    knobs: [
      {
        id: 'circuit',
        label: 'Circuit',
        help: 'narrow: one bit per cell, no lookups, 10.5 kB proofs, fastest for a few blocks. zkEVM: Axiom’s Keccak, wide rows with lookups, holds more blocks per row.',
        // zkEVM first: its k = 10 is the smallest configuration (the smallest KZG parameters), which
        // e2e/conformance.spec.ts reaches by choosing every select's first option. The default is narrow.
        options: (['zkevm', 'narrow'] as const).map((c) => ({ value: c, label: CIRCUIT_LABELS[c] })),
        resets: ['k', 'rowsPerRound'],
      },
      {
        id: 'k',
        label: 'k',
        help: 'The circuit has 2^k rows: each step of k doubles the rows, the Keccak blocks it holds and roughly the proving time.',
        // Each circuit's own k: the page shows those of the chosen circuit.
        options: K_OPTIONS.map((k) => ({
          value: k,
          label: `${k} (${(2 ** k).toLocaleString('en')} rows)`,
          when: (config: Config) => (config.circuit === 'narrow' ? NARROW_K : ZKEVM_K).includes(k),
        })),
      },
      {
        id: 'rowsPerRound',
        label: 'Rows per round',
        help: 'zkEVM circuit: rows per Keccak-f round: fewer rows fit more blocks in 2^k rows but need more advice columns (wider, costlier rows).',
        options: ROWS_OPTIONS.map((r) => ({ value: r, label: `${r}` })),
        when: (config) => config.circuit === 'zkevm',
      },
    ],
    defaultConfig(messageBytes, chosen): Config {
      const circuit = circuitFor(messageBytes, chosen);
      if (circuit === 'narrow') return { circuit, k: defaultK(circuit, messageBytes, 0) };
      const rowsPerRound = Number(chosen?.rowsPerRound ?? DEFAULT_ROWS_PER_ROUND);
      return { circuit, k: defaultK(circuit, messageBytes, rowsPerRound), rowsPerRound };
    },
    capacity(config) {
      const err = configError(config);
      // A k of the other circuit: the knob offers every k, each circuit has its own.
      if (err) return { blocks: 0, bytes: -1, unavailable: `${err[0].toUpperCase()}${err.slice(1)}.` };
      const blocks = capacityBlocks(config);
      return { blocks, bytes: maxBytesForBlocks(blocks) };
    },
    // bench:compare and the benchmark view: both circuits at each length.
    benchVariants: [{ circuit: 'narrow' }, { circuit: 'zkevm' }],
    phases: rustPhases(CRATE.phases, { keys: true }),
    threads: rustThreads(),
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'halo2' }),
};
