// gnark: Groth16 over BN254, a Go circuit compiled to js/wasm (see gnark/ for the Go module).
import type { Backend } from '@zkplay/core/manifest';
import PHASES from '../../gnark/prover/phases.json';

const MAX_BYTES = 135; // one Keccak block: the circuit gnark/keccak is built for

export const backend: Backend = {
  manifest: {
    id: 'gnark',
    label: 'gnark',
    proofSystem: 'Groth16 (gnark v0.16.3), Keccak-f over single bits',
    field: 'BN254',
    hash: 'keccak-256',
    statement:
      'I know a message M of length L such that Keccak-256(M) = D. D and L are public inputs; the message M stays private (a witness).',
    trust:
      'Groth16 needs a trusted setup. These keys come from a single-party setup made at build time on the machine that built this site: whoever ran it could forge proofs. Fine for a playground, not for production.',
    setupLabel: 'single-party Groth16 setup made at build time (test only, not for production)',
    knobs: [],
    defaultConfig: () => ({ circuit: 'keccak256-1block' }),
    capacity: () => ({ bytes: MAX_BYTES, blocks: 1 }),
    phases: PHASES, // gnark/prover/phases.json: the labels Go reports
    threads: {
      supported: () => true,
      note: "Go's js/wasm port is single-threaded. On 2 threads a second Go wasm instance, in its own worker with its own copy of the proving key, computes most of the quotient's multi-scalar multiplication (gnark/prover/twoparts.go says how much) while the first computes the rest; more threads still use two.",
    },
  },
  createWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'gnark' }),
};
