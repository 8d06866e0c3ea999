//! The checks of the MSM, the pairing and the multiplication chain: each by a second
//! computation, and the inputs whose discrete logarithms the MSM check needs.

use halo2curves_axiom::{
    ff::Field,
    group::{Curve as _, Group},
    msm::msm_best,
    pairing::Engine,
    CurveAffine,
};
use plonky2_field::{goldilocks_field::GoldilocksField, types::Field as _};
use rand_core::RngCore;

/// Points rᵢ·G for rᵢ = r₀ + i·h (r₀, h random): n points for one scalar multiplication and n
/// additions each, with their discrete logarithms known (for the MSM check).
pub fn points_with_logs<G: Group>(rng: &mut impl RngCore, n: usize) -> (Vec<G>, Vec<G::Scalar>) {
    let (r0, h) = (G::Scalar::random(&mut *rng), G::Scalar::random(&mut *rng));
    let step = G::generator() * h;
    let (mut p, mut r) = (G::generator() * r0, r0);
    let (mut points, mut logs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        points.push(p);
        logs.push(r);
        p += step;
        r += h;
    }
    (points, logs)
}

/// How many pairs the naive-sum check of the MSM takes (as the Go side).
pub const MSM_NAIVE_PREFIX: usize = 64;

/// `got` is Σ sᵢ·Pᵢ: it equals (Σ sᵢ·rᵢ)·G where `logs` are the points' discrete logarithms
/// (spot-checked on the first and last point), and halo2curves' MSM on the first
/// [`MSM_NAIVE_PREFIX`] pairs equals the sum of one scalar multiplication at a time.
pub fn check_msm<C: CurveAffine>(
    points: &[C],
    scalars: &[C::ScalarExt],
    logs: &[C::ScalarExt],
    got: &C::CurveExt,
) -> Result<(), String> {
    let n = points.len();
    if n == 0 || scalars.len() != n || logs.len() != n {
        return Err("points, scalars and logarithms differ in length (or are empty)".into());
    }
    let g = C::generator();
    for i in [0, n - 1] {
        if (g * logs[i]).to_affine() != points[i] {
            return Err(format!("point {i} is not its logarithm times G"));
        }
    }
    let dot = scalars.iter().zip(logs).fold(C::ScalarExt::ZERO, |acc, (s, r)| acc + *s * r);
    if g * dot != *got {
        return Err("the MSM differs from (Σ sᵢrᵢ)·G".into());
    }
    let m = n.min(MSM_NAIVE_PREFIX);
    let naive = points[..m].iter().zip(&scalars[..m]).fold(C::CurveExt::identity(), |acc, (p, s)| acc + *p * *s);
    if msm_best(&scalars[..m], &points[..m]) != naive {
        return Err(format!("the MSM of the first {m} pairs differs from the naive sum"));
    }
    Ok(())
}

/// The scalars a and b of the bilinearity check.
const PAIRING_A: u64 = 123_456_789;
const PAIRING_B: u64 = 987_654_321;

/// `got` is e(P, Q): bilinearity, e(aP, bQ) = got^(ab) (written additively: got·(ab)).
pub fn check_pairing<E: Engine>(p: &E::G1Affine, q: &E::G2Affine, got: &E::Gt) -> Result<(), String> {
    let (a, b) = (E::Fr::from(PAIRING_A), E::Fr::from(PAIRING_B));
    let lhs = E::pairing(&(*p * a).into(), &(*q * b).into());
    if lhs != *got * (a * b) || bool::from(got.is_identity()) {
        return Err("the pairing is not bilinear (or is degenerate)".into());
    }
    Ok(())
}

/// `got` = x₀·yⁿ, computed by exponentiation.
pub fn check_fr_mul<F: Field>(x0: F, y: F, n: u64, got: F) -> Result<(), String> {
    if x0 * y.pow_vartime([n]) != got {
        return Err("x·yⁿ by multiplication differs from exponentiation".into());
    }
    Ok(())
}

/// `got` = x₀·yⁿ over Goldilocks, computed by plonky2_field's exponentiation.
pub fn check_fr_mul_goldilocks(
    x0: GoldilocksField,
    y: GoldilocksField,
    n: u64,
    got: GoldilocksField,
) -> Result<(), String> {
    if x0 * y.exp_u64(n) != got {
        return Err("x·yⁿ by multiplication differs from exponentiation".into());
    }
    Ok(())
}
