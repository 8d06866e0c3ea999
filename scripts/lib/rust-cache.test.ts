// The wasm build cache's housekeeping (scripts/lib/rust.mjs): derived workspaces are mirrored so
// that unchanged files keep their mtime (cargo then compiles only what changed), and the cache
// keeps the most recently used builds of each crate and variant.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mirrorTree, patchSetName, pruneWasmCache, targetFolder } from './rust.mjs';

const tree = (dir: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

describe('mirrorTree', () => {
  it('rewrites changed files only, adds new ones and deletes the ones the source lacks', () => {
    const base = mkdtempSync(join(tmpdir(), 'zkplay-mirror-'));
    const [src, dst] = [join(base, 'src'), join(base, 'dst')];
    tree(dst, { 'a/same.rs': 'same', 'a/changed.rs': 'old', 'gone.rs': 'x', 'dir-now-file/f': 'y' });
    const old = new Date('2020-01-01T00:00:00Z');
    for (const f of ['a/same.rs', 'a/changed.rs']) utimesSync(join(dst, f), old, old);
    tree(src, { 'a/same.rs': 'same', 'a/changed.rs': 'new', 'b/added.rs': 'added', 'dir-now-file': 'file' });

    mirrorTree(src, dst);

    expect(statSync(join(dst, 'a/same.rs')).mtimeMs).toBe(old.getTime());
    expect(statSync(join(dst, 'a/changed.rs')).mtimeMs).toBeGreaterThan(old.getTime());
    expect(readFileSync(join(dst, 'a/changed.rs'), 'utf8')).toBe('new');
    expect(readFileSync(join(dst, 'b/added.rs'), 'utf8')).toBe('added');
    expect(readFileSync(join(dst, 'dir-now-file'), 'utf8')).toBe('file');
    expect(readdirSync(dst).sort()).toEqual(['a', 'b', 'dir-now-file']);
  });
});

describe('pruneWasmCache', () => {
  it("keeps the three most recently used builds of one crate and variant, and nobody else's", () => {
    const dir = mkdtempSync(join(tmpdir(), 'zkplay-wasm-cache-'));
    const key = (i: number) => i.toString(16).padStart(16, '0');
    const names = [1, 2, 3, 4, 5].map((i) => `zkplay-starky-threads-${key(i)}`);
    const others = [
      `zkplay-starky-threads-wide-${key(1)}`,
      `zkplay-plonky2-threads-${key(1)}`,
      'zkplay-starky-threads-x.tmp',
    ];
    for (const d of [...names, ...others]) mkdirSync(join(dir, d));
    // Used in the order 1..5, except that build 1 was used last of all.
    names.forEach((d, i) => utimesSync(join(dir, d), new Date(1000 * (i + 2)), new Date(1000 * (i + 2))));
    utimesSync(join(dir, names[0]), new Date(10_000), new Date(10_000));

    pruneWasmCache(dir, 'zkplay-starky-threads');

    expect(readdirSync(dir).sort()).toEqual([...others, names[0], names[3], names[4]].sort());
  });
});

describe('what wasm builds share', () => {
  it("puts the verifier builds (plain wasm32) in the single-threaded builds' target folder, and no other", () => {
    expect(targetFolder('verifier')).toBe('single');
    expect(targetFolder('single')).toBe('single');
    expect(targetFolder('threads')).toBe('threads');
    expect(targetFolder('threads-wide')).toBe('threads-wide');
  });

  it('gives two backends with the same patches one derived workspace, whatever their order', () => {
    const mul = { name: 'plonky2_field', version: '1.0.0', diff: 'crates/patches/a.patch' };
    const poseidon = { name: 'plonky2', version: '1.1.0', diff: 'crates/patches/b.patch' };
    const off = {
      name: 'halo2-base',
      version: '0.5.0',
      dependency: 'halo2_proofs_axiom',
      set: { 'default-features': false },
    };
    expect(patchSetName([mul, poseidon])).toBe(patchSetName([poseidon, mul]));
    expect(patchSetName([mul])).not.toBe(patchSetName([mul, poseidon]));
    expect(patchSetName([off])).not.toBe(patchSetName([{ ...off, set: { 'default-features': true } }]));
  });
});
