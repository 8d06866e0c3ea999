//! The verifier-only wasm (feature `verifier-wasm`): one export, no prover class, no threads.
//! The zkplay-verifier package loads it to check halo2 proof files against the verifying-key
//! files the build ships (keys.json lists each file's sha256; the package checks it before
//! calling).
//!
//! ```js
//! verify(configJson, vk, proof, digest, length) // { ok, phases, reason? } or throws { code, message }
//! ```

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use zkplay_wasm_runtime::wasm::{error, to_js};

use crate::contract::VerifierCache;

thread_local! {
    /// The last key read, kept while the same key comes again (see [`VerifierCache`]).
    static CACHE: RefCell<VerifierCache> = RefCell::new(VerifierCache::default());
}

/// Verifies `proof` for (digest, length) under the verifying-key file `vk` of configuration
/// `config_json` (see [`crate::contract::verify_with_key_json`]).
#[wasm_bindgen]
pub fn verify(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> Result<JsValue, JsValue> {
    CACHE.with(|c| c.borrow_mut().verify_json(config_json, vk, proof, digest, length)).map(|r| to_js(&r)).map_err(error)
}
