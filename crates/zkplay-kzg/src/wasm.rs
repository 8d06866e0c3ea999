//! wasm-bindgen bindings (feature `wasm`): the trusted setup is loaded once, on the first call.
//!
//! ```js
//! call("blob_to_kzg_commitment", JSON.stringify({ blob })); // '"0xa365…"' or '{"error":{"code",…}}'
//! measure("compute_cells_and_kzg_proofs", 5);             // '{"op","runs","medianMs","samplesMs"}'
//! ```

use std::sync::OnceLock;

use wasm_bindgen::prelude::*;

use crate::{dispatch, measure, Kzg};

#[cfg(feature = "wasm-threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

fn kzg() -> &'static Kzg {
    static K: OnceLock<Kzg> = OnceLock::new();
    K.get_or_init(Kzg::new)
}

/// Loads the trusted setup now (its time is then not charged to the first operation).
#[wasm_bindgen]
pub fn init() {
    kzg();
}

#[wasm_bindgen]
pub fn call(op: &str, args_json: &str) -> String {
    dispatch::call(kzg(), op, args_json)
}

#[wasm_bindgen]
pub fn measure(op: &str, runs: usize) -> Result<String, JsError> {
    measure::measure(kzg(), op, runs).map(|m| m.to_json()).map_err(|e| JsError::new(&e.to_string()))
}
