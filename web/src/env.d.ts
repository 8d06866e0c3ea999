/// <reference types="svelte" />
/// <reference types="vite/client" />
/** The git commit the page was built from (vite.config.ts defines it). */
declare const __ZKPLAY_COMMIT__: string;
