// The backends vite.config.ts registers from ZKPLAY_EXTRA_BACKENDS (none in a normal build).
declare module 'virtual:zkplay-extra-backends' {
  import type { Backend } from '@zkplay/core/manifest';
  export const extraBackends: Backend[];
}
