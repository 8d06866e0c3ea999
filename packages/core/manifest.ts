// What a backend tells the page about itself. The UI reads only this: adding a backend means
// adding a folder backends/<id>/ whose index.ts exports a `backend` of type Backend.
import type { Config } from './protocol';

export interface Knob {
  id: string;
  label: string;
  /** One line on what the knob changes, shown under it. */
  help: string;
  options: { value: number | string; label: string }[];
}

export interface Capacity {
  bytes: number;
  blocks: number;
}

export interface BackendManifest {
  id: string;
  label: string;
  /** e.g. "Groth16", "PLONK + KZG (halo2)", "plonky2 (PLONK + FRI)" */
  proofSystem: string;
  /** e.g. "BN254", "Goldilocks" */
  field: string;
  /** What is public and what stays private, in one sentence. */
  statement: string;
  /** Trust assumptions of the setup, in one or two sentences. Shown verbatim. */
  trust: string;
  /** Short label of the setup kind shown next to results, e.g. "single-party setup made at build time". */
  setupLabel: string;
  knobs: Knob[];
  /** The configuration to use for a message of this many bytes (within what the backend supports). */
  defaultConfig(messageBytes: number): Config;
  capacity(config: Config): Capacity;
  /**
   * Labels for sizes this backend reports beyond the ones the page knows (SIZE_LABELS in
   * run-result.ts: proof, provingKey, verifyingKey, params, circuit, download), e.g.
   * { friTree: 'FRI Merkle tree' }. An unlabelled key is shown as its name, spaced out ("friTree" → "Fri Tree").
   */
  sizeLabels?: Record<string, string>;
  /** The phases this backend reports, in order; used to lay out progress before events arrive. */
  phases: { id: string; label: string }[];
  threads: {
    /** Whether the prover can use more than one thread in this browser. */
    supported(env: { crossOriginIsolated: boolean; cores: number }): boolean;
    /** Why, shown next to the thread count. */
    note: string;
  };
}

export interface Backend {
  manifest: BackendManifest;
  /** A fresh worker for this backend (the page terminates and replaces it on cancel or crash). */
  createWorker(): Worker;
}

/** Keccak-256 absorbs 136-byte blocks; padding always adds at least one byte. */
export const KECCAK_RATE = 136;
export const keccakBlocks = (bytes: number) => Math.floor(bytes / KECCAK_RATE) + 1;
export const maxBytesForBlocks = (blocks: number) => blocks * KECCAK_RATE - 1;
