//! The zkplay prover contract ([`zkplay_wasm_runtime::Prover`]) for this crate: what the wasm
//! `Prover` class (see `wasm.rs`) and `workers/contract/rust-worker.ts` run, and what the native
//! tests check. Phase ids and labels are written here.

use zkplay_wasm_runtime::serde::Serialize;
use zkplay_wasm_runtime::{
    config_int, serde_json, ErrorCode, PhaseName, PrepareReport, ProveReport, Prover, ProverError, Sizes, VerifyReport, PROVE, VERIFY, WITNESS,
};

use crate::{setup, Error, Params, Setup, SetupTimings};

pub const PARAMS: PhaseName = PhaseName::new("params", "KZG parameters (test setup)");
pub const VK: PhaseName = PhaseName::new("vk", "Verifying key");
pub const PK: PhaseName = PhaseName::new("pk", "Proving key");

/// The protocol code of an error of this crate (a proof that does not verify is not an error of the contract).
pub fn error(e: Error) -> ProverError {
    let code = match e {
        Error::InvalidParams(_) | Error::InvalidInput(_) => ErrorCode::InvalidInput,
        Error::OverCapacity { .. } => ErrorCode::Capacity,
        Error::MalformedProof(_) => ErrorCode::CorruptProof,
        Error::VerificationFailed(_) | Error::Halo2(_) => ErrorCode::Internal,
    };
    ProverError::new(code, e.to_string())
}

/// KZG parameters (test setup: random secret), verifying and proving keys for one shape.
pub struct Halo2Prover {
    pub setup: Setup,
    pub timings: SetupTimings,
}

/// The page's circuit rows, in order.
#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Halo2Circuit {
    pub k: u32,
    pub rows: u64,
    pub rows_per_round: usize,
    pub capacity_blocks: usize,
    pub advice_columns: usize,
    pub fixed_columns: usize,
}

#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct Halo2Stats {
    pub k: u32,
    pub rows_per_round: usize,
    pub capacity_blocks: usize,
    pub max_message_bytes: usize,
    pub advice_columns: usize,
    pub fixed_columns: usize,
    pub params_ms: f64,
    pub vk_ms: f64,
    pub pk_ms: f64,
}

impl Prover for Halo2Prover {
    type Circuit = Halo2Circuit;
    type Stats = Halo2Stats;
    // One call makes the KZG parameters, the verifying key and the proving key; each is timed inside.
    const PREPARING: PhaseName = PARAMS;

    /// `{ k, rowsPerRound }` (numbers); out-of-range values are `invalid-input` ("invalid parameters: …").
    fn prepare(config: &serde_json::Value) -> Result<(Self, PrepareReport<Halo2Circuit>), ProverError> {
        let k = config_int(config, "k", 0, 64)? as u32;
        let rows_per_round = config_int(config, "rowsPerRound", 0, 1 << 20)? as usize;
        let (setup, timings) = setup(&Params { k, rows_per_round }).map_err(error)?;
        let (params, vk, pk) = setup.sizes();
        let report = PrepareReport {
            phases: vec![PARAMS.took(timings.params_ms), VK.took(timings.vk_ms), PK.took(timings.pk_ms)],
            sizes: Sizes { params: Some(params as f64), verifying_key: Some(vk as f64), proving_key: Some(pk as f64), ..Default::default() },
            circuit: Halo2Circuit {
                k,
                rows: 1u64 << k,
                rows_per_round,
                capacity_blocks: setup.capacity_blocks(),
                advice_columns: setup.advice_columns(),
                fixed_columns: setup.fixed_columns(),
            },
            capacity_bytes: setup.max_message_bytes(),
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
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> Result<VerifyReport, ProverError> {
        let (result, phase) = VERIFY.time(|| {
            let length = self.setup.length_from_js(length)?;
            self.setup.verify(proof, digest, length)
        });
        match result {
            Ok(()) => Ok(VerifyReport { ok: true, phases: vec![phase], reason: None }),
            Err(e @ Error::VerificationFailed(_)) => Ok(VerifyReport { ok: false, phases: vec![phase], reason: Some(e.to_string()) }),
            Err(e) => Err(error(e)),
        }
    }

    fn stats(&self) -> Halo2Stats {
        let p = self.setup.params();
        let t = self.timings;
        Halo2Stats {
            k: p.k,
            rows_per_round: p.rows_per_round,
            capacity_blocks: self.setup.capacity_blocks(),
            max_message_bytes: self.setup.max_message_bytes(),
            advice_columns: self.setup.advice_columns(),
            fixed_columns: self.setup.fixed_columns(),
            params_ms: t.params_ms,
            vk_ms: t.vk_ms,
            pk_ms: t.pk_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkplay_wasm_runtime::serde_json::json;

    fn ids(phases: &[zkplay_wasm_runtime::Phase]) -> Vec<&str> {
        phases.iter().map(|p| p.id).collect()
    }

    /// The contract as the wasm `Prover` and the worker see it: report shapes, and every refusal with its protocol code.
    #[test]
    fn contract_reports_and_codes() {
        let (p, report) = Halo2Prover::prepare(&json!({"k": 10, "rowsPerRound": 12})).unwrap();
        assert_eq!(ids(&report.phases), ["params", "vk", "pk"]);
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

        let code = |r: Result<VerifyReport, ProverError>| r.unwrap_err();
        for length in [4294967301.0, 2f64.powi(32) + 5.0, 5.5, -1.0, f64::NAN, f64::INFINITY, 272.0] {
            let e = code(p.verify(&out.proof, &digest, length));
            assert_eq!(e.code, ErrorCode::InvalidInput, "{length}: {e}");
            assert!(e.message.starts_with("invalid input: length "), "{e}");
        }
        let e = code(p.verify(&out.proof, &digest[..31], 5.0));
        assert_eq!((e.code, e.message.as_str()), (ErrorCode::InvalidInput, "invalid input: digest is 31 bytes, expected 32"));
        let e = code(p.verify(&out.proof[..out.proof.len() - 1], &digest, 5.0));
        assert!(e.code == ErrorCode::CorruptProof && e.message.starts_with("malformed proof: "), "{e}");
        let e = p.prove(&[0u8; 272]).unwrap_err();
        assert!(e.code == ErrorCode::Capacity && e.message.starts_with("message is 272 bytes"), "{e}");

        for config in [json!({"k": 99, "rowsPerRound": 12}), json!({"k": 10}), json!({"k": 10.5, "rowsPerRound": 12}), json!({"k": 10, "rowsPerRound": 1})] {
            let e = Halo2Prover::prepare(&config).err().unwrap();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{config}: {e}");
        }
        assert_eq!(Halo2Prover::PREPARING, PARAMS);
    }
}
