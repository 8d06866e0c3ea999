// The second gnark instance: its own worker running gnark/cmd/wasm with only the proving key,
// taking B and C to the coset, computing the wire MSMs and then the tail of the quotient's
// multi-scalar multiplication while the prover's worker runs the rest (gnark/prover/twoparts.go,
// whose header draws the schedule). Go's js/wasm port has one thread; this is how gnark uses a
// second core. Requests run one at a time, in the order they came. Messages (see SecondInstance
// in worker.ts):
//   (none: this script has started)        -> {type: 'alive'}
//   {type: 'load', wasm, pk}               -> {type: 'ready'}
//   {type: 'coset-of', id, v}              -> {type: 'done', id, result: {v}, memoryBytes}
//   {type: 'from-coefficients', id, v}     -> {type: 'done', id, result: {v}, memoryBytes}
//   {type: 'wire-msms', id, wires, nbPublic} -> {type: 'done', id, result: {parts}, memoryBytes}
//   {type: 'z-part', id, tail, from}       -> {type: 'done', id, result: {part}, memoryBytes}
// and {type: 'error', id?, code, message} for any failure.
import { BackendError } from '@zkplay/core/protocol';
import { call, startGnark, type GoInstance } from './go-instance';

let instance: GoInstance | undefined;

const fail = (id: number | undefined, e: unknown) =>
  postMessage({
    type: 'error',
    id,
    code: e instanceof BackendError ? e.code : 'internal',
    message: e instanceof Error ? e.message : String(e),
  });

/** A message from the prover's worker (the fields its type uses; Go checks each argument). */
interface Request {
  type?: string;
  id?: number;
  wasm?: Uint8Array;
  pk?: Uint8Array;
  v?: Uint8Array;
  wires?: Uint8Array;
  nbPublic?: number;
  tail?: Uint8Array;
  from?: number;
}

/** Each request's call into Go. */
const requests: Record<string, (g: GnarkWasm, m: Request) => Promise<Record<string, Uint8Array>>> = {
  'coset-of': (g, m) => g.cosetOf(m.v!),
  'from-coefficients': (g, m) => g.fromCoefficients(m.v!),
  'wire-msms': (g, m) => g.wireMSMs(m.wires!, m.nbPublic!),
  'z-part': (g, m) => g.zPart(m.tail!, m.from!),
};

async function handle(m: Request | undefined) {
  try {
    if (m?.type === 'load') {
      instance = await startGnark(m.wasm!, (code, message) => fail(undefined, new BackendError(code, message)));
      await call(instance.gnark.loadKey(m.pk!));
      postMessage({ type: 'ready' });
    } else if (m?.type !== undefined && Object.hasOwn(requests, m.type)) {
      if (!instance) throw new BackendError('internal', 'the second gnark instance has no key loaded');
      const result = await call(requests[m.type](instance.gnark, m));
      // Its linear memory never shrinks: its size now is this instance's peak so far.
      postMessage({ type: 'done', id: m.id, result, memoryBytes: instance.memory.buffer.byteLength }, { transfer: Object.values(result).map((a) => a.buffer) });
    } else {
      throw new BackendError('internal', `the second gnark instance got an unknown message: ${JSON.stringify(m?.type)}`);
    }
  } catch (e) {
    fail(m?.id, e);
  }
}

// One request at a time, in order: the prover's worker sends the next ones (C, the wires, the
// tail) while this instance is still busy, and the schedule counts on their order.
let queue: Promise<void> = Promise.resolve();
onmessage = (ev: MessageEvent) => {
  queue = queue.then(() => handle(ev.data));
};

// Said first, before any request: it ends the prover's worker's THREAD_START_PHASE, which the
// page times out because a browser can block inside `new Worker()` for ever
// (e2e-firefox/README.md).
postMessage({ type: 'alive' });
