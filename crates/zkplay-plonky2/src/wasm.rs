//! wasm-bindgen bindings (feature `wasm`): the `Prover` class of the shared contract over
//! [`crate::contract::Plonky2Prover`] (see zkplay-wasm-runtime):
//!
//! ```js
//! const p = new Prover(JSON.stringify({ maxBlocks: 1, merkleHash: "keccak", zk: "off" }));
//! p.report();                                   // { phases, sizes, circuit, capacityBytes }
//! const { proof } = p.prove(new TextEncoder().encode("hello"));  // throws { code, message }
//! p.verify(proof, digest, 5);                   // { ok, phases, reason? } or throws { code, message }
//! ```
//!
//! `zk: "on"` turns on plonky2's zero-knowledge blinding. The exports every backend shares
//! (`build`, `threads`, `memoryBytes`, `allocate`, `installPanicHook`, `lastPanic`; with
//! feature `wasm-threads`, `initThreadPool(n)`: call it once before anything else, plonky2's
//! rayon code then runs on `n` Web Workers) come from zkplay-wasm-runtime.
//!
//! `verify` takes the length as a JavaScript number (`f64`), not a `usize`: wasm-bindgen would
//! wrap a `usize` modulo 2^32 and truncate fractions, so 4294967301 or 5.5 would have verified a
//! proof for 5 bytes. It goes through [`crate::length_from_js`] before the proof is read.

pub use zkplay_wasm_runtime::wasm::*;

zkplay_wasm_runtime::export_prover!(crate::contract::Plonky2Prover);
