// The TypeScript face of schema/run-result.schema.json (the single definition): its types are
// generated from the schema (scripts/gen-schema-types.mjs); this module adds what the page
// knows about them. Sizes is an open map: a backend may report any size and label it in its
// manifest (BackendManifest.sizeLabels); the keys the schema lists are the ones the page labels
// itself (SIZE_LABELS, ResultView), and absent keys do not apply to the backend.

export type { Environment, PhaseStat, RunResult, Sizes, Stat } from './generated/schema-types';

/** How the page labels the sizes it knows, in this order; other keys take the manifest's label. */
export const SIZE_LABELS: Record<string, string> = {
  proof: 'Proof',
  provingKey: 'Proving key',
  verifyingKey: 'Verifying key',
  params: 'KZG / public parameters',
  circuit: 'Constraint system',
  download: 'Downloaded this run',
};

// One implementation for the page and the Node scripts (scripts/lib/native.mjs).
export { stat } from './stats.mjs';
