//! Timings of the thesis's operations at one size, medians of `runs`, each answer checked before
//! it is reported (a commitment against the first run's, proofs by verifying them, FFTs by their
//! inverse). Naive openings are timed on at most [`NAIVE_SAMPLE`] proofs (each costs the same
//! MSM of n points) and reported for all of them: median × count, marked `perItemOf`.

use std::sync::OnceLock;

use ekzg_bls12_381::{traits::*, Scalar};
use ekzg_polynomial::domain::Domain;
use rust_eth_kzg::TrustedSetup;

use super::{fft::DasExtension, fft::Fft, fk20::Fk20, g1_points, kzg10::Kzg10, polynomial, scalar, size_of_log};
use super::{FFT_LOG, KZG_LOG};
use crate::measure::{refused, timed};
use crate::{Code, KzgError};

/// The thesis's operations, each timed at sizes 2^log: KZG10 and FK20 for log 4..12, FFTs 4..15.
pub const OPS: [&str; 11] = [
    "kzg10_commit",
    "kzg10_open",
    "kzg10_verify",
    "kzg10_batch_verify",
    "fk20_single",
    "naive_single",
    "fk20_multi16",
    "naive_multi16",
    "fft_fr",
    "fft_g1",
    "das_fft_extension",
];

pub const NAIVE_SAMPLE: usize = 8;

fn setup() -> &'static TrustedSetup {
    static S: OnceLock<TrustedSetup> = OnceLock::new();
    S.get_or_init(TrustedSetup::default)
}

#[derive(Clone, Debug)]
pub struct Measured {
    pub op: String,
    pub log: u32,
    pub runs: usize,
    pub median_ms: f64,
    pub samples_ms: Vec<f64>,
    /// For naive openings: the samples time one proof, the median is scaled to this many.
    pub per_item_of: Option<usize>,
}

impl Measured {
    pub fn to_json(&self) -> String {
        let samples: Vec<String> = self.samples_ms.iter().map(|s| format!("{s:.4}")).collect();
        let per = self.per_item_of.map(|c| format!(r#","perItemOf":{c}"#)).unwrap_or_default();
        format!(
            r#"{{"op":"{}","log":{},"runs":{},"medianMs":{:.4},"samplesMs":[{}]{per}}}"#,
            self.op,
            self.log,
            self.runs,
            self.median_ms,
            samples.join(",")
        )
    }
}

fn median(s: &[f64]) -> f64 {
    let mut v = s.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

pub fn measure(op: &str, log: u64, runs: usize) -> Result<Measured, KzgError> {
    if !OPS.contains(&op) {
        return Err(KzgError::new(Code::Library, format!("unknown op {op}: one of {OPS:?}")));
    }
    let fft_op = op.starts_with("fft") || op == "das_fft_extension";
    let n = size_of_log(log, if fft_op { FFT_LOG } else { KZG_LOG }, op)?;
    let runs = runs.clamp(1, 50);
    let mut s = Vec::with_capacity(runs);
    let mut per_item_of = None;
    let z = scalar("zkplay-kzg10-z", 0);
    match op {
        "kzg10_commit" | "kzg10_open" | "kzg10_verify" => {
            let k = Kzg10::new(setup(), n)?;
            let p = polynomial(n);
            let c = k.commit(&p)?;
            let (proof, y) = k.open(&p, z)?;
            for _ in 0..runs {
                let ok = match op {
                    "kzg10_commit" => timed(&mut s, || k.commit(&p))? == c,
                    "kzg10_open" => {
                        let (proof, y) = timed(&mut s, || k.open(&p, z))?;
                        k.verify(c, z, y, proof)
                    }
                    _ => timed(&mut s, || k.verify(c, z, y, proof)),
                };
                if !ok {
                    return Err(refused(op, "another commitment, or an opening that does not verify"));
                }
            }
        }
        "kzg10_batch_verify" => {
            // n openings of one polynomial at n points, their proofs made by FK20.
            let f = Fk20::new(setup(), n, 1)?;
            let p = polynomial(n);
            let c = f.kzg().commit(&p)?;
            let proofs = &f.all_proofs(&p)?[..n];
            let ys = &f.values(&p)?[..n];
            let zs: Vec<_> = (0..n).map(|k| f.coset(k)[0]).collect();
            let cs = vec![c; n];
            for _ in 0..runs {
                if !timed(&mut s, || f.kzg().batch_verify(&cs, &zs, ys, proofs))? {
                    return Err(refused(op, "true openings did not verify"));
                }
            }
        }
        "fk20_single" | "fk20_multi16" | "naive_single" | "naive_multi16" => {
            let ell = if op.ends_with("16") { 16 } else { 1 };
            let f = Fk20::new(setup(), n, ell)?;
            let p = polynomial(n);
            let fk = f.all_proofs(&p)?;
            let count = f.proof_count();
            for r in 0..runs {
                if op.starts_with("fk20") {
                    if timed(&mut s, || f.all_proofs(&p))? != fk {
                        return Err(refused(op, "two runs gave other proofs"));
                    }
                } else {
                    per_item_of = Some(count);
                    let k = (r * 7) % count.min(NAIVE_SAMPLE);
                    if timed(&mut s, || f.naive_proof(&p, k))? != fk[k] {
                        return Err(refused(op, "a naive proof differs from FK20's"));
                    }
                }
            }
            let k = count / 2;
            if fk[k] != f.naive_proof(&p, k)? {
                return Err(refused(op, "an FK20 proof differs from the naive one"));
            }
        }
        "fft_fr" | "fft_g1" => {
            let f = Fft::new(n)?;
            let p = polynomial(n);
            let pts = g1_points(n);
            for _ in 0..runs {
                let ok = if op == "fft_fr" {
                    let e = timed(&mut s, || f.fft_fr(p.clone()))?;
                    f.domain.ifft_scalars(e).0 == p
                } else {
                    let e = timed(&mut s, || f.fft_g1(pts.clone()))?;
                    f.ifft_g1(e)?.iter().zip(&pts).all(|(a, b)| a == b)
                };
                if !ok {
                    return Err(refused(op, "its inverse is not the input"));
                }
            }
        }
        "das_fft_extension" => {
            let d = DasExtension::new(n)?;
            let p = polynomial(n / 2);
            let evens = Domain::new(n / 2).fft_scalars(p.clone().into());
            let pts = d.odd_points();
            for _ in 0..runs {
                let odd = timed(&mut s, || d.extend(evens.clone()))?;
                let i = pts.len() - 1;
                if odd[i] != eval(&p, pts[i]) {
                    return Err(refused(op, "the extension differs from evaluating the polynomial"));
                }
            }
        }
        _ => unreachable!(),
    }
    let mut median_ms = median(&s);
    if let Some(c) = per_item_of {
        median_ms *= c as f64;
    }
    Ok(Measured { op: op.to_string(), log: log as u32, runs, median_ms, samples_ms: s, per_item_of })
}

/// p at x (Horner), for checks.
pub fn eval(p: &[Scalar], x: Scalar) -> Scalar {
    p.iter().rev().fold(Scalar::ZERO, |acc, c| acc * x + c)
}
