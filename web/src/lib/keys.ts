// This deployment's keys.json (built by the set-up next to the artifacts): which verifying key a
// proof made here was made against, and what the verify view trusts.
import { appUrl } from '@zkplay/core/artifacts';
import { readKeyManifest, type KeyManifest } from '@zkplay/verifier/keys';

/** keys.json of this deployment, next to the page (appUrl: so it works under any path). */
export const KEYS_URL = (): URL => new URL(appUrl('artifacts/keys.json'));

let loaded: Promise<KeyManifest> | undefined;

export function loadKeys(): Promise<KeyManifest> {
  if (!loaded) {
    loaded = fetch(KEYS_URL().href)
      .then((r) => {
        if (!r.ok) throw new Error(`keys.json: HTTP ${r.status}`);
        return r.json();
      })
      .then(readKeyManifest);
    loaded.catch(() => (loaded = undefined));
  }
  return loaded;
}

/** Reads keys.json again on the next loadKeys: `npm start` rewrites it as each backend is built. */
export function forgetKeys(): void {
  loaded = undefined;
}
