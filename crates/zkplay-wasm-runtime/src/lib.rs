//! The one prover contract of zkplay's Rust backends, natively and in wasm.
//!
//! A backend implements [`Prover`] once: `prepare(config)` builds its circuit or keys and
//! returns a [`PrepareReport`], `prove(message)` a [`ProveReport`], `verify(proof, digest,
//! length)` a [`VerifyReport`] (`ok: false` for a proof that does not verify), and every refusal
//! is a [`ProverError`] carrying a protocol [`ErrorCode`] (`packages/core/protocol.ts`).
//! Phase ids and labels are written here, on the prover side, and reach the page in the
//! reports. With the `wasm` feature, [`export_prover!`] turns an implementation into the
//! `Prover` class that `packages/core/rust-worker.ts` drives, and [`wasm`] holds the exports
//! every backend shares (build, threads, memory, panic hook, `initThreadPool`).
//!
//! The reports serialize (serde) to the shapes of the protocol:
//! - prepare: `{ phases: [{ id, label, ms }], sizes: { provingKey?, verifyingKey?, params?,
//!   circuit? }, circuit: { … }, capacityBytes }`
//! - prove: `{ proof, phases }` (`proof` is a `Uint8Array` in wasm)
//! - verify: `{ ok, phases, reason? }` (`reason`: why a proof did not verify)
//! - errors: `{ code, message }`, e.g. `{ code: "invalid-input", message: "invalid input: …" }`

use serde::Serialize;

// For the backends' `#[derive(Serialize)]` (with `#[serde(crate = "zkplay_wasm_runtime::serde")]`)
// and their configurations: one serde for every crate.
pub use serde;
pub use serde_json;

#[cfg(feature = "wasm")]
pub mod wasm;

pub mod byte_count;
#[cfg(not(target_arch = "wasm32"))]
pub mod generated;
pub mod keccak_f;
/// The native reference runner of the backends' `examples/reference.rs`.
#[cfg(all(feature = "hashes", not(target_arch = "wasm32")))]
pub mod reference;
#[cfg(all(feature = "hashes", not(target_arch = "wasm32")))]
pub mod samples;
pub mod statement;
pub mod thread_cache;
pub mod xorshift;

mod config;
mod error;
mod reports;
pub use config::{config_int, config_number, config_str, parse_config_json};
pub use error::{gib, ErrorCode, ProverError};
pub use reports::*;

/// Every wasm build's allocator: std's one, behind a per-thread cache of small blocks, because
/// std's wasm allocator under atomics is a single spin-locked heap (see thread_cache). The
/// single-threaded builds take it too, so that comparing them with the threaded builds on one
/// thread measures threading, not two allocators. Its effect on them alone was within noise
/// (plonky2, Chromium, 1 thread, medians of 5: single/threaded 1.16x -> 1.17x at 1 block,
/// 0.94x -> 0.97x at 8 blocks; `npm run bench:compare -- --wasm today,threads`).
/// It was off for a while after a Firefox run hung starting the thread pool; that stall happens
/// as often without it, before any wasm runs (e2e-firefox/README.md, "Thread pools that never start").
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: thread_cache::ThreadCache<std::alloc::System> = thread_cache::ThreadCache::new(std::alloc::System);

/// Files a backend's `prepare` reads, by name: the build's shipped keys or parameters, fetched
/// by the worker (which checks each file's sha256 against the build's index first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Artifacts(std::collections::BTreeMap<String, Vec<u8>>);

impl Artifacts {
    pub fn new() -> Self {
        Self::default()
    }
    /// This set with `bytes` as `name`.
    pub fn with(mut self, name: impl Into<String>, bytes: Vec<u8>) -> Self {
        self.0.insert(name.into(), bytes);
        self
    }
    /// The file `name`; `corrupt-artifact` when the worker did not give it.
    pub fn get(&self, name: &str) -> Result<&[u8], ProverError> {
        self.0.get(name).map(Vec::as_slice).ok_or_else(|| {
            ProverError::new(
                ErrorCode::CorruptArtifact,
                format!("prepare needs the file \"{name}\", which the worker did not give"),
            )
        })
    }
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }
}

/// What `prepare` returns: the prepared backend and its report, or a refusal.
pub type PrepareResult<P> = Result<(P, PrepareReport<<P as Prover>::Circuit>), ProverError>;
/// What a verifier returns: a report (`ok: false` for a proof that does not verify), or a refusal.
pub type VerifyResult = Result<VerifyReport, ProverError>;

/// The contract one Rust backend implements, natively and (through [`export_prover!`]) in wasm.
pub trait Prover: Sized {
    /// The circuit record of a prepare report (serialized field by field, in order).
    type Circuit: Serialize;
    /// Whatever else the backend reports about a prepared configuration (`stats()`).
    type Stats: Serialize;

    /// Every phase the reports of `prepare`, `prove` and `verify` time, in order: the crate's
    /// list, which its test writes to the backend's phases.json for the page ([`generated`]).
    const PHASES: &'static [PhaseName];
    /// The hash the statement "H(M) = D" is about; the page, proof files and keys.json name it.
    const HASH: statement::Hash;
    /// The phase the page shows running while `prepare` runs (its timed phases come in the report).
    const PREPARING: PhaseName;
    /// Same for `prove` and `verify`.
    const PROVING: PhaseName = PROVING;
    const VERIFYING: PhaseName = VERIFY;
    /// Whether the threaded wasm build runs this prover's calls on a thread of rayon's pool (see
    /// `wasm::on_pool`: cheaper forks). False for a prover whose library blocks on results of its
    /// own pool tasks and refuses to from inside the pool (bellman's `Waiter::wait` panics there,
    /// and a panicking pool thread left the page waiting for ever).
    const ON_POOL: bool = true;

    /// Builds the circuit or keys for `config` (the page's configuration object, as JSON), from
    /// the shipped files in `artifacts` when the backend has any (which ones: the backend's
    /// worker asks for them by name).
    fn prepare(config: &serde_json::Value, artifacts: &Artifacts) -> PrepareResult<Self>;
    /// Witness and proof for `message`; `capacity` when it does not fit.
    fn prove(&self, message: &[u8]) -> Result<ProveReport, ProverError>;
    /// Checks `proof` for "H(M) = digest and |M| = length" (H: [`Prover::HASH`]). `length` is a JavaScript
    /// number (`f64`): anything but an integer in `0..=capacityBytes`, and a digest that is not
    /// 32 bytes, is `invalid-input` before the proof is read. A proof that cannot be parsed is
    /// `corrupt-proof`; one that parses and does not verify is `Ok(ok: false)`.
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> VerifyResult;
    fn stats(&self) -> Self::Stats;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Circuit {
        rows: usize,
        gate_types: &'static str,
    }

    #[test]
    fn reports_serialize_to_the_protocol_shapes() {
        let r = PrepareReport {
            phases: vec![PhaseName::new("build", "Build circuit").took(1.5)],
            sizes: Sizes { verifying_key: Some(10.0), other: [("friTree", 3.0)].into(), ..Default::default() },
            circuit: Circuit { rows: 2048, gate_types: "x" },
            capacity_bytes: 135,
        };
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"phases":[{"id":"build","label":"Build circuit","ms":1.5}],"sizes":{"verifyingKey":10.0,"friTree":3.0},"circuit":{"rows":2048,"gateTypes":"x"},"capacityBytes":135}"#
        );
        let p = ProveReport { proof: vec![1, 2], phases: vec![WITNESS.took(1.0), PROVE.took(2.0)] };
        assert_eq!(
            serde_json::to_value(&p).unwrap(),
            json!({"proof": [1, 2], "phases": [{"id": "witness", "label": "Witness", "ms": 1.0}, {"id": "prove", "label": "Prove", "ms": 2.0}]})
        );
        let v = VerifyReport { ok: true, phases: vec![], reason: None };
        assert_eq!(serde_json::to_value(&v).unwrap(), json!({"ok": true, "phases": []}));
        let e = ProverError::invalid_input("digest is 31 bytes, expected 32");
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "invalid-input", "message": "invalid input: digest is 31 bytes, expected 32"})
        );
    }

    #[test]
    fn every_code_serializes_as_its_protocol_string() {
        for c in [
            ErrorCode::Capacity,
            ErrorCode::InvalidInput,
            ErrorCode::CorruptArtifact,
            ErrorCode::CorruptProof,
            ErrorCode::NotPrepared,
            ErrorCode::OutOfMemory,
            ErrorCode::Internal,
        ] {
            assert_eq!(serde_json::to_value(c).unwrap(), json!(c.as_str()));
        }
    }

    crate::coded_error! {
        #[derive(Debug)]
        pub enum Demo {
            Bad(String) => InvalidInput,
            TooLong { len: usize } => Capacity,
        }
    }

    impl std::fmt::Display for Demo {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Demo::Bad(s) => write!(f, "invalid input: {s}"),
                Demo::TooLong { len } => write!(f, "message is {len} bytes"),
            }
        }
    }

    #[test]
    fn coded_errors_carry_the_code_written_beside_each_variant() {
        assert_eq!(Demo::TooLong { len: 9 }.code(), ErrorCode::Capacity);
        let e: ProverError = Demo::Bad("x".into()).into();
        assert_eq!((e.code, e.message.as_str()), (ErrorCode::InvalidInput, "invalid input: x"));
    }

    #[test]
    fn config_values() {
        let c = json!({"k": 10, "rows": "12", "half": 2.5, "hash": "keccak", "zk": true});
        assert_eq!(config_int(&c, "k", 1, 20).unwrap(), 10);
        assert_eq!(config_int(&c, "rows", 1, 20).unwrap(), 12);
        assert_eq!(config_int(&c, "half", 1, 20).unwrap_err().code, ErrorCode::InvalidInput);
        assert_eq!(config_int(&c, "k", 11, 20).unwrap_err().code, ErrorCode::InvalidInput);
        assert!(config_int(&c, "missing", 0, 1).unwrap_err().message.starts_with("invalid input: "));
        assert_eq!(config_str(&c, "hash", "x").unwrap(), "keccak");
        assert_eq!(config_str(&c, "zk", "off").unwrap(), "true");
        assert_eq!(config_str(&c, "none", "off").unwrap(), "off");
    }
}
