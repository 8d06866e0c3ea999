/// <reference types="vite/client" />
// How the zkplay-verifier package checks each backend's proofs, by id: every folder
// backends/<id>/ with a verifier.ts exporting `verifier` (see VerifierSpec in
// @zkplay/verifier/backends/spec). Small on purpose: a backend's verifier code sits behind its own
// dynamic import, so only the one a proof needs is loaded.
// The package's bundle (verifier/build.mjs, esbuild: no import.meta.glob) gets a static map of
// the same files, generated from backendIds('verifier.ts').
// The tests also register the verifiers of backends from folders outside this one
// (ZKPLAY_EXTRA_BACKENDS, vite.config.ts), as registry.ts does their backends; normal builds
// and the package have none.
import type { VerifierSpec } from '@zkplay/verifier/backends/spec';
import { extraVerifiers } from 'virtual:zkplay-extra-verifiers';

const modules = import.meta.glob<{ verifier: VerifierSpec }>('./*/verifier.ts', { eager: true });

const own = Object.entries(modules).map(([path, m]) => [path.split('/')[1], m.verifier] as const);
const repeated = own.filter(([id]) => Object.hasOwn(extraVerifiers, id)).map(([id]) => id);
if (repeated.length) throw new Error(`two backends' verifiers share the id ${repeated.join(', ')}`);

export const verifiers: Record<string, VerifierSpec> = Object.fromEntries([...own, ...Object.entries(extraVerifiers)]);
