//! The malicious prover: forged witnesses against each rule of the circuit (src/circuit.rs).
//! Each attack is refused by the circuit (some constraint fails), and accepted by a copy of the
//! circuit without the rule that stops it (`PreimageCircuit::without`), with public inputs for a
//! statement that is false: so each rule is needed, and each test would catch its loss.
use bellman::gadgets::test::TestConstraintSystem;
use bellman::Circuit;
use bls12_381::Scalar;
use zkplay_bellman::blake2s256;
use zkplay_bellman::circuit::{public_inputs, PreimageCircuit, Rule, Witness};

/// Synthesizes `circuit`, lets `tamper` change assigned values, and returns the system.
fn run(
    circuit: PreimageCircuit,
    tamper: impl FnOnce(&mut TestConstraintSystem<Scalar>),
) -> TestConstraintSystem<Scalar> {
    let mut cs = TestConstraintSystem::new();
    circuit.synthesize(&mut cs).expect("synthesis");
    tamper(&mut cs);
    cs
}

/// The attack: refused by the real circuit; accepted by the circuit without `rule`, where the
/// statement it proves — (`length`, the digest the weakened circuit exposes) — is not
/// "BLAKE2s of the message's first `length` bytes".
fn attack(
    blocks: usize,
    witness: Witness,
    rule: Rule,
    tamper: impl Fn(&mut TestConstraintSystem<Scalar>, &str),
) -> TestConstraintSystem<Scalar> {
    let honest = run(PreimageCircuit::new(blocks, Some(witness.clone())), |cs| tamper(cs, "strict"));
    assert!(!honest.is_satisfied(), "the circuit accepted the forgery ({rule:?})");
    let weak = run(PreimageCircuit::new(blocks, Some(witness.clone())).without(rule), |cs| tamper(cs, "weak"));
    assert!(weak.is_satisfied(), "without {rule:?} the forgery should pass: {:?}", weak.which_is_unsatisfied());
    let l = witness.length as usize;
    let truthful = public_inputs(witness.length, &blake2s256(&witness.bytes[..l.min(witness.bytes.len())]));
    assert!(!weak.verify(&truthful), "the weakened circuit's statement is true: no forgery");
    weak
}

fn message(len: usize) -> Vec<u8> {
    (0..len).map(|i| b'a' + (i % 26) as u8).collect()
}

/// The digest the weakened circuit exposes, as the verifier would be given it.
fn forged_statement_verifies(cs: &TestConstraintSystem<Scalar>, length: u64, digest: [u8; 32]) -> bool {
    cs.verify(&public_inputs(length, &digest))
}

#[test]
fn final_flag_on_an_earlier_block_claims_a_prefix_digest() {
    // 100 bytes, but block 0 flagged final: the digest of the first 64 bytes, claimed for L = 100.
    let m = message(100);
    let mut w = Witness::honest(&m, 2);
    w.final_block = vec![true, false];
    w.counters[0] = 64;
    let weak = attack(2, w, Rule::FinalFromMask, |_, _| {});
    assert!(forged_statement_verifies(&weak, 100, blake2s256(&m[..64])));
}

#[test]
fn final_flag_on_a_later_block_takes_a_digest_after_the_final_one() {
    let m = message(10);
    let mut w = Witness::honest(&m, 2);
    w.final_block = vec![false, true];
    attack(2, w, Rule::FinalFromMask, |_, _| {});
}

#[test]
fn no_final_flag_would_expose_the_zero_digest() {
    let m = message(10);
    let mut w = Witness::honest(&m, 2);
    w.final_block = vec![false, false];
    let weak = attack(2, w, Rule::FinalFromMask, |_, _| {});
    assert!(forged_statement_verifies(&weak, 10, [0; 32]), "a proof for the all-zero digest");
}

#[test]
fn counter_not_equal_to_l_claims_the_digest_of_a_longer_message() {
    // t = 11 on a 10-byte message: the digest of M || 0x00, claimed for L = 10.
    let m = message(10);
    let mut w = Witness::honest(&m, 1);
    w.counters[0] = 11;
    let weak = attack(1, w, Rule::CounterFromMask, |_, _| {});
    let mut longer = m.clone();
    longer.push(0);
    assert!(forged_statement_verifies(&weak, 10, blake2s256(&longer)));
}

#[test]
fn a_byte_after_the_message_changes_the_digest() {
    let m = message(10);
    let mut w = Witness::honest(&m, 1);
    w.bytes[10] = 0x41;
    attack(1, w, Rule::ZerosAfterMessage, |_, _| {});
}

#[test]
fn a_non_boolean_mask_bit_claims_a_length_beyond_the_capacity() {
    // One block holds 64 bytes; a mask bit of 2 at the last position counts 65.
    let mut bytes = message(63);
    bytes.push(0);
    let w = Witness { length: 65, bytes, in_message: vec![true; 64], final_block: vec![true], counters: vec![65] };
    attack(1, w, Rule::MaskBoolean, |cs, which| {
        let path = if which == "strict" { "in 63/boolean" } else { "in 63" };
        cs.set(path, Scalar::from(2u64));
    });
}

#[test]
fn a_length_beyond_the_capacity_has_no_witness() {
    // The mask's 64 booleans sum to at most 64: L = 65 cannot be matched by an honest-shaped witness.
    let m = message(64);
    let mut w = Witness::honest(&m, 1);
    w.length = 65;
    let cs = run(PreimageCircuit::new(1, Some(w)), |_| {});
    assert!(!cs.is_satisfied());
    assert_eq!(cs.which_is_unsatisfied(), Some("the mask counts L bytes"));
}

#[test]
fn honest_witnesses_satisfy_the_circuit() {
    for (len, blocks) in [(0, 1), (64, 1), (65, 2), (128, 2)] {
        let m = message(len);
        let cs = run(PreimageCircuit::new(blocks, Some(Witness::honest(&m, blocks))), |_| {});
        assert!(cs.is_satisfied() && cs.verify(&public_inputs(len as u64, &blake2s256(&m))), "{len}");
    }
}
