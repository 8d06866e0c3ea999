//! The zkplay prover contract ([`zkplay_wasm_runtime::Prover`]) for this crate: what the wasm
//! `Prover` class (see `wasm.rs`) and `packages/core/rust-worker.ts` run, and what the native
//! tests check. Phase ids and labels are written here.

use zkplay_wasm_runtime::serde::Serialize;
use zkplay_wasm_runtime::statement::Hash;
use zkplay_wasm_runtime::{
    config_int, config_str, parse_config_json, serde_json, Artifacts, Phase, PhaseName, PrepareReport, PrepareResult,
    ProveReport, Prover, ProverError, Sizes, VerifyReport, VerifyResult, PROVE, VERIFY, WITNESS,
};

use crate::{build, CircuitConfig, Error, MerkleHash, Prepared};

pub const BUILD: PhaseName = PhaseName::new("build", "Build circuit (plonky2)");

/// This crate's error as the contract reports it (codes: [`Error::code`], written beside each variant).
pub fn error(e: Error) -> ProverError {
    e.into()
}

/// The page's configuration `{ maxBlocks, merkleHash: "keccak" | "poseidon", zk: "off" | "on" }`
/// (merkleHash and zk optional: keccak, off) as a circuit configuration; `invalid-input` otherwise.
pub fn config_from_json(config: &serde_json::Value) -> Result<CircuitConfig, ProverError> {
    let max_blocks = config_int(config, "maxBlocks", 0, 1 << 20)? as usize;
    let hash = match config_str(config, "merkleHash", "keccak")?.to_ascii_lowercase().as_str() {
        "" | "keccak" => MerkleHash::Keccak,
        "poseidon" => MerkleHash::Poseidon,
        other => {
            return Err(ProverError::invalid_input(format!(
                "unknown Merkle hash \"{other}\" (use \"keccak\" or \"poseidon\")"
            )))
        }
    };
    let zero_knowledge = match config_str(config, "zk", "off")?.as_str() {
        "off" | "false" => false,
        "on" | "true" => true,
        other => return Err(ProverError::invalid_input(format!("zk must be off or on, got \"{other}\""))),
    };
    let mut cfg = CircuitConfig::new(max_blocks, hash);
    cfg.zero_knowledge = zero_knowledge;
    Ok(cfg)
}

/// The verifier's answer as the contract reports it: `ok: false` with the reason for a proof
/// that does not verify; a refusal with its code otherwise.
fn verify_report(result: Result<(), Error>, phase: Phase) -> VerifyResult {
    VerifyReport::from_outcome(
        result,
        phase,
        |e| matches!(e, Error::PublicInputMismatch(_) | Error::VerificationFailed(_)),
        error,
    )
}

/// Verifies against a shipped verifier-data file (the verifier-only wasm's `verify`).
pub fn verify_with_key_json(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
    let config = parse_config_json(config_json)?;
    let cfg = config_from_json(&config)?;
    let (result, phase) = VERIFY.time(|| {
        let length = crate::length_from_js(length, cfg.capacity_bytes())?;
        crate::verify_with_key(&cfg, vk, proof, digest, length)
    });
    verify_report(result, phase)
}

/// A built circuit.
pub struct Plonky2Prover {
    pub inner: Prepared,
}

/// The page's circuit rows, in order.
#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Plonky2Circuit {
    pub rows: usize,
    pub degree_bits: usize,
    pub gates: usize,
    /// In a few words, e.g. "9: 4 Keccak, 1 Poseidon, 4 plonky2" (see [`short_gate_types`]).
    pub gate_types: String,
    pub capacity_blocks: usize,
    pub merkle_hash: &'static str,
    /// "on" or "off".
    pub zk: &'static str,
}

#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Plonky2Stats {
    pub gates: usize,
    pub rows: usize,
    pub degree_bits: usize,
    pub capacity_bytes: usize,
    pub max_blocks: usize,
    pub verifier_only_bytes: usize,
    pub num_wires: usize,
    pub num_routed_wires: usize,
    pub zero_knowledge: bool,
    pub merkle_hash: &'static str,
    pub gate_types: Vec<String>,
}

fn hash_name(h: MerkleHash) -> &'static str {
    match h {
        MerkleHash::Keccak => "keccak",
        MerkleHash::Poseidon => "poseidon",
    }
}

/// The gate types in a few words, e.g. "9: 4 Keccak, 1 Poseidon, 4 plonky2" (this crate's Keccak
/// and Poseidon round gates, and plonky2's own: arithmetic, constants, public inputs, no-op).
/// Kept short: the page shows it in one table cell, also on phones.
pub fn short_gate_types(ids: &[String]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for id in ids {
        let head = id.split(|c: char| c.is_whitespace() || "{<(:".contains(c)).next().unwrap_or("");
        let name = if head.is_empty() { id.as_str() } else { head };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let keccak = names.iter().filter(|n| n.starts_with("ZkplayKeccak")).count();
    let poseidon = names.iter().filter(|n| n.starts_with("ZkplayPoseidon")).count();
    let own = names.len() - keccak - poseidon;
    format!("{}: {keccak} Keccak, {poseidon} Poseidon, {own} plonky2", names.len())
}

impl Prover for Plonky2Prover {
    type Circuit = Plonky2Circuit;
    type Stats = Plonky2Stats;
    const PHASES: &'static [PhaseName] = &[BUILD, WITNESS, PROVE, VERIFY];
    const HASH: Hash = Hash::Keccak256;
    const PREPARING: PhaseName = BUILD;

    /// `{ maxBlocks, merkleHash: "keccak" | "poseidon", zk: "off" | "on" }` (merkleHash and zk
    /// optional: keccak, off).
    /// plonky2's circuits are deterministic: it builds its own and reads no files.
    fn prepare(config: &serde_json::Value, _artifacts: &Artifacts) -> PrepareResult<Self> {
        let cfg = config_from_json(config)?;
        let (built, phase) = BUILD.time(|| build(&cfg));
        let inner = built.map_err(error)?;
        let s = inner.stats();
        let report = PrepareReport {
            phases: vec![phase],
            sizes: Sizes { verifying_key: Some(s.verifier_only_bytes as f64), ..Default::default() },
            circuit: Plonky2Circuit {
                rows: s.rows,
                degree_bits: s.degree_bits,
                gates: s.gates,
                gate_types: short_gate_types(&s.gate_types),
                capacity_blocks: s.max_blocks,
                merkle_hash: hash_name(cfg.hash),
                zk: if cfg.zero_knowledge { "on" } else { "off" },
            },
            capacity_bytes: s.capacity_bytes,
        };
        Ok((Plonky2Prover { inner }, report))
    }

    fn prove(&self, message: &[u8]) -> Result<ProveReport, ProverError> {
        let out = self.inner.prove(message).map_err(error)?;
        Ok(ProveReport { proof: out.proof, phases: vec![WITNESS.took(out.witness_ms), PROVE.took(out.prove_ms)] })
    }

    /// The length goes through [`crate::length_from_js`] (`invalid input: …` unless an integer in
    /// `0..=capacity_bytes`), the digest must be 32 bytes, the proof of this circuit's exact shape
    /// (`corrupt-proof`); public inputs that differ from (D, L) or a failing FRI check are `ok: false`.
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
        let (result, phase) = VERIFY.time(|| {
            let length = crate::length_from_js(length, self.inner.capacity_bytes())?;
            self.inner.verify_bytes(proof, digest, length)
        });
        verify_report(result, phase)
    }

    fn stats(&self) -> Plonky2Stats {
        let s = self.inner.stats();
        Plonky2Stats {
            gates: s.gates,
            rows: s.rows,
            degree_bits: s.degree_bits,
            capacity_bytes: s.capacity_bytes,
            max_blocks: s.max_blocks,
            verifier_only_bytes: s.verifier_only_bytes,
            num_wires: s.num_wires,
            num_routed_wires: s.num_routed_wires,
            zero_knowledge: self.inner.config().zero_knowledge,
            merkle_hash: hash_name(self.inner.config().hash),
            gate_types: s.gate_types,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OFFERED_BLOCKS;
    use zkplay_wasm_runtime::phase_ids as ids;
    use zkplay_wasm_runtime::serde_json::json;
    use zkplay_wasm_runtime::statement::keccak256;
    use zkplay_wasm_runtime::ErrorCode;

    /// backends/plonky2/options.json is the configurations this crate offers: the page offers these.
    #[test]
    fn options_file_states_the_offered_configurations() {
        let want = json!({
            "comment": "Written by `ZKPLAY_WRITE_GENERATED=1 cargo test --release -p zkplay-plonky2 options_file`, which fails when it is stale: the capacities the build ships keys for and the values prepare() accepts, read by backends/plonky2/config.ts.",
            "maxBlocks": OFFERED_BLOCKS,
            "merkleHash": ["keccak", "poseidon"],
            "zk": ["off", "on"],
        });
        for blocks in OFFERED_BLOCKS {
            for (hash, zk) in [("keccak", "off"), ("poseidon", "on")] {
                assert!(config_from_json(&json!({ "maxBlocks": blocks, "merkleHash": hash, "zk": zk })).is_ok());
            }
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../backends/plonky2/options.json");
        zkplay_wasm_runtime::generated::check_or_write(path, &want);
    }

    /// backends/plonky2/phases.json is this crate's PHASES: the page shows these and no list of its own.
    #[test]
    fn phases_file_states_the_crate_phases() {
        zkplay_wasm_runtime::generated::check_phases_file::<Plonky2Prover>(env!("CARGO_MANIFEST_DIR"), "plonky2");
    }

    #[test]
    fn gate_types_in_a_few_words() {
        let ids: Vec<String> = [
            "ZkplayKeccakRound { a: 1 }",
            "ZkplayKeccakRound { a: 1 }",
            "ZkplayPoseidon<x>",
            "ArithmeticGate { num_ops: 20 }",
            "NoopGate",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(short_gate_types(&ids), "4: 1 Keccak, 1 Poseidon, 2 plonky2");
    }

    /// The contract as the wasm `Prover` and the worker see it: report shapes, and every refusal with its protocol code.
    #[test]
    fn contract_reports_and_codes() {
        let (p, report) =
            Plonky2Prover::prepare(&json!({"maxBlocks": 1, "merkleHash": "keccak", "zk": "off"}), &Artifacts::new())
                .unwrap();
        assert_eq!(ids(&report.phases), ["build"]);
        assert_eq!(report.capacity_bytes, 135);
        let r = serde_json::to_value(&report).unwrap();
        let keys: Vec<&String> = r["circuit"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 7);
        assert_eq!(r["circuit"]["capacityBlocks"], 1);
        assert_eq!(r["circuit"]["merkleHash"], "keccak");
        assert_eq!(r["circuit"]["zk"], "off");
        assert!(r["circuit"]["gateTypes"].as_str().unwrap().contains(" Keccak, 1 Poseidon, "));
        assert!(r["sizes"]["verifyingKey"].as_f64().unwrap() > 0.0);

        let msg = b"zkplay contract";
        let out = p.prove(msg).unwrap();
        assert_eq!(ids(&out.phases), ["witness", "prove"]);
        let digest = keccak256(msg);
        let len = msg.len() as f64;
        let v = p.verify(&out.proof, &digest, len).unwrap();
        assert!(v.ok && v.reason.is_none() && ids(&v.phases) == ["verify"]);
        let v = p.verify(&out.proof, &digest, len + 1.0).unwrap();
        assert!(!v.ok && v.reason.unwrap().starts_with("proof does not match the public inputs: "));

        let code = |r: VerifyResult| r.unwrap_err();
        for length in [4294967296.0 + len, 5.5, -1.0, f64::NAN, f64::INFINITY, 136.0, 18446744069414584321.0 + len] {
            let e = code(p.verify(&out.proof, &digest, length));
            assert_eq!(e.code, ErrorCode::InvalidInput, "{length}: {e}");
            assert!(e.message.starts_with("invalid input: length "), "{e}");
        }
        let e = code(p.verify(&out.proof, &digest[..31], len));
        assert_eq!(e.code, ErrorCode::InvalidInput, "{e}");
        let e = code(p.verify(&out.proof[..100], &digest, len));
        assert!(e.code == ErrorCode::CorruptProof && e.message.starts_with("malformed proof: "), "{e}");
        let e = p.prove(&[0u8; 136]).unwrap_err();
        assert!(e.code == ErrorCode::Capacity && e.message.starts_with("message is 136 bytes"), "{e}");

        for config in [
            json!({"maxBlocks": 0}),
            json!({"maxBlocks": 1, "merkleHash": "sha256"}),
            json!({"maxBlocks": 1, "zk": "maybe"}),
            json!({}),
        ] {
            let e = Plonky2Prover::prepare(&config, &Artifacts::new()).err().unwrap();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{config}: {e}");
            assert!(
                e.message.starts_with("invalid input: ") || e.message.starts_with("invalid circuit configuration: "),
                "{e}"
            );
        }
    }
}
