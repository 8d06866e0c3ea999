// The backends and verifiers vite.config.ts registers from ZKPLAY_EXTRA_BACKENDS (none in a normal build).
declare module 'virtual:zkplay-extra-backends' {
  import type { Backend } from '@zkplay/core/manifest';
  export const extraBackends: Backend[];
}

declare module 'virtual:zkplay-extra-verifiers' {
  import type { VerifierSpec } from '@zkplay/verifier/backends/spec';
  /** By backend id (its folder's name), as backends/verifiers.ts keys its own. */
  export const extraVerifiers: Record<string, VerifierSpec>;
}
