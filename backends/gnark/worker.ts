// The gnark worker: downloads the Go wasm and the Groth16 artifacts the build made, loads
// them in the Go runtime and serves the shared protocol. On 2 threads it also starts a second
// Go wasm instance in its own worker (second-instance.ts), which takes about half of each proof
// (three of the six FFTs to the coset, the wire MSMs, half of the quotient's MSM): Go's js/wasm
// port itself runs on one thread.
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from '@zkplay/core/artifacts';
import { BackendError, THREAD_START_PHASE, type Config } from '@zkplay/core/protocol';
import { fatal, serve, type PhaseContext } from '@zkplay/core/serve';
import PHASES from '../../gnark/prover/phases.json';
import { call, startGnark } from './go-instance';

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
let second: SecondInstance | undefined;

function peakMemory() {
  // Linear memory never shrinks, so its current size is the peak of this worker's life.
  const own = memory?.buffer.byteLength ?? 0;
  if (second?.memoryBytes)
    return { peakBytes: own + second.memoryBytes, what: 'Go wasm linear memory of both instances (never shrinks: the peak)' };
  return { peakBytes: own, what: 'Go wasm linear memory (never shrinks: the peak)' };
}

async function startGo(wasm: Uint8Array): Promise<GnarkWasm> {
  const go = await startGnark(wasm, (code, message) => fatal(code, message));
  memory = go.memory;
  return go.gnark;
}

/** The second Go wasm instance (second-instance.ts), seen from this worker. */
class SecondInstance {
  private pending = new Map<number, { resolve: (result: Record<string, Uint8Array>) => void; reject: (e: Error) => void }>();
  private next = 0;
  /** The second instance's linear memory after its last part. */
  memoryBytes = 0;

  private constructor(private worker: Worker) {
    // A worker that dies without a message (an uncaught error) must not leave a proof waiting.
    worker.onerror = (ev) => {
      const err = new BackendError('crashed', `second gnark instance: ${ev.message}`);
      for (const id of [...this.pending.keys()]) this.settle(id)?.reject(err);
    };
    worker.onmessage = (ev: MessageEvent) => {
      const m = ev.data;
      if (m.type === 'done') {
        this.memoryBytes = m.memoryBytes;
        this.settle(m.id)?.resolve(m.result);
      }
      else if (m.type === 'error') {
        const err = new BackendError(m.code, `second gnark instance: ${m.message}`);
        // An error outside a request (the instance crashed) fails every request waiting.
        for (const id of m.id === undefined ? [...this.pending.keys()] : [m.id]) this.settle(id)?.reject(err);
      }
    };
  }

  private settle(id: number) {
    const p = this.pending.get(id);
    this.pending.delete(id);
    return p;
  }

  /**
   * A new worker, once its script has said it runs. The page times this out and replaces this
   * worker (THREAD_START_PHASE): Firefox ESR was seen blocking inside `new Worker()` in a worker
   * (e2e-firefox/README.md), and a blocked worker cannot time anything out itself.
   */
  static spawn(): Promise<Worker> {
    const worker = new Worker(new URL('./second-instance.ts', import.meta.url), { type: 'module', name: 'gnark-second' });
    return new Promise((resolve, reject) => {
      worker.onmessage = (ev: MessageEvent) => {
        if (ev.data.type === 'alive') resolve(worker);
        else reject(new BackendError('internal', `second gnark instance: said ${JSON.stringify(ev.data.type)} before "alive"`));
      };
      worker.onerror = (ev) => reject(new BackendError('crashed', `second gnark instance: its script did not start (${ev.message ?? 'no message'})`));
    });
  }

  /** The spawned worker with the wasm and the proving key loaded (copies: this worker keeps its own). */
  static load(worker: Worker, wasm: Uint8Array, pk: Uint8Array): Promise<SecondInstance> {
    return new Promise((resolve, reject) => {
      worker.onmessage = (ev: MessageEvent) => {
        if (ev.data.type === 'ready') resolve(new SecondInstance(worker));
        else {
          worker.terminate();
          reject(new BackendError(ev.data.code ?? 'internal', `second gnark instance: ${ev.data.message}`));
        }
      };
      worker.onerror = (ev) => reject(new BackendError('crashed', `second gnark instance: ${ev.message}`));
      worker.postMessage({ type: 'load', wasm: wasm.slice(), pk: pk.slice() });
    });
  }

  /** B on the coset (the Go API's cosetOf); the array is transferred. */
  async cosetOf(v: Uint8Array): Promise<Uint8Array> {
    return (await this.request({ type: 'coset-of', v }, [v.buffer])).v;
  }

  /** C's coefficients taken to the coset (the Go API's fromCoefficients); the array is transferred. */
  async fromCoefficients(v: Uint8Array): Promise<Uint8Array> {
    return (await this.request({ type: 'from-coefficients', v }, [v.buffer])).v;
  }

  /** The wire MSMs, encoded (the Go API's wireMSMs); the wires are transferred. */
  async wireMSMs(wires: Uint8Array, nbPublic: number): Promise<Uint8Array> {
    return (await this.request({ type: 'wire-msms', wires, nbPublic }, [wires.buffer])).parts;
  }

  /** The quotient's tail MSM, as a 64-byte G1 point (the Go API's zPart); the tail is transferred. */
  async zPart(tail: Uint8Array, from: number): Promise<Uint8Array> {
    return (await this.request({ type: 'z-part', tail, from }, [tail.buffer])).part;
  }

  private request(m: Record<string, unknown>, transfer: Transferable[]): Promise<Record<string, Uint8Array>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...m, id }, { transfer });
    });
  }

  stop() {
    this.worker.terminate();
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(new BackendError('internal', 'second gnark instance stopped'));
  }
}

async function prepare(config: Config, threads: number, ctx: PhaseContext) {
  const instances = threads >= 2 ? 2 : 1;
  const key = JSON.stringify(config);
  if (prepared?.key === key && (instances === 2) === (second !== undefined)) {
    return { sizes: prepared.sizes, circuit: prepared.index.circuit, capacityBytes: prepared.index.maxMessageBytes, threads: instances, build: 'go-js-wasm', fresh: false };
  }
  second?.stop();
  second = undefined;
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
  if (instances === 2) {
    const worker = await ctx.phase(THREAD_START_PHASE, label(THREAD_START_PHASE), () => SecondInstance.spawn());
    second = await ctx.phase('second-instance', label('second-instance'), () => SecondInstance.load(worker, bytes.wasm!, bytes.pk!));
  }
  const f = index.files;
  const sizes = { provingKey: f.pk.bytes, verifyingKey: f.vk.bytes, circuit: f.ccs.bytes, download: f.wasm.bytes + f.ccs.bytes + f.pk.bytes + f.vk.bytes - cached };
  prepared = { key, index, sizes, constraints: loaded.circuit.constraints };
  return { sizes, circuit: { ...index.circuit, ...loaded.circuit }, capacityBytes: loaded.capacityBytes, threads: instances, build: 'go-js-wasm', fresh: true };
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
    if (second) {
      // Two instances, on the schedule drawn in gnark/prover/twoparts.go's header. The second
      // instance runs its requests in the order sent; each promise is awaited later, so each
      // gets a no-op catch meanwhile (no unhandled rejection while this worker is busy in Go).
      const t = performance.now();
      ctx.start('prove', label('prove'));
      const begun = await call(g.begin(message));
      const later = <T>(p: Promise<T>) => (p.catch(() => undefined), p);
      const bOnCoset = later(second.cosetOf(begun.b));
      const { c } = await call(g.toCoefficientsC());
      const cOnCoset = later(second.fromCoefficients(c));
      const wires = later(second.wireMSMs(begun.wires, begun.nbPublic));
      await call(g.proceed());
      const q = await call(g.quotient(await bOnCoset, await cOnCoset));
      const part = later(second.zPart(q.tail, q.from));
      await call(g.zHead());
      const out = await call(g.finish(await part, await wires));
      ctx.record('witness', label('witness'), begun.witnessMs);
      ctx.record('prove', label('prove'), performance.now() - t - begun.witnessMs);
      return { proof: out.proof, memory: peakMemory() };
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
