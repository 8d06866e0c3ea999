// Runs the primitives off the main thread for the Primitives view, in two small wasm builds of
// their own (never the provers' bundles), each fetched and hash-checked like every artifact and
// loaded only when a case of its language is asked for:
//   gnark-crypto   gnark/cmd/primitives-wasm (Go → js/wasm)                 files.go
//   halo2curves,   crates/zkplay-primitives, feature wasm (wasm-bindgen,     files.rust, glue
//   plonky2_field  --target web, single-threaded)                           files.rustGlue
import '../../../workers/gnark/generated/wasm_exec.js';
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from '../../../workers/contract/artifacts';
import type { Library } from './result';

declare global {
  var zkplayPrimitivesGo: { measure(op: string, curve: string, logN: number, runs: number, warmup: number): Promise<string> } | undefined;
  var zkplayPrimitivesGoOnReady: (() => void) | undefined;
}

export type PrimitiveRequest = { id: number; library: Library; op: string; curve: string; logN: number; runs: number; warmup: number };
export type PrimitiveReply = { id: number; result?: unknown; error?: string };

/** What scripts/lib/primitives.mjs writes to artifacts/primitives/index.json. */
interface PrimitivesIndex {
  build: string;
  files: { go: ArtifactFile; rust?: ArtifactFile; rustGlue?: ArtifactFile };
}

/** crates/zkplay-primitives/src/wasm.rs, as wasm-bindgen exports it. */
interface RustPrimitives {
  default(init: { module_or_path: BufferSource }): Promise<unknown>;
  /** One schema/primitive-result record as JSON; throws an Error on bad input or a failed check. */
  measure(op: string, curve: string, logN: number, runs: number, warmup: number): string;
}

type Measure = (op: string, curve: string, logN: number, runs: number, warmup: number) => Promise<string>;

const INDEX_URL = artifactUrl('primitives/index.json');
let index: Promise<PrimitivesIndex> | undefined;
let go: Promise<Measure> | undefined;
let rust: Promise<Measure> | undefined;

const loadIndex = () => (index ??= fetchIndex<PrimitivesIndex>(INDEX_URL));

function startGo(): Promise<Measure> {
  go ??= (async () => {
    const { files } = await loadIndex();
    const wasm = await fetchArtifact(INDEX_URL, files.go, 'primitives wasm (Go)', () => {});
    const runtime = new Go();
    const { instance } = await WebAssembly.instantiate(wasm.bytes as Uint8Array<ArrayBuffer>, runtime.importObject);
    const started = new Promise<void>((resolve) => (globalThis.zkplayPrimitivesGoOnReady = resolve));
    void runtime.run(instance);
    if (!globalThis.zkplayPrimitivesGo) await started;
    const api = globalThis.zkplayPrimitivesGo!;
    return (op, curve, logN, runs, warmup) => api.measure(op, curve, logN, runs, warmup);
  })();
  return go;
}

function startRust(): Promise<Measure> {
  rust ??= (async () => {
    const { files } = await loadIndex();
    if (!files.rust || !files.rustGlue) throw new Error(`${INDEX_URL} lists no Rust primitives build (files.rust, files.rustGlue): rebuild with scripts/lib/primitives.mjs`);
    const wasm = await fetchArtifact(INDEX_URL, files.rust, 'primitives wasm (Rust)', () => {});
    const m = (await import(/* @vite-ignore */ new URL(files.rustGlue.file, INDEX_URL).href)) as RustPrimitives;
    await m.default({ module_or_path: wasm.bytes as Uint8Array<ArrayBuffer> });
    return async (op, curve, logN, runs, warmup) => m.measure(op, curve, logN, runs, warmup);
  })();
  return rust;
}

self.onmessage = async (e: MessageEvent<PrimitiveRequest>) => {
  const { id, library, op, curve, logN, runs, warmup } = e.data;
  try {
    const measure = await (library === 'gnark-crypto' ? startGo() : startRust());
    const json = await measure(op, curve, logN, runs, warmup);
    const result = JSON.parse(json) as { library?: string };
    if (result.library !== library) throw new Error(`asked for ${library}, the wasm answered for ${String(result.library)}`);
    self.postMessage({ id, result } satisfies PrimitiveReply);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies PrimitiveReply);
  }
};
