// For the unit tests (imported by *.test.ts only): runOnce against a fake backend client that
// answers prepare, prove and verify like a worker would, without one. Each answer is a small
// default that a test overrides with the fields it is about.
import type { BackendManifest } from '@zkplay/core/manifest';
import type { PrepareResult, ProveResult, VerifyResult } from '@zkplay/core/protocol';
import type { BackendClient } from './backend-client';
import { runOnce } from './run';

export interface FakeAnswers {
  prepare?: Partial<PrepareResult>;
  prove?: Partial<ProveResult>;
  verify?: Partial<VerifyResult>;
}

/** A client whose prepare, prove and verify answers are the defaults with `answers` over them. */
export function fakeClient(answers: FakeAnswers = {}): BackendClient {
  const results: Record<string, PrepareResult | ProveResult | VerifyResult> = {
    prepare: {
      kind: 'prepare',
      phases: [],
      sizes: {},
      circuit: {},
      capacityBytes: 135,
      threads: 1,
      build: 'wasm-single',
      fresh: true,
      ...answers.prepare,
    },
    prove: {
      kind: 'prove',
      proof: new Uint8Array(1),
      phases: [],
      memory: { peakBytes: 1, what: 'x' },
      ...answers.prove,
    },
    verify: { kind: 'verify', ok: true, phases: [], ...answers.verify },
  };
  return { request: async (req: { type: string }) => results[req.type] } as unknown as BackendClient;
}

/** runOnce with fakeClient(answers); runOnce's other options default to a small desktop run. */
export function fakeRun(answers: FakeAnswers, options: Partial<Omit<Parameters<typeof runOnce>[0], 'client'>> = {}) {
  return runOnce({
    client: fakeClient(answers),
    manifest: { id: 'fake', label: 'Fake', hash: 'keccak-256' } as BackendManifest,
    config: {},
    threads: 1,
    message: new Uint8Array(0),
    digest: new Uint8Array(32),
    device: { cores: 2, crossOriginIsolated: true, device: 'desktop', userAgent: 'test', os: 'Linux' },
    onProgress: () => {},
    ...options,
  });
}
