//! The multi-table prover: commit to both traces, draw the CTL challenges from both trace caps
//! (and the public inputs), then prove each table with `prove_with_commitment` from a copy of
//! that challenger.

use anyhow::{ensure, Result};
use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::Field;
use plonky2::fri::oracle::PolynomialBatch;
use plonky2::fri::prover::final_poly_coeff_len;
use plonky2::iop::challenger::Challenger;
use plonky2::plonk::config::GenericConfig;
use plonky2::util::timing::TimingTree;
use serde::{Deserialize, Serialize};
use starky::config::StarkConfig;
use starky::cross_table_lookup::get_ctl_data;
use starky::proof::StarkProofWithPublicInputs;
use starky::prover::prove_with_commitment;
use web_time::Instant;

use crate::keccak::{pad, RATE_BYTES};
use crate::sponge_table::{sponge_rows, BlockRow, NUM_PUBLIC_INPUTS};
use crate::{ctl, keccak_table, sponge_table, table_rows, Tables, C, D, F};

/// Both traces (columns) and the sponge's public inputs.
#[derive(Clone, Debug)]
pub struct Traces {
    pub sponge: Vec<PolynomialValues<F>>,
    pub keccak: Vec<PolynomialValues<F>>,
    pub public_inputs: Vec<F>,
}

/// The two STARK proofs; the sponge proof carries the public inputs (digest bytes, length).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct MultiProof {
    pub sponge: StarkProofWithPublicInputs<F, C, D>,
    pub keccak: StarkProofWithPublicInputs<F, C, D>,
}

impl MultiProof {
    /// Serialized size (bincode: 8 bytes per field element, Merkle paths uncompressed).
    pub fn sizes(&self) -> (usize, usize) {
        (
            bincode::serialized_size(&self.sponge).unwrap() as usize,
            bincode::serialized_size(&self.keccak).unwrap() as usize,
        )
    }
    pub fn to_bytes(&self) -> Vec<u8> {
        bincode::serialize(self).unwrap()
    }
    pub fn from_bytes(b: &[u8]) -> Result<Self> {
        Ok(bincode::deserialize(b)?)
    }
}

/// Public inputs for digest `d` and length `len`.
pub fn public_inputs(d: &[u8; 32], len: u64) -> Vec<F> {
    let mut v: Vec<F> = d.iter().map(|&b| F::from_canonical_u8(b)).collect();
    v.push(F::from_canonical_u64(len));
    debug_assert_eq!(v.len(), NUM_PUBLIC_INPUTS);
    v
}

/// Digest of the final state.
pub fn digest_of(state: &[u64; 25]) -> [u8; 32] {
    let mut d = [0u8; 32];
    for i in 0..4 {
        d[8 * i..8 * i + 8].copy_from_slice(&state[i].to_le_bytes());
    }
    d
}

/// Traces from block rows (honest or forged), for a claimed length and digest.
pub fn traces_from_rows(rows: &[BlockRow], len: usize, digest: &[u8; 32]) -> Traces {
    let (srows, krows) = table_rows(len.max(RATE_BYTES * (rows.len() - 1)));
    let inputs: Vec<[u64; 25]> = rows.iter().map(|r| r.perm_input()).collect();
    Traces {
        sponge: sponge_table::generate_trace(rows, len, srows.max(rows.len().next_power_of_two())),
        keccak: keccak_table::generate_trace(&inputs, krows.max((24 * rows.len()).next_power_of_two())),
        public_inputs: public_inputs(digest, len as u64),
    }
}

/// The honest traces for `msg`, and its digest.
pub fn generate_traces(msg: &[u8]) -> (Traces, [u8; 32]) {
    let rows = sponge_rows(&pad(msg), &mut |_, _, _| {});
    let digest = digest_of(&rows.last().unwrap().state_out);
    (traces_from_rows(&rows, msg.len(), &digest), digest)
}

/// Timings (ms) and sizes of one proof.
#[derive(Clone, Debug, Default)]
pub struct ProveReport {
    pub trace_ms: f64,
    pub commit_ms: [f64; 2],
    pub ctl_ms: f64,
    pub prove_ms: [f64; 2],
    pub rows: [usize; 2],
    pub columns: [usize; 2],
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// The challenger both prover and verifier start the tables' proofs from: public inputs, then
/// every table's trace cap, in table order.
pub(crate) fn base_challenger(
    pis: &[F],
    caps: [&plonky2::hash::merkle_tree::MerkleCap<F, <C as GenericConfig<D>>::Hasher>; 2],
) -> Challenger<F, <C as GenericConfig<D>>::Hasher> {
    let mut ch = Challenger::<F, <C as GenericConfig<D>>::Hasher>::new();
    ch.observe_elements(pis);
    for cap in caps {
        ch.observe_cap(cap);
    }
    ch
}

/// Proves given traces (honest or forged), as plain STARK proofs.
pub fn prove_traces(
    tables: &Tables,
    traces: &Traces,
    config: &StarkConfig,
    report: &mut ProveReport,
) -> Result<MultiProof> {
    prove_traces_for(tables, traces, config, None, report)
}

/// Proves given traces. With `wrap_max_bits = Some([sponge, keccak])`, the FRI proofs are
/// shaped for a wrapper circuit built for tables of up to `2^sponge` and `2^keccak` rows
/// (starky's multiple-degree-bits support: the same final polynomial length and number of
/// query steps whatever the actual height).
pub fn prove_traces_for(
    tables: &Tables,
    traces: &Traces,
    config: &StarkConfig,
    wrap_max_bits: Option<[usize; 2]>,
    report: &mut ProveReport,
) -> Result<MultiProof> {
    let mut timing = TimingTree::default();
    let rate_bits = config.fri_config.rate_bits;
    let cap_height = config.fri_config.cap_height;
    let polys: [Vec<PolynomialValues<F>>; 2] = [traces.sponge.clone(), traces.keccak.clone()];
    let mut commitments = Vec::with_capacity(2);
    for (i, p) in polys.iter().enumerate() {
        ensure!(p[0].len().is_power_of_two(), "table {i}: rows not a power of two");
        report.rows[i] = p[0].len();
        report.columns[i] = p.len();
        let t = Instant::now();
        commitments.push(PolynomialBatch::<F, C, D>::from_values(
            p.clone(),
            rate_bits,
            false,
            cap_height,
            &mut timing,
            None,
        ));
        report.commit_ms[i] = ms(t);
    }
    let pis = &traces.public_inputs;
    let t = Instant::now();
    let mut challenger = base_challenger(pis, [&commitments[0].merkle_tree.cap, &commitments[1].merkle_tree.cap]);
    let ctls = ctl::ctls::<F>();
    let degree = 3;
    let (ctl_challenges, ctl_data) = get_ctl_data::<F, C, D, 2>(config, &polys, &ctls, &mut challenger, degree);
    report.ctl_ms = ms(t);

    let empty: [F; 0] = [];
    let mut prove_one = |i: usize, table_pis: &[F]| -> Result<StarkProofWithPublicInputs<F, C, D>> {
        let t = Instant::now();
        let (final_len, steps) = match wrap_max_bits {
            Some(bits) => {
                let p = config.fri_params(bits[i]);
                ensure!(polys[i][0].len() <= 1 << bits[i], "table {i} is taller than the wrapper takes");
                (Some(final_poly_coeff_len(p.degree_bits, &p.reduction_arity_bits)), Some(p.reduction_arity_bits.len()))
            }
            None => (None, None),
        };
        let mut ch = challenger.clone();
        // The verifier's `get_challenges` observes the public inputs and the config before the
        // rest; `prove_with_commitment` does neither.
        ch.observe_elements(table_pis);
        config.observe(&mut ch);
        // The two tables are different Stark types: one call written once for both.
        macro_rules! prove_table {
            ($stark:expr) => {
                prove_with_commitment(
                    $stark,
                    config,
                    &polys[i],
                    &commitments[i],
                    Some(&ctl_data[i]),
                    Some(&ctl_challenges),
                    &mut ch,
                    table_pis,
                    final_len,
                    steps,
                    &mut timing,
                )
            };
        }
        let r = if i == ctl::SPONGE { prove_table!(&tables.sponge) } else { prove_table!(&tables.keccak) };
        report.prove_ms[i] = ms(t);
        r
    };
    let sponge = prove_one(ctl::SPONGE, pis)?;
    let keccak = prove_one(ctl::KECCAK, &empty)?;
    Ok(MultiProof { sponge, keccak })
}

/// Proves the honest statement for `msg`; returns the proof, its digest and the report.
pub fn prove(msg: &[u8], config: &StarkConfig) -> Result<(MultiProof, [u8; 32], ProveReport)> {
    let mut report = ProveReport::default();
    let t = Instant::now();
    let (traces, digest) = generate_traces(msg);
    report.trace_ms = ms(t);
    let proof = prove_traces(&Tables::default(), &traces, config, &mut report)?;
    Ok((proof, digest, report))
}
