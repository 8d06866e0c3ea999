//! The multi-table verifier: each table's STARK proof (with its CTL columns), then the CTL sums.

use anyhow::{ensure, Result};
use hashbrown::HashMap;
use starky::config::StarkConfig;
use starky::cross_table_lookup::{verify_cross_table_lookups, CrossTableLookup, CtlCheckVars};
use starky::lookup::get_grand_product_challenge_set;
use starky::proof::StarkProofWithPublicInputs;
use starky::stark::Stark;
use starky::verifier::verify_stark_proof_with_challenges;

use crate::prover::{base_challenger, public_inputs, MultiProof};
use crate::{ctl, Tables, C, D, F};

#[allow(clippy::too_many_arguments, reason = "one table's share of the verification, each argument distinct")]
fn verify_table<S: Stark<F, D>>(
    stark: &S,
    table: usize,
    proof: &StarkProofWithPublicInputs<F, C, D>,
    ctls: &[CrossTableLookup<F>],
    ctl_challenges: &starky::lookup::GrandProductChallengeSet<F>,
    challenger: &plonky2::iop::challenger::Challenger<F, <C as plonky2::plonk::config::GenericConfig<D>>::Hasher>,
    config: &StarkConfig,
    wrap_max_bits: Option<usize>,
) -> Result<()> {
    ensure!(proof.public_inputs.len() == S::PUBLIC_INPUTS, "table {table}: wrong number of public inputs");
    let (total_helpers, _, helpers_by_ctl) =
        CrossTableLookup::num_ctl_helpers_zs_all(ctls, table, config.num_challenges, stark.constraint_degree());
    ensure!(
        proof.proof.openings.auxiliary_polys.is_some() && proof.proof.openings.auxiliary_polys_next.is_some(),
        "table {table}: no CTL openings"
    );
    let ctl_vars = CtlCheckVars::from_proof(
        table,
        &proof.proof,
        ctls,
        ctl_challenges,
        stark.num_lookup_helper_columns(config),
        total_helpers,
        &helpers_by_ctl,
    );
    let mut ch = challenger.clone();
    let challenges = proof.get_challenges(
        stark,
        &mut ch,
        Some(ctl_challenges),
        Some(&ctl_vars),
        true,
        config,
        wrap_max_bits.map(|b| config.fri_params(b)),
    );
    verify_stark_proof_with_challenges(stark, &proof.proof, &challenges, Some(&ctl_vars), &proof.public_inputs, config)
}

/// Verifies `proof` for digest `digest` and length `len` (with the sound tables, or weakened
/// ones in tests).
pub fn verify(tables: &Tables, proof: &MultiProof, digest: &[u8; 32], len: u64, config: &StarkConfig) -> Result<()> {
    verify_for(tables, proof, digest, len, config, None)
}

/// Verifies a proof made with `prover::prove_traces_for(.., wrap_max_bits, ..)`.
///
/// starky's verifier indexes into the proof's openings before it checks their shape, so a
/// malformed proof can panic inside it: that is caught here and reported as an error.
pub fn verify_for(
    tables: &Tables,
    proof: &MultiProof,
    digest: &[u8; 32],
    len: u64,
    config: &StarkConfig,
    wrap_max_bits: Option<[usize; 2]>,
) -> Result<()> {
    ensure!(
        len <= crate::MAX_MESSAGE_BYTES,
        "length {len} is above the {} bytes a proof may claim",
        crate::MAX_MESSAGE_BYTES
    );
    without_panics(|| {
        let heights = [proof.sponge.proof.recover_degree_bits(config), proof.keccak.proof.recover_degree_bits(config)];
        for (i, &h) in heights.iter().enumerate() {
            ensure!(h >= crate::MIN_DEGREE_BITS, "table {i}: 2^{h} rows, fewer than 2^{}", crate::MIN_DEGREE_BITS);
            if let Some(max) = wrap_max_bits {
                ensure!(h <= max[i], "table {i}: 2^{h} rows, more than the wrapper's 2^{}", max[i]);
            }
        }
        let nc = config.num_challenges;
        for (i, p) in [&proof.sponge, &proof.keccak].into_iter().enumerate() {
            let o = &p.proof.openings;
            // One CTL, no helper columns, one Z per challenge in each table.
            let aux_ok = |v: &Option<Vec<_>>| v.as_ref().is_some_and(|v: &Vec<_>| v.len() == nc);
            ensure!(
                aux_ok(&o.auxiliary_polys) && aux_ok(&o.auxiliary_polys_next),
                "table {i}: wrong number of CTL openings"
            );
            ensure!(
                o.ctl_zs_first.as_ref().is_some_and(|v| v.len() == nc),
                "table {i}: wrong number of CTL openings at 1"
            );
            ensure!(
                p.proof.auxiliary_polys_cap.is_some() && p.proof.quotient_polys_cap.is_some(),
                "table {i}: missing caps"
            );
        }
        let pis = public_inputs(digest, len);
        ensure!(proof.sponge.public_inputs == pis, "the proof is for another digest or length");
        ensure!(proof.keccak.public_inputs.is_empty(), "the Keccak table has no public inputs");
        let mut challenger = base_challenger(&pis, [&proof.sponge.proof.trace_cap, &proof.keccak.proof.trace_cap]);
        let ctl_challenges = get_grand_product_challenge_set(&mut challenger, config.num_challenges);
        let ctls = ctl::ctls::<F>();
        verify_table(
            &tables.sponge,
            ctl::SPONGE,
            &proof.sponge,
            &ctls,
            &ctl_challenges,
            &challenger,
            config,
            wrap_max_bits.map(|b| b[0]),
        )?;
        verify_table(
            &tables.keccak,
            ctl::KECCAK,
            &proof.keccak,
            &ctls,
            &ctl_challenges,
            &challenger,
            config,
            wrap_max_bits.map(|b| b[1]),
        )?;
        let first = |p: &StarkProofWithPublicInputs<F, C, D>| -> Result<Vec<F>> {
            p.proof.openings.ctl_zs_first.clone().ok_or_else(|| anyhow::anyhow!("no CTL openings at 1"))
        };
        let zs = [first(&proof.sponge)?, first(&proof.keccak)?];
        ensure!(zs.iter().all(|z| z.len() == config.num_challenges), "wrong number of CTL openings");
        verify_cross_table_lookups::<F, D, 2>(&ctls, zs, &HashMap::new(), config)?;
        Ok(())
    })
}

/// `run()`, with a panic inside it reported as a malformed proof (with `std`; without it, a
/// panic aborts as any other).
fn without_panics(run: impl FnOnce() -> Result<()>) -> Result<()> {
    #[cfg(feature = "std")]
    {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(r) => r,
            Err(_) => Err(anyhow::anyhow!("malformed proof (the STARK verifier panicked on it)")),
        }
    }
    #[cfg(not(feature = "std"))]
    run()
}

/// The Fiat-Shamir challenges of a proof as the native verifier derives them (CTL betas and
/// gammas, then per table: alphas, zeta, FRI alpha, betas, PoW response, query indices), to
/// compare with the wrapper's (`wrap::build_probe`).
#[doc(hidden)]
pub fn native_challenges(
    tables: &Tables,
    proof: &MultiProof,
    config: &StarkConfig,
    wrap_max_bits: Option<[usize; 2]>,
) -> Vec<u64> {
    use plonky2::field::types::PrimeField64;
    let mut challenger =
        base_challenger(&proof.sponge.public_inputs, [&proof.sponge.proof.trace_cap, &proof.keccak.proof.trace_cap]);
    let ctl_challenges = get_grand_product_challenge_set(&mut challenger, config.num_challenges);
    let ctls = ctl::ctls::<F>();
    let mut out: Vec<u64> = Vec::new();
    for c in &ctl_challenges.challenges {
        out.push(c.beta.to_canonical_u64());
        out.push(c.gamma.to_canonical_u64());
    }
    let mut one = |table: usize, p: &StarkProofWithPublicInputs<F, C, D>, deg: usize, cols: usize| {
        let (total_helpers, _, helpers_by_ctl) =
            CrossTableLookup::num_ctl_helpers_zs_all(&ctls, table, config.num_challenges, deg);
        let ctl_vars =
            CtlCheckVars::from_proof(table, &p.proof, &ctls, &ctl_challenges, cols, total_helpers, &helpers_by_ctl);
        let mut ch = challenger.clone();
        let c = if table == ctl::SPONGE {
            p.get_challenges(
                &tables.sponge,
                &mut ch,
                Some(&ctl_challenges),
                Some(&ctl_vars),
                true,
                config,
                wrap_max_bits.map(|b| config.fri_params(b[0])),
            )
        } else {
            p.get_challenges(
                &tables.keccak,
                &mut ch,
                Some(&ctl_challenges),
                Some(&ctl_vars),
                true,
                config,
                wrap_max_bits.map(|b| config.fri_params(b[1])),
            )
        };
        use plonky2::field::extension::FieldExtension;
        let ext = |e: &<F as plonky2::field::extension::Extendable<2>>::Extension| {
            <<F as plonky2::field::extension::Extendable<2>>::Extension as FieldExtension<2>>::to_basefield_array(e)
                .map(|x: F| x.to_canonical_u64())
        };
        out.extend(c.stark_alphas.iter().map(|x| x.to_canonical_u64()));
        out.extend(ext(&c.stark_zeta));
        out.extend(ext(&c.fri_challenges.fri_alpha));
        for b in &c.fri_challenges.fri_betas {
            out.extend(ext(b));
        }
        out.push(c.fri_challenges.fri_pow_response.to_canonical_u64());
    };
    one(ctl::SPONGE, &proof.sponge, 3, 0);
    one(ctl::KECCAK, &proof.keccak, 3, 0);
    out
}
