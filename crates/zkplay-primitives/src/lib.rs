//! The primitives benchmark, Rust side: the building blocks under the Rust provers,
//! timed with the crates those provers use, in the same cases as the Go side
//! (gnark/primitives):
//!
//! | op        | what is timed                                         | check (a second computation)             |
//! |-----------|-------------------------------------------------------|------------------------------------------|
//! | `fft-fr`  | forward FFT of 2^logN scalar-field elements           | inverse FFT of the output = the input    |
//! | `fft-g1`  | radix-2 FFT of 2^logN G1 points ([`fft_g1`])          | inverse FFT of the output = the input    |
//! | `msm-g1`  | multi-scalar multiplication of 2^logN G1 points       | = (Σ sᵢrᵢ)·G (points are rᵢ·G), and a naive sum on a prefix |
//! | `pairing` | one optimal-ate pairing e(P, Q) (logN unused)         | e(aP, bQ) = e(P, Q)^(ab)                 |
//! | `fr-mul`  | 2^logN field multiplications in a dependent chain     | x·yⁿ by exponentiation                   |
//!
//! Curves: `bn254` and `bls12-381` with halo2curves-axiom 0.7.3 (what halo2-axiom uses:
//! `best_fft`, `msm_best`, the curves' pairings), and `goldilocks` with plonky2_field 1.0.0
//! (plonky2's `fft`/`ifft` and field multiplication; no curve there, so no `fft-g1`, `msm-g1`
//! or `pairing`).
//!
//! Inputs come from a seeded ChaCha20 RNG, so every run of a case times the same numbers. Each
//! check verifies the output of the last timed run (not a fresh computation), so a wrong answer
//! from the timed code cannot pass.
//!
//! `threads` in a result is the number of threads the primitive can run on: rayon's pool size
//! for halo2curves' FFT and MSM (1 in single-threaded wasm), 1 for the serial ones (the G1 FFT,
//! the pairing, the multiplication chain, plonky2_field's FFT).

use std::hint::black_box;

use halo2curves_axiom::{
    bls12_381::Bls12,
    bn256::Bn256,
    ff::{Field, PrimeField},
    fft::best_fft,
    group::{prime::PrimeCurveAffine, Curve as _, Group},
    msm::msm_best,
    pairing::Engine,
    CurveAffine,
};
use plonky2_field::{
    fft::{fft, ifft},
    goldilocks_field::GoldilocksField,
    polynomial::{PolynomialCoeffs, PolynomialValues},
    types::Field as _,
};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use web_time::Instant;

pub mod field_ops;
#[cfg(feature = "wasm")]
pub mod wasm;

/// The primitives, by the names the results use.
pub const OPS: [&str; 5] = ["fft-fr", "fft-g1", "msm-g1", "pairing", "fr-mul"];
/// The curves (fields), by the names the results use.
pub const CURVES: [&str; 3] = ["bn254", "bls12-381", "goldilocks"];
/// Largest log2 size accepted (as on the Go side).
pub const MAX_LOG_N: u32 = 22;
/// `library` of the bn254 and bls12-381 results.
pub const HALO2CURVES: &str = "halo2curves";
/// `library` of the goldilocks results.
pub const PLONKY2_FIELD: &str = "plonky2_field";

/// One measurement to make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    pub op: String,
    pub curve: String,
    #[serde(rename = "logN")]
    pub log_n: u32,
}

impl Case {
    pub fn new(op: &str, curve: &str, log_n: u32) -> Self {
        Case { op: op.to_owned(), curve: curve.to_owned(), log_n }
    }
}

/// Median, min and max of timing samples in ms, the samples in the order they were taken: the
/// shape of `stat` in schema/run-result.schema.json (Go `runresult.NewStat`,
/// packages/core/stats.mjs). An even count takes the mean of the two middle values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stat {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub samples: Vec<f64>,
}

impl Stat {
    pub fn new(samples: &[f64]) -> Result<Stat, String> {
        if samples.is_empty() || !samples.iter().all(|x| x.is_finite()) {
            return Err("a stat needs at least one sample, all finite".into());
        }
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let mid = s.len() / 2;
        let median = if s.len() % 2 == 1 { s[mid] } else { (s[mid - 1] + s[mid]) / 2.0 };
        Ok(Stat { median, min: s[0], max: s[s.len() - 1], samples: samples.to_vec() })
    }
}

/// One primitive's timing (schema/primitive-result.schema.json); fields in the Go order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrimitiveResult {
    pub library: String,
    pub op: String,
    pub curve: String,
    #[serde(rename = "logN")]
    pub log_n: u32,
    pub threads: usize,
    pub ms: Stat,
    pub warmup: u32,
    /// The output of the timed runs was checked against a second computation.
    pub checked: bool,
}

impl PrimitiveResult {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a result serialises")
    }
}

/// A case with its inputs made: `run` does the timed work and keeps its output, `check`
/// verifies that output against a second computation.
pub trait Prepared {
    fn run(&mut self);
    fn check(&self) -> Result<(), String>;
    /// Threads the primitive runs on.
    fn threads(&self) -> usize;
}

/// The library that measures `curve`, or an error for an unknown curve.
pub fn library(curve: &str) -> Result<&'static str, String> {
    match curve {
        "bn254" | "bls12-381" => Ok(HALO2CURVES),
        "goldilocks" => Ok(PLONKY2_FIELD),
        _ => Err(format!("unknown curve {curve:?} (known: {})", CURVES.join(", "))),
    }
}

/// The seeded RNG all inputs come from.
pub fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(0x7a6b_706c_6179) // "zkplay"
}

/// Makes the inputs of `case`. Unknown ops, curves, or pairs (e.g. `msm-g1` on goldilocks) and
/// sizes beyond [`MAX_LOG_N`] are errors.
pub fn prepare(case: &Case) -> Result<Box<dyn Prepared>, String> {
    library(&case.curve)?;
    if !OPS.contains(&case.op.as_str()) {
        return Err(format!("unknown primitive {:?} (known: {})", case.op, OPS.join(", ")));
    }
    if case.log_n > MAX_LOG_N {
        return Err(format!("logN {} is out of range (0..={MAX_LOG_N})", case.log_n));
    }
    match case.curve.as_str() {
        "bn254" => prepare_pairing_curve::<Bn256>(&case.op, case.log_n),
        "bls12-381" => prepare_pairing_curve::<Bls12>(&case.op, case.log_n),
        _ => prepare_goldilocks(&case.op, case.log_n),
    }
}

/// Runs `case` `warmup` times untimed, then `runs` times timed, and checks the last output.
pub fn measure(case: &Case, runs: u32, warmup: u32) -> Result<PrimitiveResult, String> {
    if runs < 1 {
        return Err(format!("invalid measurement: runs {runs} (at least 1)"));
    }
    let library = library(&case.curve)?;
    let mut p = prepare(case)?;
    for _ in 0..warmup {
        p.run();
    }
    let mut samples = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        let t = Instant::now();
        p.run();
        samples.push(t.elapsed().as_secs_f64() * 1e3);
    }
    p.check().map_err(|e| format!("{} on {} at 2^{} gave a wrong answer: {e}", case.op, case.curve, case.log_n))?;
    Ok(PrimitiveResult {
        library: library.to_owned(),
        op: case.op.clone(),
        curve: case.curve.clone(),
        log_n: case.log_n,
        threads: p.threads(),
        ms: Stat::new(&samples)?,
        warmup,
        checked: true,
    })
}

/// The thesis's scales, in the order of Go's `DefaultCases` for bn254 and bls12-381 (FFT over
/// Fr 2^4..2^maxFFT, over G1 2^4..2^maxG1, MSM 2^10..2^maxMSM in steps of 4×, one pairing, 2^20
/// products), then goldilocks (FFT 2^4..2^maxFFT, 2^20 products).
pub fn default_cases(max_fft: u32, max_g1: u32, max_msm: u32) -> Vec<Case> {
    let mut cs = Vec::new();
    for curve in ["bn254", "bls12-381"] {
        cs.extend((4..=max_fft).map(|n| Case::new("fft-fr", curve, n)));
        cs.extend((4..=max_g1).map(|n| Case::new("fft-g1", curve, n)));
        cs.extend((10..=max_msm).step_by(2).map(|n| Case::new("msm-g1", curve, n)));
        cs.push(Case::new("pairing", curve, 0));
        cs.push(Case::new("fr-mul", curve, 20));
    }
    cs.extend((4..=max_fft).map(|n| Case::new("fft-fr", "goldilocks", n)));
    cs.push(Case::new("fr-mul", "goldilocks", 20));
    cs
}

// ---------------------------------------------------------------------------------------------
// FFTs

/// A primitive 2^log_n-th root of unity of `F`, or its inverse.
pub fn root_of_unity<F: PrimeField>(log_n: u32, inverse: bool) -> Result<F, String> {
    if log_n > F::S {
        return Err(format!("the field has no 2^{log_n}-th roots of unity (2-adicity {})", F::S));
    }
    let mut w = if inverse { F::ROOT_OF_UNITY_INV } else { F::ROOT_OF_UNITY };
    for _ in log_n..F::S {
        w = w.square();
    }
    Ok(w)
}

fn log2_exact(n: usize) -> Result<u32, String> {
    if n.is_power_of_two() {
        Ok(n.trailing_zeros())
    } else {
        Err(format!("length {n} is not a power of two"))
    }
}

/// halo2curves' FFT over the scalar field, in place (natural order in and out).
pub fn fft_fr<F: PrimeField>(a: &mut [F]) -> Result<(), String> {
    let log_n = log2_exact(a.len())?;
    best_fft(a, root_of_unity::<F>(log_n, false)?, log_n);
    Ok(())
}

/// In-place radix-2 decimation-in-time FFT whose elements are group elements (G1 points):
/// out[i] = Σ_j a[j]·ω^(ij). Serial, one scalar multiplication per butterfly, as the Go side.
pub fn fft_g1<G: Group>(a: &mut [G], omega: G::Scalar) {
    let n = a.len();
    assert!(n.is_power_of_two(), "fft_g1 needs a power-of-two length");
    bit_reverse(a);
    let twiddles: Vec<G::Scalar> =
        std::iter::successors(Some(G::Scalar::ONE), |w| Some(*w * omega)).take((n / 2).max(1)).collect();
    let mut size = 2;
    while size <= n {
        let (half, step) = (size / 2, n / size);
        for block in a.chunks_mut(size) {
            let (lo, hi) = block.split_at_mut(half);
            for (k, (u, v)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                let t = *v * twiddles[k * step];
                *v = *u - t;
                *u += t;
            }
        }
        size *= 2;
    }
}

fn bit_reverse<T>(a: &mut [T]) {
    let n = a.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j ^= bit;
        if i < j {
            a.swap(i, j);
        }
    }
}

/// The inverse transform (ω⁻¹, then times n⁻¹) of `output` equals `input`. `transform(a, w)`
/// is the forward FFT with root `w`.
fn check_inverse<S: PrimeField, T: Copy + PartialEq + std::ops::Mul<S, Output = T>>(
    input: &[T],
    output: &[T],
    transform: impl Fn(&mut [T], S, u32),
) -> Result<(), String> {
    if input.len() != output.len() {
        return Err(format!("output has {} elements, input {}", output.len(), input.len()));
    }
    let log_n = log2_exact(input.len())?;
    let mut back = output.to_vec();
    transform(&mut back, root_of_unity::<S>(log_n, true)?, log_n);
    let n_inv = S::from(input.len() as u64).invert().into_option().ok_or("n is not invertible")?;
    match back.iter().zip(input).position(|(b, a)| *b * n_inv != *a) {
        None => Ok(()),
        Some(i) => Err(format!("the inverse FFT does not give back the input (element {i})")),
    }
}

/// `output` is the FFT of `input` over the scalar field: its inverse (halo2curves' `best_fft`
/// with ω⁻¹, times n⁻¹) gives back `input`.
pub fn check_fft_fr<F: PrimeField>(input: &[F], output: &[F]) -> Result<(), String> {
    check_inverse(input, output, |a: &mut [F], w, log_n| best_fft(a, w, log_n))
}

/// `output` is the FFT of `input` over the group: its inverse ([`fft_g1`] with ω⁻¹, then n⁻¹
/// times each point) gives back `input`.
pub fn check_fft_g1<G: Group>(input: &[G], output: &[G]) -> Result<(), String>
where
    G::Scalar: PrimeField,
{
    check_inverse(input, output, |a: &mut [G], w, _| fft_g1(a, w))
}

/// `output` is plonky2's FFT of `input`: plonky2's `ifft` gives back `input`.
pub fn check_fft_goldilocks(input: &[GoldilocksField], output: &[GoldilocksField]) -> Result<(), String> {
    if input.len() != output.len() || !input.len().is_power_of_two() {
        return Err(format!("output has {} elements, input {} (a power of two)", output.len(), input.len()));
    }
    let back = ifft(PolynomialValues::new(output.to_vec())).coeffs;
    match back.iter().zip(input).position(|(b, a)| b != a) {
        None => Ok(()),
        Some(i) => Err(format!("the inverse FFT does not give back the input (element {i})")),
    }
}

// ---------------------------------------------------------------------------------------------
// MSM, pairing, multiplication checks

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

// ---------------------------------------------------------------------------------------------
// The prepared cases

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

fn prepare_pairing_curve<E: Engine>(op: &str, log_n: u32) -> Result<Box<dyn Prepared>, String>
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

fn prepare_goldilocks(op: &str, log_n: u32) -> Result<Box<dyn Prepared>, String> {
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
