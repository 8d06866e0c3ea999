//! # zkplay-starky
//!
//! Proves "I know a message M of length L such that Keccak-256(M) = D" with two starky STARKs
//! linked by a cross-table lookup (logUp), over Goldilocks with Poseidon Merkle trees (so that
//! the proofs can be verified inside a plonky2 circuit):
//!
//! - [`sponge_table`]: one row per 136-byte block (bits, padding, chaining, length, digest);
//! - [`keccak_table`]: Keccak-f[1600], one row per round;
//! - [`ctl`]: the sponge sends `(state ^ block, permutation output)` to the Keccak table.
//!
//! [`prover`] and [`verifier`] are the multi-table prover and verifier (starky 1.1.0 has none).
//! Public inputs (of the sponge table): the 32 digest bytes, then L.

pub mod alg;
pub mod check;
pub mod contract;
pub mod ctl;
mod error;
pub mod keccak;
pub mod keccak_table;
pub mod keys;
pub mod memory;
pub mod prover;
pub mod prover_data;
pub mod sponge_table;
pub mod verifier;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;
#[cfg(feature = "wasm")]
pub mod wasm;
pub mod wrap;

use plonky2::field::goldilocks_field::GoldilocksField;
use plonky2::plonk::config::PoseidonGoldilocksConfig;
use starky::config::StarkConfig;

pub use error::Error;
pub use keccak_table::KeccakStark;
pub use prover::{generate_traces, prove, prove_traces, MultiProof, ProveReport, Traces};
pub use sponge_table::{SpongeStark, Weaken};
pub use verifier::verify;

pub const D: usize = 2;
pub type F = GoldilocksField;
pub type C = PoseidonGoldilocksConfig;

/// Longest message a proof may claim: 1,365 blocks, i.e. a Keccak table of at most 2^15 rows
/// (the production wrapper's range). Verifiers refuse larger lengths before anything else: a
/// length is a plain integer, and one at or above the field order would otherwise alias a
/// small one.
pub const MAX_MESSAGE_BYTES: u64 = 1365 * 136 - 1;

/// Smallest table height (2^5 rows): FRI needs a few folding steps above its final polynomial.
pub const MIN_DEGREE_BITS: usize = 5;

/// The two tables (weakened only in tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables {
    pub sponge: SpongeStark<F, D>,
    pub keccak: KeccakStark<F, D>,
}

/// The production wrapper's ranges of table heights (degree bits): sponge 2^5..2^11 rows, Keccak
/// 2^5..2^15 rows, i.e. messages up to MAX_MESSAGE_BYTES.
pub const RANGE: wrap::WrapRange = wrap::WrapRange { sponge: (5, 11), keccak: (5, 15) };

/// The production blow-up: 2^2, with 42 FRI queries. Against rate 1 (84 queries) it halves the
/// wrapper (2^16 rows instead of 2^17: build 11.4 s instead of 25.7 s, wrap 16.2 s instead of
/// 36.3 s natively on this 2-core machine, idle) and doubles the STARK commitments, which only
/// overtakes that saving past a few hundred blocks (README, "Figures").
pub const STARK_RATE_BITS: usize = 2;

/// The production STARK configuration.
pub fn production_config() -> StarkConfig {
    stark_config_with_rate(STARK_RATE_BITS)
}

/// The STARK configuration: starky's `standard_fast_config` (blow-up 2, i.e. rate_bits 1,
/// enough for degree-3 constraints; 84 FRI queries + 16 bits of grinding; 2 challenges:
/// ~100-bit conjectured security) with FRI folding by 16 down to a final polynomial of at most
/// 2^7 coefficients instead of 2^5. The wrapper circuit verifies proofs of several heights only
/// if its largest height has the longest final polynomial; with a final bound of 7 bits the
/// heights 2^7, 2^11 and 2^15 (the Keccak table of ~1,365 blocks) are such maxima.
pub fn stark_config() -> StarkConfig {
    stark_config_with_rate(1)
}

/// The same at blow-up `2^rate_bits`, with 16 bits of grinding and enough FRI queries for 100
/// conjectured bits: fewer queries make the wrapper smaller, a larger blow-up makes the STARK
/// commitments bigger. For measuring that trade-off.
pub fn stark_config_with_rate(rate_bits: usize) -> StarkConfig {
    stark_config_with(rate_bits, 16, 4)
}

/// Conjectured security the STARK configurations are held to (bits).
pub const SECURITY_BITS: usize = 100;

/// FRI at blow-up `2^rate_bits`, `pow_bits` of grinding and Merkle caps of `2^cap_height`
/// hashes, with the fewest queries that reach [`SECURITY_BITS`] (see
/// [`conjectured_security_bits`]), folding by 16 down to at most 2^7 coefficients.
pub fn stark_config_with(rate_bits: usize, pow_bits: u32, cap_height: usize) -> StarkConfig {
    let mut c = StarkConfig::standard_fast_config();
    c.fri_config.rate_bits = rate_bits;
    c.fri_config.proof_of_work_bits = pow_bits;
    c.fri_config.cap_height = cap_height;
    c.fri_config.num_query_rounds = SECURITY_BITS.saturating_sub(pow_bits as usize).div_ceil(rate_bits);
    c.fri_config.reduction_strategy = plonky2::fri::reduction_strategies::FriReductionStrategy::ConstantArityBits(4, 7);
    c
}

/// FRI's conjectured security in bits, as plonky2 and starky count it: each query passes a
/// far-from-low-degree word with probability about the code rate `2^-rate_bits` (the
/// conjecture: up to the list-decoding radius), and grinding multiplies a cheating prover's work
/// by `2^pow_bits`, so `rate_bits * queries + pow_bits`. It is meaningful only below the
/// field's limits, which [`field_limit_bits`] gives.
pub fn conjectured_security_bits(c: &StarkConfig) -> usize {
    c.fri_config.rate_bits * c.fri_config.num_query_rounds + c.fri_config.proof_of_work_bits as usize
}

/// The bound the field puts on that count for tables of up to `2^max_degree_bits` rows: the
/// out-of-domain point and the FRI folding challenges are drawn from the quadratic extension of
/// Goldilocks (more than 2^127 elements), where each draw fails with probability about
/// `LDE size / |F^2|`. (The constraint-combining and CTL challenges are base-field draws
/// repeated `num_challenges` = 2 times; no configuration here changes them.)
pub fn field_limit_bits(c: &StarkConfig, max_degree_bits: usize) -> usize {
    127 - (max_degree_bits + c.fri_config.rate_bits)
}

/// Rows of the sponge and Keccak tables for a message of `len` bytes.
pub fn table_rows(len: usize) -> (usize, usize) {
    let blocks = len / keccak::RATE_BYTES + 1;
    let min = 1 << MIN_DEGREE_BITS;
    (blocks.next_power_of_two().max(min), (blocks * keccak_table::NUM_ROUNDS).next_power_of_two().max(min))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The production STARKs keep at least 100 bits of conjectured security, and the field
    /// allows that count for the tallest table the production wrapper takes.
    #[test]
    fn production_config_meets_security_target() {
        let c = production_config();
        assert_eq!(c.fri_config.rate_bits, STARK_RATE_BITS);
        assert!(conjectured_security_bits(&c) >= SECURITY_BITS, "{} bits", conjectured_security_bits(&c));
        assert!(field_limit_bits(&c, RANGE.keccak.1.max(RANGE.sponge.1)) >= SECURITY_BITS);
        // The grinding stays a small share of the count: the rest rests on the queries.
        assert!(c.fri_config.proof_of_work_bits as usize <= SECURITY_BITS / 4);
    }

    /// Every configuration `stark_config_with` makes has the fewest queries that reach the target.
    #[test]
    fn queries_are_the_fewest_that_reach_the_target() {
        for rate_bits in 1..=5 {
            for pow_bits in [0, 16, 20, 24] {
                let c = stark_config_with(rate_bits, pow_bits, 4);
                assert!(conjectured_security_bits(&c) >= SECURITY_BITS);
                let q = c.fri_config.num_query_rounds;
                assert!(rate_bits * (q - 1) + (pow_bits as usize) < SECURITY_BITS, "rate {rate_bits} pow {pow_bits}");
            }
        }
    }
}
