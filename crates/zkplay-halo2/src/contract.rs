//! The zkplay prover contract ([`zkplay_wasm_runtime::Prover`]) for this crate: what the wasm
//! `Prover` class (see `wasm.rs`) and `packages/core/rust-worker.ts` run, and what the native
//! tests check. Phase ids and labels are written here.

use zkplay_wasm_runtime::serde::Serialize;
use zkplay_wasm_runtime::statement::Hash;
use zkplay_wasm_runtime::{
    config_int, config_str, parse_config_json, serde_json, Artifacts, Phase, PhaseName, PrepareReport, PrepareResult,
    ProveReport, Prover, ProverError, Sizes, VerifyReport, VerifyResult, PROVE, VERIFY, WITNESS,
};

use crate::{AnySetup, CircuitChoice, Error, LoadTimings, Params, Verifier};

pub const LOAD: PhaseName = PhaseName::new("load-keys", "Read KZG parameters and verifying key");
pub const PK: PhaseName = PhaseName::new("pk", "Proving key");

/// This crate's error as the contract reports it (codes: [`Error::code`], written beside each variant).
pub fn error(e: Error) -> ProverError {
    e.into()
}

/// The configuration's circuit and its knobs: `{ circuit: "narrow", k }` or `{ circuit:
/// "zkevm", k, rowsPerRound }` (numbers). Every value out of range, a missing or unknown
/// `circuit` and a `rowsPerRound` given to the narrow circuit (which has no such knob: a proof
/// file saying so would name a key that does not exist) are `invalid-input`.
pub fn choice_from_json(config: &serde_json::Value) -> Result<CircuitChoice, ProverError> {
    let circuit = config_str(config, "circuit", "")?;
    let k = config_int(config, "k", 0, 64)? as u32;
    match circuit.as_str() {
        "zkevm" => {
            let rows_per_round = config_int(config, "rowsPerRound", 0, 1 << 20)? as usize;
            Ok(CircuitChoice::Zkevm(Params { k, rows_per_round }))
        }
        "narrow" if config.get("rowsPerRound").is_some() => {
            Err(ProverError::invalid_input("the narrow circuit has no rowsPerRound (it lays out 64 rows per round)"))
        }
        "narrow" => Ok(CircuitChoice::Narrow { k }),
        other => Err(ProverError::invalid_input(format!(
            "the configuration's circuit must be \"narrow\" or \"zkevm\", got {:?}",
            other
        ))),
    }
}

/// The configuration of `choice` as the page, keys.json and proof files write it (what
/// [`choice_from_json`] reads).
pub fn choice_to_json(choice: &CircuitChoice) -> serde_json::Value {
    match choice {
        CircuitChoice::Zkevm(p) => {
            serde_json::json!({ "circuit": "zkevm", "k": p.k, "rowsPerRound": p.rows_per_round })
        }
        CircuitChoice::Narrow { k } => serde_json::json!({ "circuit": "narrow", "k": k }),
    }
}

/// The zkEVM circuit's rows per round; none for the narrow circuit.
fn rows_per_round(choice: CircuitChoice) -> Option<usize> {
    matches!(choice, CircuitChoice::Zkevm(_)).then(|| choice.rows_per_round())
}

/// The verifier's answer as the contract reports it: `ok: false` with the reason for a proof
/// that does not verify; a refusal with its code otherwise.
fn verify_report(result: Result<(), Error>, phase: Phase) -> VerifyResult {
    VerifyReport::from_outcome(result, phase, |e| matches!(e, Error::VerificationFailed(_)), error)
}

/// Verifies against a shipped verifying-key file: the configuration, then the key file
/// ([`Verifier::from_vk_file`]), then the statement and proof as [`Halo2Prover::verify`] checks
/// them. Reads the key every time; the verifier-only wasm keeps a [`VerifierCache`] instead.
pub fn verify_with_key_json(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
    VerifierCache::default().verify_json(config_json, vk, proof, digest, length)
}

/// The last verifier read from a key file, reused while the same configuration and the same key
/// bytes come again. Reading a key re-runs the circuit's `configure` and builds its evaluation
/// domain: most of a verification's time in wasm (a dApp checking many proofs pays it once).
#[derive(Default)]
pub struct VerifierCache {
    last: Option<(CircuitChoice, Vec<u8>, Verifier)>,
}

impl VerifierCache {
    /// [`verify_with_key_json`], reading the key only when it differs from the last one.
    pub fn verify_json(
        &mut self,
        config_json: &str,
        vk: &[u8],
        proof: &[u8],
        digest: &[u8],
        length: f64,
    ) -> VerifyResult {
        let config = parse_config_json(config_json)?;
        let p = choice_from_json(&config)?;
        let (result, phase) = VERIFY.time(|| {
            if !matches!(&self.last, Some((q, bytes, _)) if *q == p && bytes.as_slice() == vk) {
                self.last = None; // a key that cannot be read leaves nothing cached
                self.last = Some((p, vk.to_vec(), Verifier::from_vk_file(p, vk)?));
            }
            let (_, _, verifier) = self.last.as_ref().expect("set just above");
            let length = verifier.length_from_js(length)?;
            verifier.verify(proof, digest, length)
        });
        verify_report(result, phase)
    }
}

/// One configuration prepared from the build's shipped KZG parameters and verifying key (a
/// single-party setup made at build time: test only); the proving key is made here.
pub struct Halo2Prover {
    pub setup: AnySetup,
    pub timings: LoadTimings,
}

/// The page's circuit rows, in order.
#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Halo2Circuit {
    /// "narrow" or "zkevm".
    pub circuit: &'static str,
    pub k: u32,
    pub rows: u64,
    /// The zkEVM circuit's knob; the narrow circuit has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows_per_round: Option<usize>,
    pub capacity_blocks: usize,
    pub advice_columns: usize,
    pub fixed_columns: usize,
}

#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Halo2Stats {
    pub circuit: &'static str,
    pub k: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows_per_round: Option<usize>,
    pub capacity_blocks: usize,
    pub max_message_bytes: usize,
    pub advice_columns: usize,
    pub fixed_columns: usize,
    pub load_ms: f64,
    pub pk_ms: f64,
}

impl Prover for Halo2Prover {
    type Circuit = Halo2Circuit;
    type Stats = Halo2Stats;
    // One call reads the files and makes the proving key; each is timed inside.
    const PHASES: &'static [PhaseName] = &[LOAD, PK, WITNESS, PROVE, VERIFY];
    const HASH: Hash = Hash::Keccak256;
    const PREPARING: PhaseName = LOAD;

    /// The configuration (see [`choice_from_json`]) and the files `params` (the build's KZG
    /// parameters for k) and `vk` (this configuration's verifying-key file, whose header names
    /// the circuit): a file that is not what it should be is `corrupt-artifact` ("corrupt key: …").
    fn prepare(config: &serde_json::Value, artifacts: &Artifacts) -> PrepareResult<Self> {
        let choice = choice_from_json(config)?;
        let (params_file, vk_file) = (artifacts.get("params")?, artifacts.get("vk")?);
        let (setup, timings) = AnySetup::from_files(choice, params_file, vk_file).map_err(error)?;
        let v = setup.verifier();
        let report = PrepareReport {
            phases: vec![LOAD.took(timings.load_ms), PK.took(timings.pk_ms)],
            sizes: Sizes {
                params: Some(params_file.len() as f64),
                verifying_key: Some(vk_file.len() as f64),
                proving_key: Some(setup.proving_key_bytes() as f64),
                ..Default::default()
            },
            circuit: Halo2Circuit {
                circuit: choice.name(),
                k: choice.k(),
                rows: 1u64 << choice.k(),
                rows_per_round: rows_per_round(choice),
                capacity_blocks: v.capacity_blocks(),
                advice_columns: v.advice_columns(),
                fixed_columns: v.fixed_columns(),
            },
            capacity_bytes: v.max_message_bytes(),
        };
        Ok((Halo2Prover { setup, timings }, report))
    }

    fn prove(&self, message: &[u8]) -> Result<ProveReport, ProverError> {
        let out = self.setup.prove(message).map_err(error)?;
        Ok(ProveReport { proof: out.proof, phases: vec![WITNESS.took(out.witness_ms), PROVE.took(out.prove_ms)] })
    }

    /// The length goes through [`Setup::length_from_js`] (`invalid input: …` unless an integer in
    /// `0..=maxMessageBytes`), the digest must be 32 bytes, the proof canonical and of the size
    /// the verifying key implies (`corrupt-proof`); "proof rejected: …" is `ok: false`.
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
        let v = self.setup.verifier();
        let (result, phase) = VERIFY.time(|| {
            let length = v.length_from_js(length)?;
            v.verify(proof, digest, length)
        });
        verify_report(result, phase)
    }

    fn stats(&self) -> Halo2Stats {
        let (v, t) = (self.setup.verifier(), self.timings);
        let choice = v.choice();
        Halo2Stats {
            circuit: choice.name(),
            k: choice.k(),
            rows_per_round: rows_per_round(choice),
            capacity_blocks: v.capacity_blocks(),
            max_message_bytes: v.max_message_bytes(),
            advice_columns: v.advice_columns(),
            fixed_columns: v.fixed_columns(),
            load_ms: t.load_ms,
            pk_ms: t.pk_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkplay_wasm_runtime::phase_ids as ids;
    use zkplay_wasm_runtime::serde_json::json;
    use zkplay_wasm_runtime::ErrorCode;

    /// backends/halo2/phases.json is this crate's PHASES: the page shows these and no list of its own.
    #[test]
    fn phases_file_states_the_crate_phases() {
        zkplay_wasm_runtime::generated::check_phases_file::<Halo2Prover>(env!("CARGO_MANIFEST_DIR"), "halo2");
    }

    /// The files the build would ship for `s`.
    fn files_of(s: &crate::Setup) -> Artifacts {
        Artifacts::new().with("params", crate::keys::params_file(s.kzg_params())).with("vk", s.vk_file())
    }

    /// The files the build would ship for k = 10 with 12 rows per round, from the tests' shared
    /// setup (`crate::tests::small`, under which `crate::tests::hello` is an honest proof).
    fn shipped() -> Artifacts {
        files_of(crate::tests::small())
    }

    /// The files of another setup of the same configuration (another secret).
    fn other_setup() -> Artifacts {
        static S: std::sync::OnceLock<crate::Setup> = std::sync::OnceLock::new();
        files_of(S.get_or_init(|| crate::setup(&Params { k: 10, rows_per_round: 12 }).unwrap().0))
    }

    /// The contract as the wasm `Prover` and the worker see it: report shapes, and every refusal with its protocol code.
    #[test]
    fn contract_reports_and_codes() {
        let files = shipped();
        let (p, report) =
            Halo2Prover::prepare(&json!({"circuit": "zkevm", "k": 10, "rowsPerRound": 12}), &files).unwrap();
        assert_eq!(ids(&report.phases), ["load-keys", "pk"]);
        assert_eq!(report.capacity_bytes, 271);
        let r = serde_json::to_value(&report).unwrap();
        assert_eq!(r["circuit"]["k"], 10);
        assert_eq!(r["circuit"]["rows"], 1024);
        assert_eq!(r["circuit"]["rowsPerRound"], 12);
        assert_eq!(r["circuit"]["capacityBlocks"], 2);
        for key in ["params", "verifyingKey", "provingKey"] {
            assert!(r["sizes"][key].as_f64().unwrap() > 0.0, "{key}");
        }

        let msg = b"hello";
        let out = p.prove(msg).unwrap();
        assert_eq!(ids(&out.phases), ["witness", "prove"]);
        let digest = crate::keccak256(msg);
        let v = p.verify(&out.proof, &digest, 5.0).unwrap();
        assert!(v.ok && v.reason.is_none() && ids(&v.phases) == ["verify"]);
        let v = p.verify(&out.proof, &digest, 6.0).unwrap();
        assert!(!v.ok && v.reason.unwrap().starts_with("proof rejected: "));

        let code = |r: VerifyResult| r.unwrap_err();
        for length in [4294967301.0, 2f64.powi(32) + 5.0, 5.5, -1.0, f64::NAN, f64::INFINITY, 272.0] {
            let e = code(p.verify(&out.proof, &digest, length));
            assert_eq!(e.code, ErrorCode::InvalidInput, "{length}: {e}");
            assert!(e.message.starts_with("invalid input: length "), "{e}");
        }
        let e = code(p.verify(&out.proof, &digest[..31], 5.0));
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::InvalidInput, "invalid input: digest is 31 bytes, expected 32")
        );
        let e = code(p.verify(&out.proof[..out.proof.len() - 1], &digest, 5.0));
        assert!(e.code == ErrorCode::CorruptProof && e.message.starts_with("malformed proof: "), "{e}");
        let e = p.prove(&[0u8; 272]).unwrap_err();
        assert!(e.code == ErrorCode::Capacity && e.message.starts_with("message is 272 bytes"), "{e}");

        for config in [
            json!({"circuit": "zkevm", "k": 99, "rowsPerRound": 12}),
            json!({"k": 10}),
            json!({"circuit": "zkevm", "k": 10.5, "rowsPerRound": 12}),
            json!({"circuit": "zkevm", "k": 10, "rowsPerRound": 1}),
            json!({"circuit": "zkevm", "k": 10}),
            json!({"circuit": "narrow", "k": 11, "rowsPerRound": 12}),
            json!({"circuit": "narrow", "k": 10}),
            json!({"circuit": "narrow", "k": 21}),
            json!({"circuit": "plonk", "k": 10, "rowsPerRound": 12}),
            json!({"circuit": 2, "k": 10, "rowsPerRound": 12}),
        ] {
            let e = Halo2Prover::prepare(&config, &files).err().unwrap();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{config}: {e}");
        }
        assert_eq!(Halo2Prover::PREPARING, LOAD);

        // The verifier-only path (the verifier wasm): the same answers from the key file alone.
        let vk = files.get("vk").unwrap();
        let config = r#"{"circuit": "zkevm", "k": 10, "rowsPerRound": 12}"#;
        assert!(verify_with_key_json(config, vk, &out.proof, &digest, 5.0).unwrap().ok);
        let v = verify_with_key_json(config, vk, &out.proof, &digest, 4.0).unwrap();
        assert!(!v.ok && v.reason.unwrap().starts_with("proof rejected: "));
        let e = verify_with_key_json(config, vk, &out.proof, &digest, 272.0).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{e}");
        let e =
            verify_with_key_json(r#"{"circuit": "zkevm", "k": 11, "rowsPerRound": 12}"#, vk, &out.proof, &digest, 5.0)
                .unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                ErrorCode::CorruptArtifact,
                "corrupt key: the verifying key is for k=10 with 12 rows per round, not k=11 with 12 rows per round"
            )
        );
        let e = verify_with_key_json("{", vk, &out.proof, &digest, 5.0).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{e}");
    }

    /// The wasm verifier's cache gives the answers a fresh read gives: the same key again reuses
    /// it; another key, a damaged key or another configuration is read (or refused) anew.
    #[test]
    fn verifier_cache_answers_as_a_fresh_read() {
        let (files, other) = (shipped(), other_setup());
        let out = crate::tests::hello();
        let digest = crate::keccak256(crate::tests::HELLO);
        let config = r#"{"circuit": "zkevm", "k": 10, "rowsPerRound": 12}"#;
        let (vk, other_vk) = (files.get("vk").unwrap(), other.get("vk").unwrap());
        let mut cache = VerifierCache::default();
        for _ in 0..2 {
            assert!(cache.verify_json(config, vk, &out.proof, &digest, 5.0).unwrap().ok);
        }
        // Another setup's key after the cached one: read anew, and the proof does not verify under it.
        assert!(!cache.verify_json(config, other_vk, &out.proof, &digest, 5.0).unwrap().ok);
        let mut damaged = vk.to_vec();
        damaged[0] ^= 1;
        let e = cache.verify_json(config, &damaged, &out.proof, &digest, 5.0).unwrap_err();
        assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
        let e = cache
            .verify_json(r#"{"circuit": "zkevm", "k": 11, "rowsPerRound": 12}"#, vk, &out.proof, &digest, 5.0)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
        assert!(cache.verify_json(config, vk, &out.proof, &digest, 5.0).unwrap().ok);
        assert!(!cache.verify_json(config, vk, &out.proof, &digest, 4.0).unwrap().ok);
    }

    /// Files that are not what prepare needs: each a `corrupt-artifact` refusal saying what is wrong, never a panic.
    #[test]
    fn wrong_files_are_refused() {
        let (files, other) = (shipped(), other_setup());
        let config = json!({"circuit": "zkevm", "k": 10, "rowsPerRound": 12});
        let refusal = |f: &Artifacts| Halo2Prover::prepare(&config, f).err().expect("refused");
        let (params, vk) = (files.get("params").unwrap().to_vec(), files.get("vk").unwrap().to_vec());
        let cases: Vec<(&str, Artifacts, &str)> = vec![
            ("no vk", Artifacts::new().with("params", params.clone()), "prepare needs the file \"vk\""),
            ("no params", Artifacts::new().with("vk", vk.clone()), "prepare needs the file \"params\""),
            (
                "params of another setup",
                Artifacts::new().with("params", other.get("params").unwrap().to_vec()).with("vk", vk.clone()),
                "corrupt key: the verifying key was made with other KZG parameters than these",
            ),
            (
                "params cut short",
                Artifacts::new().with("params", params[..params.len() - 1].to_vec()).with("vk", vk.clone()),
                "corrupt key: the KZG parameters for k=10 are",
            ),
            (
                "params of k=11",
                Artifacts::new()
                    .with("params", [&11u32.to_le_bytes()[..], &params[4..]].concat())
                    .with("vk", vk.clone()),
                "corrupt key: the KZG parameters are for k=11, not k=10",
            ),
            (
                "vk cut short",
                Artifacts::new().with("params", params.clone()).with("vk", vk[..vk.len() - 1].to_vec()),
                "corrupt key: the halo2 verifying key cannot be read",
            ),
            (
                "vk with a trailing byte",
                Artifacts::new().with("params", params.clone()).with("vk", [&vk[..], &[0]].concat()),
                "corrupt key: 1 bytes after the verifying key",
            ),
            (
                "not a key",
                Artifacts::new().with("params", params.clone()).with("vk", vec![7; 400]),
                "corrupt key: this is not a zkplay halo2 verifying-key file",
            ),
            (
                "empty key",
                Artifacts::new().with("params", params.clone()).with("vk", vec![]),
                "corrupt key: the verifying key is 0 bytes",
            ),
        ];
        for (what, f, want) in cases {
            let e = refusal(&f);
            assert_eq!(e.code, ErrorCode::CorruptArtifact, "{what}: {e}");
            assert!(e.message.starts_with(want), "{what}: {e}");
        }
        // A key header claiming a huge k (halo2's reader would allocate 2^k) is refused from the header.
        let mut huge = vk.clone();
        huge[16..20].copy_from_slice(&30u32.to_le_bytes());
        let e = refusal(&Artifacts::new().with("params", params.clone()).with("vk", huge));
        assert!(e.message.starts_with("corrupt key: the verifying key is for k=30"), "{e}");
        let mut inner = vk.clone();
        inner[8 + 16 + 64 + 256 + 1..][..4].copy_from_slice(&30u32.to_le_bytes());
        let e = refusal(&Artifacts::new().with("params", params).with("vk", inner));
        assert_eq!(e.message, "corrupt key: the halo2 key inside says k=30, its header k=10");
    }

    /// A malicious key file: flipping any sampled byte of a valid key file is refused, or the
    /// proof made under the real key does not verify under it; never a panic, never `ok: true`.
    #[test]
    fn tampered_key_files_never_verify() {
        let out = crate::tests::hello();
        let vk = shipped().get("vk").unwrap().to_vec();
        let config = r#"{"circuit": "zkevm", "k": 10, "rowsPerRound": 12}"#;
        crate::tests::tampered_keys_never_verify(config, &vk, &out.proof, &out.digest, out.length as f64, 29);
    }
}
