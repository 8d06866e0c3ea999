//! wasm-bindgen bindings (feature `wasm`): a thin layer over [`crate::build`],
//! [`crate::Prepared::prove`] and [`crate::Prepared::verify`].
//!
//! ```js
//! const c = new Plonky2Keccak(1, "keccak");       // builds the circuit (time it in JS)
//! const stats = JSON.parse(c.stats_json());
//! const p = c.prove(new TextEncoder().encode("hello"));   // throws with the error text
//! c.verify(p.proof, p.digest, 5);                // throws unless the proof verifies
//! ```
//!
//! `new Plonky2Keccak(blocks, hash, true)` turns on plonky2's zero-knowledge blinding.
//! Feature `wasm-threads` adds `initThreadPool(n)` (wasm-bindgen-rayon): call it once before
//! anything else; plonky2's rayon code then runs on `n` Web Workers.

use wasm_bindgen::prelude::*;

use crate::{build, CircuitConfig, MerkleHash, Prepared};

#[cfg(feature = "wasm-threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// "wasm-threads" or "wasm-single": which build this is.
#[wasm_bindgen(js_name = build)]
pub fn build_kind() -> String {
    if cfg!(feature = "wasm-threads") { "wasm-threads" } else { "wasm-single" }.into()
}

/// Threads plonky2 proves with (1 in the single-threaded build; the pool size after `initThreadPool`).
#[wasm_bindgen]
pub fn threads() -> usize {
    #[cfg(feature = "wasm-threads")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "wasm-threads"))]
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

fn js(e: crate::Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A built Keccak-256 preimage circuit.
#[wasm_bindgen]
pub struct Plonky2Keccak {
    inner: Prepared,
}

/// A proof with the digest it proves and timings (ms).
#[wasm_bindgen]
pub struct Plonky2Proof {
    proof: Vec<u8>,
    digest: Vec<u8>,
    witness_ms: f64,
    prove_ms: f64,
}

#[wasm_bindgen]
impl Plonky2Proof {
    /// Proof bytes (`Uint8Array`).
    #[wasm_bindgen(getter)]
    pub fn proof(&self) -> Vec<u8> {
        self.proof.clone()
    }
    /// The 32-byte Keccak-256 digest the proof is about (`Uint8Array`).
    #[wasm_bindgen(getter)]
    pub fn digest(&self) -> Vec<u8> {
        self.digest.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn witness_ms(&self) -> f64 {
        self.witness_ms
    }
    #[wasm_bindgen(getter)]
    pub fn prove_ms(&self) -> f64 {
        self.prove_ms
    }
}

#[wasm_bindgen]
impl Plonky2Keccak {
    /// Builds the circuit for messages of up to `max_blocks * 136 - 1` bytes.
    /// `merkle_hash` is `"keccak"` (default, faster) or `"poseidon"`; `zero_knowledge`
    /// (optional, default false) turns on plonky2's blinding (see [`CircuitConfig`]).
    #[wasm_bindgen(constructor)]
    pub fn new(max_blocks: usize, merkle_hash: &str, zero_knowledge: Option<bool>) -> Result<Plonky2Keccak, JsError> {
        let hash = match merkle_hash.to_ascii_lowercase().as_str() {
            "" | "keccak" => MerkleHash::Keccak,
            "poseidon" => MerkleHash::Poseidon,
            other => {
                return Err(JsError::new(&format!(
                    "unknown Merkle hash \"{other}\" (use \"keccak\" or \"poseidon\")"
                )))
            }
        };
        let mut cfg = CircuitConfig::new(max_blocks, hash);
        cfg.zero_knowledge = zero_knowledge.unwrap_or(false);
        let inner = build(&cfg).map_err(js)?;
        Ok(Plonky2Keccak { inner })
    }

    /// Largest message, in bytes.
    #[wasm_bindgen(getter)]
    pub fn capacity_bytes(&self) -> usize {
        self.inner.capacity_bytes()
    }

    /// Circuit statistics as JSON:
    /// `{"gates","rows","degree_bits","capacity_bytes","max_blocks","verifier_only_bytes",
    /// "num_wires","num_routed_wires","zero_knowledge","merkle_hash","gate_types":[...]}`.
    pub fn stats_json(&self) -> String {
        let s = self.inner.stats();
        let types: Vec<String> = s
            .gate_types
            .iter()
            .map(|t| format!("\"{}\"", t.replace('\\', "\\\\").replace('"', "\\\"")))
            .collect();
        format!(
            "{{\"gates\":{},\"rows\":{},\"degree_bits\":{},\"capacity_bytes\":{},\"max_blocks\":{},\"verifier_only_bytes\":{},\"num_wires\":{},\"num_routed_wires\":{},\"zero_knowledge\":{},\"merkle_hash\":\"{}\",\"gate_types\":[{}]}}",
            s.gates,
            s.rows,
            s.degree_bits,
            s.capacity_bytes,
            s.max_blocks,
            s.verifier_only_bytes,
            s.num_wires,
            s.num_routed_wires,
            self.inner.config().zero_knowledge,
            match self.inner.config().hash {
                MerkleHash::Keccak => "keccak",
                MerkleHash::Poseidon => "poseidon",
            },
            types.join(",")
        )
    }

    /// Proves knowledge of `message` (a `Uint8Array`).
    pub fn prove(&self, message: &[u8]) -> Result<Plonky2Proof, JsError> {
        let out = self.inner.prove(message).map_err(js)?;
        Ok(Plonky2Proof {
            proof: out.proof,
            digest: out.digest.to_vec(),
            witness_ms: out.witness_ms,
            prove_ms: out.prove_ms,
        })
    }

    /// Verifies `proof` for `Keccak-256(M) = digest` (32 bytes) and `|M| = length`; throws otherwise.
    ///
    /// `length` is taken as a JavaScript number (`f64`), not a `usize`: wasm-bindgen would wrap a
    /// `usize` modulo 2^32 and truncate fractions, so 4294967301 or 5.5 would have verified a
    /// proof for 5 bytes. Anything but an integer in `0..=capacity_bytes`, and a digest of any
    /// other size than 32 bytes, throws `invalid input: ...` before the proof is read. Other
    /// errors: `malformed proof: ...`, `proof does not match the public inputs: ...`,
    /// `proof verification failed: ...`.
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> Result<(), JsError> {
        let length = crate::length_from_js(length, self.inner.capacity_bytes()).map_err(js)?;
        self.inner.verify_bytes(proof, digest, length).map_err(js)
    }
}
