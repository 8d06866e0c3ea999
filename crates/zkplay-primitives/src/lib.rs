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

use halo2curves_axiom::{bls12_381::Bls12, bn256::Bn256};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use web_time::Instant;

mod cases;
mod checks;
mod fft;
pub mod field_ops;
#[cfg(feature = "wasm")]
pub mod wasm;

use cases::{prepare_goldilocks, prepare_pairing_curve};
pub use checks::*;
pub use fft::*;

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
