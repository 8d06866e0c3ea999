/// <reference types="vite/client" />
// How the zkplay-verifier package checks each backend's proofs, by id: every folder
// backends/<id>/ with a verifier.ts exporting `verifier` (see VerifierSpec in
// @zkplay/core/verifier). Small on purpose: a backend's verifier code sits behind its own
// dynamic import, so only the one a proof needs is loaded.
// The package's bundle (verifier/build.mjs, esbuild: no import.meta.glob) gets a static map of the same files generated from backendIds('verifier.ts').
import type { VerifierSpec } from '@zkplay/core/verifier';

const modules = import.meta.glob<{ verifier: VerifierSpec }>('./*/verifier.ts', { eager: true });

export const verifiers: Record<string, VerifierSpec> = Object.fromEntries(
  Object.entries(modules).map(([path, m]) => [path.split('/')[1], m.verifier]),
);
