// The extra backends (ZKPLAY_EXTRA_BACKENDS) as vite.config.ts sees them: which folders are
// backends, the modules that hand their index.ts and verifier.ts to the registries, and the keys
// their keys/ folder adds to artifacts/keys.json (what the dev server answers), checked against
// the fixture backend of e2e/fixtures/backends/ and against folders made here.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readKeyManifest, type KeyManifest } from '@zkplay/verifier/keys';
import {
  extraArtifact,
  extraBackendDirs,
  extraBackendKeys,
  extraBackends,
  extraKeys,
  extraModuleSource,
  mergeKeyManifests,
} from './extra-backends.mjs';

const fixtures = fileURLToPath(new URL('../../e2e/fixtures/backends', import.meta.url));
const echo = { id: 'echo', dir: join(fixtures, 'echo') };
const tmp = mkdtempSync(join(tmpdir(), 'zkplay-extra-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sha256 = (b: string) => createHash('sha256').update(b).digest('hex');

/** A backend folder tmp/<dir>/<id>/ with an index.ts, and keys/ holding keys.json (as given) and files. */
function folder(dir: string, id: string, keys?: unknown, files: Record<string, string> = {}) {
  const at = join(tmp, dir, id);
  mkdirSync(join(at, 'keys'), { recursive: true });
  writeFileSync(join(at, 'index.ts'), 'export const backend = {};\n');
  if (keys !== undefined) writeFileSync(join(at, 'keys', 'keys.json'), JSON.stringify(keys));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(at, 'keys', name), text);
  return { id, dir: at };
}

/** A keys.json of one backend whose one key is vk (file name `file`, listed with vk's size and hash). */
function keysOf(id: string, vk = 'key', file = 'vk.bin', listed = vk) {
  return {
    format: 'zkplay-keys',
    version: 1,
    build: `${id}-build`,
    backends: {
      [id]: {
        proofSystem: 'x',
        field: 'y',
        setup: { kind: 'transparent', note: 'test' },
        versions: {},
        entries: [
          {
            config: { n: 1 },
            keyHash: sha256(vk),
            vk: { file, bytes: listed.length, sha256: sha256(listed) },
            capacityBytes: 10,
          },
        ],
      },
    },
  };
}

describe('which folders are extra backends', () => {
  it('reads ZKPLAY_EXTRA_BACKENDS as comma-separated folders', () => {
    expect(extraBackendDirs('')).toEqual([]);
    expect(extraBackendDirs(' a, ,b/c ')).toEqual([resolve('a'), resolve('b/c')]);
  });

  it('takes each <dir>/<id>/ with an index.ts, in id order', () => {
    expect(extraBackends([fixtures])).toEqual([echo]);
    folder('list', 'zeta');
    folder('list', 'alpha');
    mkdirSync(join(tmp, 'list', 'not-a-backend'));
    expect(extraBackends([join(tmp, 'list'), fixtures]).map((b) => b.id)).toEqual(['alpha', 'echo', 'zeta']);
  });
});

describe('the modules that hand them to the registries', () => {
  it('imports a file of every folder that has it, as a list or by id', () => {
    const none = folder('modules', 'none');
    const list = extraModuleSource([echo, none], { file: 'index.ts', name: 'backend', exportAs: 'extraBackends' });
    expect(list).toContain(`import { backend as m0 } from ${JSON.stringify(join(echo.dir, 'index.ts'))};`);
    expect(list).toContain('export const extraBackends = [m0, m1];');
    const byId = extraModuleSource([none, echo], {
      file: 'verifier.ts',
      name: 'verifier',
      exportAs: 'extraVerifiers',
      byId: true,
    });
    expect(byId).toContain(`import { verifier as m0 } from ${JSON.stringify(join(echo.dir, 'verifier.ts'))};`);
    expect(byId).toContain('export const extraVerifiers = { "echo": m0 };');
    expect(extraModuleSource([], { file: 'index.ts', name: 'backend', exportAs: 'x' })).toBe('export const x = [];\n');
  });
});

describe('the keys an extra backend adds to keys.json', () => {
  it("takes the fixture's keys, with paths under artifacts/ as a build writes them", () => {
    const k = extraBackendKeys(echo)!;
    expect(k.id).toBe('echo');
    expect(k.backend.entries.map((e) => [e.config, e.vk.file])).toEqual([
      [{ maxBlocks: 1 }, 'echo/vk-1.json'],
      [{ maxBlocks: 2 }, 'echo/vk-2.json'],
    ]);
    expect([...k.files]).toEqual([
      ['echo/vk-1.json', join(echo.dir, 'keys', 'vk-1.json')],
      ['echo/vk-2.json', join(echo.dir, 'keys', 'vk-2.json')],
    ]);
    const merged = mergeKeyManifests(undefined, [k]);
    expect(readKeyManifest(merged)).toEqual(merged);
    expect(merged.build).toBe('echo-fixture');
  });

  it("adds them to the build's own keys.json, and refuses an id the build has", () => {
    const base = readKeyManifest({ ...keysOf('gnark'), build: 'b1' }) as KeyManifest;
    const merged = mergeKeyManifests(base, [extraBackendKeys(echo)!]);
    expect(Object.keys(merged.backends)).toEqual(['gnark', 'echo']);
    expect(merged.backends.gnark).toEqual(base.backends.gnark);
    expect(merged.build).toBe('b1.echo-fixture');
    expect(() => mergeKeyManifests(merged, [extraBackendKeys(echo)!])).toThrow('already lists a backend "echo"');
  });

  it('has nothing to add for a folder without keys/keys.json', () => {
    const bare = folder('bare', 'bare');
    expect(extraBackendKeys(bare)).toBeUndefined();
    expect(extraKeys([bare])).toEqual({ manifest: undefined, files: new Map() });
    expect(extraArtifact([bare], 'keys.json')).toBeUndefined();
  });

  it('refuses keys that are not schema-valid, name another backend, or do not match their files', () => {
    const refused: [unknown, Record<string, string>, RegExp][] = [
      [{ ...keysOf('k'), version: 2 }, { 'vk.bin': 'key' }, /does not follow schema\/keys.schema.json: \/version/],
      [keysOf('other'), { 'vk.bin': 'key' }, /must list backend "k" alone, not other/],
      [keysOf('k'), {}, /lists vk.bin, which is not there/],
      [
        keysOf('k', 'key', 'vk.bin', 'another key'),
        { 'vk.bin': 'key' },
        /vk.bin is 3 bytes with sha256 .* keys.json says 11 bytes/,
      ],
      [keysOf('k', 'key', '../../x'), {}, /leaves/],
    ];
    refused.forEach(([keys, files, why], i) => {
      expect(() => extraBackendKeys(folder(`refused-${i}`, 'k', keys, files))).toThrow(why);
    });
  });
});

describe('what the dev server answers under artifacts/', () => {
  it("serves the merged keys.json and the files the keys list, and leaves everything else to the build's files", () => {
    const keys = JSON.parse(extraArtifact([echo], 'keys.json')!.toString('utf8'));
    expect(readKeyManifest(keys).backends.echo.entries).toHaveLength(2);
    const vk = extraArtifact([echo], 'echo/vk-1.json')!;
    expect(createHash('sha256').update(vk).digest('hex')).toBe(keys.backends.echo.entries[0].vk.sha256);
    for (const other of ['echo/keys.json', 'echo/index.ts', 'gnark/index.json', 'echo/../echo/vk-1.json'])
      expect(extraArtifact([echo], other), other).toBeUndefined();
  });

  it("merges the build's keys.json when there is one", () => {
    const base = join(tmp, 'keys.json');
    writeFileSync(base, JSON.stringify(keysOf('gnark')));
    const keys = JSON.parse(extraArtifact([echo], 'keys.json', base)!.toString('utf8'));
    expect(Object.keys(keys.backends)).toEqual(['gnark', 'echo']);
    expect(extraArtifact([echo], 'keys.json', join(tmp, 'missing.json'))).toBeDefined();
  });
});
