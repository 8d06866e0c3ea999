//! wasm-bindgen bindings (feature `wasm`): the shared contract's `Prover` class over
//! [`crate::contract::BellmanProver`], and the exports every backend shares (zkplay-wasm-runtime):
//!
//! ```js
//! const p = new Prover(JSON.stringify({ blocks: 3 }), { params, vk }); // the build's key files
//! const { proof } = p.prove(new TextEncoder().encode("hello"));      // 192 bytes
//! p.verify(proof, blake2s(message), 5);                               // { ok, phases, reason? }
//! ```
//!
//! With feature `wasm-threads`, `initThreadPool(n)` starts rayon on n Web Workers, and bellman's
//! `multicore` (FFTs and multi-exponentiations) runs on them.

pub use zkplay_wasm_runtime::wasm::*;

zkplay_wasm_runtime::export_prover!(crate::contract::BellmanProver);
