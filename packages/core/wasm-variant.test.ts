// Which wasm build a Rust backend's worker, or the primitives view's, loads (wasm-bindgen.ts
// chooseVariant and variantFor): the wide build only where the engine validates wide arithmetic
// and the page is isolated, a pinned build always. chooseVariant takes the page's isolation as an
// argument (the primitives view chooses with it too); variantFor reads it in the worker: both
// are asked every case of one table.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseVariant, variantFor, type Variant } from './wasm-bindgen';
import { BackendError } from './protocol';

const WITH_WIDE: Variant[] = ['threads', 'single', 'threads-wide'];
const WITHOUT_WIDE: Variant[] = ['threads', 'single'];

function isolated(yes: boolean) {
  vi.stubGlobal('self', { crossOriginIsolated: yes });
}

afterEach(() => vi.unstubAllGlobals());

/** [case, isolated page, engine validates wide arithmetic, builds made, on 1 thread, on 2 or 8]. */
const CASES: [string, boolean, boolean, Variant[], Variant, Variant][] = [
  ['the thread count without wide arithmetic', true, false, WITH_WIDE, 'single', 'threads'],
  ['the thread count when the backend built no wide build', true, false, WITHOUT_WIDE, 'single', 'threads'],
  ['the wide build on any thread count where the engine has it', true, true, WITH_WIDE, 'threads-wide', 'threads-wide'],
  ['the thread count where the engine has it but not the backend', true, true, WITHOUT_WIDE, 'single', 'threads'],
  ['no threaded build in a page that is not isolated', false, false, WITH_WIDE, 'single', 'single'],
  ['no wide build in a page that is not isolated', false, true, WITH_WIDE, 'single', 'single'],
];

describe.each(CASES)('loads %s', (_, isolatedPage, wide, built, one, several) => {
  const choosers: [string, (threads: number) => Variant][] = [
    ['chooseVariant', (threads) => chooseVariant(threads, isolatedPage, wide, built)],
    [
      'variantFor',
      (threads) => {
        isolated(isolatedPage);
        return variantFor(threads, built, wide);
      },
    ],
  ];
  it.each(choosers)('%s', (_, choose) => {
    expect(choose(1)).toBe(one);
    for (const threads of [2, 8]) expect(choose(threads)).toBe(several);
  });
});

describe('variantFor with a pinned build', () => {
  it('loads it whatever the thread count and features', () => {
    isolated(true);
    expect(variantFor(1, WITH_WIDE, true, 'threads')).toBe('threads');
    expect(variantFor(2, WITH_WIDE, true, 'single')).toBe('single');
  });

  it('refuses the threaded build in a page that is not isolated', () => {
    isolated(false);
    expect(() => variantFor(1, WITH_WIDE, false, 'threads')).toThrow(BackendError);
  });
});
