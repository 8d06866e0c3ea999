//! wasm-bindgen bindings (feature `wasm`): the `Prover` class of the shared contract over
//! [`crate::contract::Halo2Prover`] (see zkplay-wasm-runtime: `new Prover(configJson)`,
//! `report()`, `prove(message)`, `verify(proof, digest, length)`, `stats()`, refusals thrown as
//! `{ code, message }`), and the exports every backend shares (`build`, `threads`,
//! `memoryBytes`, `allocate`, `installPanicHook`, `lastPanic`; `initThreadPool(n)` with
//! feature `wasm-threads`), which come from zkplay-wasm-runtime.
//!
//! A panic in wasm aborts the whole module (the worker has to be replaced), so nothing here may
//! panic on caller input: `verify` checks the length (an `f64`, through
//! [`crate::Setup::length_from_js`]), the digest and the proof's encoding before the halo2
//! verifier sees them (see [`crate::Setup::verify`]).

use wasm_bindgen::prelude::*;

pub use zkplay_wasm_runtime::wasm::*;

zkplay_wasm_runtime::export_prover!(crate::contract::Halo2Prover);

/// Capacity in Keccak-f blocks of a circuit with 2^k rows and `rows_per_round`.
#[wasm_bindgen(js_name = capacityBlocks)]
pub fn capacity_blocks(k: u32, rows_per_round: usize) -> usize {
    crate::capacity_blocks(k, rows_per_round)
}

/// Default `[k, rows_per_round]` for a message of `len` bytes.
#[wasm_bindgen(js_name = defaultParams)]
pub fn default_params(len: usize) -> Vec<u32> {
    let p = crate::default_params(len);
    vec![p.k, p.rows_per_round as u32]
}
