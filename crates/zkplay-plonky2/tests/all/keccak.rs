//! End-to-end tests: the circuit against tiny-keccak, padding boundaries, soundness checks.
//! Each circuit configuration is built once per test binary (circuits.rs).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zkplay_plonky2::{build, CircuitConfig, Error, MerkleHash, Prepared};
use zkplay_wasm_runtime::statement::keccak256;

use crate::circuits::circuit;

fn random_msg(rng: &mut ChaCha8Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.gen()).collect()
}

fn from_hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn prove_verify(p: &Prepared, msg: &[u8]) {
    let out = p.prove(msg).expect("prove");
    assert_eq!(out.digest, keccak256(msg), "digest for length {}", msg.len());
    p.verify(&out.proof, &keccak256(msg), msg.len() as u64).expect("verify");
}

#[test]
fn shared_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/keccak256.json");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let vectors = json["vectors"].as_array().unwrap();
    assert!(!vectors.is_empty());
    let p = circuit(3, MerkleHash::Keccak);
    let mut proved = 0;
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let msg = from_hex(v["message_hex"].as_str().unwrap());
        let digest = from_hex(v["digest_hex"].as_str().unwrap());
        assert_eq!(msg.len() as u64, v["length"].as_u64().unwrap(), "{name}");
        assert_eq!(v["blocks"].as_u64().unwrap() as usize, msg.len() / 136 + 1, "{name}");
        assert_eq!(keccak256(&msg).to_vec(), digest, "tiny-keccak disagrees with vector {name}");
        if msg.len() <= p.capacity_bytes() {
            let got = p.check_witness(&msg).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got.to_vec(), digest, "circuit digest for vector {name}");
            if proved < 2 {
                prove_verify(p, &msg);
                proved += 1;
            }
        } else {
            assert!(matches!(p.prove(&msg), Err(Error::MessageTooLong { .. })));
        }
    }
}

/// Every length 0..=3*136-1 with random content, checked by witness generation plus an
/// evaluation of all of this crate's constraints; full proofs for a few of them.
#[test]
fn random_messages_every_length() {
    let p = circuit(3, MerkleHash::Keccak);
    let mut rng = ChaCha8Rng::seed_from_u64(0x6b656363616b);
    for len in 0..=3 * 136 - 1 {
        let msg = random_msg(&mut rng, len);
        let got = p.check_witness(&msg).unwrap_or_else(|e| panic!("length {len}: {e}"));
        assert_eq!(got, keccak256(&msg), "length {len}");
    }
    for _ in 0..2 {
        let len = rng.gen_range(0..=p.capacity_bytes());
        prove_verify(p, &random_msg(&mut rng, len));
    }
}

#[test]
fn boundary_lengths_prove_and_verify() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for len in [0, 135] {
        prove_verify(circuit(1, MerkleHash::Keccak), &random_msg(&mut rng, len));
    }
    for len in [136, 271, 272] {
        prove_verify(circuit(3, MerkleHash::Keccak), &random_msg(&mut rng, len));
    }
}

#[test]
fn wrong_statements_fail() {
    let p = circuit(1, MerkleHash::Keccak);
    let msg = b"zkplay plonky2 keccak";
    let d = keccak256(msg);
    let out = p.prove(msg).unwrap();
    p.verify(&out.proof, &d, msg.len() as u64).unwrap();

    let mut wrong = d;
    wrong[31] ^= 1;
    let e = p.verify(&out.proof, &wrong, msg.len() as u64).unwrap_err();
    assert!(matches!(e, Error::PublicInputMismatch(_)), "{e}");
    let e = p.verify(&out.proof, &d, msg.len() as u64 + 1).unwrap_err();
    assert!(matches!(e, Error::PublicInputMismatch(_)), "{e}");
    assert!(p.verify(&out.proof, &keccak256(b""), 0).is_err());

    // Tampered proof bytes: flip bytes at several places.
    for pos in [100, out.proof.len() / 3, out.proof.len() / 2, out.proof.len() - 200] {
        let mut bad = out.proof.clone();
        bad[pos] ^= 0x5a;
        let e = p.verify(&bad, &d, msg.len() as u64).unwrap_err();
        assert!(!matches!(e, Error::PublicInputMismatch(_)) || pos > out.proof.len() - 300, "{e}");
    }
    let e = p.verify(&out.proof[..out.proof.len() - 1], &d, msg.len() as u64).unwrap_err();
    assert!(matches!(e, Error::MalformedProof(_)), "{e}");
    let e = p.verify(b"not a proof", &d, msg.len() as u64).unwrap_err();
    assert!(matches!(e, Error::MalformedProof(_)), "{e}");
}

#[test]
fn over_capacity_is_refused() {
    let p = circuit(1, MerkleHash::Keccak);
    assert_eq!(p.capacity_bytes(), 135);
    let e = p.prove(&[0u8; 136]).unwrap_err();
    assert_eq!(e, Error::MessageTooLong { len: 136, capacity: 135, blocks: 1 });
    assert_eq!(e.to_string(), "message is 136 bytes; this circuit holds at most 135 bytes (1 Keccak block)");
    let e = circuit(3, MerkleHash::Keccak).check_witness(&[0u8; 408]).unwrap_err();
    assert_eq!(e.to_string(), "message is 408 bytes; this circuit holds at most 407 bytes (3 Keccak blocks)");
    assert!(matches!(build(&CircuitConfig::new(0, MerkleHash::Keccak)), Err(Error::InvalidConfig(_))));
}

#[test]
fn poseidon_merkle_config() {
    let p = circuit(1, MerkleHash::Poseidon);
    prove_verify(p, b"poseidon merkle trees");
    let out = p.prove(b"abc").unwrap();
    assert!(p.verify(&out.proof, &keccak256(b"abd"), 3).is_err());
}

/// A prover that does not pad as the length says is caught by the constraints.
#[test]
fn bad_padding_is_rejected() {
    let p = circuit(3, MerkleHash::Keccak);
    let msg = vec![0xabu8; 150];
    let good = {
        let mut v = vec![0u8; 3 * 136];
        v[..150].copy_from_slice(&msg);
        v[150] = 0x01;
        v[271] = 0x80;
        v
    };
    assert_eq!(p.check_witness_raw(&good, 150).unwrap(), keccak256(&msg));
    // Each of these changes must violate a constraint.
    type Tamper = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, Tamper)> = vec![
        ("no 0x01", Box::new(|v| v[150] = 0)),
        ("no 0x80", Box::new(|v| v[271] = 0)),
        ("junk after L", Box::new(|v| v[200] = 7)),
        ("junk in a later block", Box::new(|v| v[300] = 1)),
        (
            "0x80 one block late",
            Box::new(|v| {
                v[271] = 0;
                v[407] = 0x80;
            }),
        ),
    ];
    for (name, f) in cases {
        let mut v = good.clone();
        f(&mut v);
        assert!(p.check_witness_raw(&v, 150).is_err(), "{name} accepted");
    }
    // Claiming a shorter length with the message's own padding is caught too.
    assert!(p.check_witness_raw(&good, 149).is_err());
    // And a full proof with bad padding does not verify.
    let q = circuit(1, MerkleHash::Keccak);
    let mut one = vec![0u8; 136];
    one[..5].copy_from_slice(b"hello");
    one[5] = 0x01;
    one[135] = 0x80;
    one[100] = 1; // junk after the length
    let out = q.prove_raw(&one, 5).unwrap();
    let e = q.verify(&out.proof, &out.digest, 5).unwrap_err();
    assert!(matches!(e, Error::VerificationFailed(_)), "{e}");
    // A length beyond the capacity has no valid witness (the block selector cannot be one-hot).
    let mut pad136 = vec![0u8; 136];
    pad136[0] = 0x01;
    pad136[135] = 0x80;
    match q.prove_raw(&pad136, 136) {
        Err(_) => {}
        Ok(out) => assert!(q.verify(&out.proof, &out.digest, 136).is_err()),
    }
}

#[test]
fn gates_low_degree_and_recursive_eval() {
    use plonky2::field::goldilocks_field::GoldilocksField as F;
    use plonky2::gates::gate_testing::{test_eval_fns, test_low_degree};
    use plonky2::plonk::config::PoseidonGoldilocksConfig as C;
    use zkplay_plonky2::gates::{AbsorbGate, DigestGate, PadGate, PoseidonRoundGate, RoundGate};
    for rc in [false, true] {
        test_low_degree::<F, _, 2>(RoundGate { rc });
        test_eval_fns::<F, C, _, 2>(RoundGate { rc }).unwrap();
    }
    for full in [false, true] {
        test_low_degree::<F, _, 2>(PoseidonRoundGate { full });
        test_eval_fns::<F, C, _, 2>(PoseidonRoundGate { full }).unwrap();
    }
    test_low_degree::<F, _, 2>(AbsorbGate);
    test_low_degree::<F, _, 2>(PadGate);
    test_low_degree::<F, _, 2>(DigestGate);
    test_eval_fns::<F, C, _, 2>(AbsorbGate).unwrap();
    test_eval_fns::<F, C, _, 2>(PadGate).unwrap();
    test_eval_fns::<F, C, _, 2>(DigestGate).unwrap();
}
