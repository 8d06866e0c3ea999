//! Timings of the operations a page cares about, on one fixed blob (the same blob as
//! gnark/ethkzg's Measure, so the two languages time the same work): medians of `runs`, each
//! result checked before it is reported (a commitment against the first run's, a proof by
//! verifying it, cells by verifying them all, a recovery against the cells).

use sha2::{Digest, Sha256};
use web_time::Instant;

use crate::{Code, Kzg, KzgError};

pub const OPS: [&str; 6] = [
    "blob_to_kzg_commitment",
    "compute_blob_kzg_proof",
    "verify_blob_kzg_proof",
    "compute_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
    "recover_cells_and_kzg_proofs",
];

#[derive(Clone, Debug)]
pub struct Measured {
    pub op: String,
    pub runs: usize,
    pub samples_ms: Vec<f64>,
    pub median_ms: f64,
}

impl Measured {
    pub fn to_json(&self) -> String {
        let samples: Vec<String> = self.samples_ms.iter().map(|s| format!("{s:.3}")).collect();
        format!(
            r#"{{"op":"{}","runs":{},"medianMs":{:.3},"samplesMs":[{}]}}"#,
            self.op,
            self.runs,
            self.median_ms,
            samples.join(",")
        )
    }
}

/// Field element i is SHA-256("zkplay-kzg" ‖ i as 4 bytes big-endian) with its top two bits
/// cleared (< 2^254 < r, so canonical).
pub fn bench_blob() -> String {
    let mut out = String::with_capacity(2 + 2 * 131_072);
    out.push_str("0x");
    for i in 0u32..4096 {
        let mut h: [u8; 32] = Sha256::new().chain_update(b"zkplay-kzg").chain_update(i.to_be_bytes()).finalize().into();
        h[0] &= 0x3f;
        out.push_str(&hex::encode(h));
    }
    out
}

/// Runs f once, adding its time in milliseconds to samples (the thesis operations time theirs so too).
pub(crate) fn timed<T>(samples: &mut Vec<f64>, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    samples.push(t.elapsed().as_secs_f64() * 1e3);
    out
}

/// A measured run whose result failed its check: measuring must never time a wrong answer.
pub(crate) fn refused(op: &str, what: &str) -> KzgError {
    KzgError::new(Code::Library, format!("{op}: the check failed: {what}"))
}

pub fn measure(k: &Kzg, op: &str, runs: usize) -> Result<Measured, KzgError> {
    if !OPS.contains(&op) {
        return Err(KzgError::new(Code::Library, format!("unknown op {op}: one of {OPS:?}")));
    }
    let runs = runs.clamp(1, 50);
    let blob = bench_blob();
    let commitment = k.blob_to_kzg_commitment(&blob)?;
    let mut s = Vec::with_capacity(runs);
    // Inputs the timed op needs, computed once outside the timing.
    let proof = k.compute_blob_kzg_proof(&blob, &commitment)?;
    let cp = if op.contains("cell") { Some(k.compute_cells_and_kzg_proofs(&blob)?) } else { None };
    for _ in 0..runs {
        match op {
            "blob_to_kzg_commitment" => {
                let c = timed(&mut s, || k.blob_to_kzg_commitment(&blob))?;
                if c != commitment {
                    return Err(refused(op, "another commitment than the first run's"));
                }
            }
            "compute_blob_kzg_proof" => {
                let p = timed(&mut s, || k.compute_blob_kzg_proof(&blob, &commitment))?;
                if !k.verify_blob_kzg_proof(&blob, &commitment, &p)? {
                    return Err(refused(op, "the proof does not verify"));
                }
            }
            "verify_blob_kzg_proof" => {
                if !timed(&mut s, || k.verify_blob_kzg_proof(&blob, &commitment, &proof))? {
                    return Err(refused(op, "a true proof did not verify"));
                }
            }
            "compute_cells_and_kzg_proofs" => {
                let got = timed(&mut s, || k.compute_cells_and_kzg_proofs(&blob))?;
                if &got != cp.as_ref().unwrap() {
                    return Err(refused(op, "other cells than the first run's"));
                }
            }
            "verify_cell_kzg_proof_batch" => {
                let cp = cp.as_ref().unwrap();
                let idx: Vec<u64> = (0..128).collect();
                let cs = vec![commitment.clone(); 128];
                if !timed(&mut s, || k.verify_cell_kzg_proof_batch(&cs, &idx, &cp.cells, &cp.proofs))? {
                    return Err(refused(op, "true cell proofs did not verify"));
                }
            }
            "recover_cells_and_kzg_proofs" => {
                let cp = cp.as_ref().unwrap();
                let idx: Vec<u64> = (64..128).collect();
                let half = cp.cells[64..].to_vec();
                if &timed(&mut s, || k.recover_cells_and_kzg_proofs(&idx, &half))? != cp {
                    return Err(refused(op, "the recovered cells differ"));
                }
            }
            _ => unreachable!(),
        }
    }
    let mut sorted = s.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    Ok(Measured { op: op.to_string(), runs, median_ms: sorted[sorted.len() / 2], samples_ms: s })
}
