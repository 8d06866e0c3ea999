use bellman::gadgets::test::TestConstraintSystem;
use bellman::Circuit;
use bls12_381::Scalar;

use crate::circuit::{public_inputs, PreimageCircuit, Witness};

use crate::blake2s256 as blake2s;

fn synthesized(message: &[u8], blocks: usize) -> TestConstraintSystem<Scalar> {
    let mut cs = TestConstraintSystem::new();
    PreimageCircuit::new(blocks, Some(Witness::honest(message, blocks))).synthesize(&mut cs).unwrap();
    cs
}

#[test]
fn every_length_up_to_the_capacity_hashes_as_blake2s() {
    let blocks = 2;
    for len in [0, 1, 55, 63, 64, 65, 100, 127, 128] {
        let message: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        let cs = synthesized(&message, blocks);
        assert!(cs.is_satisfied(), "{len}: {:?}", cs.which_is_unsatisfied());
        let want = public_inputs(len as u64, &blake2s(&message));
        assert!(cs.verify(&want), "{len}: public inputs differ from (L, BLAKE2s(M))");
    }
}

#[test]
fn constraint_count_is_the_stated_formula() {
    for blocks in [1, 2, 3] {
        assert_eq!(synthesized(b"abc", blocks).num_constraints(), crate::constraints(blocks), "{blocks} blocks");
    }
}
