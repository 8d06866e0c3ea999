// appUrl (packages/core/artifacts.ts): the one place that turns "a file this deployment ships"
// into a URL. On the page it follows the page's own address, so dist/ works at any path; the
// workers' side (the folder above vite's assets/) is covered by e2e/subpath.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appUrl, artifactUrl } from '@zkplay/core/artifacts';

afterEach(() => vi.unstubAllGlobals());

describe('appUrl', () => {
  it('resolves next to the page, at whatever path it is served', () => {
    for (const [page, want] of [
      ['https://example.org/zkplay/', 'https://example.org/zkplay/artifacts/halo2/index.json'],
      ['https://example.org/zkplay/index.html?debug#/verify', 'https://example.org/zkplay/artifacts/halo2/index.json'],
      ['http://127.0.0.1:4173/#/bench', 'http://127.0.0.1:4173/artifacts/halo2/index.json'],
    ]) {
      vi.stubGlobal('document', { baseURI: page });
      expect(artifactUrl('halo2/index.json')).toBe(want);
    }
    vi.stubGlobal('document', { baseURI: 'https://example.org/a/b/' });
    expect(appUrl('native-reference.json')).toBe('https://example.org/a/b/native-reference.json');
  });

  it('refuses a root-absolute path, which would leave the subpath', () => {
    vi.stubGlobal('document', { baseURI: 'https://example.org/zkplay/' });
    expect(() => appUrl('/artifacts/keys.json')).toThrow(/must be relative/);
  });
});
