//! The FFTs the thesis timed, over ekzg-polynomial's radix-2 domains: over Fr, over G1 (each
//! butterfly a point addition and a scalar multiplication by a root of unity), and
//! `das_fft_extension`: from p's values on the n-th roots of unity (the even points of the 2n
//! domain) to its values on the odd points h·ω^i, h = a primitive 2n-th root: one inverse FFT to
//! coefficients, one FFT over the coset h·⟨ω⟩.

use ekzg_bls12_381::{G1Projective, Scalar};
use ekzg_polynomial::{domain::Domain, CosetFFT};

use super::{check_size, FFT_LOG};
use crate::{Code, KzgError};

pub struct Fft {
    pub domain: Domain,
}

impl Fft {
    pub fn new(n: usize) -> Result<Self, KzgError> {
        Ok(Fft { domain: Domain::new(check_size(n, FFT_LOG, "FFT size")?) })
    }

    fn fits(&self, len: usize) -> Result<(), KzgError> {
        let n = self.domain.roots.len();
        if len != n {
            return Err(KzgError::new(Code::SizeOutOfRange, format!("{len} values: this FFT takes {n}")));
        }
        Ok(())
    }

    pub fn fft_fr(&self, coeffs: Vec<Scalar>) -> Result<Vec<Scalar>, KzgError> {
        self.fits(coeffs.len())?;
        Ok(self.domain.fft_scalars(coeffs.into()))
    }

    pub fn fft_g1(&self, points: Vec<G1Projective>) -> Result<Vec<G1Projective>, KzgError> {
        self.fits(points.len())?;
        Ok(self.domain.fft_g1(points))
    }

    pub fn ifft_g1(&self, points: Vec<G1Projective>) -> Result<Vec<G1Projective>, KzgError> {
        self.fits(points.len())?;
        Ok(self.domain.ifft_g1(points))
    }
}

/// das_fft_extension at scale s: 2^(s-1) values in, 2^(s-1) values out (the thesis's width is
/// the extended domain, 2^s).
pub struct DasExtension {
    half: Domain,
    odd: CosetFFT,
}

impl DasExtension {
    pub fn new(width: usize) -> Result<Self, KzgError> {
        let width = check_size(width, FFT_LOG, "das_fft_extension width")?;
        Ok(DasExtension { half: Domain::new(width / 2), odd: CosetFFT::new(Domain::new(width).generator) })
    }

    /// The odd points' values from the even points' values.
    pub fn extend(&self, evens: Vec<Scalar>) -> Result<Vec<Scalar>, KzgError> {
        let n = self.half.roots.len();
        if evens.len() != n {
            return Err(KzgError::new(
                Code::SizeOutOfRange,
                format!("{} values: this extension takes {n}", evens.len()),
            ));
        }
        let coeffs = self.half.ifft_scalars(evens);
        Ok(self.half.coset_fft_scalars(coeffs, &self.odd))
    }

    /// The odd points themselves, h·ω^i (for tests that evaluate p there directly).
    pub fn odd_points(&self) -> Vec<Scalar> {
        self.half.roots.iter().map(|w| *w * self.odd.generator).collect()
    }
}
