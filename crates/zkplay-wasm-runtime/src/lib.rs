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
use web_time::Instant;

// For the backends' `#[derive(Serialize)]` (with `#[serde(crate = "zkplay_wasm_runtime::serde")]`)
// and their configurations: one serde for every crate.
pub use serde;
pub use serde_json;

#[cfg(feature = "wasm")]
pub mod wasm;

#[cfg(not(target_arch = "wasm32"))]
pub mod generated;
/// The native reference runner of the backends' `examples/reference.rs`.
#[cfg(all(feature = "hashes", not(target_arch = "wasm32")))]
pub mod reference;
#[cfg(all(feature = "hashes", not(target_arch = "wasm32")))]
pub mod samples;
pub mod statement;
pub mod thread_cache;

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

/// A protocol error code (`ErrorCode` in packages/core/protocol.ts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The message is too long for the prepared circuit.
    Capacity,
    /// Bad request arguments: a configuration, length or digest that cannot be a statement.
    InvalidInput,
    /// A key / circuit / wasm file failed its hash or could not be parsed.
    CorruptArtifact,
    /// Proof bytes that cannot be parsed.
    CorruptProof,
    /// prove/verify before prepare.
    NotPrepared,
    /// The wasm heap could not grow.
    OutOfMemory,
    /// Anything else.
    Internal,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Capacity => "capacity",
            ErrorCode::InvalidInput => "invalid-input",
            ErrorCode::CorruptArtifact => "corrupt-artifact",
            ErrorCode::CorruptProof => "corrupt-proof",
            ErrorCode::NotPrepared => "not-prepared",
            ErrorCode::OutOfMemory => "out-of-memory",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refusal with its protocol code; `message` is the backend's text for a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProverError {
    pub code: ErrorCode,
    pub message: String,
}

impl ProverError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }
    /// `invalid-input` with the `invalid input: ` prefix every verifier uses for a refused statement or configuration.
    pub fn invalid_input(what: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::InvalidInput, format!("invalid input: {what}"))
    }
}

impl std::fmt::Display for ProverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for ProverError {}

/// Defines a backend's error enum with each variant's protocol code written beside it, and from
/// that table `code()` and `From<E> for ProverError` (the message is the enum's `Display`), so
/// that no backend writes the mapping as code of its own.
#[macro_export]
macro_rules! coded_error {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident $(( $($tuple:tt)* ))? $({ $($fields:tt)* })? => $code:ident, )*
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $( $(#[$vmeta])* $variant $(( $($tuple)* ))? $({ $($fields)* })?, )*
        }

        impl $name {
            /// The protocol code this error is reported with.
            pub fn code(&self) -> $crate::ErrorCode {
                match self {
                    $( Self::$variant { .. } => $crate::ErrorCode::$code, )*
                }
            }
        }

        impl From<$name> for $crate::ProverError {
            fn from(e: $name) -> Self {
                $crate::ProverError::new(e.code(), e.to_string())
            }
        }
    };
}

/// A phase's id and label, as the page shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PhaseName {
    pub id: &'static str,
    pub label: &'static str,
}

impl PhaseName {
    pub const fn new(id: &'static str, label: &'static str) -> Self {
        Self { id, label }
    }
    /// This phase, measured elsewhere, took `ms`.
    pub fn took(self, ms: f64) -> Phase {
        Phase { id: self.id, label: self.label, ms }
    }
    /// Runs `f` as this phase.
    pub fn time<T>(self, f: impl FnOnce() -> T) -> (T, Phase) {
        let t0 = Instant::now();
        let value = f();
        (value, self.took(t0.elapsed().as_secs_f64() * 1e3))
    }
}

/// A timed phase: `{ id, label, ms }`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Phase {
    pub id: &'static str,
    pub label: &'static str,
    pub ms: f64,
}

/// The ids of `phases`, in order (what tests compare reports by).
pub fn phase_ids(phases: &[Phase]) -> Vec<&'static str> {
    phases.iter().map(|p| p.id).collect()
}

/// Bytes of what a prepared configuration holds (the worker adds `download`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sizes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verifying_key: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proving_key: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub circuit: Option<f64>,
    /// Sizes only this backend has, by key (the manifest's `sizeLabels` names them).
    #[serde(flatten)]
    pub other: std::collections::BTreeMap<&'static str, f64>,
}

/// What `prepare` did and what it holds. `C` is the backend's circuit record (a struct whose
/// fields, in order, are the rows the page shows).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrepareReport<C> {
    pub phases: Vec<Phase>,
    pub sizes: Sizes,
    pub circuit: C,
    /// Largest message, in bytes, this configuration proves.
    pub capacity_bytes: usize,
}

/// A proof and how long making it took.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProveReport {
    #[serde(serialize_with = "as_bytes")]
    pub proof: Vec<u8>,
    pub phases: Vec<Phase>,
}

/// A proof as a backend's native API returns it, with the statement it proves and its timings
/// (the contract's [`ProveReport`] is made from it).
#[derive(Debug, Clone, PartialEq)]
pub struct ProofOutput {
    pub proof: Vec<u8>,
    /// The digest the circuit computed (the backend's [`Prover::HASH`] of the message).
    pub digest: [u8; 32],
    /// The message length, in bytes.
    pub length: usize,
    /// Witness generation, then proving after it (ms).
    pub witness_ms: f64,
    pub prove_ms: f64,
}

/// Whether a proof verified for the statement; `reason` says why not.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VerifyReport {
    pub ok: bool,
    pub phases: Vec<Phase>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl VerifyReport {
    /// A verifier's answer as the contract reports it: `ok: true`; `ok: false` with the reason
    /// for an error `rejected` says is a proof that does not verify (or is about another
    /// statement); any other error is a refusal, coded by `refuse`.
    pub fn from_outcome<E: std::fmt::Display>(
        result: Result<(), E>,
        phase: Phase,
        rejected: impl Fn(&E) -> bool,
        refuse: impl Fn(E) -> ProverError,
    ) -> VerifyResult {
        match result {
            Ok(()) => Ok(VerifyReport { ok: true, phases: vec![phase], reason: None }),
            Err(e) if rejected(&e) => Ok(VerifyReport { ok: false, phases: vec![phase], reason: Some(e.to_string()) }),
            Err(e) => Err(refuse(e)),
        }
    }
}

/// Bytes as bytes (a `Uint8Array` through serde-wasm-bindgen, not an array of numbers).
fn as_bytes<S: serde::Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bytes(v)
}

/// Phases every backend shares.
pub const WITNESS: PhaseName = PhaseName::new("witness", "Witness");
pub const PROVE: PhaseName = PhaseName::new("prove", "Prove");
pub const VERIFY: PhaseName = PhaseName::new("verify", "Verify");
/// What the page shows running while `prove` runs (witness and proof are one call).
pub const PROVING: PhaseName = PhaseName::new("prove", "Witness and prove");

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

/// The page's configuration, given as JSON text (the wasm `Prover` and verifier-only builds).
pub fn parse_config_json(text: &str) -> Result<serde_json::Value, ProverError> {
    serde_json::from_str(text).map_err(|e| ProverError::invalid_input(format!("the configuration is not JSON: {e}")))
}

/// Reads a configuration value: a number, or a string holding one.
pub fn config_number(config: &serde_json::Value, key: &str) -> Result<f64, ProverError> {
    let v = config.get(key).ok_or_else(|| ProverError::invalid_input(format!("the configuration has no {key}")))?;
    match v {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }
    .ok_or_else(|| ProverError::invalid_input(format!("{key} must be a number, got {v}")))
}

/// Reads a whole number in `min..=max` from the configuration.
pub fn config_int(config: &serde_json::Value, key: &str, min: u64, max: u64) -> Result<u64, ProverError> {
    let x = config_number(config, key)?;
    if x.fract() != 0.0 || x < min as f64 || x > max as f64 {
        return Err(ProverError::invalid_input(format!("{key} must be a whole number in {min}..={max}, got {x}")));
    }
    Ok(x as u64)
}

/// Reads a string (or a boolean, as "true"/"false") from the configuration; `default` when absent.
pub fn config_str(config: &serde_json::Value, key: &str, default: &str) -> Result<String, ProverError> {
    match config.get(key) {
        None | Some(serde_json::Value::Null) => Ok(default.to_string()),
        Some(serde_json::Value::String(s)) => Ok(s.clone()),
        Some(serde_json::Value::Bool(b)) => Ok(b.to_string()),
        Some(v) => Err(ProverError::invalid_input(format!("{key} must be a string, got {v}"))),
    }
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
