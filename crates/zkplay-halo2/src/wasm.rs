//! Thin wasm-bindgen bindings (feature `wasm`). Errors become JS exceptions with the
//! `Display` text of [`crate::Error`]; timings are milliseconds (`web-time`).
//!
//! A panic in wasm aborts the whole module (the worker has to be replaced), so nothing here may
//! panic on caller input: `verify` checks the length, the digest and the proof's encoding
//! before the halo2 verifier sees them (see [`crate::Setup::verify`]).
//!
//! Feature `wasm-threads` adds `initThreadPool(n)` (wasm-bindgen-rayon): call it once before
//! anything else; rayon (halo2-axiom's `multicore`) then runs on `n` Web Workers.

use crate::{Error, Params};
use wasm_bindgen::prelude::*;

#[cfg(feature = "wasm-threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// "wasm-threads" or "wasm-single": which build this is.
#[wasm_bindgen]
pub fn build() -> String {
    if cfg!(feature = "wasm-threads") { "wasm-threads" } else { "wasm-single" }.into()
}

/// Threads rayon uses (1 in the single-threaded build; the pool size after `initThreadPool`).
#[wasm_bindgen]
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Bytes of wasm linear memory (it never shrinks: the peak so far).
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

/// Grows linear memory by `mib` MiB and keeps it (for probing how much a worker may have).
/// Throws "out of memory" when the memory cannot grow.
#[wasm_bindgen]
pub fn allocate(mib: u32) -> Result<f64, JsError> {
    let pages = mib as usize * 16;
    if core::arch::wasm32::memory_grow(0, pages) == usize::MAX {
        return Err(JsError::new(&format!("out of memory: could not grow wasm memory by {mib} MiB (now {} MiB)", memory_bytes() as u64 >> 20)));
    }
    Ok(memory_bytes())
}

static LAST_PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Records panic messages (read with `lastPanic()` after a wasm trap; panics abort in wasm).
#[wasm_bindgen(js_name = installPanicHook)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut s) = LAST_PANIC.try_lock() {
            *s = info.to_string();
        }
    }));
}

/// The message of the last panic, or "" (see `installPanicHook`).
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> String {
    LAST_PANIC.try_lock().map(|s| s.clone()).unwrap_or_default()
}

fn js_err(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

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

/// Keys for one circuit shape, plus the setup timings.
#[wasm_bindgen]
pub struct Halo2Setup {
    inner: crate::Setup,
    timings: crate::SetupTimings,
}

/// A proof and its timings.
#[wasm_bindgen]
pub struct Halo2Proof {
    inner: crate::ProofOutput,
}

#[wasm_bindgen]
impl Halo2Proof {
    #[wasm_bindgen(getter)]
    pub fn proof(&self) -> Vec<u8> {
        self.inner.proof.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn digest(&self) -> Vec<u8> {
        self.inner.digest.to_vec()
    }
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.length
    }
    #[wasm_bindgen(getter, js_name = witnessMs)]
    pub fn witness_ms(&self) -> f64 {
        self.inner.witness_ms
    }
    #[wasm_bindgen(getter, js_name = proveMs)]
    pub fn prove_ms(&self) -> f64 {
        self.inner.prove_ms
    }
}

#[wasm_bindgen]
impl Halo2Setup {
    /// KZG params (TEST SETUP: random secret), verifying key, proving key.
    #[wasm_bindgen(constructor)]
    pub fn new(k: u32, rows_per_round: usize) -> Result<Halo2Setup, JsError> {
        let (inner, timings) = crate::setup(&Params { k, rows_per_round }).map_err(js_err)?;
        Ok(Halo2Setup { inner, timings })
    }

    pub fn prove(&self, msg: &[u8]) -> Result<Halo2Proof, JsError> {
        self.inner.prove(msg).map(|inner| Halo2Proof { inner }).map_err(js_err)
    }

    /// Ok(()) if valid; throws "invalid input: ..." (length not an integer in
    /// `0..=maxMessageBytes`, digest not 32 bytes: checked first), "malformed proof: ..." or
    /// "proof rejected: ..." otherwise. `length` is an `f64` on purpose: a JS number passed as
    /// `usize` would be wrapped modulo 2^32 and truncated (4294967301 and 5.5 would become 5).
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> Result<(), JsError> {
        let length = self.inner.length_from_js(length).map_err(js_err)?;
        self.inner.verify(proof, digest, length).map_err(js_err)
    }

    #[wasm_bindgen(getter, js_name = capacityBlocks)]
    pub fn capacity_blocks(&self) -> usize {
        self.inner.capacity_blocks()
    }

    #[wasm_bindgen(getter, js_name = maxMessageBytes)]
    pub fn max_message_bytes(&self) -> usize {
        self.inner.max_message_bytes()
    }

    /// JSON: {"k","rowsPerRound","capacityBlocks","maxMessageBytes","adviceColumns",
    /// "fixedColumns","paramsMs","vkMs","pkMs"} (sizes are in `sizes()`: serializing the pk
    /// takes time).
    pub fn stats(&self) -> String {
        let p = self.inner.params();
        let t = self.timings;
        format!(
            "{{\"k\":{},\"rowsPerRound\":{},\"capacityBlocks\":{},\"maxMessageBytes\":{},\"adviceColumns\":{},\"fixedColumns\":{},\"paramsMs\":{},\"vkMs\":{},\"pkMs\":{}}}",
            p.k,
            p.rows_per_round,
            self.inner.capacity_blocks(),
            self.inner.max_message_bytes(),
            self.inner.advice_columns(),
            self.inner.fixed_columns(),
            t.params_ms,
            t.vk_ms,
            t.pk_ms
        )
    }

    /// `[params_bytes, vk_bytes, pk_bytes]` (serialized, raw-bytes format).
    pub fn sizes(&self) -> Vec<f64> {
        let (a, b, c) = self.inner.sizes();
        vec![a as f64, b as f64, c as f64]
    }
}
