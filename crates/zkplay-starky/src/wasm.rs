//! wasm-bindgen bindings (feature `wasm`): the shared contract's `Prover` class over
//! [`crate::contract::StarkyProver`], and the exports every backend shares (zkplay-wasm-runtime):
//!
//! ```js
//! const p = new Prover(JSON.stringify({ zk: "off" }), { vk }); // builds the wrapper, checks it against vk
//! const { proof } = p.prove(new TextEncoder().encode("hello"));  // the wrapped plonky2 proof
//! p.verify(proof, keccak256(message), 5);                        // { ok, phases, reason? }
//! ```
//!
//! With feature `wasm-threads`, `initThreadPool(n)` starts rayon on n Web Workers, and starky's
//! and plonky2's `parallel` code runs on them.

pub use zkplay_wasm_runtime::wasm::*;

zkplay_wasm_runtime::export_prover!(crate::contract::StarkyProver);
