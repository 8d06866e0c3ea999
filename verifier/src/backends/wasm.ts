// The verifier-only wasm of a Rust backend (one whose backends/<id>/verifier.ts says 'wasm'):
// built by the set-up as the crate's `verifier` variant, with no prover code. Its glue is
// wasm-bindgen's (--target web) and it exports verify(configJson, vk, proof, digest, length) →
// { ok, phases, reason? }, throwing { code, message } for a refusal (codes of
// packages/core/protocol.ts).
import { Refusal, type RefusalCode } from '../refusal';
import type { BackendVerifier, VerifyCall } from './types';

interface VerifierModule {
  default(init: { module_or_path: BufferSource }): Promise<unknown>;
  verify(
    configJson: string,
    vk: Uint8Array,
    proof: Uint8Array,
    digest: Uint8Array,
    length: number,
  ): { ok: boolean; phases: { id: string; label: string; ms: number }[]; reason?: string };
}

const CODES: Record<string, RefusalCode> = {
  'invalid-input': 'invalid-input',
  'corrupt-proof': 'corrupt-proof',
  'corrupt-artifact': 'corrupt-artifact',
  capacity: 'invalid-input',
};

/** A verifier backed by the wasm whose glue is at glueUrl, instantiated from wasmBytes (hash-checked by the caller). */
export async function wasmVerifier(glueUrl: URL, wasmBytes: Uint8Array): Promise<BackendVerifier> {
  const mod = (await import(/* @vite-ignore */ glueUrl.href)) as VerifierModule;
  await mod.default({ module_or_path: wasmBytes as unknown as BufferSource });
  return {
    async verify({ config, vk, proof, digest, length }: VerifyCall) {
      try {
        const r = mod.verify(JSON.stringify(config), vk, proof, digest, length);
        return r.ok
          ? { ok: true, phases: r.phases }
          : { ok: false, code: 'rejected', reason: r.reason ?? 'the proof does not verify', phases: r.phases };
      } catch (e) {
        const err = e as { code?: string; message?: string };
        if (err && typeof err.code === 'string' && typeof err.message === 'string') {
          return { ok: false, code: CODES[err.code] ?? 'internal', reason: err.message };
        }
        // A trap (a panic aborts in wasm): this instance is no longer usable.
        throw new Refusal('internal', `the verifier stopped: ${String((e as Error)?.message ?? e)}`);
      }
    },
  };
}
