// The plonky2 worker: loads crates/zkplay-plonky2 as wasm through the shared wasm-bindgen loader
// (the threaded build when the page is cross-origin isolated and more than one thread is asked
// for, else the single-threaded build), builds the circuit in the browser (transparent: no
// keys to download) and serves the shared protocol.
import { BackendError, type Config, type ErrorCode, type PrepareResult } from '../contract/protocol';
import { serve, type PhaseContext } from '../contract/serve';
import { wasmBackend, type WasmBindgenModule } from '../contract/wasm-bindgen';
import { BLOCK_OPTIONS, MERKLE_HASHES, ZK_OPTIONS } from './config';

/** What wasm-bindgen generates for crates/zkplay-plonky2/src/wasm.rs (beyond the shared exports). */
interface Plonky2Module extends WasmBindgenModule {
  Plonky2Keccak: new (maxBlocks: number, merkleHash: string, zeroKnowledge?: boolean) => Plonky2Keccak;
}

interface Plonky2Keccak {
  prove(message: Uint8Array): { readonly proof: Uint8Array; readonly witness_ms: number; readonly prove_ms: number; free(): void };
  verify(proof: Uint8Array, digest: Uint8Array, length: number): void;
  stats_json(): string;
  readonly capacity_bytes: number;
  free(): void;
}

interface Stats {
  gates: number;
  rows: number;
  degree_bits: number;
  capacity_bytes: number;
  max_blocks: number;
  verifier_only_bytes: number;
  num_wires: number;
  num_routed_wires: number;
  zero_knowledge: boolean;
  merkle_hash: string;
  gate_types: string[];
}

const wasm = wasmBackend<Plonky2Module>('plonky2', 'plonky2');
type Prepared = Omit<PrepareResult, 'kind' | 'phases'>;
let prepared: { key: string; circuit: Plonky2Keccak; result: Prepared } | undefined;

/** Protocol codes for zkplay_plonky2::Error texts. */
const codeFor = (message: string): ErrorCode | undefined => {
  if (message.startsWith('message is ')) return 'capacity';
  if (message.startsWith('invalid circuit configuration') || message.startsWith('unknown Merkle hash')) return 'invalid-input';
  if (message.startsWith('malformed proof: ')) return 'corrupt-proof';
  return undefined;
};

const call = <T>(what: string, fn: () => T): T => wasm.call(what, fn, codeFor);

function configOf(config: Config): { maxBlocks: number; merkleHash: string; zk: boolean } {
  const maxBlocks = Number(config.maxBlocks);
  const merkleHash = String(config.merkleHash ?? 'keccak');
  const zk = String(config.zk ?? 'off');
  if (!BLOCK_OPTIONS.includes(maxBlocks)) throw new BackendError('invalid-input', `maxBlocks must be one of ${BLOCK_OPTIONS.join(', ')}, got ${config.maxBlocks}`);
  if (!(MERKLE_HASHES as readonly string[]).includes(merkleHash)) throw new BackendError('invalid-input', `merkleHash must be keccak or poseidon, got ${merkleHash}`);
  if (!(ZK_OPTIONS as readonly string[]).includes(zk)) throw new BackendError('invalid-input', `zk must be off or on, got ${zk}`);
  return { maxBlocks, merkleHash, zk: zk === 'on' };
}

/**
 * The gate types in a few words, e.g. "9: 4 Keccak, 1 Poseidon, 4 plonky2" (this crate's Keccak
 * and Poseidon round gates, and plonky2's own: arithmetic, constants, public inputs, no-op).
 * Kept short: the page shows it in one table cell, also on phones.
 */
function shortGateTypes(ids: string[]): string {
  const names = [...new Set(ids.map((id) => id.split(/[\s{<(:]/)[0] || id))];
  const keccak = names.filter((n) => /^ZkplayKeccak/.test(n)).length;
  const poseidon = names.filter((n) => /^ZkplayPoseidon/.test(n)).length;
  const own = names.length - keccak - poseidon;
  return `${names.length}: ${keccak} Keccak, ${poseidon} Poseidon, ${own} plonky2`;
}

async function prepare(config: Config, threads: number, ctx: PhaseContext): Promise<Prepared> {
  const { maxBlocks, merkleHash, zk } = configOf(config);
  const key = `${maxBlocks}/${merkleHash}/${zk ? 'zk' : 'nozk'}`;
  if (prepared?.key === key) return { ...prepared.result, sizes: { ...prepared.result.sizes, download: 0 }, fresh: false };
  const w = await wasm.load(threads, ctx);
  prepared?.circuit.free();
  prepared = undefined;
  const circuit = await ctx.phase('build', 'Build circuit (plonky2)', () =>
    call('circuit build', () => new w.mod.Plonky2Keccak(maxBlocks, merkleHash, zk)),
  );
  const s = call('circuit stats', () => JSON.parse(circuit.stats_json()) as Stats);
  const result: Prepared = {
    sizes: { verifyingKey: s.verifier_only_bytes, download: w.download },
    circuit: {
      rows: s.rows,
      degreeBits: s.degree_bits,
      gates: s.gates,
      gateTypes: shortGateTypes(s.gate_types),
      capacityBlocks: s.max_blocks,
      merkleHash: s.merkle_hash,
      zk: s.zero_knowledge ? 'on' : 'off',
    },
    capacityBytes: s.capacity_bytes,
    threads: w.mod.threads(),
    build: w.build,
    fresh: true,
  };
  w.download = 0; // later configurations in this worker reuse the loaded wasm
  prepared = { key, circuit, result };
  return result;
}

function requireCircuit(): Plonky2Keccak {
  if (!prepared) throw new BackendError('not-prepared', 'the plonky2 worker has no circuit yet (prepare first)');
  return prepared.circuit;
}

serve({
  prepare,
  async prove(message, ctx) {
    const circuit = requireCircuit();
    // Over capacity: the crate refuses it before any work ("message is N bytes; this circuit holds at most ...": 'capacity').
    ctx.start('prove', 'Witness and prove'); // one call into wasm: both phases are timed inside it
    const out = call('proving', () => circuit.prove(message));
    ctx.record('witness', 'Witness', out.witness_ms);
    ctx.record('prove', 'Prove', out.prove_ms);
    const proof = out.proof;
    out.free();
    return { proof, memory: wasm.peakMemory() };
  },
  async verify(proof, digest, length, ctx) {
    const circuit = requireCircuit();
    return ctx.phase('verify', 'Verify', () => {
      try {
        call('verification', () => circuit.verify(proof, digest, length));
        return { ok: true };
      } catch (e) {
        const message = (e as Error).message;
        if (/proof does not match the public inputs: |proof verification failed: /.test(message)) return { ok: false };
        throw e;
      }
    });
  },
  allocate: (mib) => wasm.allocate(mib),
});
