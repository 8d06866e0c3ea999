// The halo2 worker: loads crates/zkplay-halo2 as wasm (the threaded build with a rayon pool of
// Web Workers when the page is cross-origin isolated and more than one thread is asked for,
// else the single-threaded build), makes the KZG parameters and keys in the browser (a test
// setup) and serves the shared protocol.
import { BackendError, type Config, type ErrorCode, type PrepareResult } from '../contract/protocol';
import { serve, type PhaseContext } from '../contract/serve';
import { wasmBackend, type WasmBindgenModule } from '../contract/wasm-bindgen';
import { capacityBlocks, configError } from './capacity';

/** What wasm-bindgen generates for crates/zkplay-halo2/src/wasm.rs (the subset used here, beyond the shared exports). */
interface Halo2Module extends WasmBindgenModule {
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

const wasm = wasmBackend<Halo2Module>('halo2', 'halo2');
type Prepared = Omit<PrepareResult, 'kind' | 'phases'>;
let prepared: { key: string; setup: Halo2Setup; result: Prepared } | undefined;

/** Protocol codes for zkplay_halo2::Error texts. */
const codeFor = (message: string): ErrorCode | undefined =>
  message.startsWith('message is ') ? 'capacity' : message.startsWith('invalid parameters') ? 'invalid-input' : undefined;

const call = <T>(what: string, fn: () => T): T => wasm.call(what, fn, codeFor);

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
  const w = await wasm.load(threads, ctx);
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
    return { proof, memory: wasm.peakMemory() };
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
  allocate: (mib) => wasm.allocate(mib),
});
