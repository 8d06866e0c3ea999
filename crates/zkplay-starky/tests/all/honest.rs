//! Honest proofs: traces satisfy every constraint, proofs verify for the right statement only.

use zkplay_starky::check::first_failing_row;
use zkplay_starky::ctl::ctl_multisets;
use zkplay_starky::{generate_traces, keccak, production_config, prove, verify, Tables};
use zkplay_wasm_runtime::statement::keccak256;
use zkplay_wasm_runtime::xorshift::XorShift;

fn msg(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 131 + 7) as u8).collect()
}

#[test]
fn native_keccak_matches_reference() {
    for len in [0, 1, 55, 134, 135, 136, 137, 271, 272, 500] {
        assert_eq!(keccak::keccak256(&msg(len)), keccak256(&msg(len)), "len {len}");
    }
}

#[test]
fn honest_traces_satisfy_constraints() {
    let t = Tables::default();
    for len in [0, 1, 134, 135, 136, 300] {
        let m = msg(len);
        let (tr, digest) = generate_traces(&m);
        assert_eq!(digest, keccak256(&m));
        assert_eq!(first_failing_row(&t.sponge, &tr.sponge, &tr.public_inputs), None, "sponge, len {len}");
        assert_eq!(first_failing_row(&t.keccak, &tr.keccak, &[]), None, "keccak, len {len}");
        let (a, b) = ctl_multisets(&tr.sponge, &tr.keccak);
        assert_eq!(a, b, "ctl, len {len}");
        assert_eq!(a.len(), len / 136 + 1);
    }
}

#[test]
fn prove_and_verify() {
    let config = production_config();
    for len in [5usize, 300] {
        let m = msg(len);
        let (proof, digest, report) = prove(&m, &config).unwrap();
        assert_eq!(digest, keccak256(&m));
        eprintln!("len {len}: {report:?} sizes {:?}", proof.sizes());
        let t = Tables::default();
        verify(&t, &proof, &digest, len as u64, &config).unwrap();
        let bytes = proof.to_bytes();
        let back = zkplay_starky::MultiProof::from_bytes(&bytes).unwrap();
        verify(&t, &back, &digest, len as u64, &config).unwrap();
        let mut d2 = digest;
        d2[0] ^= 1;
        assert!(verify(&t, &proof, &d2, len as u64, &config).is_err());
        assert!(verify(&t, &proof, &digest, len as u64 + 1, &config).is_err());
        // A length that aliases this one modulo the field order, and the largest u64.
        assert!(verify(&t, &proof, &digest, len as u64 + 0xFFFF_FFFF_0000_0001, &config).is_err());
        assert!(verify(&t, &proof, &digest, u64::MAX, &config).is_err());
    }
}

#[test]
fn corrupted_proofs_are_errors_not_panics() {
    let config = production_config();
    let m = msg(20);
    let (proof, digest, _) = prove(&m, &config).unwrap();
    let bytes = proof.to_bytes();
    let t = Tables::default();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..40 {
        let mut b = bytes.clone();
        let i = rng.below(b.len());
        b[i] ^= 1 << rng.below(8);
        if let Ok(p) = zkplay_starky::MultiProof::from_bytes(&b) {
            assert!(verify(&t, &p, &digest, 20, &config).is_err(), "flipped byte {i} verified");
        }
    }
    for cut in [0, 8, bytes.len() / 2, bytes.len() - 1] {
        assert!(zkplay_starky::MultiProof::from_bytes(&bytes[..cut]).is_err());
    }
    // Swapping the tables' proofs.
    let swapped = zkplay_starky::MultiProof { sponge: proof.keccak.clone(), keccak: proof.sponge.clone() };
    assert!(verify(&t, &swapped, &digest, 20, &config).is_err());
}
