import { describe, expect, it } from 'vitest';
import { THREAD_START_TIMEOUT_MS } from '@zkplay/core/protocol';
import { threadStartTimeoutMs } from './worker-client';

describe('threadStartTimeoutMs', () => {
  it('is the protocol timeout unless ?debug sets a whole, positive number of ms', () => {
    expect(threadStartTimeoutMs('')).toBe(THREAD_START_TIMEOUT_MS);
    expect(threadStartTimeoutMs('?debug&threadStartMs=8000')).toBe(8000);
    // Only with ?debug: a shared link cannot shorten a person's timeout.
    expect(threadStartTimeoutMs('?threadStartMs=8000')).toBe(THREAD_START_TIMEOUT_MS);
    for (const bad of ['abc', '-5', '0', '2.5', '', 'Infinity'])
      expect(threadStartTimeoutMs(`?debug&threadStartMs=${bad}`), bad).toBe(THREAD_START_TIMEOUT_MS);
  });
});
