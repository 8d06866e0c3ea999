// The profile summary: times from V8's sample deltas, self time per function and package,
// "time under" counted once per sample whatever the depth, Rust disambiguators dropped.
import { describe, expect, it } from 'vitest';
import { BLOCKED, cleanName, packageOf, pathOf, summarizeProfiles } from './cpu-profile.mjs';

const frame = (functionName: string, url = 'wasm://wasm/abc') => ({
  functionName,
  url,
  scriptId: '1',
  lineNumber: 0,
  columnNumber: 0,
});

// root -> prove -> best_multiexp -> Fq::mul (recursive MSM frame under it too); root -> (idle)
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 6] },
    { id: 2, callFrame: frame('zkplay_halo2[0123456789abcdef]::prove'), children: [3] },
    { id: 3, callFrame: frame('halo2_axiom[e3fd33d8faf3325e]::arithmetic::best_multiexp'), children: [4] },
    { id: 4, callFrame: frame('halo2_axiom[e3fd33d8faf3325e]::arithmetic::best_multiexp'), children: [5] },
    {
      id: 5,
      callFrame: frame('<halo2curves_axiom[e752c94d106b2383]::bn256::fq::Fq as core[a377585fb64a80ef]::ops::Mul>::mul'),
      children: [],
    },
    { id: 6, callFrame: frame('(idle)', ''), children: [] },
  ],
  // sample i lasts timeDeltas[i + 1] µs
  samples: [5, 5, 4, 2, 6, 5],
  timeDeltas: [0, 1000, 1000, 2000, 500, 4000, 3000],
};

describe('CPU profile summary', () => {
  it('drops crate disambiguators and groups by crate or Go package', () => {
    expect(cleanName('halo2_axiom[e3fd33d8faf3325e]::plonk::prover')).toBe('halo2_axiom::plonk::prover');
    expect(packageOf(frame('<halo2curves_axiom[e752c94d106b2383]::bn256::fq::Fq as core::ops::Mul>::mul'))).toBe(
      'rust: halo2curves_axiom',
    );
    expect(packageOf(frame('github.com_consensys_gnark_crypto_ecc_bn254_fr.__Element_.Mul'))).toBe(
      'go: github.com_consensys_gnark_crypto_ecc_bn254_fr',
    );
    expect(packageOf(frame('internal_fmtsort.Sort.func1'))).toBe('go: internal_fmtsort');
    expect(packageOf(frame('__multi3'))).toBe('wasm: __multi3');
    expect(packageOf(frame('runtime.mallocgc'))).toBe('go: runtime');
    expect(packageOf(frame('(garbage collector)', ''))).toBe('(garbage collector)');
    expect(packageOf(frame('run', 'http://127.0.0.1/assets/worker-abc.js'))).toBe('js: worker-abc.js');
  });

  it('counts busy time apart from idle, and time under a group once per sample', () => {
    const s = summarizeProfiles([{ profile }]);
    // sample durations (ms): node 5: 1, 5: 1, 4: 2, 2: 0.5, idle: 4, 5: 3
    expect(s.idleMs).toBeCloseTo(4);
    expect(s.totalMs).toBeCloseTo(7.5);
    const mul = s.functions.find((f) => f.name.endsWith('::mul'));
    expect(mul?.selfMs).toBeCloseTo(5);
    expect(mul?.name).toBe('<halo2curves_axiom::bn256::fq::Fq as core::ops::Mul>::mul');
    const msm = s.under.find((g) => g.label.startsWith('multi-scalar'));
    expect(msm?.ms).toBeCloseTo(7); // everything but the 0.5 ms in prove itself, counted once despite two MSM frames
    expect(msm?.pct).toBeCloseTo((100 * 7) / 7.5);
    expect(s.packages[0]).toMatchObject({ name: 'rust: halo2curves_axiom' });
  });
});

describe('pathOf', () => {
  it('drops generic arguments but keeps qualified paths', () => {
    expect(pathOf('plonky2::iop::generator::generate_partial_witness::<plonky2_field::GoldilocksField, 2usize>')).toBe(
      'plonky2::iop::generator::generate_partial_witness::',
    );
    expect(pathOf('<plonky2::plonk::circuit_builder::CircuitBuilder<F, 2usize>>::build_with_options::<C>')).toBe(
      '<plonky2::plonk::circuit_builder::CircuitBuilder>::build_with_options::',
    );
    expect(pathOf('<halo2curves::bn256::fq::Fq as core::ops::Mul>::mul')).toBe(
      '<halo2curves::bn256::fq::Fq as core::ops::Mul>::mul',
    );
    expect(pathOf('<F as Fn<(A,)>>::call -> x')).toBe('<F as Fn>::call -> x');
  });

  it('keeps type names out of the groups: a builder is not an LDE', () => {
    const p = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2] },
        {
          id: 2,
          callFrame: frame(
            '<plonky2::plonk::circuit_builder::CircuitBuilder<F, 2usize>>::build_with_options::<PartitionWitness>',
          ),
          children: [],
        },
      ],
      samples: [2],
      timeDeltas: [0, 1000],
    };
    const s = summarizeProfiles([{ profile: p }]);
    expect(s.under.filter((g) => g.ms > 0)).toEqual([]);
  });
});

describe('blocked threads', () => {
  it('counts a worker blocked in a condvar or futex wait as idle, not busy', () => {
    const p = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
        { id: 2, callFrame: frame('rayon_core[0123456789abcdef]::sleep::Sleep::sleep'), children: [3] },
        { id: 3, callFrame: frame('<std[8dea1e8aa0fcdaf0]::sys::sync::condvar::futex::Condvar>::wait'), children: [] },
        { id: 4, callFrame: frame('plonky2_field::fft::fft_classic::<GoldilocksField>'), children: [] },
      ],
      samples: [3, 3, 4],
      timeDeltas: [0, 1000, 1000, 1000],
    };
    const s = summarizeProfiles([{ profile: p }]);
    expect(s.idleMs).toBeCloseTo(2);
    expect(s.totalMs).toBeCloseTo(1);
    expect(BLOCKED.test(pathOf('<std::sys::sync::condvar::futex::Condvar>::wait'))).toBe(true);
    expect(BLOCKED.test(pathOf('std::sys::pal::wasm::atomics::futex::futex_wait'))).toBe(true);
    expect(
      BLOCKED.test(
        pathOf('<wasm_sync[0123456789abcdef]::backend::Condvar>::wait::<rayon_core::sleep::WorkerSleepState>'),
      ),
    ).toBe(true);
    expect(BLOCKED.test(pathOf('<dlmalloc::Dlmalloc>::malloc'))).toBe(false);
  });
});
