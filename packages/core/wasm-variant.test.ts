// Which wasm build a Rust backend's worker, or the primitives view's, loads (wasm-bindgen.ts
// chooseVariant and variantFor): the wide build only where the engine validates wide arithmetic
// and the page is isolated, a pinned build always.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseVariant, variantFor, type Variant } from './wasm-bindgen';
import { BackendError } from './protocol';

const WITH_WIDE: Variant[] = ['threads', 'single', 'threads-wide'];
const WITHOUT_WIDE: Variant[] = ['threads', 'single'];

function isolated(yes: boolean) {
  vi.stubGlobal('self', { crossOriginIsolated: yes });
}

afterEach(() => vi.unstubAllGlobals());

describe('variantFor', () => {
  it('follows the thread count without wide arithmetic', () => {
    isolated(true);
    expect(variantFor(1, WITH_WIDE, false)).toBe('single');
    expect(variantFor(2, WITH_WIDE, false)).toBe('threads');
    expect(variantFor(2, WITHOUT_WIDE, false)).toBe('threads');
  });

  it('loads the wide build on any thread count where the engine has it and the backend built it', () => {
    isolated(true);
    expect(variantFor(1, WITH_WIDE, true)).toBe('threads-wide');
    expect(variantFor(2, WITH_WIDE, true)).toBe('threads-wide');
    expect(variantFor(2, WITHOUT_WIDE, true)).toBe('threads');
    expect(variantFor(1, WITHOUT_WIDE, true)).toBe('single');
  });

  it('never loads a threaded build in a page that is not isolated', () => {
    isolated(false);
    expect(variantFor(4, WITH_WIDE, true)).toBe('single');
    expect(() => variantFor(1, WITH_WIDE, false, 'threads')).toThrow(BackendError);
  });

  it('loads a pinned build whatever the thread count and features', () => {
    isolated(true);
    expect(variantFor(1, WITH_WIDE, true, 'threads')).toBe('threads');
    expect(variantFor(2, WITH_WIDE, true, 'single')).toBe('single');
  });
});

describe('chooseVariant (the primitives view chooses with it too)', () => {
  it('uses the threaded build only for more than one thread on an isolated page', () => {
    expect(chooseVariant(1, true, false, WITH_WIDE)).toBe('single');
    expect(chooseVariant(2, true, false, WITH_WIDE)).toBe('threads');
    expect(chooseVariant(2, false, false, WITH_WIDE)).toBe('single');
    expect(chooseVariant(8, true, false, WITHOUT_WIDE)).toBe('threads');
  });

  it('uses the wide build at any thread count where the engine has it, on an isolated page only', () => {
    expect(chooseVariant(1, true, true, WITH_WIDE)).toBe('threads-wide');
    expect(chooseVariant(2, true, true, WITH_WIDE)).toBe('threads-wide');
    expect(chooseVariant(2, false, true, WITH_WIDE)).toBe('single');
    expect(chooseVariant(1, true, true, WITHOUT_WIDE)).toBe('single');
  });
});
