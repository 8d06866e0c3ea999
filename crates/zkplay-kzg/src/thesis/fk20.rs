//! FK20: the proofs for every point of a domain at once, in O(n log n) group operations, beside
//! the naive way (one O(n) opening per point or coset). A polynomial of n coefficients is opened
//! on the 2n-th roots of unity (the 2x extension of data availability, as in PeerDAS), either
//! point by point (`ell` = 1: 2n proofs) or in cosets of `ell` = 16 points (2n/16 proofs, each
//! for p on a coset h·⟨μ⟩, μ^16 = 1, whose vanishing polynomial is X^16 − h^16).
//!
//! ekzg-multi-open's FK20Prover computes FK20; the naive side is ours: long division by
//! X^ell − h^ell with the library's scalars, then a commitment (one MSM).

use ekzg_bls12_381::{fixed_base_msm::UsePrecomp, traits::*, G1Point, Scalar};
use ekzg_multi_open::{commit_key::CommitKey, Prover as Fk20Prover, ProverInput};
use ekzg_polynomial::{domain::Domain, poly_coeff::PolyCoeff};
use rust_eth_kzg::TrustedSetup;

use super::{check_size, kzg10::Kzg10, reverse_bits, KZG_LOG};
use crate::{Code, KzgError};

/// The coset sizes FK20 is measured with: single points and the FK20 paper's cosets of 16.
pub const ELLS: [usize; 2] = [1, 16];

pub struct Fk20 {
    pub n: usize,
    pub ell: usize,
    prover: Fk20Prover,
    /// The 2n-th roots of unity the proofs open at.
    points: Domain,
    kzg: Kzg10,
}

impl Fk20 {
    pub fn new(setup: &TrustedSetup, n: usize, ell: usize) -> Result<Self, KzgError> {
        let n = check_size(n, KZG_LOG, "FK20 size")?;
        if !ELLS.contains(&ell) {
            return Err(KzgError::new(Code::SizeOutOfRange, format!("coset size {ell}: one of {ELLS:?}")));
        }
        if n <= ell {
            return Err(KzgError::new(
                Code::SizeOutOfRange,
                format!("FK20 size {n}: cosets of {ell} need a polynomial of more than {ell} coefficients"),
            ));
        }
        let ck = CommitKey::new(setup.g1_monomial[..n].to_vec());
        Ok(Fk20 {
            n,
            ell,
            prover: Fk20Prover::new(ck, n, ell, 2 * n, UsePrecomp::No),
            points: Domain::new(2 * n),
            kzg: Kzg10::new(setup, n)?,
        })
    }

    pub fn proof_count(&self) -> usize {
        2 * self.n / self.ell
    }

    fn fits(&self, poly: &[Scalar]) -> Result<(), KzgError> {
        if poly.len() != self.n {
            return Err(KzgError::new(
                Code::SizeOutOfRange,
                format!("a polynomial of {} coefficients: this FK20 takes {}", poly.len(), self.n),
            ));
        }
        Ok(())
    }

    /// Every proof, in the library's order: proof k opens [`Self::coset`]`(k)`.
    pub fn all_proofs(&self, poly: &[Scalar]) -> Result<Vec<G1Point>, KzgError> {
        self.fits(poly)?;
        Ok(self.prover.compute_multi_opening_proofs(ProverInput::PolyCoeff(PolyCoeff(poly.to_vec()))).0)
    }

    /// The points proof k opens: roots 2n of unity at the bit-reversed indices ell·k .. ell·k + ell.
    pub fn coset(&self, k: usize) -> Vec<Scalar> {
        let bits = (2 * self.n).trailing_zeros();
        (0..self.ell).map(|j| self.points.roots[reverse_bits(self.ell * k + j, bits)]).collect()
    }

    /// Proof k the naive way: for one point, a KZG10 opening; for a coset h·⟨μ⟩, the commitment
    /// to p / (X^ell − h^ell) (the remainder is the interpolant of p on the coset).
    pub fn naive_proof(&self, poly: &[Scalar], k: usize) -> Result<G1Point, KzgError> {
        self.fits(poly)?;
        if k >= self.proof_count() {
            return Err(KzgError::new(Code::SizeOutOfRange, format!("proof {k}: there are {}", self.proof_count())));
        }
        let h = self.coset(k)[0];
        if self.ell == 1 {
            return Ok(self.kzg.open(poly, h)?.0);
        }
        let c = h.pow_vartime([self.ell as u64]);
        let mut rem = poly.to_vec();
        let mut quotient = vec![Scalar::ZERO; self.n - self.ell];
        for i in (self.ell..self.n).rev() {
            quotient[i - self.ell] = rem[i];
            let carry = rem[i] * c;
            rem[i - self.ell] += carry;
        }
        self.kzg.commit(&quotient)
    }

    pub fn kzg(&self) -> &Kzg10 {
        &self.kzg
    }
}

impl Fk20 {
    /// p at the point of each single-point proof (ell = 1), by one FFT over the 2n domain.
    pub fn values(&self, poly: &[Scalar]) -> Result<Vec<Scalar>, KzgError> {
        self.fits(poly)?;
        let evals = self.points.fft_scalars(PolyCoeff(poly.to_vec()));
        let bits = (2 * self.n).trailing_zeros();
        Ok((0..2 * self.n).map(|k| evals[reverse_bits(k, bits)]).collect())
    }
}
