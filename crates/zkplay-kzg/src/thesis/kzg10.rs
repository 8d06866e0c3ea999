//! KZG10 over a polynomial of up to n coefficients: commit (one MSM), open at a point (divide by
//! X − z, one MSM), verify (two pairings), and verify n openings of n polynomials at once (a
//! random linear combination: two MSMs and two pairings), all from ekzg-single-open.

use ekzg_bls12_381::{lincomb::g1_lincomb, traits::*, G1Point, Scalar};
use ekzg_single_open::{
    prover::{CommitKey, Prover},
    verifier::{VerificationKey, Verifier},
};
use rust_eth_kzg::TrustedSetup;
use sha2::{Digest, Sha256};

use super::{check_size, KZG_LOG};
use crate::{Code, KzgError};

pub struct Kzg10 {
    pub n: usize,
    prover: Prover,
    verifier: Verifier,
}

impl Kzg10 {
    /// The first n G1 powers of Ethereum's setup, its [1]G2 and [τ]G2.
    pub fn new(setup: &TrustedSetup, n: usize) -> Result<Self, KzgError> {
        let n = check_size(n, KZG_LOG, "KZG10 size")?;
        let ck = CommitKey::new(setup.g1_monomial[..n].to_vec());
        let vk = VerificationKey {
            gen_g1: setup.g1_monomial[0],
            gen_g2: setup.g2_monomial[0],
            tau_g2: setup.g2_monomial[1],
        };
        Ok(Kzg10 { n, prover: Prover::new(n, ck), verifier: Verifier::new(n, vk) })
    }

    fn fits(&self, poly: &[Scalar]) -> Result<(), KzgError> {
        if poly.is_empty() || poly.len() > self.n {
            return Err(KzgError::new(
                Code::SizeOutOfRange,
                format!("a polynomial of {} coefficients: this key takes 1..{}", poly.len(), self.n),
            ));
        }
        Ok(())
    }

    pub fn commit(&self, poly: &[Scalar]) -> Result<G1Point, KzgError> {
        self.fits(poly)?;
        Ok(g1_lincomb(&self.prover.commit_key.g1s[..poly.len()], poly).expect("same lengths").to_affine())
    }

    /// (proof, p(z)).
    pub fn open(&self, poly: &[Scalar], z: Scalar) -> Result<(G1Point, Scalar), KzgError> {
        self.fits(poly)?;
        Ok(self.prover.compute_kzg_proof(poly, z))
    }

    pub fn verify(&self, commitment: G1Point, z: Scalar, y: Scalar, proof: G1Point) -> bool {
        self.verifier.verify_kzg_proof(commitment, z, y, proof).is_ok()
    }

    /// All openings hold, checked at once with powers of r = H(every input) (Fiat–Shamir: a
    /// prover who fixes the openings cannot choose r to cancel a false one).
    pub fn batch_verify(
        &self,
        commitments: &[G1Point],
        zs: &[Scalar],
        ys: &[Scalar],
        proofs: &[G1Point],
    ) -> Result<bool, KzgError> {
        let n = commitments.len();
        if zs.len() != n || ys.len() != n || proofs.len() != n {
            return Err(KzgError::new(Code::LengthMismatch, "commitments, points, values and proofs differ in length"));
        }
        if n == 0 {
            return Err(KzgError::new(Code::SizeOutOfRange, "nothing to verify"));
        }
        let mut h = Sha256::new().chain_update(b"zkplay-kzg10-batch");
        for i in 0..n {
            h.update(commitments[i].to_compressed());
            h.update(zs[i].to_bytes_be());
            h.update(ys[i].to_bytes_be());
            h.update(proofs[i].to_compressed());
        }
        let mut r: [u8; 32] = h.finalize().into();
        r[0] &= 0x3f;
        let r = Scalar::from_bytes_be(&r).expect("< 2^254 is canonical");
        let mut powers = Vec::with_capacity(n);
        let mut p = Scalar::ONE;
        for _ in 0..n {
            powers.push(p);
            p *= r;
        }
        Ok(self.verifier.verify_kzg_proof_batch(commitments, zs, ys, proofs, &powers).is_ok())
    }
}
