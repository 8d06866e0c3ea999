//! The check of one KZG opening (EIP-4844's `verify_kzg_proof`, and `verify_blob_kzg_proof` after
//! its challenge) with both G2 points fixed, so that their Miller-loop lines are prepared once,
//! when the setup loads.
//!
//! rust_eth_kzg checks e(C − [y]G1, −G2) · e(π, [τ]G2 − [z]G2) = 1: a G2 scalar multiplication and
//! two line precomputations on every call. The same equation, moved around by bilinearity,
//!   e(C − [y]G1 + [z]π, −G2) · e(π, [τ]G2) = 1,
//! has G2 points that never change and trades the G2 multiplication for a two-term G1 one; it is
//! the library's own batch check for a single opening (with r = 1) and the form go-eth-kzg checks
//! (gnark-crypto's `kzg.Verify`). Every operation is the library's: a G1 linear combination, line
//! precomputation, the multi-Miller loop and final exponentiation.
//!
//! The points arrive decoded: `input::g1` has checked them (on the curve, in the subgroup) once;
//! the library's entry points would decode them again. The two Miller loops run apart (the
//! product of their results is the pairing product's), so that on two threads the proof's runs
//! beside the blob's evaluation.

use blstrs::{Bls12, MillerLoopResult};
use ekzg_bls12_381::{lincomb::g1_lincomb, traits::*, G1Point, G2Prepared, Scalar};
use pairing::{MillerLoopResult as _, MultiMillerLoop};
use rust_eth_kzg::TrustedSetup;

pub struct OpeningVerifier {
    g1: G1Point,
    neg_g2: G2Prepared,
    tau_g2: G2Prepared,
}

impl OpeningVerifier {
    /// The setup's generators and [τ]G2 (its first G1 power, first two G2 powers), as the
    /// library's verification key takes them.
    pub fn new(setup: &TrustedSetup) -> Self {
        OpeningVerifier {
            g1: setup.g1_monomial[0],
            neg_g2: G2Prepared::from(-setup.g2_monomial[0]),
            tau_g2: G2Prepared::from(setup.g2_monomial[1]),
        }
    }

    /// The proof's Miller loop, e(π, [τ]G2) before the final exponentiation: it needs neither z
    /// nor y, so a second thread runs it while the first evaluates the blob at z.
    pub fn proof_term(&self, proof: &G1Point) -> MillerLoopResult {
        Bls12::multi_miller_loop(&[(proof, &self.tau_g2)])
    }

    /// Whether `proof`, whose [`Self::proof_term`] is given, opens `commitment` to `y` at `z`.
    pub fn verify_with(
        &self,
        commitment: &G1Point,
        z: Scalar,
        y: Scalar,
        proof: &G1Point,
        proof_term: &MillerLoopResult,
    ) -> bool {
        let lhs = g1_lincomb(&[*commitment, self.g1, *proof], &[Scalar::ONE, -y, z])
            .expect("three points, three scalars")
            .to_affine();
        let product = Bls12::multi_miller_loop(&[(&lhs, &self.neg_g2)]) + proof_term;
        product.final_exponentiation().is_identity().into()
    }

    /// Whether `proof` opens `commitment` to `y` at `z`.
    pub fn verify(&self, commitment: &G1Point, z: Scalar, y: Scalar, proof: &G1Point) -> bool {
        self.verify_with(commitment, z, y, proof, &self.proof_term(proof))
    }
}
