//! wasm-bindgen bindings (feature `wasm`). Without `wasm-threads` the build is single-threaded
//! (no atomics: rayon runs halo2curves' FFT and MSM on the calling thread); with it,
//! `initThreadPool(n)` (wasm-bindgen-rayon) starts n Web Workers for rayon, once, before any
//! measurement:
//!
//! ```js
//! await initThreadPool(2);            // wasm-threads only
//! threads();                          // 2 (1 in the single-threaded build)
//! const json = measure("msm-g1", "bn254", 12, 5, 1); // one schema/primitive-result record
//! fieldOps("bn254-fr", pairs);        // products, squares, sums, differences (src/field_ops.rs)
//! ```
//!
//! Errors (unknown op or curve, an op the curve lacks, logN out of range, a failed check) throw
//! a JavaScript `Error`.

use wasm_bindgen::prelude::*;

#[cfg(feature = "wasm-threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// "wasm-threads" or "wasm-single": which build this is, with "-wide" when it was compiled with
/// the wide-arithmetic proposal (as zkplay-wasm-runtime's `build` says it).
#[wasm_bindgen]
pub fn build() -> String {
    let base = if cfg!(feature = "wasm-threads") { "wasm-threads" } else { "wasm-single" };
    let wide = if cfg!(target_feature = "wide-arithmetic") { "-wide" } else { "" };
    format!("{base}{wide}")
}

/// rayon's thread count: 1 in the single-threaded build, the pool size after `initThreadPool`.
#[wasm_bindgen]
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Measures one case and returns its result as JSON (schema/primitive-result.schema.json).
#[wasm_bindgen]
pub fn measure(op: &str, curve: &str, log_n: u32, runs: u32, warmup: u32) -> Result<String, JsError> {
    crate::measure(&crate::Case::new(op, curve, log_n), runs, warmup).map(|r| r.to_json()).map_err(|e| JsError::new(&e))
}

/// The field arithmetic of `field` on caller-chosen operands ([`crate::field_ops`]): the check of
/// this build's arithmetic against JavaScript BigInts (e2e/wide-arithmetic.spec.ts).
#[wasm_bindgen(js_name = fieldOps)]
pub fn field_ops(field: &str, operands: &[u8]) -> Result<Vec<u8>, JsError> {
    crate::field_ops::field_ops(field, operands).map_err(|e| JsError::new(&e))
}
