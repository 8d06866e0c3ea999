// Where this deployment's results service is: zkplay.config.json next to the page, the one
// small file a deployment edits ({ "resultsService": "https://results.example.org" }).
// `npm start` serves it with the URL of the service it starts (scripts/serve.mjs); the static
// build ships it with null, and the page then says that sharing is not configured.
import { appUrl } from '@zkplay/core/artifacts';

export type ServiceState = { kind: 'loading' } | { kind: 'configured'; url: string } | { kind: 'off'; why: string };

let loaded: Promise<ServiceState> | undefined;

export function resultsService(): Promise<ServiceState> {
  loaded ??= (async (): Promise<ServiceState> => {
    const file = appUrl('zkplay.config.json');
    try {
      const res = await fetch(file, { cache: 'no-store' });
      if (!res.ok) return { kind: 'off', why: `this deployment has no zkplay.config.json (HTTP ${res.status})` };
      // The preview server answers a missing file with the page itself: not JSON.
      const config: unknown = await res.json().catch(() => undefined);
      const url = (config as { resultsService?: unknown } | undefined)?.resultsService;
      if (typeof url !== 'string' || !url) return { kind: 'off', why: 'zkplay.config.json names no resultsService' };
      return { kind: 'configured', url: url.replace(/\/+$/, '') };
    } catch (e) {
      return {
        kind: 'off',
        why: `zkplay.config.json could not be read: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  })();
  return loaded;
}

export const NOT_CONFIGURED = 'Sharing is not configured on this deployment';
