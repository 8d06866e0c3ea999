//! The prepared cases: each op's inputs made from the seeded RNG, its timed work, and its check.

use std::hint::black_box;

use halo2curves_axiom::{
    ff::{Field, PrimeField},
    fft::best_fft,
    group::{prime::PrimeCurveAffine, Curve as _, Group},
    msm::msm_best,
    pairing::Engine,
    CurveAffine,
};
use plonky2_field::{fft::fft, goldilocks_field::GoldilocksField, polynomial::PolynomialCoeffs, types::Field as _};
use rand_core::RngCore;

use crate::checks::{check_fr_mul, check_fr_mul_goldilocks, check_msm, check_pairing, points_with_logs};
use crate::fft::{check_fft_fr, check_fft_g1, check_fft_goldilocks, fft_g1, root_of_unity};
use crate::{rng, Prepared};

struct FftFr<F> {
    input: Vec<F>,
    out: Vec<F>,
    omega: F,
    log_n: u32,
}

impl<F: PrimeField> Prepared for FftFr<F> {
    fn run(&mut self) {
        self.out.copy_from_slice(&self.input);
        best_fft(&mut self.out, self.omega, self.log_n);
    }
    fn check(&self) -> Result<(), String> {
        check_fft_fr(&self.input, &self.out)
    }
    fn threads(&self) -> usize {
        rayon::current_num_threads()
    }
}

struct FftG1<G: Group> {
    input: Vec<G>,
    out: Vec<G>,
    omega: G::Scalar,
}

impl<G: Group> Prepared for FftG1<G>
where
    G::Scalar: PrimeField,
{
    fn run(&mut self) {
        self.out.copy_from_slice(&self.input);
        fft_g1(&mut self.out, self.omega);
    }
    fn check(&self) -> Result<(), String> {
        check_fft_g1(&self.input, &self.out)
    }
    fn threads(&self) -> usize {
        1
    }
}

struct Msm<C: CurveAffine> {
    points: Vec<C>,
    scalars: Vec<C::ScalarExt>,
    logs: Vec<C::ScalarExt>,
    out: C::CurveExt,
}

impl<C: CurveAffine> Prepared for Msm<C> {
    fn run(&mut self) {
        self.out = msm_best(&self.scalars, &self.points);
    }
    fn check(&self) -> Result<(), String> {
        check_msm(&self.points, &self.scalars, &self.logs, &self.out)
    }
    fn threads(&self) -> usize {
        rayon::current_num_threads()
    }
}

struct Pairing<E: Engine> {
    p: E::G1Affine,
    q: E::G2Affine,
    out: E::Gt,
}

impl<E: Engine> Prepared for Pairing<E> {
    fn run(&mut self) {
        self.out = E::pairing(black_box(&self.p), black_box(&self.q));
    }
    fn check(&self) -> Result<(), String> {
        check_pairing::<E>(&self.p, &self.q, &self.out)
    }
    fn threads(&self) -> usize {
        1
    }
}

/// A dependent chain x ← x·y, 2^logN times: the latency of one multiplication.
struct FrMul<F> {
    x0: F,
    y: F,
    n: u64,
    out: F,
    check: fn(F, F, u64, F) -> Result<(), String>,
}

impl<F: Copy + std::ops::Mul<Output = F>> Prepared for FrMul<F> {
    fn run(&mut self) {
        let (mut x, y) = (self.x0, black_box(self.y));
        for _ in 0..black_box(self.n) {
            x = x * y;
        }
        self.out = black_box(x);
    }
    fn check(&self) -> Result<(), String> {
        (self.check)(self.x0, self.y, self.n, self.out)
    }
    fn threads(&self) -> usize {
        1
    }
}

struct FftGoldilocks {
    input: Vec<GoldilocksField>,
    out: Vec<GoldilocksField>,
}

impl Prepared for FftGoldilocks {
    fn run(&mut self) {
        let mut buf = std::mem::take(&mut self.out);
        buf.clear();
        buf.extend_from_slice(&self.input);
        self.out = fft(PolynomialCoeffs::new(buf)).values;
    }
    fn check(&self) -> Result<(), String> {
        check_fft_goldilocks(&self.input, &self.out)
    }
    fn threads(&self) -> usize {
        1
    }
}

pub(crate) fn prepare_pairing_curve<E: Engine>(op: &str, log_n: u32) -> Result<Box<dyn Prepared>, String>
where
    E::G1Affine: CurveAffine<ScalarExt = E::Fr, CurveExt = E::G1>,
{
    let mut rng = rng();
    let n = 1usize << log_n;
    Ok(match op {
        "fft-fr" => {
            let input: Vec<E::Fr> = (0..n).map(|_| E::Fr::random(&mut rng)).collect();
            let omega = root_of_unity(log_n, false)?;
            Box::new(FftFr { out: input.clone(), input, omega, log_n })
        }
        "fft-g1" => {
            let (input, _) = points_with_logs::<E::G1>(&mut rng, n);
            let omega = root_of_unity(log_n, false)?;
            Box::new(FftG1 { out: input.clone(), input, omega })
        }
        "msm-g1" => {
            let (proj, logs) = points_with_logs::<E::G1>(&mut rng, n);
            let mut points = vec![E::G1Affine::identity(); n];
            E::G1::batch_normalize(&proj, &mut points);
            let scalars = (0..n).map(|_| E::Fr::random(&mut rng)).collect();
            Box::new(Msm::<E::G1Affine> { points, scalars, logs, out: E::G1::identity() })
        }
        "pairing" => {
            let (a, b) = (E::Fr::random(&mut rng), E::Fr::random(&mut rng));
            let p: E::G1Affine = (E::G1Affine::generator() * a).into();
            let q: E::G2Affine = (E::G2Affine::generator() * b).into();
            Box::new(Pairing::<E> { p, q, out: E::Gt::identity() })
        }
        "fr-mul" => {
            let (x0, y) = (E::Fr::random(&mut rng), E::Fr::random(&mut rng));
            Box::new(FrMul { x0, y, n: n as u64, out: x0, check: check_fr_mul::<E::Fr> })
        }
        _ => return Err(format!("unknown primitive {op:?}")),
    })
}

fn goldilocks(rng: &mut impl RngCore) -> GoldilocksField {
    GoldilocksField::from_noncanonical_u64(rng.next_u64())
}

pub(crate) fn prepare_goldilocks(op: &str, log_n: u32) -> Result<Box<dyn Prepared>, String> {
    let mut rng = rng();
    let n = 1usize << log_n;
    Ok(match op {
        "fft-fr" => {
            let input: Vec<GoldilocksField> = (0..n).map(|_| goldilocks(&mut rng)).collect();
            Box::new(FftGoldilocks { out: input.clone(), input })
        }
        "fr-mul" => {
            let (x0, y) = (goldilocks(&mut rng), goldilocks(&mut rng));
            Box::new(FrMul { x0, y, n: n as u64, out: x0, check: check_fr_mul_goldilocks })
        }
        "fft-g1" | "msm-g1" | "pairing" => {
            return Err(format!("{op} is not measured on goldilocks (plonky2_field has no curve)"))
        }
        _ => return Err(format!("unknown primitive {op:?}")),
    })
}
