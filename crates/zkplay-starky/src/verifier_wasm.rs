//! The verifier-only wasm (feature `verifier-wasm`): one export, no prover, no threads. The
//! zkplay-verifier package loads it to check starky proof files (wrapped plonky2 proofs) against
//! the shipped wrapper key (keys.json lists its sha256; the package checks it before calling).
//!
//! ```js
//! verify(configJson, vk, proof, digest, length) // { ok, phases, reason? } or throws { code, message }
//! ```
use wasm_bindgen::prelude::*;
use zkplay_wasm_runtime::wasm::{error, to_js};

#[wasm_bindgen]
pub fn verify(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> Result<JsValue, JsValue> {
    crate::contract::verify_with_key_json(config_json, vk, proof, digest, length).map(|r| to_js(&r)).map_err(error)
}
