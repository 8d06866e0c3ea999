//! The verifier-only wasm (feature `verifier-wasm`): one export, no prover class, no threads.
//! The zkplay-verifier package loads it to check halo2 proof files against the verifying-key
//! files the build ships (keys.json lists each file's sha256; the package checks it before
//! calling).
//!
//! ```js
//! verify(configJson, vk, proof, digest, length) // { ok, phases, reason? } or throws { code, message }
//! ```

use wasm_bindgen::prelude::*;
use zkplay_wasm_runtime::wasm::{error, to_js};

/// Verifies `proof` for (digest, length) under the verifying-key file `vk` of configuration
/// `config_json` (see [`crate::contract::verify_with_key_json`]).
#[wasm_bindgen]
pub fn verify(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> Result<JsValue, JsValue> {
    crate::contract::verify_with_key_json(config_json, vk, proof, digest, length).map(|r| to_js(&r)).map_err(error)
}
