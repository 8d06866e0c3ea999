// The second gnark instance: its own worker running gnark/cmd/wasm with only the proving key,
// taking B and C to the coset and then computing the tail of the quotient's multi-scalar
// multiplication while the prover's worker runs the rest (gnark/prover/twoparts.go). Go's js/wasm port has one thread; this is how gnark
// uses a second core. Messages (see SecondInstance in worker.ts):
//   (none: this script has started)  -> {type: 'alive'}
//   {type: 'load', wasm, pk}         -> {type: 'ready'}
//   {type: 'cosets', id, b, c}       -> {type: 'done', id, result: {b, c}, memoryBytes}
//   {type: 'z-part', id, tail, from} -> {type: 'done', id, result: {part}, memoryBytes}
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
    } else if (m?.type === 'cosets' || m?.type === 'z-part') {
      if (!instance) throw new BackendError('internal', 'the second gnark instance has no key loaded');
      const g = instance.gnark;
      const result: Record<string, Uint8Array> = m.type === 'cosets' ? await call(g.cosets(m.b, m.c)) : await call(g.zPart(m.tail, m.from));
      // Its linear memory never shrinks: its size now is this instance's peak so far.
      postMessage({ type: 'done', id: m.id, result, memoryBytes: instance.memory.buffer.byteLength }, { transfer: Object.values(result).map((a) => a.buffer) });
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
