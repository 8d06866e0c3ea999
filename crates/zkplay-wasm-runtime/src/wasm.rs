//! The wasm-bindgen layer (feature `wasm`): the exports every zkplay Rust backend has, and the
//! glue behind [`export_prover!`](crate::export_prover).
//!
//! A panic in wasm aborts the whole module (the worker has to be replaced), so nothing here may
//! panic on caller input; panics are recorded by `installPanicHook` and read with `lastPanic`.
//!
//! Feature `threads` adds `initThreadPool(n)` (wasm-bindgen-rayon): call it once before anything
//! else; the backend's rayon code then runs on `n` Web Workers.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{Artifacts, ErrorCode, Prover, ProverError};

#[cfg(feature = "threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// "wasm-threads" or "wasm-single": which build this is, with "-wide" when it was compiled with
/// the wide-arithmetic proposal (64 x 64 -> 128 multiplies in one instruction).
#[wasm_bindgen(js_name = build)]
pub fn build_kind() -> String {
    let base = if cfg!(feature = "threads") { "wasm-threads" } else { "wasm-single" };
    let wide = if cfg!(target_feature = "wide-arithmetic") { "-wide" } else { "" };
    format!("{base}{wide}")
}

/// Threads the prover uses (1 in the single-threaded build; the pool size after `initThreadPool`).
#[wasm_bindgen]
pub fn threads() -> usize {
    #[cfg(feature = "threads")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "threads"))]
    return 1;
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
        return Err(JsError::new(&format!(
            "out of memory: could not grow wasm memory by {mib} MiB (now {} MiB)",
            memory_bytes() as u64 >> 20
        )));
    }
    Ok(memory_bytes())
}

static LAST_PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Records panic messages (read with `lastPanic()` after a wasm trap; panics abort in wasm), and
/// prints them to the console: a panic on a pool thread aborts a Web Worker that nothing asks
/// `lastPanic()` of, and the console is then the only place its message shows.
#[wasm_bindgen(js_name = installPanicHook)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        console_error(&format!("zkplay wasm panic: {message}"));
        if let Ok(mut s) = LAST_PANIC.try_lock() {
            *s = message;
        }
    }));
}

/// The message of the last panic, or "" (see `installPanicHook`).
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> String {
    LAST_PANIC.try_lock().map(|s| s.clone()).unwrap_or_default()
}

/// A plain JS object (maps as objects, bytes as a `Uint8Array` copied out of wasm memory,
/// numbers as numbers). Not `json_compatible()`: that makes bytes an array of numbers.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let s = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    // Our reports hold strings, numbers, bytes and records only: serializing cannot fail.
    value.serialize(&s).unwrap_or_else(|e| JsValue::from_str(&format!("serialization failed: {e}")))
}

/// What a refused call throws: `{ code, message }`.
pub fn error(e: ProverError) -> JsValue {
    to_js(&e)
}

/// The files `new Prover(configJson, files)` was given: `undefined`, or an object whose values
/// are `Uint8Array`s (copied into wasm memory).
fn artifacts_from_js(files: &JsValue) -> Result<Artifacts, ProverError> {
    use wasm_bindgen::JsCast;
    let mut out = Artifacts::new();
    if files.is_undefined() || files.is_null() {
        return Ok(out);
    }
    let bad = |what: String| ProverError::new(ErrorCode::Internal, format!("prepare's files: {what}"));
    let object = files.dyn_ref::<js_sys::Object>().ok_or_else(|| bad("not an object".into()))?;
    for entry in js_sys::Object::entries(object).iter() {
        let pair = js_sys::Array::from(&entry);
        let name = pair.get(0).as_string().unwrap_or_default();
        let bytes =
            pair.get(1).dyn_into::<js_sys::Uint8Array>().map_err(|_| bad(format!("\"{name}\" is not a Uint8Array")))?;
        out = out.with(name, bytes.to_vec());
    }
    Ok(out)
}

/// `new Prover(configJson, files?)`: parses the configuration and prepares it.
pub fn prepare<P: Prover + Send>(config_json: &str, files: &JsValue) -> Result<(P, JsValue), JsValue>
where
    P::Circuit: Send,
{
    let config = crate::parse_config_json(config_json).map_err(error)?;
    let artifacts = artifacts_from_js(files).map_err(error)?;
    let (prover, report) = on_pool::<P, _>(|| P::prepare(&config, &artifacts)).map_err(error)?;
    Ok((prover, to_js(&report)))
}

pub fn prove<P: Prover + Sync>(p: &P, message: &[u8]) -> Result<JsValue, JsValue> {
    on_pool::<P, _>(|| p.prove(message)).map(|r| to_js(&r)).map_err(error)
}

pub fn verify<P: Prover + Sync>(p: &P, proof: &[u8], digest: &[u8], length: f64) -> Result<JsValue, JsValue> {
    on_pool::<P, _>(|| p.verify(proof, digest, length)).map(|r| to_js(&r)).map_err(error)
}

/// Runs a prover call (prepare, prove, verify) on a thread of rayon's pool (threaded build)
/// instead of the page's worker that called it. A prover forks thousands of times per proof;
/// from outside the pool each fork is injected into the pool and the caller sleeps until a pool
/// thread has finished it: two waits and wakes per fork, and a wake is a call into the engine
/// (`memory.atomic.notify`) that profiles showed as costly. Inside the pool a fork goes to the
/// thread's own queue and the caller works on its half. `rayon::scope` called from outside the
/// pool runs its body on a pool thread and blocks the caller once. Not for a prover that says
/// `ON_POOL = false` (it runs on the calling worker, as in the single-threaded build).
#[cfg(feature = "threads")]
fn on_pool<P: Prover, R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if P::ON_POOL {
        rayon::scope(|_| f())
    } else {
        f()
    }
}

#[cfg(not(feature = "threads"))]
#[allow(clippy::extra_unused_type_parameters, reason = "the same call as the threaded build's, which reads P::ON_POOL")]
fn on_pool<P: Prover, R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// `Prover.running(step)`: the phase the page shows running during "prepare", "prove" or "verify".
pub fn running<P: Prover>(step: &str) -> JsValue {
    match step {
        "prepare" => to_js(&P::PREPARING),
        "prove" => to_js(&P::PROVING),
        _ => to_js(&P::VERIFYING),
    }
}

/// Exports `Prover`, the class `packages/core/rust-worker.ts` drives, over an implementation
/// of [`Prover`](crate::Prover). Use it once, in the backend crate (which depends on
/// `wasm-bindgen`):
///
/// ```ignore
/// zkplay_wasm_runtime::export_prover!(crate::contract::Halo2Prover);
/// ```
///
/// ```js
/// const p = new Prover(JSON.stringify(config), files); // files: { name: Uint8Array } or undefined; throws { code, message }
/// p.report();  // { phases, sizes, circuit, capacityBytes }
/// p.prove(message);  // { proof: Uint8Array, phases } or throws { code, message }
/// p.verify(proof, digest, length);  // { ok, phases, reason? } or throws { code, message }
/// p.stats();  // the backend's own record
/// Prover.running('prepare');  // { id, label } shown while prepare runs
/// ```
#[macro_export]
macro_rules! export_prover {
    ($ty:ty) => {
        /// A prepared configuration (see zkplay_wasm_runtime::Prover).
        #[::wasm_bindgen::prelude::wasm_bindgen(js_name = Prover)]
        pub struct WasmProver {
            inner: $ty,
            report: ::wasm_bindgen::JsValue,
        }

        #[::wasm_bindgen::prelude::wasm_bindgen(js_class = Prover)]
        impl WasmProver {
            /// Prepares the configuration (JSON of the page's config object) from the shipped
            /// files the worker fetched (`{ name: Uint8Array }`, or undefined).
            #[wasm_bindgen(constructor)]
            pub fn new(
                config: &str,
                files: ::wasm_bindgen::JsValue,
            ) -> ::core::result::Result<WasmProver, ::wasm_bindgen::JsValue> {
                let (inner, report) = $crate::wasm::prepare::<$ty>(config, &files)?;
                Ok(WasmProver { inner, report })
            }
            /// The prepare report: `{ phases, sizes, circuit, capacityBytes }`.
            pub fn report(&self) -> ::wasm_bindgen::JsValue {
                self.report.clone()
            }
            /// `{ proof, phases }`; throws `{ code, message }`.
            pub fn prove(
                &self,
                message: &[u8],
            ) -> ::core::result::Result<::wasm_bindgen::JsValue, ::wasm_bindgen::JsValue> {
                $crate::wasm::prove(&self.inner, message)
            }
            /// `{ ok, phases, reason? }`; throws `{ code, message }` (`invalid-input`, `corrupt-proof`).
            pub fn verify(
                &self,
                proof: &[u8],
                digest: &[u8],
                length: f64,
            ) -> ::core::result::Result<::wasm_bindgen::JsValue, ::wasm_bindgen::JsValue> {
                $crate::wasm::verify(&self.inner, proof, digest, length)
            }
            /// The backend's own record of this configuration.
            pub fn stats(&self) -> ::wasm_bindgen::JsValue {
                $crate::wasm::to_js(&<$ty as $crate::Prover>::stats(&self.inner))
            }
            /// `{ id, label }` of the phase shown while "prepare", "prove" or "verify" runs.
            pub fn running(step: &str) -> ::wasm_bindgen::JsValue {
                $crate::wasm::running::<$ty>(step)
            }
        }
    };
}
