// The halo2 worker: loads crates/zkplay-halo2 as wasm (the threaded build with a rayon pool of
// Web Workers when the page is cross-origin isolated and more than one thread is asked for,
// else the single-threaded build), makes the KZG parameters and keys in the browser (a test
// setup) and serves the shared protocol.
import { fetchArtifact, fetchIndex, type ArtifactFile } from '../contract/artifacts';
import { BackendError, type Config, type MemoryReport, type PrepareResult } from '../contract/protocol';
import { fatal, serve, type PhaseContext } from '../contract/serve';
import { capacityBlocks, configError } from './capacity';

type Variant = 'threads' | 'single';

interface Halo2Index {
  build: string;
  variants: Record<Variant, { build: string; glue: string; wasm: ArtifactFile }>;
}

/** What wasm-bindgen generates for crates/zkplay-halo2/src/wasm.rs (the subset used here). */
interface Halo2Module {
  default(init: { module_or_path: BufferSource }): Promise<unknown>;
  initThreadPool?(threads: number): Promise<void>;
  build(): string;
  threads(): number;
  memoryBytes(): number;
  allocate(mib: number): number;
  installPanicHook(): void;
  lastPanic(): string;
  Halo2Setup: new (k: number, rowsPerRound: number) => Halo2Setup;
}

interface Halo2Setup {
  prove(message: Uint8Array): { proof: Uint8Array; witnessMs: number; proveMs: number; free(): void };
  verify(proof: Uint8Array, digest: Uint8Array, length: number): void;
  stats(): string;
  sizes(): Float64Array;
  readonly maxMessageBytes: number;
  readonly capacityBlocks: number;
  free(): void;
}

interface Stats {
  k: number;
  rowsPerRound: number;
  capacityBlocks: number;
  maxMessageBytes: number;
  adviceColumns: number;
  fixedColumns: number;
  paramsMs: number;
  vkMs: number;
  pkMs: number;
}

const INDEX_URL = new URL('/artifacts/halo2/index.json', self.location.origin).href;
const MEMORY_LABEL = 'wasm linear memory (never shrinks: the peak of this worker)';

let wasm: { mod: Halo2Module; variant: Variant; build: string; download: number } | undefined;
type Prepared = Omit<PrepareResult, 'kind' | 'phases'>;
let prepared: { key: string; setup: Halo2Setup; result: Prepared } | undefined;

function peakMemory(): MemoryReport {
  return { peakBytes: wasm ? wasm.mod.memoryBytes() : 0, what: MEMORY_LABEL };
}

/**
 * Runs a call into wasm. Rust errors arrive as JS Errors with the Display text of
 * zkplay_halo2::Error; a wasm trap (a panic, or an allocation that failed: both abort) leaves
 * the instance unusable, so the worker reports itself dead and the page replaces it.
 */
function call<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) {
      const panic = wasm?.mod.lastPanic() ?? '';
      const mem = wasm?.mod.memoryBytes() ?? 0;
      const oom = e instanceof RangeError || /alloc|capacity overflow|out of memory/i.test(panic) || mem > 3.5 * 2 ** 30;
      const message = oom
        ? `the halo2 worker ran out of memory during ${what} (wasm memory at ${(mem / 2 ** 20).toFixed(0)} MiB)`
        : `the halo2 wasm crashed during ${what}: ${panic || (e as Error).message}`;
      fatal(oom ? 'out-of-memory' : 'crashed', message);
      throw new BackendError(oom ? 'out-of-memory' : 'crashed', message);
    }
    const message = e instanceof Error ? e.message : String(e);
    if (message.startsWith('message is ')) throw new BackendError('capacity', message);
    if (message.startsWith('invalid parameters')) throw new BackendError('invalid-input', message);
    throw new BackendError('internal', `${what}: ${message}`);
  }
}

/** Which build runs: threads need cross-origin isolation (SharedArrayBuffer) and are worth it for more than one. */
function variantFor(threads: number): Variant {
  return threads > 1 && self.crossOriginIsolated && typeof SharedArrayBuffer !== 'undefined' ? 'threads' : 'single';
}

async function load(variant: Variant, threads: number, ctx?: PhaseContext) {
  const phase = <T>(id: string, label: string, fn: () => Promise<T>) => (ctx ? ctx.phase(id, label, fn) : fn());
  const index = await fetchIndex<Halo2Index>(INDEX_URL);
  const entry = index.variants[variant];
  const label = `halo2 wasm (${entry.build})`;
  const got = await phase('download', 'Download wasm', () =>
    fetchArtifact(INDEX_URL, entry.wasm, label, (loaded, total) => ctx?.progress('download', `Downloading ${label}`, loaded, total)),
  );
  const mod = await phase('instantiate', 'Compile and start wasm', async () => {
    const m = (await import(/* @vite-ignore */ new URL(entry.glue, INDEX_URL).href)) as Halo2Module;
    try {
      await m.default({ module_or_path: got.bytes as Uint8Array<ArrayBuffer> });
    } catch (e) {
      throw new BackendError('corrupt-artifact', `${label} could not be instantiated: ${(e as Error).message}`);
    }
    m.installPanicHook();
    return m;
  });
  if (variant === 'threads') {
    await phase('threads', `Start ${threads} wasm threads`, () => mod.initThreadPool!(threads));
  }
  wasm = { mod, variant, build: mod.build(), download: got.fromCache ? 0 : entry.wasm.bytes };
  return wasm;
}

function configOf(config: Config): { k: number; rowsPerRound: number } {
  const k = Number(config.k);
  const rowsPerRound = Number(config.rowsPerRound);
  const err = configError(k, rowsPerRound);
  if (err) throw new BackendError('invalid-input', err);
  return { k, rowsPerRound };
}

async function prepare(config: Config, threads: number, ctx: PhaseContext): Promise<Prepared> {
  const { k, rowsPerRound } = configOf(config);
  const key = `${k}/${rowsPerRound}`;
  if (prepared?.key === key) return { ...prepared.result, sizes: { ...prepared.result.sizes, download: 0 }, fresh: false };
  const w = wasm ?? (await load(variantFor(threads), Math.max(1, threads), ctx));
  prepared?.setup.free();
  prepared = undefined;
  // One call makes the KZG parameters, the verifying key and the proving key; each is timed inside.
  ctx.start('params', 'KZG parameters (test setup)');
  const setup = call('key generation', () => new w.mod.Halo2Setup(k, rowsPerRound));
  const s = JSON.parse(setup.stats()) as Stats;
  ctx.record('params', 'KZG parameters (test setup)', s.paramsMs);
  ctx.record('vk', 'Verifying key', s.vkMs);
  ctx.record('pk', 'Proving key', s.pkMs);
  const [params, verifyingKey, provingKey] = call('measuring key sizes', () => Array.from(setup.sizes()));
  if (s.capacityBlocks !== capacityBlocks(k, rowsPerRound)) {
    throw new BackendError('internal', `capacity mismatch: wasm says ${s.capacityBlocks} blocks, the manifest ${capacityBlocks(k, rowsPerRound)}`);
  }
  const result: Prepared = {
    sizes: { params, verifyingKey, provingKey, download: w.download },
    circuit: {
      k,
      rows: 2 ** k,
      rowsPerRound,
      capacityBlocks: s.capacityBlocks,
      adviceColumns: s.adviceColumns,
      fixedColumns: s.fixedColumns,
    },
    capacityBytes: s.maxMessageBytes,
    threads: w.mod.threads(),
    build: w.build,
    fresh: true,
  };
  w.download = 0; // later configurations in this worker reuse the loaded wasm
  prepared = { key, setup, result };
  return result;
}

function requireSetup(): Halo2Setup {
  if (!prepared) throw new BackendError('not-prepared', 'the halo2 worker has no keys yet (prepare first)');
  return prepared.setup;
}

serve({
  prepare,
  async prove(message, ctx) {
    const setup = requireSetup();
    ctx.start('prove', 'Witness and prove'); // one call into wasm: both phases are timed inside it
    const out = call('proving', () => setup.prove(message));
    ctx.record('witness', 'Witness', out.witnessMs);
    ctx.record('prove', 'Prove', out.proveMs);
    const proof = out.proof;
    out.free();
    return { proof, memory: peakMemory() };
  },
  async verify(proof, digest, length, ctx) {
    const setup = requireSetup();
    return ctx.phase('verify', 'Verify', () => {
      try {
        call('verification', () => setup.verify(proof, digest, length));
        return { ok: true };
      } catch (e) {
        const message = (e as Error).message;
        if (/malformed proof: /.test(message)) throw new BackendError('corrupt-proof', message.replace(/^verification: /, ''));
        if (/proof rejected: /.test(message)) return { ok: false };
        throw e;
      }
    });
  },
  async allocate(mib) {
    const w = wasm ?? (await load('single', 1));
    try {
      w.mod.allocate(mib);
    } catch (e) {
      throw new BackendError('out-of-memory', (e as Error).message);
    }
    return peakMemory();
  },
});
