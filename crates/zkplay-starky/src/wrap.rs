//! The recursive wrap: one plonky2 circuit that verifies both STARK proofs and their CTL, for
//! any table heights in a range of degree bits, and whose public inputs are the statement
//! (32 digest bytes, then the length). Built once for the ranges; proofs to be wrapped are
//! made with `prover::prove_traces_for(.., Some(max_bits), ..)`.

use anyhow::{ensure, Result};
use hashbrown::HashMap;
use plonky2::iop::challenger::RecursiveChallenger;
use plonky2::iop::witness::PartialWitness;
use plonky2::plonk::circuit_builder::CircuitBuilder;
use plonky2::plonk::circuit_data::{CircuitConfig, CircuitData};
use plonky2::plonk::config::GenericConfig;
use plonky2::plonk::proof::ProofWithPublicInputs;
use starky::config::StarkConfig;
use starky::cross_table_lookup::{verify_cross_table_lookups_circuit, CrossTableLookup, CtlCheckVarsTarget};
use starky::lookup::{get_grand_product_challenge_set_target, GrandProductChallengeSet};
use starky::proof::StarkProofWithPublicInputsTarget;
use starky::recursive_verifier::{
    add_virtual_stark_proof_with_pis, set_stark_proof_with_pis_target, verify_stark_proof_with_challenges_circuit,
};
use starky::stark::Stark;

use crate::prover::MultiProof;
use crate::sponge_table::NUM_PUBLIC_INPUTS;
use crate::{ctl, Tables, C, D, F};

type H = <C as GenericConfig<D>>::Hasher;

/// Degree-bit ranges `[min, max]` of the sponge and Keccak tables a wrapper takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrapRange {
    pub sponge: (usize, usize),
    pub keccak: (usize, usize),
}

impl WrapRange {
    pub fn max_bits(&self) -> [usize; 2] {
        [self.sponge.1, self.keccak.1]
    }
}

/// A built wrapper.
pub struct Wrapper {
    pub range: WrapRange,
    pub data: CircuitData<F, C, D>,
    sponge: StarkProofWithPublicInputsTarget<D>,
    keccak: StarkProofWithPublicInputsTarget<D>,
    zero: plonky2::iop::target::Target,
    /// Gates spent verifying each table's STARK (sponge, Keccak): FRI queries dominate.
    pub table_gates: [usize; 2],
}

#[allow(clippy::too_many_arguments, reason = "one table's share of the wrapper circuit, each argument distinct")]
fn table_in_circuit<S: Stark<F, D>>(
    b: &mut CircuitBuilder<F, D>,
    stark: &S,
    table: usize,
    pt: &StarkProofWithPublicInputsTarget<D>,
    ctls: &[CrossTableLookup<F>],
    ctl_ch: &GrandProductChallengeSet<plonky2::iop::target::Target>,
    state: <H as plonky2::plonk::config::AlgebraicHasher<F>>::AlgebraicPermutation,
    config: &StarkConfig,
    (min_bits, max_bits): (usize, usize),
    probe: Option<&mut Vec<plonky2::iop::target::Target>>,
) {
    let (total_helpers, _, helpers_by_ctl) =
        CrossTableLookup::num_ctl_helpers_zs_all(ctls, table, config.num_challenges, stark.constraint_degree());
    let ctl_vars = CtlCheckVarsTarget::from_proof(
        table,
        &pt.proof,
        ctls,
        ctl_ch,
        stark.num_lookup_helper_columns(config),
        total_helpers,
        &helpers_by_ctl,
    );
    let mut ch = RecursiveChallenger::<F, H, D>::from_state(state);
    let challenges =
        pt.get_challenges::<F, C, S>(stark, b, &mut ch, Some(ctl_ch), Some(&ctl_vars), max_bits, true, config);
    if let Some(out) = probe {
        out.extend(&challenges.stark_alphas);
        out.extend(challenges.stark_zeta.0);
        out.extend(challenges.fri_challenges.fri_alpha.0);
        for beta in &challenges.fri_challenges.fri_betas {
            out.extend(beta.0);
        }
        out.push(challenges.fri_challenges.fri_pow_response);

        return;
    }
    verify_stark_proof_with_challenges_circuit::<F, C, S, D>(
        b,
        stark,
        &pt.proof,
        &pt.public_inputs,
        challenges,
        Some(&ctl_vars),
        config,
        max_bits,
        Some(min_bits),
    );
}

/// Builds the wrapper circuit (`zero_knowledge` = plonky2's blinding of the wrapped proof).
pub fn build(tables: &Tables, config: &StarkConfig, range: WrapRange, zero_knowledge: bool) -> Wrapper {
    build_inner(tables, config, range, zero_knowledge, false, true)
}

/// The wrapper without its commitment to the constants and permutation polynomials (plonky2's
/// `build_with_options(false)`: no LDE, no Merkle tree, a placeholder cap and circuit digest),
/// which `prover_data::install` completes from the bytes the build ships.
pub fn build_uncommitted(tables: &Tables, config: &StarkConfig, range: WrapRange, zero_knowledge: bool) -> Wrapper {
    build_inner(tables, config, range, zero_knowledge, false, false)
}

/// A circuit whose public inputs are the Fiat-Shamir challenges the wrapper derives (CTL
/// challenges, then per table alphas, zeta, FRI challenges), to compare with the native ones
/// (`verifier::native_challenges`).
#[doc(hidden)]
pub fn build_probe(tables: &Tables, config: &StarkConfig, range: WrapRange) -> Wrapper {
    build_inner(tables, config, range, false, true, true)
}

/// The wrapper's circuit before `build`: its builder and the targets a wrap fills in.
struct Circuit {
    b: CircuitBuilder<F, D>,
    sponge: StarkProofWithPublicInputsTarget<D>,
    keccak: StarkProofWithPublicInputsTarget<D>,
    zero: plonky2::iop::target::Target,
    table_gates: [usize; 2],
}

fn circuit(tables: &Tables, config: &StarkConfig, range: WrapRange, zero_knowledge: bool, probe: bool) -> Circuit {
    let mut cc = CircuitConfig::standard_recursion_config();
    cc.zero_knowledge = zero_knowledge;
    let mut b = CircuitBuilder::<F, D>::new(cc);
    let ctls = ctl::ctls::<F>();
    let nc = config.num_challenges;
    let (sh, sz, _) = CrossTableLookup::num_ctl_helpers_zs_all(&ctls, ctl::SPONGE, nc, 3);
    let (kh, kz, _) = CrossTableLookup::num_ctl_helpers_zs_all(&ctls, ctl::KECCAK, nc, 3);
    let sponge = add_virtual_stark_proof_with_pis(&mut b, &tables.sponge, config, range.sponge.1, sh + sz, sz);
    let keccak = add_virtual_stark_proof_with_pis(&mut b, &tables.keccak, config, range.keccak.1, kh + kz, kz);

    // The transcript of `prover::base_challenger`: public inputs, both trace caps, CTL
    // challenges; each table then continues from a copy of that state.
    let mut ch = RecursiveChallenger::<F, H, D>::new(&mut b);
    ch.observe_elements(&sponge.public_inputs);
    ch.observe_cap(&sponge.proof.trace_cap);
    ch.observe_cap(&keccak.proof.trace_cap);
    let ctl_ch = get_grand_product_challenge_set_target(&mut b, &mut ch, nc);
    let state = ch.compact(&mut b);
    if probe {
        let mut out = Vec::new();
        for c in &ctl_ch.challenges {
            out.push(c.beta);
            out.push(c.gamma);
        }
        table_in_circuit(
            &mut b,
            &tables.sponge,
            ctl::SPONGE,
            &sponge,
            &ctls,
            &ctl_ch,
            state,
            config,
            range.sponge,
            Some(&mut out),
        );
        table_in_circuit(
            &mut b,
            &tables.keccak,
            ctl::KECCAK,
            &keccak,
            &ctls,
            &ctl_ch,
            state,
            config,
            range.keccak,
            Some(&mut out),
        );
        b.register_public_inputs(&out);
        let zero = b.zero();
        return Circuit { b, sponge, keccak, zero, table_gates: [0, 0] };
    }
    let g0 = b.num_gates();
    table_in_circuit(&mut b, &tables.sponge, ctl::SPONGE, &sponge, &ctls, &ctl_ch, state, config, range.sponge, None);
    let g1 = b.num_gates();
    table_in_circuit(&mut b, &tables.keccak, ctl::KECCAK, &keccak, &ctls, &ctl_ch, state, config, range.keccak, None);
    let g2 = b.num_gates();
    // With RUST_LOG=debug (wrap_bench), plonky2 prints the gates per context and per gate type.
    b.print_gate_counts(0);
    let zs = [
        sponge.proof.openings.ctl_zs_first.clone().expect("CTL openings"),
        keccak.proof.openings.ctl_zs_first.clone().expect("CTL openings"),
    ];
    // Extra looking sums: none, but given as explicit zeros. With an empty map, starky 1.1.0's
    // circuit version adds `Target::default()` (some wire, not zero) to the looking sum where the
    // native verifier adds 0, and no honest proof would wrap.
    let zero = b.zero();
    let extra: HashMap<usize, Vec<plonky2::iop::target::Target>> =
        (0..ctls.len()).map(|i| (i, vec![zero; nc])).collect();
    verify_cross_table_lookups_circuit::<F, D, 2>(&mut b, ctls, zs, &extra, config);
    // The statement: digest bytes, then the length.
    b.register_public_inputs(&sponge.public_inputs);
    let zero = b.zero();
    Circuit { b, sponge, keccak, zero, table_gates: [g1 - g0, g2 - g1] }
}

fn build_inner(
    tables: &Tables,
    config: &StarkConfig,
    range: WrapRange,
    zero_knowledge: bool,
    probe: bool,
    commit: bool,
) -> Wrapper {
    let Circuit { b, sponge, keccak, zero, table_gates } = circuit(tables, config, range, zero_knowledge, probe);
    let data = b.build_with_options::<C>(commit);
    Wrapper { range, data, sponge, keccak, zero, table_gates }
}

/// The wrapper's gates before `build` (which adds the public inputs' hash and constants, then
/// pads to a power of two), and those of each table's STARK: cheap, for comparing STARK
/// configurations without building each wrapper.
pub fn gate_counts(tables: &Tables, config: &StarkConfig, range: WrapRange) -> (usize, [usize; 2]) {
    let c = circuit(tables, config, range, false, false);
    (c.b.num_gates(), c.table_gates)
}

impl Wrapper {
    /// Wraps a proof made for this wrapper's ranges.
    pub fn wrap(&self, proof: &MultiProof, config: &StarkConfig) -> Result<ProofWithPublicInputs<F, C, D>> {
        let bits = [proof.sponge.proof.recover_degree_bits(config), proof.keccak.proof.recover_degree_bits(config)];
        let ranges = [self.range.sponge, self.range.keccak];
        for i in 0..2 {
            ensure!(
                ranges[i].0 <= bits[i] && bits[i] <= ranges[i].1,
                "table {i} has 2^{} rows; this wrapper takes 2^{}..=2^{}",
                bits[i],
                ranges[i].0,
                ranges[i].1
            );
        }
        let mut pw = PartialWitness::new();
        let z = self.zero;
        set_stark_proof_with_pis_target(&mut pw, &self.sponge, &proof.sponge, bits[0], z)?;
        set_stark_proof_with_pis_target(&mut pw, &self.keccak, &proof.keccak, bits[1], z)?;
        self.data.prove(pw)
    }

    /// Verifies a wrapped proof for digest `digest` and length `len`.
    pub fn verify(&self, proof: &ProofWithPublicInputs<F, C, D>, digest: &[u8; 32], len: u64) -> Result<()> {
        ensure!(
            len <= crate::MAX_MESSAGE_BYTES,
            "length {len} is above the {} bytes a proof may claim",
            crate::MAX_MESSAGE_BYTES
        );
        let pis = crate::prover::public_inputs(digest, len);
        ensure!(
            pis.len() == NUM_PUBLIC_INPUTS && proof.public_inputs == pis,
            "the wrapped proof is for another statement"
        );
        self.data.verify(proof.clone())
    }
}
