// Which wasm build a Rust backend's worker loads (wasm-bindgen.ts variantFor): the wide build only
// where the engine validates wide arithmetic and the page is isolated, a pinned build always.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { variantFor, type Variant } from './wasm-bindgen';
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
