//! The single-opening check (src/opening.rs: fixed G2 points, the equation rearranged) against
//! rust_eth_kzg's own: the same verdict for true proofs and for each lie a prover could tell,
//! through both entry points (`verify_kzg_proof`, `verify_blob_kzg_proof`). A rearrangement that
//! lost a term would accept one of the lies below.

use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};
use zkplay_kzg::input::to_hex as hex;

use crate::{fixed_base::blobs, kzg};

/// The same point with the other sign (the compressed form's sign bit flipped).
fn negated(p: &[u8; 48]) -> [u8; 48] {
    let mut n = *p;
    n[0] ^= 0x20;
    n
}

/// The point at infinity, compressed.
fn infinity() -> [u8; 48] {
    let mut p = [0u8; 48];
    p[0] = 0xc0;
    p
}

/// (blob, commitment, proof, whether it holds)
type BlobCase<'a> = (&'a [u8; 131_072], [u8; 48], [u8; 48], bool);
/// (commitment, z, y, proof, whether it holds)
type OpeningCase = ([u8; 48], [u8; 32], [u8; 32], [u8; 48], bool);

#[test]
fn blob_proofs_same_verdict_as_the_library() {
    let lib = DASContext::new(&TrustedSetup::default(), UsePrecomp::No);
    let blobs = blobs();
    let (zero, b, top, a) = (&blobs[0], &blobs[1], &blobs[2], &blobs[3]);
    let commit = |x: &[u8; 131_072]| lib.blob_to_kzg_commitment(x).unwrap();
    let prove = |x: &[u8; 131_072], c: &[u8; 48]| lib.compute_blob_kzg_proof(x, c).unwrap();
    let (ca, cb, c0, ct) = (commit(a), commit(b), commit(zero), commit(top));
    let (pa, pb, p0, pt) = (prove(a, &ca), prove(b, &cb), prove(zero, &c0), prove(top, &ct));
    assert_eq!(c0, infinity(), "the zero blob commits to the point at infinity");
    let g1 = TrustedSetup::default().g1_monomial[0];
    let g1 = ekzg_serialization::serialize_g1_compressed(&g1);
    let cases: Vec<BlobCase> = vec![
        (a, ca, pa, true),
        (b, cb, pb, true),
        (zero, c0, p0, true),
        (top, ct, pt, true),          // every element r − 1
        (a, ca, pb, false),           // another blob's proof
        (b, ca, pa, false),           // a's commitment and proof for blob b
        (a, cb, pa, false),           // another commitment
        (a, ca, negated(&pa), false), // the proof's negation
        (a, negated(&ca), pa, false), // the commitment's negation
        (a, ca, infinity(), false),   // no proof at all
        (a, infinity(), pa, false),   // the zero blob's commitment
        (zero, c0, pa, false),        // a proof for the zero blob that is not its own
        (a, pa, ca, false),           // commitment and proof swapped
        (a, ca, g1, false),           // the generator as the proof
    ];
    for (i, (x, c, p, holds)) in cases.into_iter().enumerate() {
        let library = lib.verify_blob_kzg_proof(x, &c, &p).is_ok();
        let ours = kzg().verify_blob_kzg_proof(&hex(&x[..]), &hex(&c), &hex(&p)).unwrap();
        assert_eq!((ours, library), (holds, holds), "case {i}");
    }
}

#[test]
fn openings_same_verdict_as_the_library() {
    let lib = DASContext::new(&TrustedSetup::default(), UsePrecomp::No);
    let blobs = blobs();
    let (zero, a) = (&blobs[0], &blobs[3]);
    let c = lib.blob_to_kzg_commitment(a).unwrap();
    let z = [0x22u8; 32];
    let (p, y) = lib.compute_kzg_proof(a, z).unwrap();
    let plus_one = |s: [u8; 32]| {
        let mut t = s;
        t[31] = t[31].wrapping_add(1);
        t
    };
    // The opening at z of the zero polynomial: value 0, proof at infinity.
    let (c0, (p0, y0)) = (lib.blob_to_kzg_commitment(zero).unwrap(), lib.compute_kzg_proof(zero, z).unwrap());
    let cases: Vec<OpeningCase> = vec![
        (c, z, y, p, true),
        (c0, z, y0, p0, true),
        (c, z, plus_one(y), p, false),    // another value
        (c, plus_one(z), y, p, false),    // another point
        (c, z, y, negated(&p), false),    // the proof's negation
        (c, z, y, infinity(), false),     // no proof
        (c0, z, y, p0, false),            // the zero polynomial with a's value
        (c0, z, plus_one(y0), p0, false), // the zero polynomial at 1
        (p, z, y, c, false),              // commitment and proof swapped
    ];
    for (i, (c, z, y, p, holds)) in cases.into_iter().enumerate() {
        let library = lib.verify_kzg_proof(&c, z, y, &p).is_ok();
        let ours = kzg().verify_kzg_proof(&hex(&c), &hex(&z), &hex(&y), &hex(&p)).unwrap();
        assert_eq!((ours, library), (holds, holds), "case {i}");
    }
}
