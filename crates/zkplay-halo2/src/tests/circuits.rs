//! Both circuits behind one contract: the narrow circuit prepared from shipped-style files, and
//! every way of offering one circuit's key or proof to the other refused with a code and a
//! message naming the circuits, never a silent "not verified" and never a panic.

use super::{hello, msg, narrow11, proven_narrow, small};
use crate::contract::{choice_to_json, verify_with_key_json, Halo2Prover};
use crate::{keccak256, keys, CircuitChoice, Params, ProofOutput};
use zkplay_wasm_runtime::serde_json::{self, json};
use zkplay_wasm_runtime::{Artifacts, ErrorCode, Prover};

/// An honest narrow proof (of the 1-byte message `real_proof_round_trip` proves too).
fn narrow_proof() -> &'static ProofOutput {
    proven_narrow(narrow11(), &msg(1))
}

/// The files the build would ship for the narrow circuit at k = 11 (from the test setup above).
fn narrow_files() -> Artifacts {
    let s = narrow11();
    Artifacts::new().with("params", keys::params_file(s.kzg_params())).with("vk", s.vk_file())
}

const NARROW: &str = r#"{"circuit": "narrow", "k": 11}"#;
const ZKEVM: &str = r#"{"circuit": "zkevm", "k": 10, "rowsPerRound": 12}"#;

#[test]
fn narrow_contract_reports_proves_and_verifies() {
    let files = narrow_files();
    let (p, report) = Halo2Prover::prepare(&json!({"circuit": "narrow", "k": 11}), &files).unwrap();
    let r = serde_json::to_value(&report).unwrap();
    assert_eq!(r["circuit"]["circuit"], "narrow");
    assert_eq!(r["circuit"]["k"], 11);
    assert_eq!(r["circuit"]["capacityBlocks"], 1);
    assert!(r["circuit"].get("rowsPerRound").is_none(), "the narrow circuit has no rows per round: {r}");
    assert_eq!(report.capacity_bytes, 135);
    let msg = b"narrow";
    let out = p.prove(msg).unwrap();
    assert_eq!(out.proof.len(), 10_496);
    let digest = keccak256(msg);
    assert!(p.verify(&out.proof, &digest, 6.0).unwrap().ok);
    let v = p.verify(&out.proof, &digest, 5.0).unwrap();
    assert!(!v.ok && v.reason.unwrap().starts_with("proof rejected: "));
    let e = p.verify(&out.proof, &digest, 136.0).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("narrow circuit k=11 holds at most 135 bytes"), "{e}");
    let e = p.prove(&[0u8; 136]).unwrap_err();
    assert_eq!(e.code, ErrorCode::Capacity, "{e}");
    // The verifier-only path: the key file alone.
    let vk = files.get("vk").unwrap();
    assert!(verify_with_key_json(NARROW, vk, &out.proof, &digest, 6.0).unwrap().ok);
    assert!(!verify_with_key_json(NARROW, vk, &out.proof, &keccak256(b"other"), 6.0).unwrap().ok);
    assert_eq!(choice_to_json(&CircuitChoice::Narrow { k: 11 }), json!({"circuit": "narrow", "k": 11}));
}

/// A key file says which circuit it is for: a narrow key read for a zkEVM configuration (and
/// the reverse) is `corrupt-artifact` naming both, from the header, before halo2 reads it.
#[test]
fn a_key_of_one_circuit_is_refused_for_the_other() {
    let (narrow_vk, zkevm_vk) = (narrow11().vk_file(), small().vk_file());
    let digest = keccak256(b"x");
    let proof = vec![0u8; 32];
    let e = verify_with_key_json(ZKEVM, &narrow_vk, &proof, &digest, 1.0).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
    assert!(
        e.message.starts_with("corrupt key: the verifying key is for the narrow circuit (k=11), not the zkEVM circuit at k=10 with 12 rows per round"),
        "{e}"
    );
    let e = verify_with_key_json(NARROW, &zkevm_vk, &proof, &digest, 1.0).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
    assert!(
        e.message.starts_with(
            "corrupt key: the verifying key is for the zkEVM circuit (k=10), not the narrow circuit at k=11"
        ),
        "{e}"
    );
    // Prepare refuses the same way (the page's path).
    let files =
        Artifacts::new().with("params", keys::params_file(narrow11().kzg_params())).with("vk", zkevm_vk.clone());
    let e = Halo2Prover::prepare(&json!({"circuit": "narrow", "k": 11}), &files).err().expect("refused");
    assert!(e.code == ErrorCode::CorruptArtifact && e.message.contains("zkEVM circuit"), "{e}");
    // Another narrow k.
    let e = verify_with_key_json(r#"{"circuit": "narrow", "k": 12}"#, &narrow_vk, &proof, &digest, 1.0).unwrap_err();
    assert_eq!(e.message, "corrupt key: the verifying key is for the narrow circuit at k=11, not k=12");
    // A header whose tag was changed to the other circuit's: the rest of the file is still the
    // narrow key, which the zkEVM reader refuses (or reads a key no narrow proof verifies under).
    let mut retagged = narrow_vk.clone();
    retagged[12..16].copy_from_slice(&1u32.to_le_bytes());
    let e = verify_with_key_json(NARROW, &retagged, &proof, &digest, 1.0).unwrap_err();
    assert!(e.message.contains("is for the zkEVM circuit"), "{e}");
    retagged[12..16].copy_from_slice(&7u32.to_le_bytes());
    let e = verify_with_key_json(NARROW, &retagged, &proof, &digest, 1.0).unwrap_err();
    assert!(e.message.contains("an unknown circuit (tag 7)"), "{e}");
    // A key file of format 1 (no circuit tag: zkEVM keys before the narrow circuit).
    let mut old = zkevm_vk.clone();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    let e = verify_with_key_json(ZKEVM, &old, &proof, &digest, 1.0).unwrap_err();
    assert_eq!(e.message, "corrupt key: verifying-key file format 1; this verifier reads format 2");
}

/// A proof of one circuit offered under the other's key and configuration (a proof file whose
/// configuration and key hash were both rewritten) is `corrupt-proof`, naming the circuit the key is for.
#[test]
fn a_proof_of_one_circuit_is_refused_under_the_other() {
    let (narrow, zkevm) = (narrow_proof(), hello());
    let (narrow_proof, zkevm_proof) = (&narrow.proof, &zkevm.proof);
    let (narrow_vk, zkevm_vk) = (narrow11().vk_file(), small().vk_file());
    // Each proof with its own statement (digest, length): every one is in range for both circuits.
    let (narrow_len, zkevm_len) = (narrow.length as f64, zkevm.length as f64);
    assert!(verify_with_key_json(NARROW, &narrow_vk, narrow_proof, &narrow.digest, narrow_len).unwrap().ok);
    assert!(verify_with_key_json(ZKEVM, &zkevm_vk, zkevm_proof, &zkevm.digest, zkevm_len).unwrap().ok);
    let e = verify_with_key_json(ZKEVM, &zkevm_vk, narrow_proof, &narrow.digest, narrow_len).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptProof, "{e}");
    assert!(
        e.message.starts_with(
            "malformed proof: 10496 bytes; a proof of the zkEVM circuit at k=10 with 12 rows per round has exactly"
        ),
        "{e}"
    );
    let e = verify_with_key_json(NARROW, &narrow_vk, zkevm_proof, &zkevm.digest, zkevm_len).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptProof, "{e}");
    assert!(e.message.contains("a proof of the narrow circuit at k=11 has exactly 10496"), "{e}");
    // Cut to the narrow size, a zkEVM proof is still no narrow proof: refused or rejected, never ok.
    match verify_with_key_json(NARROW, &narrow_vk, &zkevm_proof[..narrow_proof.len()], &zkevm.digest, zkevm_len) {
        Ok(v) => assert!(!v.ok),
        Err(e) => assert!(matches!(e.code, ErrorCode::CorruptProof), "{e}"),
    }
}

/// A malicious narrow key file: flipping any sampled byte is refused, or the honest proof does
/// not verify under it; never a panic, never `ok: true`.
#[test]
fn tampered_narrow_key_files_never_verify() {
    let out = narrow_proof();
    super::tampered_keys_never_verify(NARROW, &narrow11().vk_file(), &out.proof, &out.digest, out.length as f64, 23);
}

/// The page's default: the narrow circuit where an offered narrow k holds the message, else zkEVM.
#[test]
fn default_circuit_follows_the_message() {
    assert_eq!(CircuitChoice::default_for_len(0), CircuitChoice::Narrow { k: 11 });
    assert_eq!(CircuitChoice::default_for_len(135), CircuitChoice::Narrow { k: 11 });
    assert_eq!(CircuitChoice::default_for_len(136), CircuitChoice::Narrow { k: 12 });
    assert_eq!(CircuitChoice::default_for_len(1087), CircuitChoice::Narrow { k: 14 });
    assert_eq!(CircuitChoice::default_for_len(1359), CircuitChoice::Narrow { k: 14 });
    assert_eq!(CircuitChoice::default_for_len(1360), CircuitChoice::Zkevm(Params { k: 12, rows_per_round: 12 }));
}
