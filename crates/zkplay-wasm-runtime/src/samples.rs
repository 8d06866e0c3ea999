//! The sample proofs a backend's `examples/keys.rs` makes at build time from the files it ships,
//! written for scripts/lib/native-keys.mjs: each proof as `sample-<name>.proof`, and one
//! `samples.json` listing them with their statement.

use std::path::Path;

use crate::serde_json::{json, Value};
use crate::{Artifacts, Prover};

/// A proof made natively from the shipped files, and the statement it proves.
pub struct Sample<'a> {
    pub name: &'a str,
    /// The page's configuration object for the key the proof was made with.
    pub config: Value,
    pub key_file: String,
    /// ASCII without quotes or backslashes (it is shown in the page as it is).
    pub message: &'a str,
    pub proof: Vec<u8>,
    pub digest: [u8; 32],
}

/// Proves `message` through the backend's contract (what the page runs), from `config` and the
/// shipped files in `artifacts`, and checks that the proof verifies for its statement.
pub fn prove_sample<'a, P: Prover>(
    name: &'a str,
    config: Value,
    artifacts: &Artifacts,
    key_file: String,
    message: &'a str,
) -> Sample<'a> {
    let fail = |what: &str, e: crate::ProverError| -> ! { panic!("sample {name}: {what}: {e}") };
    let (prover, _) = P::prepare(&config, artifacts).unwrap_or_else(|e| fail("prepare", e));
    let proved = prover.prove(message.as_bytes()).unwrap_or_else(|e| fail("prove", e));
    let digest = P::HASH.digest(message.as_bytes());
    let checked = prover.verify(&proved.proof, &digest, message.len() as f64).unwrap_or_else(|e| fail("verify", e));
    assert!(checked.ok, "sample {name} does not verify: {}", checked.reason.unwrap_or_default());
    Sample { name, config, key_file, message, proof: proved.proof, digest }
}

/// Writes each sample's proof file and `samples.json` into `out`.
pub fn write_samples(out: &Path, samples: &[Sample]) {
    let entries: Vec<Value> = samples
        .iter()
        .map(|s| {
            assert!(s.message.bytes().all(|c| c.is_ascii_graphic() || c == b' ') && !s.message.contains(['"', '\\']));
            let proof_file = format!("sample-{}.proof", s.name);
            std::fs::write(out.join(&proof_file), &s.proof).expect("write sample");
            json!({
                "name": s.name,
                "config": s.config,
                "keyFile": s.key_file,
                "proofFile": proof_file,
                "message": s.message,
                "digest": s.digest.iter().map(|b| format!("{b:02x}")).collect::<String>(),
                "length": s.message.len(),
            })
        })
        .collect();
    let text = crate::serde_json::to_string_pretty(&entries).expect("JSON") + "\n";
    std::fs::write(out.join("samples.json"), text).expect("write samples");
}
