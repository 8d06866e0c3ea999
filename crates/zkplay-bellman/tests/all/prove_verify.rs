//! Proofs with real keys (one Groth16 setup for a 1-block circuit, made once for this file):
//! the contract's reports and refusal codes, a forged witness's proof refused by the verifier,
//! and the verifier fuzzed with 10,000 inputs that must never verify, never panic.
use std::sync::OnceLock;

use bls12_381::{Bls12, Scalar};
use zkplay_bellman::circuit::{PreimageCircuit, Witness};
use zkplay_bellman::contract::{verify_with_key_json, BellmanProver};
use zkplay_bellman::{blake2s256, keys, Setup, PROOF_BYTES};
use zkplay_wasm_runtime::phase_ids as ids;
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::xorshift::XorShift;
use zkplay_wasm_runtime::{Artifacts, ErrorCode, Prover};

/// The shipped-file form of a fresh 1-block setup: (params file, vk file).
fn files() -> &'static (Vec<u8>, Vec<u8>) {
    static FILES: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    FILES.get_or_init(|| {
        let params =
            groth16::generate_random_parameters::<Bls12, _, _>(PreimageCircuit::new(1, None), &mut rand::rng())
                .expect("setup");
        (keys::params_file(&params, 1), keys::vk_file(&params.vk, 1))
    })
}

fn prover() -> BellmanProver {
    let (params, vk) = files();
    let artifacts = Artifacts::new().with("params", params.clone()).with("vk", vk.clone());
    BellmanProver::prepare(&json!({ "blocks": 1 }), &artifacts).expect("prepare").0
}

/// The backend's prover (src/groth16_prover.rs) makes the very proof groth16's makes.
#[test]
fn same_proof_as_groth16() {
    let params = keys::read_params_file(&files().0, &files().1, 1).unwrap();
    let (r, s) = (Scalar::from(0x1234_5678u64).square(), Scalar::from(987_654_321u64).invert().unwrap());
    for message in [&b""[..], b"abc", &[0xffu8; 64]] {
        let circuit = || PreimageCircuit::new(1, Some(Witness::honest(message, 1)));
        let ours = zkplay_bellman::groth16_prover::create_proof(circuit(), &params, r, s).unwrap();
        let theirs = groth16::create_proof(circuit(), &params, r, s).unwrap();
        assert!(ours == theirs, "{} bytes: the proof differs from groth16's for the same r, s", message.len());
    }
}

#[test]
fn contract_reports_and_codes() {
    let (params, vk) = files();
    let artifacts = Artifacts::new().with("params", params.clone()).with("vk", vk.clone());
    let (p, report) = BellmanProver::prepare(&json!({ "blocks": 1 }), &artifacts).unwrap();
    assert_eq!(ids(&report.phases), ["load-keys"]);
    assert_eq!(report.capacity_bytes, 64);
    let msg = b"zkplay contract";
    let out = p.prove(msg).unwrap();
    assert_eq!(out.proof.len(), PROOF_BYTES);
    assert_eq!(ids(&out.phases), ["prove"]);
    let digest = blake2s256(msg);
    let len = msg.len() as f64;
    assert!(p.verify(&out.proof, &digest, len).unwrap().ok);
    let v = p.verify(&out.proof, &digest, len + 1.0).unwrap();
    assert!(!v.ok && v.reason.unwrap().starts_with("proof rejected: "));
    // The same through the verifier-only path, with the key file.
    assert!(verify_with_key_json(r#"{"blocks":1}"#, vk, &out.proof, &digest, len).unwrap().ok);

    for length in [4294967296.0 + len, 5.5, -1.0, f64::NAN, f64::INFINITY, 65.0, 18446744073709551616.0] {
        let e = p.verify(&out.proof, &digest, length).unwrap_err();
        assert!(e.code == ErrorCode::InvalidInput && e.message.starts_with("invalid input: length "), "{length}: {e}");
    }
    let e = p.verify(&out.proof, &digest[..31], len).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput, "{e}");
    let e = p.verify(&out.proof[..100], &digest, len).unwrap_err();
    assert!(e.code == ErrorCode::CorruptProof && e.message.starts_with("malformed proof: "), "{e}");
    let e = p.prove(&[0u8; 65]).unwrap_err();
    assert!(e.code == ErrorCode::Capacity && e.message.starts_with("message is 65 bytes"), "{e}");

    for config in [json!({ "blocks": 0 }), json!({ "blocks": 1024 }), json!({ "blocks": 1.5 }), json!({})] {
        let e = BellmanProver::prepare(&config, &artifacts).err().unwrap();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{config}: {e}");
    }
    // Key files: another capacity, cut short, a flipped byte, params that belong to another key.
    let e = BellmanProver::prepare(&json!({ "blocks": 2 }), &artifacts).err().unwrap();
    assert!(e.code == ErrorCode::CorruptArtifact && e.message.contains("for 1 blocks, not 2"), "{e}");
    let short = Artifacts::new().with("params", params[..params.len() - 1].to_vec()).with("vk", vk.clone());
    assert_eq!(BellmanProver::prepare(&json!({ "blocks": 1 }), &short).err().unwrap().code, ErrorCode::CorruptArtifact);
    let mut other_vk = vk.clone();
    other_vk[40] ^= 1;
    let e = verify_with_key_json(r#"{"blocks":1}"#, &other_vk, &out.proof, &digest, len).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
    let e = verify_with_key_json(r#"{"blocks":1}"#, &vk[..vk.len() - 96], &out.proof, &digest, len).unwrap_err();
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
}

#[test]
fn a_forged_witness_proves_nothing() {
    // The counter attack of tests/all/attacks.rs, proved with the real keys: the proof is made (Groth16's
    // prover does not check the witness) and the verifier refuses it for every statement it could claim.
    let setup = Setup::from_files(1, &files().0, &files().1).unwrap();
    let m = b"forged".to_vec();
    let mut w = Witness::honest(&m, 1);
    w.counters[0] = 7;
    let proof = setup.prove_witness(w).unwrap();
    let mut longer = m.clone();
    longer.push(0);
    for (digest, length) in [(blake2s256(&longer), 6), (blake2s256(&m), 6), (blake2s256(&longer), 7)] {
        let e = setup.verifier.verify(&proof, &digest, length).unwrap_err();
        assert!(e.to_string().starts_with("proof rejected: "), "{e}");
    }
}

#[test]
fn fuzzed_verifier_never_verifies_a_wrong_statement() {
    let p = prover();
    let msg = b"fuzz me";
    let honest = p.prove(msg).unwrap().proof;
    let digest = blake2s256(msg);
    let mut r = XorShift(0x6265_6c6c_6d61_6e21);
    let (mut refused, mut rejected) = (0, 0);
    for i in 0..10_000 {
        let mut proof = honest.clone();
        let mut d = digest;
        let mut length = msg.len() as f64;
        match i % 5 {
            0 => proof[r.below(PROOF_BYTES)] ^= 1 << r.below(8),
            1 => proof = (0..r.below(2 * PROOF_BYTES)).map(|_| r.next_u64() as u8).collect(),
            2 => d[r.below(32)] ^= 1 << r.below(8),
            3 => {
                length =
                    [r.below(65) as f64, -(r.below(9) as f64) - 1.0, 65.0 + r.below(1 << 20) as f64, 0.5][r.below(4)]
            }
            _ => proof.truncate(r.below(PROOF_BYTES)),
        }
        if proof == honest && d == digest && length == msg.len() as f64 {
            continue;
        }
        let outcome = std::panic::catch_unwind(|| p.verify(&proof, &d, length));
        match outcome.unwrap_or_else(|_| panic!("input {i} panicked the verifier")) {
            Ok(v) if v.ok => panic!("input {i} verified: proof {proof:02x?}, length {length}"),
            Ok(_) => rejected += 1,
            Err(e) => {
                assert!(matches!(e.code, ErrorCode::InvalidInput | ErrorCode::CorruptProof), "{i}: {e}");
                refused += 1;
            }
        }
    }
    eprintln!("bellman verifier fuzz: {refused} refused, {rejected} rejected, none verified");
    assert!(refused + rejected >= 9_900);
    assert!(p.verify(&honest, &digest, msg.len() as f64).unwrap().ok, "the honest proof still verifies");
}

#[test]
fn keys_made_here_prove_and_a_size_beyond_the_memory_is_refused_first() {
    let (p, report) = BellmanProver::prepare(&json!({ "blocks": 1, "keys": "browser" }), &Artifacts::new()).unwrap();
    assert_eq!(ids(&report.phases), ["setup"]);
    let out = p.prove(b"made here").unwrap();
    assert!(p.verify(&out.proof, &blake2s256(b"made here"), 9.0).unwrap().ok);
    // The shipped key does not verify a proof made with this setup's key.
    let e = verify_with_key_json(r#"{"blocks":1}"#, &files().1, &out.proof, &blake2s256(b"made here"), 9.0).unwrap();
    assert!(!e.ok);

    let e = Setup::generate(1023, zkplay_bellman::WASM32_MEMORY).err().unwrap();
    assert!(e.to_string().starts_with("a setup for 1023 blocks would need about "), "{e}");
    assert_eq!(zkplay_wasm_runtime::ProverError::from(e).code, ErrorCode::OutOfMemory);
    let e = BellmanProver::prepare(&json!({ "blocks": 1, "keys": "elsewhere" }), &Artifacts::new()).err().unwrap();
    assert_eq!(e.code, ErrorCode::InvalidInput, "{e}");
}
