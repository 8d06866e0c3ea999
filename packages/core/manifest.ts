// What a backend tells the page about itself. The UI reads only this: adding a backend means
// adding a folder backends/<id>/ whose index.ts exports a `backend` of type Backend.
import type { Config } from './protocol';
import { HASHES, type HashId } from './hashes';

export interface Knob {
  id: string;
  label: string;
  /** One line on what the knob changes, shown under it. */
  help: string;
  /** An option with `when` is offered only for the configurations it holds for (e.g. the k of halo2's chosen circuit). */
  options: { value: number | string; label: string; when?(config: Config): boolean }[];
  /**
   * Whether the knob applies to a configuration (absent: always). One that does not is not
   * shown and not part of the configuration (see appliedConfig), e.g. halo2's rows per round,
   * a knob of its zkEVM circuit only.
   */
  when?(config: Config): boolean;
  /** Knobs a person's choice of this one sends back to their defaults (e.g. halo2's k when the circuit changes). */
  resets?: string[];
}

/** The configuration without the knobs that do not apply to it (Knob.when): what is proven, keyed and written in proof files. */
export function appliedConfig(m: Pick<BackendManifest, 'knobs'>, config: Config): Config {
  const out = { ...config };
  for (const knob of m.knobs) if (knob.when && !knob.when(config)) delete out[knob.id];
  return out;
}

export interface Capacity {
  bytes: number;
  blocks: number;
  /**
   * Why this configuration cannot prove in this page although it exists (its proofs still
   * verify here): shown instead of the capacity, and Prove is disabled. E.g. starky's zk wrapper
   * needs more memory than wasm32 has.
   */
  unavailable?: string;
}

export interface BackendManifest {
  id: string;
  label: string;
  /** e.g. "Groth16", "PLONK + KZG (halo2)", "plonky2 (PLONK + FRI)" */
  proofSystem: string;
  /** e.g. "BN254", "Goldilocks" */
  field: string;
  /**
   * The hash of the statement "I know M of length L with H(M) = D" (packages/core/hashes.ts):
   * the page computes D with it, block counts use its blocks, and proof files, keys.json and run
   * results carry it. The build must write the same id into keys.json (index.json keys.hash).
   */
  hash: HashId;
  /** What is public and what stays private, in one sentence. */
  statement: string;
  /** Trust assumptions of the setup, in one or two sentences. Shown verbatim. */
  trust: string;
  /** Short label of the setup kind shown next to results, e.g. "single-party setup made at build time". */
  setupLabel: string;
  knobs: Knob[];
  /**
   * The configuration to use for a message of this many bytes (within what the backend
   * supports), given the knobs a person chose (which the page then lays over it).
   */
  defaultConfig(messageBytes: number, chosen?: Config): Config;
  capacity(config: Config): Capacity;
  /**
   * Knob choices the benchmark view measures at each length, each laid over defaultConfig
   * (halo2: each circuit); absent, the defaults alone.
   */
  benchVariants?: Config[];
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

// Keccak-256's block arithmetic under its old names, for the Keccak backends' own modules that
// still import them: one definition, HASHES['keccak-256'] (hashes.ts). New code: hashDef(id).
/** @deprecated HASHES['keccak-256'].blockBytes */
export const KECCAK_RATE = HASHES['keccak-256'].blockBytes;
/** @deprecated HASHES['keccak-256'].blocks */
export const keccakBlocks = HASHES['keccak-256'].blocks;
/** @deprecated HASHES['keccak-256'].bytesForBlocks */
export const maxBytesForBlocks = HASHES['keccak-256'].bytesForBlocks;
