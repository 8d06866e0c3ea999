//! Files the page reads that state a crate's facts (each backend's `phases.json`, halo2's
//! `capacity.json`): the crate's own test compares each with what the crate says, and writes it
//! when `ZKPLAY_WRITE_GENERATED` is set, so that the page never restates a fact by hand.

use crate::{serde_json, Prover};

/// The variable that makes [`check_or_write`] write instead of compare.
pub const WRITE: &str = "ZKPLAY_WRITE_GENERATED";

/// Fails unless the JSON file at `path` holds `want`; writes it instead when [`WRITE`] is set.
pub fn check_or_write(path: &str, want: &serde_json::Value) {
    if std::env::var_os(WRITE).is_some() {
        let text = serde_json::to_string_pretty(want).expect("JSON") + "\n";
        std::fs::write(path, text).unwrap_or_else(|e| panic!("write {path}: {e}"));
        return;
    }
    let got: Option<serde_json::Value> =
        std::fs::read_to_string(path).ok().and_then(|text| serde_json::from_str(&text).ok());
    assert_eq!(got.as_ref(), Some(want), "{path} is stale: rerun this test with {WRITE}=1 to rewrite it");
}

/// Checks (or writes) `backends/<backend>/phases.json` against `P::PHASES`; `manifest_dir` is the
/// crate's `CARGO_MANIFEST_DIR` (crates/<crate>/, next to backends/).
pub fn check_phases_file<P: Prover>(manifest_dir: &str, backend: &str) {
    let path = format!("{manifest_dir}/../../backends/{backend}/phases.json");
    let test = format!("-p {} phases_file", manifest_dir.rsplit('/').next().unwrap_or(backend));
    check_or_write(&path, &phases_json::<P>(&test));
}

/// A backend's `phases.json`: the phases its prover reports, in order, with the labels the page
/// shows, and the hash its statement is about.
pub fn phases_json<P: Prover>(test: &str) -> serde_json::Value {
    serde_json::json!({
        "comment": format!("Written by `{WRITE}=1 cargo test --release {test}`, which fails when it is stale: the crate's Prover::PHASES and Prover::HASH, read by the backend's index.ts."),
        "hash": P::HASH,
        "phases": P::PHASES,
    })
}
