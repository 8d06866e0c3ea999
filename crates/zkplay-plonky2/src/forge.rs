//! Forged witnesses, for the malicious-prover tests (`tests/attacks.rs`). Not part of the API.
//!
//! A forgery starts from the honest prover's inputs for a padded buffer and a claimed length,
//! replaces some of them ([`Forgery::inputs`]) before plonky2's witness generation runs, and
//! writes over some generated values afterwards ([`Forgery::overrides`]). Overrides are
//! written to the target's whole copy-constraint partition (plonky2's `PartitionWitness`
//! holds one value per partition), so the forged witness always satisfies the permutation
//! argument: what can catch it are the gate constraints, which [`Prepared::forge`] evaluates on
//! every row with plonky2's own gate evaluators (every gate of the circuit, not only this
//! crate's), next to this crate's self-check (the one `check_witness` runs). It can also
//! attempt a real proof from the forged witness, for [`Prepared::verify_proof_only`].

use std::panic::{catch_unwind, AssertUnwindSafe};

use plonky2::field::extension::{Extendable, FieldExtension};
use plonky2::field::types::{Field, PrimeField64};
use plonky2::iop::generator::generate_partial_witness;
use plonky2::iop::target::Target;
use plonky2::iop::witness::{PartitionWitness, Witness};
use plonky2::plonk::circuit_data::CircuitData;
use plonky2::plonk::config::{GenericConfig, Hasher};
use plonky2::plonk::prover::prove_with_partition_witness;
use plonky2::plonk::vars::EvaluationVars;
use plonky2::util::timing::TimingTree;

use crate::circuit::{self, Layout, D, F};
pub use crate::gates::Kind;
use crate::prover::{check_own_gates, digest_in, Data};
use crate::{Error, Prepared};

/// The field the circuit runs over (Goldilocks).
pub type Fe = F;

/// Where the prover's inputs and this crate's Keccak gates are.
#[derive(Debug, Clone)]
pub struct Targets {
    /// The length L (public input 32).
    pub length: Target,
    /// One-hot block selector `t_k = [k == L / 136]`.
    pub t: Vec<Target>,
    /// `lt_j = [j < L % 136]`, j < 135.
    pub lt: Vec<Target>,
    /// `sum_k t_k`, connected to the constant 1.
    pub t_sum: Target,
    /// Bit `b` of padded byte `i` is `msg_bits[8 i + b]`.
    pub msg_bits: Vec<Target>,
    /// The 32 digest bytes (public inputs 0..32).
    pub digest: Vec<Target>,
    /// `(row, gate, constant 0)` of each of this crate's Keccak gates, in the order built.
    pub rows: Vec<(usize, Kind, u64)>,
}

/// What to forge. Values are field elements (use `Fe::from_noncanonical_u64` etc.).
#[derive(Debug, Clone, Default)]
pub struct Forgery {
    /// Prover inputs to set instead of the honest ones (or in addition), before witness generation.
    pub inputs: Vec<(Target, F)>,
    /// Prover inputs to leave unset, so that witness generation computes them from the others
    /// (e.g. the length, from the forged block selector and remainder bits).
    pub omit: Vec<Target>,
    /// Changes written over targets (their whole copy partition) after witness generation.
    pub overrides: Vec<(Target, Change)>,
    /// Targets whose (final) values to report in [`Report::read`].
    pub read: Vec<Target>,
    /// Also run plonky2's prover on the forged witness.
    pub prove: bool,
}

/// A change to a generated value.
#[derive(Debug, Clone, Copy)]
pub enum Change {
    Set(F),
    Add(F),
    /// `v -> 1 - v` (flips a bit).
    FlipBit,
}

/// A gate constraint that does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub row: usize,
    /// plonky2 gate id, e.g. `ZkplayKeccakRoundGate(rc=0)` or `ArithmeticGate { num_ops: 20 }`.
    pub gate: String,
    /// Index of the constraint within the gate.
    pub constraint: usize,
}

/// What a forgery led to.
#[derive(Debug)]
pub struct Report {
    /// plonky2's witness generation (fails when forged inputs contradict what a generator
    /// computes for the same copy partition).
    pub generation: Result<(), String>,
    /// This crate's own self-check on its Keccak gates (what `check_witness` runs).
    pub own_check: Result<(), Error>,
    /// Every gate constraint of every row that the forged witness violates.
    pub violations: Vec<Violation>,
    /// Public inputs of the forged witness (canonical).
    pub public_inputs: Vec<u64>,
    /// Digest bytes of the forged witness.
    pub digest: [u8; 32],
    /// The proof plonky2 made from the forged witness, if asked.
    pub proof: Option<Result<Vec<u8>, String>>,
    /// Values of [`Forgery::read`] (after the overrides; 0 when unset).
    pub read: Vec<u64>,
}

impl Report {
    /// Violations on `row`.
    pub fn at_row(&self, row: usize) -> Vec<&Violation> {
        self.violations.iter().filter(|v| v.row == row).collect()
    }
    /// The first violation (lowest row, then constraint).
    pub fn first(&self) -> Option<&Violation> {
        self.violations.first()
    }
}

impl Layout {
    fn targets(&self) -> Targets {
        Targets {
            length: self.length,
            t: self.t.clone(),
            lt: self.lt.clone(),
            t_sum: self.t_sum,
            msg_bits: self.msg_bits.clone(),
            digest: self.digest.clone(),
            rows: self.rows.clone(),
        }
    }
}

/// Values of the constant polynomials (selectors, then gate constants) at every row.
fn constant_values<C: GenericConfig<D, F = F>>(data: &CircuitData<F, C, D>) -> Vec<Vec<F>> {
    data.prover_only.constants_sigmas_commitment.polynomials[data.common.constants_range()]
        .iter()
        .map(|p| p.clone().fft().values)
        .collect()
}

/// Index (in `common.gates`) of the gate on each row, read back from the selector polynomials
/// (a row's selector value is its gate's index; plonky2 writes `u32::MAX` in the selectors of
/// the other groups).
fn gate_indices<C: GenericConfig<D, F = F>>(data: &CircuitData<F, C, D>, consts: &[Vec<F>]) -> Vec<Option<usize>> {
    let nsel = data.common.selectors_info.num_selectors();
    let unused = F::from_canonical_u64(u64::from(u32::MAX));
    (0..data.common.degree())
        .map(|row| {
            (0..nsel)
                .map(|s| consts[s][row])
                .find(|&v| v != unused)
                .map(|v| v.to_canonical_u64() as usize)
                .filter(|&i| i < data.common.gates.len())
        })
        .collect()
}

/// Evaluates every gate's constraints on its rows (plonky2's `eval_unfiltered`).
fn all_violations<C: GenericConfig<D, F = F>>(
    data: &CircuitData<F, C, D>,
    witness: &PartitionWitness<F>,
) -> Vec<Violation> {
    type Fx = <F as Extendable<D>>::Extension;
    let common = &data.common;
    let consts = constant_values(data);
    let gates = gate_indices(data, &consts);
    let prefix = common.selectors_info.num_selectors() + common.num_lookup_selectors;
    let pis = witness.get_targets(&data.prover_only.public_inputs);
    let pi_hash = <C::InnerHasher as Hasher<F>>::hash_no_pad(&pis);
    let nw = common.config.num_wires;
    let mut out = Vec::new();
    for (row, gi) in gates.iter().enumerate() {
        let Some(gi) = *gi else { continue };
        let gate = &common.gates[gi];
        let lc: Vec<Fx> = consts[prefix..].iter().map(|c| <Fx as FieldExtension<D>>::from_basefield(c[row])).collect();
        let lw: Vec<Fx> = (0..nw)
            .map(|c| {
                <Fx as FieldExtension<D>>::from_basefield(
                    witness.try_get_target(Target::wire(row, c)).unwrap_or(F::ZERO),
                )
            })
            .collect();
        let vars = EvaluationVars { local_constants: &lc, local_wires: &lw, public_inputs_hash: &pi_hash };
        for (i, v) in gate.0.eval_unfiltered(vars).iter().enumerate() {
            if *v != Fx::ZERO {
                out.push(Violation { row, gate: gate.0.id(), constraint: i });
            }
        }
    }
    out
}

fn overwrite(witness: &mut PartitionWitness<F>, t: Target, c: Change) {
    let rep = witness.representative_map[t.index(witness.num_wires, witness.degree)];
    let old = witness.values[rep].unwrap_or(F::ZERO);
    witness.values[rep] = Some(match c {
        Change::Set(v) => v,
        Change::Add(d) => old + d,
        Change::FlipBit => F::ONE - old,
    });
}

fn panic_text(e: Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| e.downcast_ref::<String>().cloned()).unwrap_or_default()
}

fn forge_with<C: GenericConfig<D, F = F>>(
    data: &CircuitData<F, C, D>,
    layout: &Layout,
    padded: &[u8],
    length: usize,
    f: &Forgery,
) -> Result<Report, Error> {
    let mut values = circuit::assignment(layout, padded, length).map_err(|e| Error::Proving(e.to_string()))?;
    values.retain(|(t, _)| !f.omit.contains(t));
    for &(t, v) in &f.inputs {
        match values.iter_mut().find(|(u, _)| *u == t) {
            Some(slot) => slot.1 = v,
            None => values.push((t, v)),
        }
    }
    let pw = circuit::witness_of(&values).map_err(|e| Error::Proving(e.to_string()))?;
    let generated = catch_unwind(AssertUnwindSafe(|| generate_partial_witness(pw, &data.prover_only, &data.common)));
    let mut witness = match generated {
        Ok(Ok(w)) => w,
        Ok(Err(e)) => return Ok(failed_generation(format!("witness generation: {e}"))),
        Err(p) => return Ok(failed_generation(format!("witness generation panicked: {}", panic_text(p)))),
    };
    for &(t, v) in &f.overrides {
        overwrite(&mut witness, t, v);
    }
    let own_check = check_own_gates(layout, &witness, data.common.config.num_wires);
    let violations = all_violations(data, &witness);
    let public_inputs =
        witness.get_targets(&data.prover_only.public_inputs).iter().map(|v| v.to_canonical_u64()).collect();
    let digest = digest_in(layout, &witness);
    let read = f.read.iter().map(|&t| witness.try_get_target(t).map_or(0, |v| v.to_canonical_u64())).collect();
    let proof = f.prove.then(|| {
        let mut timing = TimingTree::default();
        match catch_unwind(AssertUnwindSafe(|| {
            prove_with_partition_witness(&data.prover_only, &data.common, witness, &mut timing)
        })) {
            Ok(Ok(p)) => Ok(p.to_bytes()),
            Ok(Err(e)) => Err(format!("prover refused: {e}")),
            Err(p) => Err(format!("prover panicked: {}", panic_text(p))),
        }
    });
    Ok(Report { generation: Ok(()), own_check, violations, public_inputs, digest, proof, read })
}

fn failed_generation(e: String) -> Report {
    Report {
        generation: Err(e),
        own_check: Ok(()),
        violations: Vec::new(),
        public_inputs: Vec::new(),
        digest: [0; 32],
        proof: None,
        read: Vec::new(),
    }
}

impl Prepared {
    /// Where the prover's inputs and this crate's Keccak gates are.
    pub fn targets(&self) -> Targets {
        self.layout.targets()
    }

    /// The plonky2 gate id on every row (`None` for rows no gate's selector claims).
    pub fn gate_ids(&self) -> Vec<Option<String>> {
        fn ids<C: GenericConfig<D, F = F>>(data: &CircuitData<F, C, D>) -> Vec<Option<String>> {
            let consts = constant_values(data);
            gate_indices(data, &consts).into_iter().map(|g| g.map(|i| data.common.gates[i].0.id())).collect()
        }
        match &self.data {
            Data::Keccak(d) => ids(d),
            Data::Poseidon(d) => ids(d),
        }
    }

    /// Every wire in the copy-constraint partition of `t` (the wires that always hold its value).
    pub fn partition(&self, t: Target) -> Vec<Target> {
        fn part<C: GenericConfig<D, F = F>>(data: &CircuitData<F, C, D>, t: Target) -> Vec<Target> {
            let (nw, n) = (data.common.config.num_wires, data.common.degree());
            let map = &data.prover_only.representative_map;
            let rep = map[t.index(nw, n)];
            (0..nw * n).filter(|&i| map[i] == rep).map(|i| Target::wire(i / nw, i % nw)).collect()
        }
        match &self.data {
            Data::Keccak(d) => part(d, t),
            Data::Poseidon(d) => part(d, t),
        }
    }

    /// Runs the honest prover's input assignment for `padded` / `length`, applies `f`, and
    /// reports every constraint the result violates (and, if asked, the proof plonky2 makes).
    pub fn forge(&self, padded: &[u8], length: usize, f: &Forgery) -> Result<Report, Error> {
        match &self.data {
            Data::Keccak(d) => forge_with(d, &self.layout, padded, length, f),
            Data::Poseidon(d) => forge_with(d, &self.layout, padded, length, f),
        }
    }
}

/// The honest padded buffer (`max_blocks * 136` bytes) for `msg` (which must fit).
pub fn pad(max_blocks: usize, msg: &[u8]) -> Vec<u8> {
    circuit::pad(max_blocks, msg)
}
