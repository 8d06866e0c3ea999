//! starky's own table tests: constraint degree, and the circuit evaluation (used by the
//! recursive wrapper) agreeing with the native one on random values.

use plonky2::plonk::config::PoseidonGoldilocksConfig;
use starky::stark_testing::{test_stark_circuit_constraints, test_stark_low_degree};
use zkplay_starky::{KeccakStark, SpongeStark, F};

#[test]
fn sponge_degree_and_circuit() {
    test_stark_low_degree::<F, _, 2>(SpongeStark::<F, 2>::new()).unwrap();
    test_stark_circuit_constraints::<F, PoseidonGoldilocksConfig, _, 2>(SpongeStark::<F, 2>::new()).unwrap();
}

#[test]
fn keccak_degree_and_circuit() {
    test_stark_low_degree::<F, _, 2>(KeccakStark::<F, 2>::new()).unwrap();
    test_stark_circuit_constraints::<F, PoseidonGoldilocksConfig, _, 2>(KeccakStark::<F, 2>::new()).unwrap();
}
