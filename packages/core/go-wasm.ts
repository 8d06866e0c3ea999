// Go's js/wasm runtime for every worker that runs a Go wasm (the gnark backend, the primitives
// view). Importing this module defines the global `Go` class. The loader must match the Go that
// built the wasm, so it is copied from this machine's GOROOT by the set-up (placeGoRuntime in
// scripts/lib/go-runtime.mjs), never committed.
import './generated/wasm_exec.js';

declare global {
  /** wasm_exec.js's runtime: one instance runs one Go program. */
  class Go {
    importObject: WebAssembly.Imports;
    exited: boolean;
    run(instance: WebAssembly.Instance): Promise<void>;
  }
}
