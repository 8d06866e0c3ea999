//! The exact byte layout of a proof of this circuit, so that a verifier refuses anything that is
//! not a canonical encoding before halo2 reads it.

use crate::halo2::{
    halo2curves::{
        bn256::{Fr, G1Affine},
        ff::PrimeField,
    },
    plonk::VerifyingKey,
};
use crate::Error;

/// Where a proof of this circuit has points and where scalars. halo2's verifier reads, for one
/// proof (KZG, SHPLONK, no instance evaluations in the proof): the advice commitments, each
/// lookup's two permuted commitments, one permutation product commitment per chunk of
/// `degree - 2` permutation columns, each lookup's product commitment, the vanishing argument's
/// random commitment and `quotient_poly_degree` h pieces (all points); then the advice and
/// fixed evaluations, the random polynomial's evaluation, one per permutation column, 2 per
/// permutation chunk plus 1 for all chunks but the last, and 5 per lookup (all scalars); then
/// SHPLONK's two points. (halo2-axiom 0.5.3, `plonk/verifier.rs`; the test
/// `proof_layout_matches_proofs` checks it against real proofs.) The sizes depend on the
/// verifying key only, never on the proof bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProofLayout {
    pub(crate) points_before: usize,
    pub(crate) scalars: usize,
    pub(crate) points_after: usize,
}

impl ProofLayout {
    pub(crate) fn of(vk: &VerifyingKey<G1Affine>) -> Self {
        let cs = vk.cs();
        let lookups = cs.lookups().len();
        let perm_columns = cs.permutation().get_columns().len();
        let perm_chunks = perm_columns.div_ceil(cs.degree() - 2);
        let points_before = cs.num_advice_columns()
            + 2 * lookups
            + perm_chunks
            + lookups
            + 1
            + vk.get_domain().get_quotient_poly_degree();
        let scalars = cs.advice_queries().len()
            + cs.fixed_queries().len()
            + 1
            + vk.permutation().commitments().len()
            + (3 * perm_chunks).saturating_sub(1)
            + 5 * lookups;
        ProofLayout { points_before, scalars, points_after: 2 }
    }

    pub(crate) fn elements(&self) -> usize {
        self.points_before + self.scalars + self.points_after
    }

    pub(crate) fn bytes(&self) -> usize {
        32 * self.elements()
    }

    pub(crate) fn is_point(&self, i: usize) -> bool {
        i < self.points_before || i >= self.points_before + self.scalars
    }

    /// Exact length, then every element canonical: cheap (one square root per point), and
    /// what lets the halo2 verifier run only on well-formed input.
    pub(crate) fn check(&self, proof: &[u8]) -> Result<(), Error> {
        use crate::halo2::halo2curves::group::{prime::PrimeCurveAffine, GroupEncoding};
        if proof.len() != self.bytes() {
            return Err(Error::MalformedProof(format!(
                "{} bytes; a proof of this circuit has exactly {} ({} elements of 32 bytes)",
                proof.len(),
                self.bytes(),
                self.elements()
            )));
        }
        let at = |i: usize| format!("element {i} (bytes {}..{})", 32 * i, 32 * i + 32);
        // Scalars first (a comparison each), then points (a square root each).
        for (i, chunk) in proof.chunks_exact(32).enumerate().filter(|(i, _)| !self.is_point(*i)) {
            let repr: [u8; 32] = chunk.try_into().expect("32-byte chunk");
            if Option::<Fr>::from(Fr::from_repr(repr)).is_none() {
                return Err(Error::MalformedProof(format!("{} is not a scalar below the field modulus", at(i))));
            }
        }
        for (i, chunk) in proof.chunks_exact(32).enumerate().filter(|(i, _)| self.is_point(*i)) {
            let mut repr = <G1Affine as GroupEncoding>::Repr::default();
            repr.as_mut().copy_from_slice(chunk);
            let point: Option<G1Affine> = G1Affine::from_bytes(&repr).into();
            match point {
                None => return Err(Error::MalformedProof(format!("{} is not a G1 point", at(i)))),
                Some(p) if bool::from(p.is_identity()) => {
                    return Err(Error::MalformedProof(format!("{} is the point at infinity", at(i))))
                }
                // halo2curves ignores the infinity flag of a finite point: without this, a proof
                // with that bit set would be a second encoding of the same proof.
                Some(p) if p.to_bytes().as_ref() != chunk => {
                    return Err(Error::MalformedProof(format!("{} is not a canonical point encoding", at(i))))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// Proof reader that remembers whether the verifier tried to read past the end.
pub(crate) struct ProofReader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) hit_end: bool,
}

impl std::io::Read for ProofReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.bytes.len() - self.pos);
        if n < buf.len() {
            self.hit_end = true;
        }
        buf[..n].copy_from_slice(&self.bytes[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
