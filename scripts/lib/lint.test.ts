// The wasm lint (scripts/lib/lint.mjs clippyWasm) lints the set-up's own wasm builds in their own
// target folders: it must name every build whose code no native build compiles, and compile each
// with exactly the build's cargo arguments, or it would lint nothing, or compile every
// dependency again under other flags.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendIds, importBackendFile } from './backends.mjs';
import { wasmLintTargets } from './lint.mjs';
import { lintedVariants, variantFlags, wasmCargo } from './rust.mjs';
import { root } from './steps.mjs';

type Build = { crate: string; variant: string; features: string[]; patches?: unknown[]; cflags?: string };

describe('the wasm lint targets', () => {
  it("are every Rust backend's threaded, single-threaded and verifier builds, and the two views' builds but the wide one", async () => {
    const targets = (await wasmLintTargets()) as Build[];
    const named = targets.map((t) => `${t.crate} ${t.variant}`).sort();
    const rustBackends: string[] = [];
    for (const id of backendIds('build.mjs'))
      if ((await importBackendFile(id, 'build.mjs')).wasmLint) rustBackends.push(id);
    expect(rustBackends).toEqual(['bellman', 'halo2', 'plonky2', 'starky']);
    const want = [
      ...rustBackends.flatMap((id) => ['threads', 'single', 'verifier'].map((v) => `zkplay-${id} ${v}`)),
      'zkplay-kzg single',
      'zkplay-kzg threads',
      'zkplay-primitives single',
      'zkplay-primitives threads',
    ];
    expect(named).toEqual(want.sort());
    // The KZG crate's threaded build compiles blst's C with atomics: the lint must ask the same.
    expect(targets.find((t) => t.crate === 'zkplay-kzg' && t.variant === 'threads')?.cflags).toMatch(/-matomics/);
  });

  it('leaves out the wide variants only', () => {
    const variants = ['threads', 'single', 'threads-wide', 'verifier'].map((id) => ({ id, features: [id] }));
    expect(lintedVariants('c', variants).map((b: Build) => b.variant)).toEqual(['threads', 'single', 'verifier']);
    expect(lintedVariants('c', variants)[0]).toEqual({
      crate: 'c',
      variant: 'threads',
      features: ['threads'],
      patches: [],
    });
  });
});

describe('wasmCargo, the one definition of a wasm build for the build and its lint', () => {
  it('holds an unpatched build to the committed lock, in the target folder its flags name', async () => {
    const cacheDir = '/nonexistent-cache';
    const single = await wasmCargo({ root, cacheDir, crate: 'zkplay-kzg', variant: 'single', features: ['wasm'] });
    expect(single.cwd).toBe(join(root, 'crates'));
    expect(single.args).toEqual([
      '--release',
      '--target',
      'wasm32-unknown-unknown',
      '-p',
      'zkplay-kzg',
      '--no-default-features',
      '--features',
      'wasm',
      '--locked',
    ]);
    expect(single.env.CARGO_TARGET_DIR).toBe(join(cacheDir, 'cargo-target-wasm-single'));
    expect(single.env.RUSTFLAGS).toBe(variantFlags('single'));
    expect(single.env).not.toHaveProperty('CFLAGS_wasm32_unknown_unknown');
  });

  it('rebuilds std for threads and passes C flags through', async () => {
    const cacheDir = '/nonexistent-cache';
    const threads = await wasmCargo({
      root,
      cacheDir,
      crate: 'zkplay-kzg',
      variant: 'threads',
      features: ['wasm-threads'],
      cflags: '-matomics',
    });
    expect(threads.args.slice(-2)).toEqual(['-Z', 'build-std=panic_abort,std']);
    expect(threads.env.CFLAGS_wasm32_unknown_unknown).toBe('-matomics');
    expect(threads.env.CARGO_TARGET_DIR).toBe(join(cacheDir, 'cargo-target-wasm-threads'));
    expect(threads.env.RUSTFLAGS).toBe(variantFlags('threads'));
  });
});
