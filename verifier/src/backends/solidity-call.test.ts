// The verifier package's published SolidityCall and core's (which the backends' encoders return)
// are one shape: each is assignable to the other, or this file does not type-check (svelte-check).
import { describe, expect, it } from 'vitest';
import { verifyProofCall, type SolidityCall as CoreCall } from '@zkplay/core/solidity-call';
import type { SolidityCall } from './types';

describe('SolidityCall', () => {
  it("is the same shape as core's, and the encoder's answer is one", () => {
    const call: SolidityCall = verifyProofCall('00', [1n]) satisfies CoreCall;
    const back: CoreCall = call;
    expect(back.function).toBe('verifyProof(bytes,uint256[1])');
    expect(call.data.startsWith('0x')).toBe(true);
  });
});
