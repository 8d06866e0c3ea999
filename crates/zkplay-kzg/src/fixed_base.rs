//! The blob commitment and the blob proof over FIXED bases: both are an MSM over the setup's
//! 4096 G1 powers, which never change, so a table of their multiples is built once when the setup
//! loads (blst's `blst_p1s_mult_wbits`, through ekzg-bls12-381's `FixedBaseMSMPrecompBLST`) and
//! each MSM is then table look-ups and batched affine additions instead of rust_eth_kzg's
//! Pippenger over points it treats as unknown.
//!
//! A fixed-base MSM costs the same per point whatever the split, so the points are cut into one
//! part per rayon thread (each with its own table, built in parallel too) and the parts' sums
//! added: on 2 threads the MSM takes half the time, which Pippenger inside blst cannot do in wasm.
//!
//! The rest is the library's: its blob decoding, IFFT, Fiat–Shamir reduction and point encoding.
//! Ours are the quotient by X − z (Ruffini's rule, field arithmetic only) and the challenge's
//! byte layout, both as in the consensus specs (`compute_kzg_proof_impl`, `compute_challenge`);
//! the official vectors check both (tests/consensus_vectors.rs).

use ekzg_bls12_381::{
    fixed_base_msm::FixedBaseMSMPrecompBLST, reduce_bytes_to_scalar_bias, traits::*, G1Point, G1Projective, Scalar,
};
use ekzg_maybe_rayon::prelude::*;
use ekzg_polynomial::{domain::Domain, poly_coeff::PolyCoeff};
use ekzg_serialization::{deserialize_blob_to_scalars, serialize_g1_compressed};
use ekzg_single_open::bitreverse_slice;
use rust_eth_kzg::constants::{BYTES_PER_BLOB, FIELD_ELEMENTS_PER_BLOB};
use sha2::{Digest, Sha256};

/// blst's window: each point's table holds 2^(w−1) multiples (96 bytes each), so w = 8 costs
/// 4096 × 128 × 96 B = 48 MiB; chosen by measurement (docs/kzg.md, "Faster than a web developer's").
pub const WINDOW_BITS: usize = 8;

pub struct FixedBaseProver {
    domain: Domain,
    parts: Vec<FixedBaseMSMPrecompBLST>,
    /// Points per part (the last part may have fewer) and in all.
    part_len: usize,
    n: usize,
}

impl FixedBaseProver {
    /// `parts`: how many tables (one per thread the MSM may use); the points split evenly, the
    /// last part taking the rest.
    pub fn new(g1_monomial: &[G1Point], parts: usize) -> Self {
        let n = g1_monomial.len();
        let part_len = n.div_ceil(parts.max(1));
        let chunks: Vec<Vec<G1Point>> = g1_monomial.chunks(part_len).map(<[_]>::to_vec).collect();
        let parts = chunks.maybe_into_par_iter().map(|g| FixedBaseMSMPrecompBLST::new(&g, WINDOW_BITS)).collect();
        FixedBaseProver { domain: Domain::new(FIELD_ELEMENTS_PER_BLOB), parts, part_len, n }
    }

    /// The bytes the tables hold.
    pub fn table_bytes(&self) -> usize {
        self.n * (1 << (WINDOW_BITS - 1)) * std::mem::size_of::<G1Point>()
    }

    /// Σ scalars[i]·G1[i]; fewer scalars than points count as zeros (a quotient has 4095).
    fn msm(&self, scalars: &[Scalar]) -> G1Point {
        let mut padded = scalars.to_vec();
        padded.resize(self.n, Scalar::ZERO);
        let sums: Vec<G1Projective> = self
            .parts
            .maybe_par_iter()
            .zip(padded.maybe_par_chunks_mut(self.part_len))
            .map(|(table, s)| table.msm(s.to_vec()))
            .collect();
        sums.into_iter().sum::<G1Projective>().to_affine()
    }

    /// The blob's polynomial in monomial form (its values sit at the bit-reversed roots of unity).
    fn polynomial(&self, blob: &[u8; BYTES_PER_BLOB]) -> Vec<Scalar> {
        let mut values = deserialize_blob_to_scalars(blob).expect("checked by input::blob");
        bitreverse_slice(&mut values);
        self.domain.ifft_scalars(values).0
    }

    pub fn blob_to_kzg_commitment(&self, blob: &[u8; BYTES_PER_BLOB]) -> [u8; 48] {
        serialize_g1_compressed(&self.msm(&self.polynomial(blob)))
    }

    /// (proof, y = p(z)).
    pub fn compute_kzg_proof(&self, blob: &[u8; BYTES_PER_BLOB], z: Scalar) -> ([u8; 48], Scalar) {
        let (quotient, y) = divide_by_linear(&self.polynomial(blob), z);
        (serialize_g1_compressed(&self.msm(&quotient)), y)
    }

    /// The Fiat–Shamir challenge z of (blob, commitment) and the blob's polynomial at z: what
    /// `verify_blob_kzg_proof` checks the proof against (src/opening.rs).
    pub fn challenge_and_value(&self, blob: &[u8; BYTES_PER_BLOB], commitment: &[u8; 48]) -> (Scalar, Scalar) {
        let z = challenge(blob, commitment);
        (z, PolyCoeff(self.polynomial(blob)).eval(&z))
    }

    /// The proof at the Fiat–Shamir challenge of (blob, commitment); like the library, it does not
    /// check that the commitment is the blob's (a wrong one gives a proof that fails to verify).
    pub fn compute_blob_kzg_proof(&self, blob: &[u8; BYTES_PER_BLOB], commitment: &[u8; 48]) -> [u8; 48] {
        self.compute_kzg_proof(blob, challenge(blob, commitment)).0
    }
}

/// p(X) = q(X)·(X − z) + p(z), by Ruffini's rule from the top coefficient: (q, p(z)).
fn divide_by_linear(p: &[Scalar], z: Scalar) -> (Vec<Scalar>, Scalar) {
    let mut q = vec![Scalar::ZERO; p.len() - 1];
    let mut acc = Scalar::ZERO;
    for i in (0..p.len()).rev() {
        acc = acc * z + p[i];
        if i > 0 {
            q[i - 1] = acc;
        }
    }
    (q, acc)
}

/// The specs' compute_challenge: SHA-256("FSBLOBVERIFY_V1_" ‖ 4096 as 16 bytes big-endian ‖ blob
/// ‖ commitment), reduced mod r.
fn challenge(blob: &[u8; BYTES_PER_BLOB], commitment: &[u8; 48]) -> Scalar {
    let h: [u8; 32] = Sha256::new()
        .chain_update(b"FSBLOBVERIFY_V1_")
        .chain_update((FIELD_ELEMENTS_PER_BLOB as u128).to_be_bytes())
        .chain_update(blob)
        .chain_update(commitment)
        .finalize()
        .into();
    reduce_bytes_to_scalar_bias(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruffini_divides() {
        // (X² + 2X + 3) = (X + 4)(X − 2) + 11 at z = 2.
        let p = [Scalar::from(3u64), Scalar::from(2u64), Scalar::ONE];
        let (q, y) = divide_by_linear(&p, Scalar::from(2u64));
        assert_eq!(q, vec![Scalar::from(4u64), Scalar::ONE]);
        assert_eq!(y, Scalar::from(11u64));
    }
}
