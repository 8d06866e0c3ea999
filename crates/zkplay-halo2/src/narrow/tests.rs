//! The narrow circuit against an honest and a malicious prover. Every attack runs through
//! `MockProver` and must fail for the right reason: the exact gate, constraint and row.
//!
//! | attack | what stops it |
//! |---|---|
//! | wrong digest / limbs swapped in the instance | `summary: public inputs`, `D_hi`/`D_lo = instance` |
//! | L-1, L+1, L+136, 2^64, p-1 in the instance | `summary: public inputs`, `L = instance 0` |
//! | L-1 with the padding flags moved one byte earlier | `message`, `padding bits` (byte 135 is `0x81`, not `0x80`) |
//! | `LEN` forged at the block's last row | `message`, `LEN count` |
//! | padding `0x01` missing / moved a byte later, `0x80` missing | `message`, `padding bits` |
//! | flag set on one bit of a byte only | `message: flag constant within a byte` |
//! | flag falls back to 0 after padding began | `message`, `P monotone` |
//! | flag 2 / message "bit" 2 (out of range) | `message`, `P bit` / `M bit` |
//! | all flags cleared: no final block (claim L = 136, D = 0) | `summary: public inputs`, `done = 1` |
//! | the same without the `done = 1` gate | nothing: the attack passes (why the gate exists) |
//! | non-final block taken / dummy block's digest taken | `summary: first final block`, `take` |
//! | `done` forged | `summary: first final block`, `done` |
//! | digest accumulator forged | `squeeze: digest limbs`, `HH` |
//! | `c` of wrong parity / `c = 2` / `d`, `b` flipped | `theta: column parity c`, `theta: d`, `theta-rho-pi: b` |
//! | a χ output bit flipped, the trace recomputed from there, instance = forged digest | `chi-iota: next state` at that one cell |
//! | non-zero initial state | `sponge: absorb` (block 0 absorbs into zero) |

use super::circuit::{NarrowCircuit, NarrowParams};
use super::layout::*;
use super::witness::{witness, witness_with_fault, Witness};
use super::*;
use crate::halo2::dev::{FailureLocation, MockProver, VerifyFailure};
use crate::halo2::halo2curves::{bn256::Fr, ff::PrimeField};
use crate::halo2::plonk::{Circuit, ConstraintSystem};
use crate::{keccak256, public_inputs, Error};
use std::collections::BTreeSet;

fn msg(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 7 + 3) as u8).collect()
}

fn shape(k: u32) -> NarrowParams {
    NarrowParams { k, capacity: narrow_capacity(k), final_guard: true }
}

/// (gate, constraint, row) of every failure; other failure kinds as text.
fn failures(p: NarrowParams, w: Witness, inst: Vec<Fr>) -> BTreeSet<(String, String, usize)> {
    let c = NarrowCircuit { params: p, witness: Some(w) };
    let mock = MockProver::run(p.k, &c, vec![inst]).expect("mock prover runs");
    match mock.verify() {
        Ok(()) => BTreeSet::new(),
        Err(fs) => fs
            .iter()
            .map(|f| match f {
                VerifyFailure::ConstraintNotSatisfied { constraint, location, .. } => {
                    let row = match location {
                        FailureLocation::InRegion { offset, .. } => *offset,
                        FailureLocation::OutsideRegion { row } => *row,
                    };
                    let s = constraint.to_string();
                    let (head, tail) = s.split_once(" in gate ").expect("constraint display");
                    let gate = tail.split_once(" ('").map(|(_, g)| g.trim_end_matches("')")).unwrap_or(tail);
                    let name = head.split_once(" ('").map(|(_, n)| n.trim_end_matches("')")).unwrap_or(head);
                    (gate.to_string(), name.to_string(), row)
                }
                other => ("other".into(), format!("{other:?}"), 0),
            })
            .collect(),
    }
}

fn honest(p: NarrowParams, m: &[u8]) -> (Witness, Vec<Fr>) {
    (witness(m, p.capacity), public_inputs(&keccak256(m), m.len() as u64))
}

/// Sets each `(column, row, value)` of `w`: the cells a forgery changes.
fn forge(w: &mut Witness, cells: &[(usize, usize, Fr)]) {
    for &(col, row, v) in cells {
        w.set(col, row, v);
    }
}

fn assert_only(got: BTreeSet<(String, String, usize)>, want: &[(&str, &str, usize)]) {
    let want: BTreeSet<_> = want.iter().map(|&(g, c, r)| (g.to_string(), c.to_string(), r)).collect();
    assert_eq!(got, want);
}

fn assert_includes(got: &BTreeSet<(String, String, usize)>, want: (&str, &str, usize)) {
    let w = (want.0.to_string(), want.1.to_string(), want.2);
    assert!(got.contains(&w), "{w:?} not among {got:?}");
}

const PUBLIC: &str = "summary: public inputs";
const MSG: &str = "message: bits, padding, length";
const SUMMARY: &str = "summary: first final block";

#[test]
fn shape_and_degree() {
    assert_eq!(narrow_capacity(10), 0);
    assert_eq!(narrow_capacity(11), 1);
    assert_eq!(narrow_capacity(12), 2);
    assert_eq!(narrow_capacity(13), 5);
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = NarrowCircuit::configure_with_params(&mut cs, shape(11));
    // halo2-axiom caps the degree it reports at MAX_DEGREE (5 by default): a gate of higher
    // degree would be silently unsound, so every gate must stay at or below 5.
    let max = cs.gates().iter().flat_map(|g| g.polynomials().iter().map(|p| p.degree())).max().unwrap();
    assert!(max <= 5, "gate degree {max}");
    // Degree 4: extended domain 4 x 2^k and three quotient pieces.
    assert_eq!(max, 4);
    assert_eq!(cs.num_advice_columns(), NUM_ADVICE);
    assert_eq!(cs.lookups().len(), 0);
}

/// The native trace's digest limbs are Keccak-256 (zkplay-wasm-runtime's) for many lengths.
#[test]
fn native_trace_is_keccak() {
    for len in [0usize, 1, 7, 8, 55, 134, 135, 136, 137, 271, 272, 679] {
        let m = msg(len);
        let cap = len / RATE + 1;
        let w = witness(&m, cap);
        let s = summary_row(cap - 1);
        let inst = public_inputs(&keccak256(&m), len as u64);
        assert_eq!([w.get(LACC, s), w.get(DHI, s), w.get(DLO, s)], [inst[0], inst[1], inst[2]], "len {len}");
    }
}

#[test]
fn honest_lengths_pass() {
    for (k, lens) in [(11, vec![0usize, 1, 135]), (12, vec![0, 1, 135, 136, 137, 271])] {
        let p = shape(k);
        for len in lens {
            let (w, inst) = honest(p, &msg(len));
            assert_only(failures(p, w, inst), &[]);
        }
    }
}

fn k11() -> NarrowParams {
    shape(11)
}

#[test]
fn wrong_digest_or_length_in_instance() {
    let p = k11();
    let m = msg(100);
    let s = summary_row(0);
    let (w, inst) = honest(p, &m);
    let mut bad = inst.clone();
    bad[2] += Fr::from(1);
    assert_only(failures(p, w.clone(), bad), &[(PUBLIC, "D_lo = instance 2", s)]);
    let mut bad = inst.clone();
    bad.swap(1, 2);
    assert_only(failures(p, w.clone(), bad), &[(PUBLIC, "D_hi = instance 1", s), (PUBLIC, "D_lo = instance 2", s)]);
    let big = Fr::from_u128(1u128 << 64);
    for l in [Fr::from(99), Fr::from(101), Fr::from(236), big, -Fr::from(1)] {
        let mut bad = inst.clone();
        bad[0] = l;
        assert_only(failures(p, w.clone(), bad), &[(PUBLIC, "L = instance 0", s)]);
    }
}

/// L - 1 for a 135-byte message: flag byte 134 too, keep the bytes. Byte 134 would have to be
/// `0x01` and byte 135 exactly `0x80`; the message's last byte and the `0x81` refuse it.
#[test]
fn length_minus_one_with_flags_moved() {
    let p = k11();
    let m = msg(135);
    let (mut w, mut inst) = honest(p, &m);
    for k in 0..8 {
        w.set(P, 8 * 134 + k, Fr::from(1));
    }
    for r in 8 * 134..MSG_ROWS {
        w.set(LEN, r, Fr::from(134));
    }
    let s = summary_row(0);
    w.set(LACC, s, Fr::from(134));
    inst[0] = Fr::from(134);
    let got = failures(p, w, inst);
    // Bit 0 of byte 135 is 1 (0x81) but byte 135 is no longer the first padding byte.
    assert_includes(&got, (MSG, "padding bits", 8 * 135));
    assert!(got.iter().all(|(g, c, _)| g == MSG && c == "padding bits"), "{got:?}");
}

#[test]
fn len_forged_at_block_end() {
    let p = k11();
    let (mut w, mut inst) = honest(p, &msg(50));
    w.set(LEN, MSG_ROWS - 1, Fr::from(51));
    w.set(LACC, summary_row(0), Fr::from(51));
    inst[0] = Fr::from(51);
    assert_only(failures(p, w, inst), &[(MSG, "LEN count", MSG_ROWS - 1)]);
}

/// Forged padding bytes. The edit leaves the sponge as it was, so the absorb gate (and the
/// parity gate of round 0, and the digest) also object; those are set aside here: what is shown
/// is that the padding rule alone refuses the block, at the forged bit.
fn forged_block(p: NarrowParams, m: &[u8], edit: impl Fn(&mut Witness)) -> BTreeSet<(String, String, usize)> {
    let (mut w, inst) = honest(p, m);
    edit(&mut w);
    failures(p, w, inst)
        .into_iter()
        .filter(|(g, _, _)| g != "sponge: absorb" && g != "theta: column parity c" && g != PUBLIC)
        .collect()
}

#[test]
fn forged_padding_bytes() {
    let p = k11();
    let m = msg(10);
    // 0x01 missing (byte 10, bit 0).
    let got = forged_block(p, &m, |w| w.set(M, 80, Fr::from(0)));
    assert_only(got, &[(MSG, "padding bits", 80)]);
    // 0x01 moved one byte later: byte 10 = 0, byte 11 = 0x01.
    let got = forged_block(p, &m, |w| {
        w.set(M, 80, Fr::from(0));
        w.set(M, 88, Fr::from(1));
    });
    assert_only(got, &[(MSG, "padding bits", 80), (MSG, "padding bits", 88)]);
    // 0x80 missing.
    let got = forged_block(p, &m, |w| w.set(M, MSG_ROWS - 1, Fr::from(0)));
    assert_only(got, &[(MSG, "padding bits", MSG_ROWS - 1)]);
    // A non-zero byte after the message end.
    let got = forged_block(p, &m, |w| w.set(M, 8 * 20 + 3, Fr::from(1)));
    assert_only(got, &[(MSG, "padding bits", 8 * 20 + 3)]);
}

#[test]
fn padding_flags_forged() {
    let p = k11();
    let m = msg(10);
    let (w, inst) = honest(p, &m);
    // Flag set on bit 3 of a message byte only.
    let mut bad = w.clone();
    bad.set(P, 8 * 5 + 3, Fr::from(1));
    let got = failures(p, bad, inst.clone());
    assert_includes(&got, ("message: flag constant within a byte", "P constant in byte", 8 * 5 + 3));
    // Flag falls back to 0 on byte 30 (after padding began at byte 10), bytes kept.
    let mut bad = w.clone();
    for k in 0..8 {
        bad.set(P, 8 * 30 + k, Fr::from(0));
    }
    let got = failures(p, bad, inst.clone());
    assert_includes(&got, (MSG, "P monotone", 8 * 30));
    // Out of range: a flag of 2 and a message "bit" of 2.
    let mut bad = w.clone();
    bad.set(P, 8 * 40, Fr::from(2));
    assert_includes(&failures(p, bad, inst.clone()), (MSG, "P bit", 8 * 40));
    let mut bad = w.clone();
    bad.set(M, 8 * 2, Fr::from(2));
    assert_includes(&failures(p, bad, inst), (MSG, "M bit", 8 * 2));
}

/// A 2-block message in a 1-block circuit: block 0 is all message, no block is final, and the
/// running selection ends with `L = 136`, `D = 0`: "some 136-byte message hashes to 0".
/// Without the `done = 1` gate that proves; with it, it is refused there.
#[test]
fn no_final_block_attack_needs_the_done_gate() {
    let m = msg(200);
    let w = witness(&m, 1);
    let inst = vec![Fr::from(136), Fr::from(0), Fr::from(0)];
    let unguarded = NarrowParams { final_guard: false, ..k11() };
    assert_only(failures(unguarded, w.clone(), inst.clone()), &[]);
    assert_only(failures(k11(), w, inst), &[(PUBLIC, "done = 1", summary_row(0))]);
}

/// The same claim by clearing every flag of a short message's only block.
#[test]
fn flags_cleared_no_final_block() {
    let p = k11();
    let (mut w, _) = honest(p, &msg(10));
    for r in 0..MSG_ROWS {
        w.set(P, r, Fr::from(0));
        w.set(LEN, r, Fr::from((r / 8 + 1) as u64));
    }
    let s = summary_row(0);
    for col in [TAKE, DONE, DHI, DLO] {
        w.set(col, s, Fr::from(0));
    }
    w.set(LACC, s, Fr::from(136));
    let inst = vec![Fr::from(136), Fr::from(0), Fr::from(0)];
    assert_only(failures(p, w, inst), &[(PUBLIC, "done = 1", s)]);
}

/// Block selection at k = 12 (two blocks): another block's digest cannot be taken.
#[test]
fn selection_of_the_first_final_block() {
    let p = shape(12);
    let (s0, s1) = (summary_row(0), summary_row(1));
    // One-block message: block 1 is a dummy (empty-message) block. Take its digest instead.
    let m = msg(20);
    let (mut w, _) = honest(p, &m);
    let (hh1, hl1) = (w.get(HH, s1), w.get(HL, s1));
    let (zero, one) = (Fr::from(0), Fr::from(1));
    #[rustfmt::skip]
    forge(&mut w, &[
        (TAKE, s0, zero), (DONE, s0, zero), (DHI, s0, zero), (DLO, s0, zero),
        (TAKE, s1, one), (DONE, s1, one), (LACC, s1, Fr::from(20)), (DHI, s1, hh1), (DLO, s1, hl1),
    ]);
    let inst = vec![Fr::from(20), hh1, hl1];
    assert_only(failures(p, w, inst), &[(SUMMARY, "take", s0)]);

    // Two-block message: take block 0 (not final) as the digest of "its first 136 bytes".
    let m = msg(150);
    let (mut w, _) = honest(p, &m);
    let (hh0, hl0) = (w.get(HH, s0), w.get(HL, s0));
    #[rustfmt::skip]
    forge(&mut w, &[
        (TAKE, s0, one), (DONE, s0, one), (DHI, s0, hh0), (DLO, s0, hl0),
        (TAKE, s1, zero), (LACC, s1, Fr::from(136)), (DHI, s1, hh0), (DLO, s1, hl0),
    ]);
    let inst = vec![Fr::from(136), hh0, hl0];
    assert_only(failures(p, w, inst), &[(SUMMARY, "take", s0)]);

    // `done` forged to 1 on block 0 of a two-block message (so block 1 is never "taken").
    let (mut w, inst) = honest(p, &m);
    w.set(DONE, s0, Fr::from(1));
    let got = failures(p, w, inst);
    assert_includes(&got, (SUMMARY, "done", s0));
}

#[test]
fn digest_accumulator_forged() {
    let p = k11();
    let (mut w, mut inst) = honest(p, &msg(3));
    let sq = squeeze_start(0);
    // Add 1 to HH from row 10 on (as if bit 0 of byte 7 of lane 0 were set), and claim it.
    for z in 10..LANE_BITS {
        let v = w.get(HH, sq + z) + Fr::from(1);
        w.set(HH, sq + z, v);
    }
    let s = summary_row(0);
    let v = w.get(DHI, s) + Fr::from(1);
    w.set(DHI, s, v);
    inst[1] = v;
    assert_only(failures(p, w, inst), &[("squeeze: digest limbs", "HH", sq + 10)]);
}

#[test]
fn flipped_theta_values() {
    let p = k11();
    let (w, inst) = honest(p, &msg(30));
    let row = round_start(0, 5) + 17;
    let flip = |w: &mut Witness, col: usize, row: usize| {
        let v = Fr::from(1) - w.get(col, row);
        w.set(col, row, v);
    };
    // c of the wrong parity; c = 2 (still "even" against a sum of 2 or 4).
    let mut bad = w.clone();
    flip(&mut bad, c(2), row);
    assert_includes(&failures(p, bad, inst.clone()), ("theta: column parity c", "c2 parity", row));
    let mut bad = w.clone();
    let v = bad.get(c(2), row) + Fr::from(2);
    bad.set(c(2), row, v);
    assert_includes(&failures(p, bad, inst.clone()), ("theta: column parity c", "c2 bit", row));
    // d flipped.
    let mut bad = w.clone();
    flip(&mut bad, d(3), row);
    assert_includes(&failures(p, bad, inst.clone()), ("theta: d", "d3", row));
    // b (θ+ρ+π output) flipped: refused by its own gate.
    let mut bad = w.clone();
    flip(&mut bad, b(7), row);
    let got = failures(p, bad, inst.clone());
    let src = (0..25).find(|&i| pi(i) == 7).unwrap();
    assert_includes(&got, ("theta-rho-pi: b", &format!("b7 from lane {src}"), row));
}

/// One χ output bit flipped and the rest of the trace recomputed from the forged state, with
/// the instance set to the digest that trace produces: only that χ cell is refused.
#[test]
fn flipped_chi_output_consistent_trace() {
    let p = k11();
    let m = msg(64);
    let (t, lane, z) = (11, 6, 40);
    let w = witness_with_fault(&m, p.capacity, Some((0, t, lane, z)));
    let s = summary_row(0);
    let inst = vec![w.get(LACC, s), w.get(DHI, s), w.get(DLO, s)];
    assert_ne!(inst, public_inputs(&keccak256(&m), 64), "the fault changes the digest");
    assert_only(failures(p, w, inst), &[("chi-iota: next state", &format!("chi lane {lane}"), round_start(0, t) + z)]);
}

#[test]
fn nonzero_initial_state() {
    let p = k11();
    let (mut w, inst) = honest(p, &msg(5));
    // Block 0's absorb-region `a` is not read (the state before block 0 is zero by the gate).
    let mut ignored = w.clone();
    ignored.set(a(20), 9, Fr::from(1));
    assert_only(failures(p, ignored, inst.clone()), &[]);
    // Round 0 starting from a state with lane 20, bit 9 set: refused by the absorb gate.
    w.set(a(20), round_start(0, 0) + 9, Fr::from(1));
    let got = failures(p, w, inst);
    assert_includes(&got, ("sponge: absorb", "absorb lane 20", 9));
}

/// A message over the capacity is refused with a clear error before proving.
#[test]
fn over_capacity_is_an_error() {
    let s = setup11();
    let e = s.prove(&msg(136)).unwrap_err();
    assert!(matches!(e, Error::OverCapacity { capacity: 1, suggested_k: Some(12), .. }), "{e}");
}

fn setup11() -> &'static NarrowSetup {
    crate::tests::narrow11()
}

/// One real proof per edge length of k = 11 (0, 1, 135): verifies; wrong digest, length and a
/// flipped proof byte do not; out-of-range public inputs are refused before the proof.
#[test]
fn real_proof_round_trip() {
    let s = setup11();
    for len in [0usize, 1, 135] {
        let out = crate::tests::proven_narrow(s, &msg(len));
        assert_eq!(out.proof.len(), s.proof_bytes());
        assert_eq!(s.verify(&out.proof, &out.digest, len as u64), Ok(()));
        if len != 1 {
            continue;
        }
        let mut d = out.digest;
        d[0] ^= 1;
        assert!(matches!(s.verify(&out.proof, &d, 1), Err(Error::VerificationFailed(_))));
        assert!(matches!(s.verify(&out.proof, &out.digest, 0), Err(Error::VerificationFailed(_))));
        assert!(matches!(s.verify(&out.proof, &out.digest, 2), Err(Error::VerificationFailed(_))));
        assert!(matches!(s.verify(&out.proof, &out.digest, 136), Err(Error::InvalidInput(_))));
        assert!(matches!(s.verify(&out.proof, &out.digest[..31], 1), Err(Error::InvalidInput(_))));
        for pos in [0usize, 100, out.proof.len() / 2, out.proof.len() - 1] {
            let mut bad = out.proof.clone();
            bad[pos] ^= 0x20;
            assert!(s.verify(&bad, &out.digest, 1).is_err(), "flip at {pos}");
        }
        println!("narrow k=11 proof: {} bytes", out.proof.len());
    }
}

/// The knob: either circuit behind one API; a proof verifies only under the setup that made it.
#[test]
fn circuit_choice_knob() {
    assert_eq!(CircuitChoice::narrow_for_len(135), Some(CircuitChoice::Narrow { k: 11 }));
    assert_eq!(CircuitChoice::narrow_for_len(136), Some(CircuitChoice::Narrow { k: 12 }));
    let narrow = AnySetup::new(CircuitChoice::Narrow { k: 11 }).unwrap();
    let zkevm = AnySetup::new(CircuitChoice::Zkevm(crate::Params { k: 10, rows_per_round: 12 })).unwrap();
    let m = msg(40);
    for (s, other) in [(&narrow, &zkevm), (&zkevm, &narrow)] {
        let out = s.prove(&m).unwrap();
        assert_eq!(out.proof.len(), s.proof_bytes());
        assert_eq!(s.verify(&out.proof, &out.digest, 40), Ok(()));
        assert!(
            other.verify(&out.proof, &out.digest, 40).is_err(),
            "{:?} proof under {:?}",
            s.choice(),
            other.choice()
        );
    }
    assert!(matches!(AnySetup::new(CircuitChoice::Narrow { k: 10 }), Err(Error::InvalidParams(_))));
}
