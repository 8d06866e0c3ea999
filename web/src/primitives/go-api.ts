// The Primitives view's Go wasm programs (gnark/cmd/primitives-wasm, gnark/cmd/kzg-wasm) publish
// their API the same way: main() sets globalThis[name], then calls globalThis[`${name}OnReady`]
// if it is a function, and stays alive (select{}). One starter for both workers.
import '@zkplay/core/go-wasm';

/** Runs the Go program `wasm` and resolves with the API it publishes as globalThis[name]. */
export async function startGoApi<Api>(wasm: Uint8Array, name: string): Promise<Api> {
  const runtime = new Go();
  const { instance } = await WebAssembly.instantiate(wasm as Uint8Array<ArrayBuffer>, runtime.importObject);
  const global = globalThis as unknown as Record<string, unknown>;
  const started = new Promise<void>((resolve) => (global[`${name}OnReady`] = resolve));
  void runtime.run(instance);
  if (!global[name]) await started;
  return global[name] as Api;
}
