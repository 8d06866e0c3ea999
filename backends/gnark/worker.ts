// The gnark worker: downloads the Go wasm and the Groth16 artifacts the build made, loads
// them in the Go runtime and serves the shared protocol.
import '@zkplay/core/go-wasm';
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from '@zkplay/core/artifacts';
import { BackendError, type Config } from '@zkplay/core/protocol';
import { fatal, serve, type PhaseContext } from '@zkplay/core/serve';
import PHASES from '../../gnark/prover/phases.json';

/** A phase's label, from the one list gnark/prover/phases.json (Go reports the same labels). */
const label = (id: string) => PHASES.find((p) => p.id === id)!.label;
const record = (ctx: PhaseContext, phases: GnarkPhase[]) => phases.forEach((p) => ctx.record(p.id, p.label, p.ms));

interface GnarkIndex {
  build: string;
  maxMessageBytes: number;
  circuit: Record<string, number | string>;
  files: { wasm: ArtifactFile; ccs: ArtifactFile; pk: ArtifactFile; vk: ArtifactFile };
}

const INDEX_URL = artifactUrl('gnark/index.json');

/** The index, checked against schema/artifact-index.schema.json by fetchIndex, then for what gnark needs in it. */
async function gnarkIndex(): Promise<GnarkIndex> {
  const index = await fetchIndex<GnarkIndex>(INDEX_URL);
  const missing = [
    ...(['wasm', 'ccs', 'pk', 'vk'] as const).filter((role) => !index.files?.[role]).map((role) => `"files.${role}"`),
    ...(index.maxMessageBytes === undefined ? ['"maxMessageBytes"'] : []),
    ...(index.circuit === undefined ? ['"circuit"'] : []),
  ];
  if (missing.length) throw new BackendError('corrupt-artifact', `${INDEX_URL} is not a gnark artifact index (rebuild with npm start): ${missing.join(', ')} missing`);
  return index;
}

let gnark: GnarkWasm | undefined;
let memory: WebAssembly.Memory | undefined;
let prepared: { key: string; index: GnarkIndex; sizes: Record<string, number>; constraints: number } | undefined;

// The Go runtime reports fatal errors ("fatal error: out of memory", "panic: ...") on
// stderr, which wasm_exec.js sends to the console, followed by a long goroutine dump:
// keep the first such line to explain a crash.
let fatalLine: string | undefined;
for (const level of ['log', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const line = args.join(' ');
    if (!fatalLine && /^(fatal error|panic):/.test(line)) fatalLine = line;
    original(...args);
  };
}

function peakMemory() {
  // Linear memory never shrinks, so its current size is the peak of this worker's life.
  return { peakBytes: memory?.buffer.byteLength ?? 0, what: 'Go wasm linear memory (never shrinks: the peak)' };
}

async function startGo(wasm: Uint8Array): Promise<GnarkWasm> {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(wasm as Uint8Array<ArrayBuffer>, go.importObject);
  memory = instance.exports.mem as WebAssembly.Memory;
  const ready = new Promise<void>((resolve) => (globalThis.zkplayGnarkOnReady = resolve));
  go.run(instance).then(
    () => {
      const oom = /out of memory/i.test(fatalLine ?? '');
      fatal(oom ? 'out-of-memory' : 'crashed', oom ? 'the gnark worker ran out of memory' : `the gnark wasm runtime exited (${fatalLine ?? 'no error message'})`);
    },
    (err) => fatal('crashed', `the gnark wasm runtime failed: ${(err as Error).message}`),
  );
  if (!globalThis.zkplayGnarkReady) await ready;
  return globalThis.zkplayGnark!;
}

/** Turns a rejection from the Go side (an Error with a code) into a protocol error. */
async function call<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    const err = e as GnarkError;
    throw new BackendError((err.code as never) ?? 'internal', err.message ?? String(e));
  }
}

async function prepare(config: Config, _threads: number, ctx: PhaseContext) {
  const key = JSON.stringify(config);
  if (prepared?.key === key) {
    return { sizes: prepared.sizes, circuit: prepared.index.circuit, capacityBytes: prepared.index.maxMessageBytes, threads: 1, build: 'go-js-wasm', fresh: false };
  }
  const index = await gnarkIndex();
  const labels = { wasm: 'gnark wasm', ccs: 'constraint system', pk: 'proving key', vk: 'verifying key' } as const;
  const bytes: Partial<Record<keyof typeof labels, Uint8Array>> = {};
  let cached = 0;
  await ctx.phase('download', label('download'), async () => {
    const total = Object.values(index.files).reduce((n, f) => n + f.bytes, 0);
    let done = 0;
    for (const name of Object.keys(labels) as (keyof typeof labels)[]) {
      const entry = index.files[name];
      const got = await fetchArtifact(INDEX_URL, entry, labels[name], (loaded) => ctx.progress('download', `Downloading ${labels[name]}`, done + loaded, total));
      bytes[name] = got.bytes;
      if (got.fromCache) cached += entry.bytes;
      done += entry.bytes;
    }
  });
  gnark ??= await ctx.phase('instantiate', label('instantiate'), () => startGo(bytes.wasm!));
  ctx.start('load-circuit', `${label('load-circuit')} and keys`); // one call into Go times all three
  const loaded = await call(gnark.load(bytes.ccs!, bytes.pk!, bytes.vk!));
  record(ctx, loaded.phases);
  const f = index.files;
  const sizes = { provingKey: f.pk.bytes, verifyingKey: f.vk.bytes, circuit: f.ccs.bytes, download: f.wasm.bytes + f.ccs.bytes + f.pk.bytes + f.vk.bytes - cached };
  prepared = { key, index, sizes, constraints: loaded.circuit.constraints };
  return { sizes, circuit: { ...index.circuit, ...loaded.circuit }, capacityBytes: loaded.capacityBytes, threads: 1, build: 'go-js-wasm', fresh: true };
}

function requireGnark(): GnarkWasm {
  if (!gnark || !prepared) throw new BackendError('not-prepared', 'the gnark worker has no keys loaded yet');
  return gnark;
}

serve({
  prepare,
  async prove(message, ctx) {
    const g = requireGnark();
    if (message.length > prepared!.index.maxMessageBytes) {
      throw new BackendError('capacity', `message is ${message.length} bytes; the gnark circuit holds at most ${prepared!.index.maxMessageBytes} bytes (one Keccak block)`);
    }
    ctx.start('prove', `${label('witness')} and ${label('prove').toLowerCase()}`); // one call into Go: both phases are timed inside it
    const out = await call(g.prove(message));
    record(ctx, out.phases);
    return { proof: out.proof, memory: peakMemory() };
  },
  async verify(proof, digest, length, ctx) {
    const out = await call(requireGnark().verify(proof, digest, length));
    record(ctx, out.phases);
    return { ok: out.ok };
  },
  async allocate(mib) {
    if (!gnark) {
      const index = await gnarkIndex();
      const wasm = await fetchArtifact(INDEX_URL, index.files.wasm, 'gnark wasm', () => {});
      gnark = await startGo(wasm.bytes);
    }
    await call(gnark.allocate(mib));
    return peakMemory();
  },
});
