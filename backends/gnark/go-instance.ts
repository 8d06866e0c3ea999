// One Go wasm instance of gnark/cmd/wasm in this worker: started from the wasm bytes, its API
// (globalThis.zkplayGnark) returned once Go says it is ready. Both gnark workers use it: the
// prover's own and the second instance's (second-instance.ts).
import '@zkplay/core/go-wasm';
import { BackendError } from '@zkplay/core/protocol';

// The Go runtime reports fatal errors ("fatal error: out of memory", "panic: ...") on stderr,
// which wasm_exec.js sends to the console, followed by a long goroutine dump: keep the first
// such line to explain a crash.
let fatalLine: string | undefined;
for (const level of ['log', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const line = args.join(' ');
    if (!fatalLine && /^(fatal error|panic):/.test(line)) fatalLine = line;
    original(...args);
  };
}

export interface GoInstance {
  gnark: GnarkWasm;
  memory: WebAssembly.Memory;
}

/** Starts the Go program; `onExit` runs if it ever stops (it never should: a crash or out of memory). */
export async function startGnark(
  wasm: Uint8Array,
  onExit: (code: 'out-of-memory' | 'crashed', message: string) => void,
): Promise<GoInstance> {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(wasm as Uint8Array<ArrayBuffer>, go.importObject);
  const memory = instance.exports.mem as WebAssembly.Memory;
  const ready = new Promise<void>((resolve) => (globalThis.zkplayGnarkOnReady = resolve));
  go.run(instance).then(
    () => {
      const oom = /out of memory/i.test(fatalLine ?? '');
      onExit(
        oom ? 'out-of-memory' : 'crashed',
        oom ? 'the gnark worker ran out of memory' : `the gnark wasm runtime exited (${fatalLine ?? 'no error message'})`,
      );
    },
    (err) => onExit('crashed', `the gnark wasm runtime failed: ${(err as Error).message}`),
  );
  if (!globalThis.zkplayGnarkReady) await ready;
  return { gnark: globalThis.zkplayGnark!, memory };
}

/** Turns a rejection from the Go side (an Error with a code) into a protocol error. */
export async function call<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    const err = e as GnarkError;
    throw new BackendError((err.code as never) ?? 'internal', err.message ?? String(e));
  }
}
