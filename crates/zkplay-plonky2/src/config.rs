//! plonky2 configurations of this crate.
//!
//! plonky2 hashes the public inputs in-circuit with the config's `InnerHasher` (Poseidon), which
//! normally adds its `PoseidonGate` (degree 7). A degree-7 gate forces a blow-up factor of 8
//! (`rate_bits = 3`). [`ZkPoseidonHash`] is the same Poseidon hash (natively it *is*
//! `PoseidonHash`), but its in-circuit permutation uses this crate's degree-3
//! [`PoseidonRoundGate`](crate::gates::PoseidonRoundGate). With every gate at degree <= 3
//! the circuit runs with `rate_bits = 2` and `max_quotient_degree_factor = 4`: half the LDE size
//! and half the constraint-evaluation points, with 42 FRI queries (instead of 28) for the same
//! conjectured security (2 * 42 + 16 PoW bits = 100 bits).

use plonky2::field::extension::quadratic::QuadraticExtension;
use plonky2::field::extension::Extendable;
use plonky2::field::goldilocks_field::GoldilocksField;
use plonky2::hash::hash_types::{HashOut, RichField};
use plonky2::hash::hashing::PlonkyPermutation;
use plonky2::hash::keccak::KeccakHash;
use plonky2::hash::poseidon::{PoseidonHash, PoseidonPermutation, SPONGE_WIDTH};
use plonky2::iop::target::BoolTarget;
use plonky2::plonk::circuit_builder::CircuitBuilder;
use plonky2::plonk::circuit_data::CircuitConfig as PlonkyConfig;
use plonky2::plonk::config::{AlgebraicHasher, GenericConfig, Hasher};

use crate::gates::{poseidon_circuit, RoundGate};

/// plonky2's Poseidon hash, with a low-degree in-circuit permutation.
#[derive(Debug, Copy, Clone, Default, Eq, PartialEq)]
pub struct ZkPoseidonHash;

impl<F: RichField> Hasher<F> for ZkPoseidonHash {
    const HASH_SIZE: usize = <PoseidonHash as Hasher<F>>::HASH_SIZE;
    type Hash = HashOut<F>;
    type Permutation = PoseidonPermutation<F>;

    fn hash_no_pad(input: &[F]) -> Self::Hash {
        PoseidonHash::hash_no_pad(input)
    }
    fn two_to_one(left: Self::Hash, right: Self::Hash) -> Self::Hash {
        PoseidonHash::two_to_one(left, right)
    }
}

impl<F: RichField> AlgebraicHasher<F> for ZkPoseidonHash {
    type AlgebraicPermutation = PoseidonPermutation<plonky2::iop::target::Target>;

    fn permute_swapped<const D: usize>(
        inputs: Self::AlgebraicPermutation,
        swap: BoolTarget,
        builder: &mut CircuitBuilder<F, D>,
    ) -> Self::AlgebraicPermutation
    where
        F: RichField + Extendable<D>,
    {
        let x = inputs.as_ref();
        let mut state: [plonky2::iop::target::Target; SPONGE_WIDTH] = core::array::from_fn(|i| x[i]);
        // Conditionally swap the first two 4-element chunks (used by Merkle proofs only).
        for i in 0..4 {
            state[i] = builder.select(swap, x[4 + i], x[i]);
            state[4 + i] = builder.select(swap, x[i], x[4 + i]);
        }
        Self::AlgebraicPermutation::new(poseidon_circuit(builder, state))
    }
}

/// Keccak Merkle trees (fast to prove, also in wasm).
#[derive(Debug, Copy, Clone, Default, Eq, PartialEq)]
pub struct ZkKeccakConfig;
impl GenericConfig<2> for ZkKeccakConfig {
    type F = GoldilocksField;
    type FE = QuadraticExtension<Self::F>;
    type Hasher = KeccakHash<25>;
    type InnerHasher = ZkPoseidonHash;
}

/// Poseidon Merkle trees (recursion-friendly, slower to prove).
#[derive(Debug, Copy, Clone, Default, Eq, PartialEq)]
pub struct ZkPoseidonConfig;
impl GenericConfig<2> for ZkPoseidonConfig {
    type F = GoldilocksField;
    type FE = QuadraticExtension<Self::F>;
    type Hasher = PoseidonHash;
    type InnerHasher = ZkPoseidonHash;
}

/// The plonky2 circuit configuration: the standard recursion config with 105 routed wires (what
/// one [`RoundGate`] needs), 12 constants (Poseidon round constants), blow-up 4 (`rate_bits = 2`,
/// constraints of degree <= 5 after selectors) and 42 queries.
pub fn plonky_config(zero_knowledge: bool) -> PlonkyConfig {
    let mut c = PlonkyConfig::standard_recursion_config();
    c.num_routed_wires = RoundGate::NUM_ROUTED;
    c.num_constants = SPONGE_WIDTH;
    c.max_quotient_degree_factor = 4;
    c.fri_config.rate_bits = 2;
    c.fri_config.num_query_rounds = 42;
    c.zero_knowledge = zero_knowledge;
    c
}

#[cfg(test)]
mod tests {
    use plonky2::field::types::{Field, Sample};
    use plonky2::hash::poseidon::Poseidon;
    use plonky2::iop::generator::generate_partial_witness;
    use plonky2::iop::target::Target;
    use plonky2::iop::witness::{PartialWitness, Witness, WitnessWrite};

    use super::*;

    type F = GoldilocksField;

    #[test]
    fn poseidon_rounds_match_plonky2() {
        let mut b = CircuitBuilder::<F, 2>::new(plonky_config(false));
        let inputs: [Target; SPONGE_WIDTH] = core::array::from_fn(|_| b.add_virtual_target());
        let outputs = poseidon_circuit(&mut b, inputs);
        let data = b.build::<ZkKeccakConfig>();
        let x: [F; SPONGE_WIDTH] = core::array::from_fn(|_| F::rand());
        let mut pw = PartialWitness::new();
        for (t, v) in inputs.iter().zip(x) {
            pw.set_target(*t, v).unwrap();
        }
        let w = generate_partial_witness(pw, &data.prover_only, &data.common).unwrap();
        let got: Vec<F> = outputs.iter().map(|t| w.get_target(*t)).collect();
        assert_eq!(got, F::poseidon(x).to_vec());
        let _ = F::ONE;
    }
}
