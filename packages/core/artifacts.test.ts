import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchArtifact, fetchIndex, sha256Hex } from './artifacts';
import { BackendError } from './protocol';

const body = new Uint8Array(10_000).map((_, i) => i & 0xff);

function serve(bytes: Uint8Array) {
  vi.stubGlobal('fetch', async () => new Response(bytes as Uint8Array<ArrayBuffer>));
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchArtifact', () => {
  it('returns the bytes when they match the recorded hash, with progress up to the total', async () => {
    serve(body);
    const seen: number[] = [];
    const got = await fetchArtifact(
      'http://127.0.0.1/a/index.json',
      { file: 'k.bin', bytes: body.length, sha256: await sha256Hex(body) },
      'key',
      (l) => seen.push(l),
    );
    expect(got.bytes).toEqual(body);
    expect(got.fromCache).toBe(false);
    expect(seen.at(-1)).toBe(body.length);
  });

  it('refuses a corrupted file (same size, other bytes)', async () => {
    const bad = body.slice();
    bad[5000] ^= 1;
    serve(bad);
    const err = await fetchArtifact(
      'http://127.0.0.1/a/',
      { file: 'k.bin', bytes: body.length, sha256: await sha256Hex(body) },
      'proving key',
      () => {},
    ).catch((e) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect(err.code).toBe('corrupt-artifact');
    expect(err.message).toMatch(/proving key failed its integrity check/);
  });

  it('refuses a truncated or oversized file', async () => {
    const sha256 = await sha256Hex(body);
    serve(body.slice(0, 9000));
    await expect(
      fetchArtifact('http://127.0.0.1/a/', { file: 'k.bin', bytes: body.length, sha256 }, 'key', () => {}),
    ).rejects.toThrow(/truncated: got 9000 of 10000 bytes/);
    serve(new Uint8Array(12_000));
    await expect(
      fetchArtifact('http://127.0.0.1/a/', { file: 'k.bin', bytes: body.length, sha256 }, 'key', () => {}),
    ).rejects.toThrow(/larger than the 10000 bytes/);
  });
});

describe('fetchIndex', () => {
  const url = 'http://127.0.0.1/artifacts/x/index.json';
  const entry = { file: 'x.wasm', bytes: 10, sha256: 'ab'.repeat(32) };
  const json = (v: unknown) => vi.stubGlobal('fetch', async () => new Response(JSON.stringify(v)));

  it('returns an index that follows schema/artifact-index.schema.json', async () => {
    json({ build: 'b', files: { wasm: entry } });
    expect((await fetchIndex(url)).files?.wasm).toEqual(entry);
  });

  it('refuses one that does not, as a corrupt artifact naming the field', async () => {
    json({ build: 'b', files: { wasm: { ...entry, sha256: undefined } } });
    const err = await fetchIndex(url).catch((e) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect(err.code).toBe('corrupt-artifact');
    expect(err.message).toBe(
      `${url} is not a valid artifact index (rebuild with npm start): "files.wasm.sha256" is missing`,
    );
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>'));
    await expect(fetchIndex(url)).rejects.toThrow(/is not valid JSON/);
  });
});
