//! The fixed-base prover (src/fixed_base.rs) against rust_eth_kzg's own: the same commitment,
//! opening and blob proof on blobs of every shape, for every split of the points into parts (the
//! threaded MSM's); and a prover that lies (a proof made against another commitment, or the
//! opening of another blob) is caught by the library's verifier.

use ekzg_serialization::deserialize_bytes_to_scalar;
use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};
use zkplay_kzg::{fixed_base::FixedBaseProver, input, measure::bench_blob};

/// Blobs: all zeros, one small element, every element r − 1 (the largest), and the bench blob.
pub(crate) fn blobs() -> Vec<Box<[u8; 131_072]>> {
    let r_minus_1 = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000";
    [
        format!("0x{}", "00".repeat(131_072)),
        format!("0x{:064x}{}", 5, "00".repeat(131_072 - 32)),
        format!("0x{}", r_minus_1.repeat(4096)),
        bench_blob(),
    ]
    .iter()
    .map(|b| input::blob(b, "blob").unwrap())
    .collect()
}

#[test]
fn agrees_with_the_library_for_every_split() {
    let setup = TrustedSetup::default();
    let lib = DASContext::new(&setup, UsePrecomp::No);
    let z_bytes = [0x11u8; 32];
    let z = deserialize_bytes_to_scalar(&z_bytes).unwrap();
    let blobs = blobs();
    for parts in [1, 2, 3, 4] {
        let ours = FixedBaseProver::new(&setup.g1_monomial, parts);
        for (i, blob) in blobs.iter().enumerate() {
            let c = ours.blob_to_kzg_commitment(blob);
            assert_eq!(c, lib.blob_to_kzg_commitment(blob).unwrap(), "commitment, blob {i}, {parts} parts");
            let (p, y) = ours.compute_kzg_proof(blob, z);
            let (lp, ly) = lib.compute_kzg_proof(blob, z_bytes).unwrap();
            assert_eq!((p, y.to_bytes_be()), (lp, ly), "opening, blob {i}, {parts} parts");
            let bp = ours.compute_blob_kzg_proof(blob, &c);
            assert_eq!(bp, lib.compute_blob_kzg_proof(blob, &c).unwrap(), "blob proof, blob {i}, {parts} parts");
        }
    }
}

/// The malicious prover, with our prover's outputs and the library's verifier.
#[test]
fn lies_do_not_verify() {
    let setup = TrustedSetup::default();
    let lib = DASContext::new(&setup, UsePrecomp::No);
    let ours = FixedBaseProver::new(&setup.g1_monomial, 2);
    let blobs = blobs();
    let (a, b) = (&blobs[3], &blobs[1]);
    let (ca, cb) = (ours.blob_to_kzg_commitment(a), ours.blob_to_kzg_commitment(b));
    let pa = ours.compute_blob_kzg_proof(a, &ca);
    assert!(lib.verify_blob_kzg_proof(a, &ca, &pa).is_ok());
    // A proof made for blob a against b's commitment (the challenge then binds the wrong one).
    let forged = ours.compute_blob_kzg_proof(a, &cb);
    assert!(lib.verify_blob_kzg_proof(a, &cb, &forged).unwrap_err().is_proof_invalid());
    assert!(lib.verify_blob_kzg_proof(a, &ca, &forged).unwrap_err().is_proof_invalid());
    // Blob a's true proof offered for blob b under a's commitment.
    assert!(lib.verify_blob_kzg_proof(b, &ca, &pa).unwrap_err().is_proof_invalid());
    // An opening of blob b at z offered as one of blob a.
    let z_bytes = [0x22u8; 32];
    let z = deserialize_bytes_to_scalar(&z_bytes).unwrap();
    let (pb, yb) = ours.compute_kzg_proof(b, z);
    assert!(lib.verify_kzg_proof(&cb, z_bytes, yb.to_bytes_be(), &pb).is_ok());
    assert!(lib.verify_kzg_proof(&ca, z_bytes, yb.to_bytes_be(), &pb).unwrap_err().is_proof_invalid());
}

#[test]
fn the_tables_take_what_the_docs_say() {
    let setup = TrustedSetup::default();
    // 4096 points × 2^(8−1) multiples × 96 bytes.
    assert_eq!(FixedBaseProver::new(&setup.g1_monomial, 2).table_bytes(), 48 << 20);
}
