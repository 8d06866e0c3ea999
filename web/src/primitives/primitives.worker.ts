// Runs gnark-crypto's primitives (gnark/cmd/primitives-wasm, Go → js/wasm) off the main thread
// for the Primitives view. Its wasm is its own small build, fetched and hash-checked like every
// artifact, and loaded only when the view asks for a measurement.
import '../../../workers/gnark/generated/wasm_exec.js';
import { fetchArtifact, fetchIndex, type ArtifactFile } from '../../../workers/contract/artifacts';

declare global {
  var zkplayPrimitivesGo: { measure(op: string, curve: string, logN: number, runs: number, warmup: number): Promise<string> } | undefined;
  var zkplayPrimitivesGoOnReady: (() => void) | undefined;
}

export type PrimitiveRequest = { id: number; op: string; curve: string; logN: number; runs: number; warmup: number };
export type PrimitiveReply = { id: number; result?: unknown; error?: string };

const INDEX_URL = new URL('/artifacts/primitives/index.json', self.location.origin).href;
let ready: Promise<void> | undefined;

function start(): Promise<void> {
  ready ??= (async () => {
    const index = await fetchIndex<{ build: string; files: { go: ArtifactFile } }>(INDEX_URL);
    const wasm = await fetchArtifact(INDEX_URL, index.files.go, 'primitives wasm (Go)', () => {});
    const go = new Go();
    const { instance } = await WebAssembly.instantiate(wasm.bytes as Uint8Array<ArrayBuffer>, go.importObject);
    const started = new Promise<void>((resolve) => (globalThis.zkplayPrimitivesGoOnReady = resolve));
    void go.run(instance);
    if (!globalThis.zkplayPrimitivesGo) await started;
  })();
  return ready;
}

self.onmessage = async (e: MessageEvent<PrimitiveRequest>) => {
  const { id, op, curve, logN, runs, warmup } = e.data;
  try {
    await start();
    const json = await globalThis.zkplayPrimitivesGo!.measure(op, curve, logN, runs, warmup);
    self.postMessage({ id, result: JSON.parse(json) } satisfies PrimitiveReply);
  } catch (err) {
    self.postMessage({ id, error: (err as Error).message ?? String(err) } satisfies PrimitiveReply);
  }
};
