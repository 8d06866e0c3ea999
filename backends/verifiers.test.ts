// The verifier registry: every backend says how the zkplay-verifier package checks its proofs
// (backends/<id>/verifier.ts), and the map the page and the tests get from vite's
// import.meta.glob is the one the package's bundle gets from backendIds('verifier.ts')
// (verifier/build.mjs). The extra backends' folders (ZKPLAY_EXTRA_BACKENDS, vite.config.ts) are
// held to the same rule: a backend folder has a verifier.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendIds } from '@zkplay/build-kit/backends';
import { extraBackends } from '@zkplay/build-kit/extra-backends';
import { verifiers } from './verifiers';

describe('the verifier registry', () => {
  it('has one verifier per backend folder, keyed as the package build keys them', () => {
    expect(backendIds('index.ts').length).toBeGreaterThan(0);
    expect(backendIds('verifier.ts')).toEqual(backendIds('index.ts'));
    const extra = extraBackends();
    for (const b of extra) expect(existsSync(join(b.dir, 'verifier.ts')), `${b.dir} has no verifier.ts`).toBe(true);
    expect(Object.keys(verifiers).sort()).toEqual([...backendIds('verifier.ts'), ...extra.map((b) => b.id)].sort());
  });

  for (const [id, spec] of Object.entries(verifiers)) {
    it(`${id}: declares a known kind, and a TypeScript verifier loads`, async () => {
      expect(['wasm', 'typescript']).toContain(spec.kind);
      if (spec.kind !== 'typescript') return;
      expect(typeof (await spec.load()).verify).toBe('function');
      if (spec.evm) {
        expect(spec.evm.proofSystem && spec.evm.field).toBeTruthy();
        expect(typeof (await spec.evm.load())).toBe('function');
      }
    });
  }
});
