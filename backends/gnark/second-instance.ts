// The second gnark instance: its own worker running gnark/cmd/wasm with only the proving key,
// computing the tail of the quotient's multi-scalar multiplication while the prover's worker
// runs the rest (gnark/prover/twoparts.go). Go's js/wasm port has one thread; this is how gnark
// uses a second core. Messages (see SecondInstance in worker.ts):
//   (none: this script has started)  -> {type: 'alive'}
//   {type: 'load', wasm, pk}         -> {type: 'ready'}
//   {type: 'z-part', id, tail, from} -> {type: 'part', id, part, memoryBytes}
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

onmessage = async (ev: MessageEvent) => {
  const m = ev.data;
  try {
    if (m?.type === 'load') {
      instance = await startGnark(m.wasm, (code, message) => fail(undefined, new BackendError(code, message)));
      await call(instance.gnark.loadKey(m.pk));
      postMessage({ type: 'ready' });
    } else if (m?.type === 'z-part') {
      if (!instance) throw new BackendError('internal', 'the second gnark instance has no key loaded');
      const { part } = await call(instance.gnark.zPart(m.tail, m.from));
      // Its linear memory never shrinks: its size now is this instance's peak so far.
      postMessage({ type: 'part', id: m.id, part, memoryBytes: instance.memory.buffer.byteLength }, { transfer: [part.buffer] });
    } else {
      throw new BackendError('internal', `the second gnark instance got an unknown message: ${JSON.stringify(m?.type)}`);
    }
  } catch (e) {
    fail(m?.id, e);
  }
};

// Said first, before any request: it ends the prover's worker's THREAD_START_PHASE, which the
// page times out because a browser can block inside `new Worker()` for ever
// (e2e-firefox/README.md).
postMessage({ type: 'alive' });
