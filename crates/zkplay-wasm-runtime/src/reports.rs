//! What the calls report: timed phases (their ids and labels are written here, on the prover
//! side), and the prepare, prove and verify reports in the shapes of the protocol.

use serde::Serialize;
use web_time::Instant;

use crate::{ProverError, VerifyResult};

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
