//! The zkplay prover contract ([`zkplay_wasm_runtime::Prover`]) for this crate: what the wasm
//! `Prover` class (`wasm.rs`) and the page's Rust worker run, and what the native tests check.
//! Phase ids and labels are written here: `build` (the wrapper, in prepare), `trace`, `prove`
//! (the two STARKs and their lookup), `wrap`, `verify`.
//!
//! The proof that leaves the prover is the wrapped one: a plonky2 proof whose public inputs are
//! the statement (32 digest bytes, then L). The two STARK proofs stay inside the prover: they are
//! not zero-knowledge (their openings are evaluations of the message's trace), and with `zk: on`
//! the wrapper's blinding hides them too.

use plonky2::plonk::circuit_data::VerifierCircuitData;
use zkplay_plonky2::shape::{self, HashBytes};
use zkplay_plonky2::Refusal;
use zkplay_wasm_runtime::serde::Serialize;
use zkplay_wasm_runtime::statement::{self as shared, Hash};
use zkplay_wasm_runtime::{
    config_str, parse_config_json, serde_json, Artifacts, Phase, PhaseName, PrepareReport, PrepareResult, ProveReport,
    Prover, ProverError, Sizes, VerifyReport, VerifyResult, PROVE, VERIFY,
};

use crate::keys::{self, KeyInfo};
use crate::memory::{estimated_peak_bytes, max_message_bytes, MEMORY_LIMIT};
use crate::prover::{generate_traces, prove_traces_for, ProveReport as StarkReport};
use crate::prover_data;
use crate::wrap::{self, Wrapper};
use crate::{
    keccak_table, production_config, sponge_table, table_rows, Error, Tables, C, D, F, MAX_MESSAGE_BYTES, RANGE,
    STARK_RATE_BITS,
};

pub const BUILD: PhaseName = PhaseName::new("build", "Build wrapper circuit (plonky2)");
pub const TRACE: PhaseName = PhaseName::new("trace", "Traces (sponge + Keccak-f rounds)");
/// The two STARK proofs and their cross-table lookup (starky): the contract's `prove` phase.
pub const STARKS: PhaseName = PROVE;
pub const WRAP: PhaseName = PhaseName::new("wrap", "Wrap into one proof (plonky2)");

/// `{ zk: "off" | "on" }` (zk optional: off).
pub fn zk_from_json(config: &serde_json::Value) -> Result<bool, ProverError> {
    match config_str(config, "zk", "off")?.as_str() {
        "off" => Ok(false),
        "on" => Ok(true),
        other => Err(ProverError::invalid_input(format!("zk must be off or on, got \"{other}\""))),
    }
}

/// The key facts of the production wrapper for a zk setting.
pub fn key_info(zk: bool) -> KeyInfo {
    KeyInfo { zk, rate_bits: STARK_RATE_BITS, range: RANGE }
}

/// The statement's range note, shown when a length is refused.
const LENGTH_NOTE: &str = "a starky proof claims at most 185,639 bytes, 1,365 blocks";

/// A length given by JavaScript as a verifier input: an integer in `0..=MAX_MESSAGE_BYTES`.
pub fn length_from_js(x: f64) -> Result<u64, Error> {
    shared::length_from_js(x, MAX_MESSAGE_BYTES as usize, LENGTH_NOTE).map_err(Error::InvalidInput)
}

/// Shape, statement, then plonky2: the proof's bytes are walked exactly as plonky2 would read
/// them (zkplay_plonky2::shape: canonical field elements, Merkle proofs of the right heights, no
/// trailing bytes) and its public inputs compared with (digest, length) before any cryptography.
pub fn verify_wrapped(
    vd: &VerifierCircuitData<F, C, D>,
    proof: &[u8],
    digest: &[u8; 32],
    length: u64,
) -> Result<(), Error> {
    let pis = shape::check(proof, &vd.common, HashBytes::Fields(4)).map_err(Error::MalformedProof)?;
    let want: Vec<u64> = digest.iter().map(|&b| u64::from(b)).chain([length]).collect();
    if pis != want {
        return Err(Error::VerificationFailed("the proof is for another statement (digest or length)".into()));
    }
    zkplay_plonky2::parse_and_verify(vd, proof).map_err(|r| match r {
        Refusal::Malformed(m) => Error::MalformedProof(m),
        Refusal::Rejected(m) => Error::VerificationFailed(m),
    })
}

fn verify_report(result: Result<(), Error>, phase: Phase) -> VerifyResult {
    VerifyReport::from_outcome(result, phase, |e| matches!(e, Error::VerificationFailed(_)), |e: Error| e.into())
}

/// Verifies against a shipped key file (the verifier-only wasm's `verify`): the configuration,
/// the file's header and sections, the length and digest, then [`verify_wrapped`].
pub fn verify_with_key_json(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
    let zk = zk_from_json(&parse_config_json(config_json)?)?;
    let (result, phase) = VERIFY.time(|| {
        keys::check_pinned(vk, zk)?;
        let key = keys::decode(vk)?;
        if key.info != key_info(zk) {
            return Err(Error::CorruptKey(format!("the file is the key of {:?}, not of {:?}", key.info, key_info(zk))));
        }
        let length = length_from_js(length)?;
        let digest = shared::check_digest(digest).map_err(Error::InvalidInput)?;
        verify_wrapped(&key.verifier_data()?, proof, &digest, length)
    });
    verify_report(result, phase)
}

/// The wrapper built for one zk setting, checked against the shipped key.
pub struct StarkyProver {
    pub wrapper: Wrapper,
    pub zk: bool,
    tables: Tables,
    /// The longest message this process may prove (memory).
    pub max_len: usize,
}

/// The page's circuit rows, in order.
#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct StarkyCircuit {
    /// Columns of the sponge and Keccak-f tables.
    pub sponge_columns: usize,
    pub keccak_columns: usize,
    /// The STARKs' FRI blow-up and queries.
    pub stark_blowup: usize,
    pub fri_queries: usize,
    /// The wrapper circuit (plonky2): rows and gate types.
    pub wrapper_rows: usize,
    pub wrapper_gate_types: usize,
    pub zk: &'static str,
}

#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct StarkyStats {
    pub max_message_bytes: usize,
    pub estimated_peak_bytes_at_max: u64,
    pub wrapper_degree_bits: usize,
    pub zero_knowledge: bool,
}

impl StarkyProver {
    /// Refuses what this process cannot prove, before any work.
    #[allow(
        clippy::absurd_extreme_comparisons,
        reason = "MEMORY_LIMIT is u64::MAX natively: the check bites in wasm32 only, where it is the heap"
    )]
    fn check_fits(&self, len: usize) -> Result<(), Error> {
        if len > MAX_MESSAGE_BYTES as usize {
            return Err(Error::MessageTooLong { len, max: MAX_MESSAGE_BYTES as usize });
        }
        let need = estimated_peak_bytes(len, self.zk);
        if need > MEMORY_LIMIT {
            return Err(Error::TooLarge { len, need, limit: MEMORY_LIMIT, max_len: self.max_len });
        }
        Ok(())
    }

    /// Traces, STARK proofs, wrap: the wrapped proof and the per-phase report.
    pub fn prove_report(&self, message: &[u8]) -> Result<(Vec<u8>, Vec<Phase>, StarkReport), Error> {
        self.check_fits(message.len())?;
        let config = production_config();
        let ((traces, _digest), trace) = TRACE.time(|| generate_traces(message));
        let mut report = StarkReport::default();
        let (proof, starks) =
            STARKS.time(|| prove_traces_for(&self.tables, &traces, &config, Some(RANGE.max_bits()), &mut report));
        drop(traces);
        let proof = proof.map_err(|e| Error::Proving(e.to_string()))?;
        let (wrapped, wrap) = WRAP.time(|| self.wrapper.wrap(&proof, &config));
        let wrapped = wrapped.map_err(|e| Error::Proving(e.to_string()))?;
        Ok((wrapped.to_bytes(), vec![trace, starks, wrap], report))
    }
}

/// The name of the optional prepare file holding the wrapper's prover data ([`prover_data`]).
pub const PROVER_DATA: &str = "prover";

/// The wrapper of a zk setting: from the shipped prover data when the worker gives it (the
/// page: its sha256 pinned, then its commitment checked against the key's cap), else built in
/// full (natively, where the build's ~10 s matter less than a 35 MB file).
fn build_wrapper(tables: &Tables, zk: bool, key: &keys::Key<'_>, artifacts: &Artifacts) -> Result<Wrapper, Error> {
    if !artifacts.names().any(|n| n == PROVER_DATA) {
        return Ok(wrap::build(tables, &production_config(), RANGE, zk));
    }
    let file = artifacts.get(PROVER_DATA).map_err(|e| Error::CorruptKey(e.message))?;
    keys::check_pinned_prover_data(file, zk)?;
    let verifier_only = key.verifier_data()?.verifier_only;
    let mut wrapper = wrap::build_uncommitted(tables, &production_config(), RANGE, zk);
    prover_data::install(&mut wrapper.data, file, zk, verifier_only)?;
    Ok(wrapper)
}

impl Prover for StarkyProver {
    type Circuit = StarkyCircuit;
    type Stats = StarkyStats;
    const PHASES: &'static [PhaseName] = &[BUILD, TRACE, STARKS, WRAP, VERIFY];
    const HASH: Hash = Hash::Keccak256;
    const PREPARING: PhaseName = BUILD;

    /// `{ zk }` and the shipped key file `vk` of that setting (and optionally its prover data,
    /// [`PROVER_DATA`]): builds the wrapper (deterministic) and refuses it (`corrupt-artifact`)
    /// unless it is the one the key pins, so that every proof made here verifies against the
    /// published key.
    fn prepare(config: &serde_json::Value, artifacts: &Artifacts) -> PrepareResult<Self> {
        let zk = zk_from_json(config)?;
        let max_len = max_message_bytes(MEMORY_LIMIT, zk).ok_or(Error::WrapperTooLarge {
            zk,
            need: estimated_peak_bytes(0, zk),
            limit: MEMORY_LIMIT,
        })?;
        let vk = artifacts.get("vk")?;
        keys::check_pinned(vk, zk)?;
        let key = keys::decode(vk)?;
        let tables = Tables::default();
        let (wrapper, phase) = BUILD.time(|| build_wrapper(&tables, zk, &key, artifacts));
        let wrapper = wrapper?;
        key.pins(&wrapper, key_info(zk))?;
        let common = &wrapper.data.common;
        let fri = &production_config().fri_config;
        let report = PrepareReport {
            phases: vec![phase],
            sizes: Sizes { verifying_key: Some(vk.len() as f64), ..Default::default() },
            circuit: StarkyCircuit {
                sponge_columns: sponge_table::NUM_COLUMNS,
                keccak_columns: keccak_table::NUM_COLUMNS,
                stark_blowup: 1 << fri.rate_bits,
                fri_queries: fri.num_query_rounds,
                wrapper_rows: 1 << common.degree_bits(),
                wrapper_gate_types: common.gates.len(),
                zk: if zk { "on" } else { "off" },
            },
            // What a statement of this wrapper may claim (and what verify takes); this process proves
            // up to `max_len` (stats), refusing longer messages before any work (`out-of-memory`).
            capacity_bytes: MAX_MESSAGE_BYTES as usize,
        };
        Ok((StarkyProver { wrapper, zk, tables, max_len }, report))
    }

    fn prove(&self, message: &[u8]) -> Result<ProveReport, ProverError> {
        let (proof, phases, _) = self.prove_report(message)?;
        Ok(ProveReport { proof, phases })
    }

    /// The length must be an integer in `0..=MAX_MESSAGE_BYTES` (a proof made natively for a
    /// longer message than this process can prove still verifies here), the digest 32 bytes.
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
        let (result, phase) = VERIFY.time(|| {
            let length = length_from_js(length)?;
            let digest = shared::check_digest(digest).map_err(Error::InvalidInput)?;
            verify_wrapped(&self.wrapper.data.verifier_data(), proof, &digest, length)
        });
        verify_report(result, phase)
    }

    fn stats(&self) -> StarkyStats {
        StarkyStats {
            max_message_bytes: self.max_len,
            estimated_peak_bytes_at_max: estimated_peak_bytes(self.max_len, self.zk),
            wrapper_degree_bits: self.wrapper.data.common.degree_bits(),
            zero_knowledge: self.zk,
        }
    }
}

/// Rows of both tables for a message (for reports).
pub fn rows(len: usize) -> [usize; 2] {
    let (s, k) = table_rows(len);
    [s, k]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// backends/starky/phases.json is this crate's PHASES and HASH.
    #[test]
    fn phases_file_states_the_crate_phases() {
        zkplay_wasm_runtime::generated::check_phases_file::<StarkyProver>(env!("CARGO_MANIFEST_DIR"), "starky");
    }

    /// backends/starky/options.json: what the page offers and the memory estimate per size.
    #[test]
    fn options_file_states_the_limits() {
        use zkplay_wasm_runtime::serde_json::json;
        let wasm32 = crate::memory::WASM32_MEMORY;
        let sizes = [1usize, 10, 100, 200, 340, 341, 400, 682, 1000, 1365];
        let want = json!({
            "comment": "Written by `ZKPLAY_WRITE_GENERATED=1 cargo test --release -p zkplay-starky options_file`, which fails when it is stale: the longest message the wrapper takes, per zk setting the longest a wasm32 build may prove (memory estimate of src/memory.rs), and the estimate per size (zk off), read by backends/starky/config.ts.",
            "blockBytes": crate::keccak::RATE_BYTES,
            "maxMessageBytes": MAX_MESSAGE_BYTES,
            // Per zk setting: the longest message wasm32 may prove (null: none, the wrapper alone
            // would not fit) and the wrapper's rows.
            "wasm": (["off", "on"].iter().map(|z| {
                let zk = *z == "on";
                json!({ "zk": z, "maxMessageBytes": max_message_bytes(wasm32, zk), "wrapperRows": 1u64 << crate::memory::wrapper_degree_bits(zk) })
            }).collect::<Vec<_>>()),
            "estimates": sizes.iter().map(|&b| {
                let len = b * crate::keccak::RATE_BYTES - 1;
                json!({ "blocks": b, "bytes": len, "rows": rows(len), "estimatedPeakBytes": estimated_peak_bytes(len, false) })
            }).collect::<Vec<_>>(),
        });
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../backends/starky/options.json");
        zkplay_wasm_runtime::generated::check_or_write(path, &want);
    }
}
