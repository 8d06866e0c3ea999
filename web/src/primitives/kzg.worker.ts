// Runs Ethereum's KZG (docs/kzg.md) off the main thread for the Primitives view, in two small
// wasm builds of its own, each fetched and hash-checked like every artifact and loaded only when
// a request of its language comes (scripts/lib/kzg.mjs builds them):
//   go-eth-kzg    gnark/cmd/kzg-wasm (Go → js/wasm, one thread)          files.go
//   rust_eth_kzg  crates/zkplay-kzg, feature wasm (wasm-bindgen, blst)  files.rust, rustGlue
//                 the same, feature wasm-threads, for threads > 1         files.rustThreads,
//                 (rayon on Web Workers; cross-origin isolated pages)     rustThreadsGlue
// A worker loads one Rust build with one thread count (a rayon pool cannot be resized).
// Both answer the same calls: an op as in the specs, arguments as the vectors' input (JSON).
import { artifactUrl, fetchArtifact, fetchIndex, type ArtifactFile } from '@zkplay/core/artifacts';
import { serveRequests } from '@zkplay/core/serve';
import { startGoApi } from './go-api';
import type { KzgLanguage, KzgRequest, KzgResponse } from './kzg';

interface KzgApi {
  init(): Promise<void> | void;
  call(op: string, args: string): Promise<string> | string;
  measure(op: string, runs: number): Promise<string> | string;
}

/** What scripts/lib/kzg.mjs writes to artifacts/kzg/index.json. */
interface KzgIndex {
  build: string;
  files: {
    go: ArtifactFile;
    rust: ArtifactFile;
    rustGlue: ArtifactFile;
    rustThreads?: ArtifactFile;
    rustThreadsGlue?: ArtifactFile;
  };
}

const INDEX_URL = artifactUrl('kzg/index.json');
let index: Promise<KzgIndex> | undefined;
const apis: Partial<Record<KzgLanguage, Promise<KzgApi>>> = {};
const loadIndex = () => (index ??= fetchIndex<KzgIndex>(INDEX_URL));

async function startGo(): Promise<KzgApi> {
  const { files } = await loadIndex();
  const wasm = await fetchArtifact(INDEX_URL, files.go, 'KZG wasm (Go)', () => {});
  return startGoApi<KzgApi>(wasm.bytes, 'zkplayKzgGo');
}

let rustThreads: number | undefined;

async function startRust(threads: number): Promise<KzgApi> {
  const { files } = await loadIndex();
  const threaded = threads > 1;
  const [wasmFile, glue] = threaded ? [files.rustThreads, files.rustThreadsGlue] : [files.rust, files.rustGlue];
  if (!wasmFile || !glue) throw new Error(`${INDEX_URL} lists no threaded Rust KZG build`);
  if (threaded && !(self.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined'))
    throw new Error('Rust on more than 1 thread needs a cross-origin isolated page (shared memory)');
  const wasm = await fetchArtifact(INDEX_URL, wasmFile, `KZG wasm (Rust${threaded ? ', threaded' : ''})`, () => {});
  const m = (await import(/* @vite-ignore */ new URL(glue.file, INDEX_URL).href)) as KzgApi & {
    default(init: { module_or_path: BufferSource }): Promise<unknown>;
    initThreadPool?(n: number): Promise<void>;
  };
  await m.default({ module_or_path: wasm.bytes as Uint8Array<ArrayBuffer> });
  if (threaded) await m.initThreadPool!(threads);
  return m;
}

function api(language: KzgLanguage, threads: number): Promise<KzgApi> {
  if (language === 'go') return (apis.go ??= startGo());
  if (rustThreads !== undefined && rustThreads !== threads)
    return Promise.reject(new Error(`this worker runs Rust on ${rustThreads} threads: start a new worker`));
  rustThreads = threads;
  return (apis.rust ??= startRust(threads));
}

serveRequests<KzgRequest, KzgResponse>(async (req) => {
  const a = await api(req.language, req.threads);
  const t0 = performance.now();
  let json: string;
  if (req.type === 'kzg-init') {
    await a.init();
    json = 'null';
  } else if (req.type === 'kzg-call') {
    json = await a.call(req.op, req.args);
  } else {
    json = await a.measure(req.op, req.runs);
  }
  return { json, ms: performance.now() - t0 };
});
