// The one worker of every Rust backend. Each crate implements zkplay_wasm_runtime::Prover and
// exports it as the wasm class `Prover` (crates/zkplay-wasm-runtime, `export_prover!`); this
// module loads the wasm (packages/core/wasm-bindgen.ts), drives that class and serves the
// protocol. Phase ids and labels, sizes, circuit records and error codes all come from Rust:
//   new Prover(configJson, files)     prepares from the shipped files the backend names (fetched,
//                                     hash-checked); .report() = { phases, sizes, circuit, capacityBytes }
//   prover.prove(message)             { proof, phases }
//   prover.verify(proof, digest, L)   { ok, phases, reason? }
//   Prover.running(step)              { id, label } shown while "prepare" / "prove" / "verify" runs
// and every refusal is thrown as { code, message } with a protocol code (see wasmBackend.call).
// A backend's worker.ts is then only: which wasm, and how its configuration is checked.
import { fetchArtifact, fetchIndex, type ArtifactFile, type ArtifactIndex } from './artifacts';
import { BackendError, type Config, type PhaseTiming, type PrepareResult } from './protocol';
import type { HashId } from './hashes';
import { DOWNLOAD_KEYS } from './rust-manifest';
import { serve, type PhaseContext } from './serve';
import { wasmBackend, type WasmBindgenModule } from './wasm-bindgen';

type Step = 'prepare' | 'prove' | 'verify';

/** The report of `new Prover(config)`: the protocol's prepare result without what the worker adds. */
export interface PrepareReport {
  phases: PhaseTiming[];
  sizes: PrepareResult['sizes'];
  circuit: PrepareResult['circuit'];
  capacityBytes: number;
}

/** The class a Rust backend's wasm exports (zkplay_wasm_runtime::export_prover!). */
export interface RustProver {
  report(): PrepareReport;
  prove(message: Uint8Array): { proof: Uint8Array; phases: PhaseTiming[] };
  verify(
    proof: Uint8Array,
    digest: Uint8Array,
    length: number,
  ): { ok: boolean; phases: PhaseTiming[]; reason?: string };
  stats(): unknown;
  free(): void;
}

export interface RustProverModule extends WasmBindgenModule {
  Prover: {
    new (configJson: string, files?: Record<string, Uint8Array>): RustProver;
    running(step: Step): { id: string; label: string };
  };
}

export interface RustBackend {
  /** The backend id (artifacts at artifacts/<id>/) and its name in messages. */
  id: string;
  label: string;
  /**
   * The configuration the crate is given, after the page's checks (throw
   * BackendError('invalid-input', …) to refuse it). Its JSON is also what makes two
   * configurations the same one (prepared once per worker).
   */
  config(config: Config): Config;
  /** The hash of the backend's statement (its manifest's `hash`), named in refusals; absent: Keccak-256. */
  hash?: HashId;
  /** Optional: compares what the wasm prepared with the backend's manifest (throw on a mismatch). */
  check?(config: Config, report: PrepareReport): void;
  /**
   * Optional: the shipped files (keys, parameters) the crate's prepare reads for this
   * configuration, by the name the crate asks for, from the backend's artifact index. They are
   * downloaded (hash-checked, cached) in a "Download keys" phase before prepare.
   */
  files?(config: Config, index: ArtifactIndex): Record<string, ArtifactFile>;
}

type Prepared = Omit<PrepareResult, 'kind' | 'phases'>;

/** Serves the protocol for the Rust backend `b` on this worker. */
export function serveRustBackend(b: RustBackend) {
  const wasm = wasmBackend<RustProverModule>(b.id, b.label);
  let prepared: { key: string; prover: RustProver; result: Prepared } | undefined;

  /** Announces the step's running phase (named by the crate), runs it in wasm, records the phases the crate timed. */
  function step<T extends { phases: PhaseTiming[] }>(
    name: Step,
    what: string,
    ctx: PhaseContext,
    mod: RustProverModule,
    fn: () => T,
  ): T {
    const running = wasm.call(what, () => mod.Prover.running(name));
    ctx.start(running.id, running.label);
    const out = wasm.call(what, fn);
    for (const p of out.phases) ctx.record(p.id, p.label, p.ms);
    return out;
  }

  function requirePrepared() {
    const w = wasm.current;
    if (!prepared || !w)
      throw new BackendError('not-prepared', `the ${b.label} worker has nothing prepared yet (prepare first)`);
    return { prover: prepared.prover, mod: w.mod };
  }

  /** The files `b.files` names for this configuration, downloaded; and the bytes that came over the network. */
  async function fetchFiles(
    given: Config,
    ctx: PhaseContext,
  ): Promise<{ files?: Record<string, Uint8Array>; download: number }> {
    if (!b.files) return { download: 0 };
    const wanted = Object.entries(b.files(given, await fetchIndex(wasm.indexUrl)));
    const total = wanted.reduce((sum, [, f]) => sum + f.bytes, 0);
    return ctx.phase(DOWNLOAD_KEYS.id, DOWNLOAD_KEYS.label, async () => {
      const files: Record<string, Uint8Array> = {};
      let done = 0;
      let download = 0;
      for (const [name, entry] of wanted) {
        const got = await fetchArtifact(wasm.indexUrl, entry, `${b.label} ${name} (${entry.file})`, (loaded) =>
          ctx.progress(DOWNLOAD_KEYS.id, `Downloading ${b.label} keys`, done + loaded, total),
        );
        files[name] = got.bytes;
        done += entry.bytes;
        if (!got.fromCache) download += entry.bytes;
      }
      return { files, download };
    });
  }

  serve({
    hash: b.hash,
    async prepare(config, threads, ctx, build) {
      const given = b.config(config);
      const key = JSON.stringify(given);
      if (prepared?.key === key)
        return { ...prepared.result, sizes: { ...prepared.result.sizes, download: 0 }, fresh: false };
      const w = await wasm.load(threads, ctx, build);
      prepared?.prover.free();
      prepared = undefined;
      const { files, download } = await fetchFiles(given, ctx);
      const { prover, ...report } = step('prepare', 'prepare', ctx, w.mod, () => {
        const made = new w.mod.Prover(key, files);
        return { prover: made, ...made.report() };
      });
      try {
        b.check?.(given, report);
      } catch (e) {
        prover.free();
        throw e;
      }
      const result: Prepared = {
        sizes: { ...report.sizes, download: w.download + download },
        circuit: report.circuit,
        capacityBytes: report.capacityBytes,
        threads: w.mod.threads(),
        build: w.build,
        fresh: true,
      };
      w.download = 0; // later configurations in this worker reuse the loaded wasm
      prepared = { key, prover, result };
      return result;
    },
    async prove(message, ctx) {
      const { prover, mod } = requirePrepared();
      const { proof } = step('prove', 'proving', ctx, mod, () => prover.prove(message));
      return { proof, memory: wasm.peakMemory() };
    },
    async verify(proof, digest, length, ctx) {
      const { prover, mod } = requirePrepared();
      const { ok } = step('verify', 'verification', ctx, mod, () => prover.verify(proof, digest, length));
      return { ok };
    },
    allocate: (mib) => wasm.allocate(mib),
  });
}
