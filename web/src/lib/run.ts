// One run, the same for every backend: prepare (build circuit or load keys), prove, then
// verify against the digest the page computed itself (with the backend's hash). Produces the
// shared RunResult, which says which hash its statement used.
import type { BackendManifest } from '@zkplay/core/manifest';
import { hashDef } from '@zkplay/core/hashes';
import type { Config, PhaseTiming, PinnedBuild } from '@zkplay/core/protocol';
import type { Step } from '@zkplay/core/phase-steps';
import { stat, type RunResult } from '@zkplay/core/run-result';
import type { BackendClient, Progress } from './backend-client';
import { environmentFor, type DeviceInfo } from './environment';

export interface RunOutcome {
  result: RunResult;
  proof: Uint8Array;
}

export async function runOnce(opts: {
  client: BackendClient;
  manifest: BackendManifest;
  config: Config;
  threads: number;
  message: Uint8Array;
  digest: Uint8Array;
  device: DeviceInfo;
  onProgress: (p: Progress) => void;
  /** A wasm build to pin (the benchmark's `build` setting); absent, the worker chooses. */
  build?: PinnedBuild;
}): Promise<RunOutcome> {
  const { client, manifest, config, threads, message, digest, device, onProgress, build } = opts;
  const prep = await client.request<'prepare'>(
    { type: 'prepare', config, threads, ...(build ? { build } : {}) },
    onProgress,
  );
  const proved = await client.request<'prove'>({ type: 'prove', message }, onProgress);
  const proof = proved.proof;
  const verified = await client.request<'verify'>(
    { type: 'verify', proof, digest, length: message.length },
    onProgress,
  );
  const inStep = (step: Step, list: PhaseTiming[]) => list.map((p) => ({ ...p, step }));
  const phases = [
    ...inStep('prepare', prep.fresh ? prep.phases : []),
    ...inStep('prove', proved.phases),
    ...inStep('verify', verified.phases),
  ];
  const result: RunResult = {
    schemaVersion: 1,
    backend: manifest.id,
    hash: manifest.hash,
    config,
    environment: environmentFor(device, prep.threads, prep.build),
    message: { bytes: message.length, blocks: hashDef(manifest.hash).blocks(message.length) },
    phases: phases.map((p) => ({ id: p.id, label: p.label, step: p.step, ms: stat([p.ms]) })),
    sizes: { ...prep.sizes, proof: proof.length },
    circuit: { ...prep.circuit },
    capacityBytes: prep.capacityBytes,
    memory: proved.memory,
    verified: verified.ok,
    runs: 1,
    cold: prep.fresh,
    timestamp: new Date().toISOString(),
  };
  return { result, proof };
}

/** A proof to verify in its backend's worker (tampered in the page, or loaded from a file), and what to call it. */
export interface VerifyRequest {
  backend: string;
  config: Config;
  proof: Uint8Array;
  digest: Uint8Array;
  length: number;
  what: string;
}
