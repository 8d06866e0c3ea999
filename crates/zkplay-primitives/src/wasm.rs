//! wasm-bindgen bindings (feature `wasm`), single-threaded (no atomics: rayon runs halo2curves'
//! FFT and MSM on the calling thread):
//!
//! ```js
//! const json = measure("msm-g1", "bn254", 12, 5, 1); // one schema/primitive-result record
//! ```
//!
//! Errors (unknown op or curve, an op the curve lacks, logN out of range, a failed check) throw
//! a JavaScript `Error`.

use wasm_bindgen::prelude::*;

/// Measures one case and returns its result as JSON (schema/primitive-result.schema.json).
#[wasm_bindgen]
pub fn measure(
    op: &str,
    curve: &str,
    log_n: u32,
    runs: u32,
    warmup: u32,
) -> Result<String, JsError> {
    crate::measure(&crate::Case::new(op, curve, log_n), runs, warmup)
        .map(|r| r.to_json())
        .map_err(|e| JsError::new(&e))
}
