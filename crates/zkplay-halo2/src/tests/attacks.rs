//! Malicious-prover tests: every attack class against the binding of `(L, D)` to the absorbed
//! message (alike attacks as a table run by one test, whose failure names the case), each run
//! through `MockProver` and checked to fail for the right reason (the exact gate, constraint and row, or the exact copy constraint to an instance
//! cell), with a control that passes where a forged witness is built by hand.
//!
//! Shape: k = 10, 12 rows per round, capacity 2 blocks (squeeze rows `S0 = 300`, `S1 = 600`;
//! the first row of round `r` of block 0 is `12 * (1 + r)`; `L` is copied from `bytes_left` at
//! row 12).
//!
//! | attack | what stops it |
//! |---|---|
//! | padding `0x01` missing | Keccak gate `padding`, "padding start/intermediate byte" |
//! | padding `0x01` moved one byte later | `padding`, "padding start/intermediate byte" (both bytes) |
//! | padding `0x80` missing | `padding`, "padding start/end byte" |
//! | last padding flag cleared (block has no `0x80` padding byte) | `padding` "padding step boolean" + `is final` |
//! | non-zero byte after the message end | `padding`, "padding start/intermediate byte" |
//! | non-final block taken as the digest | `zkplay: first squeeze row` (take = is_final) |
//! | non-final block declared final | Keccak gate `is final` (is_final = last is_padding) |
//! | second message's digest, instances only | copy constraints: instance rows 1, 2 |
//! | second message selected by `take` | `zkplay: first squeeze row` (take = is_final) |
//! | dummy (empty-message) hash, instances only | copy constraints: instance rows 1, 2 |
//! | dummy hash selected by `take` | `zkplay: first squeeze row` (take = is_final) |
//! | L-1, L+1, L=136, L=200, L=p-1, L=2^64 in the instance | copy constraint: instance row 0 |
//! | same, `bytes_left` countdown forged to match | Keccak gate `bytes_left`, "bytes_left should be 0 when is_final" at S0 |
//! | digest limbs swapped / shifted by a byte | copy constraints: instance rows 1, 2 |
//! | accumulators swapped | `zkplay: later squeeze rows` (acc_lo, acc_hi) |
//! | `is_final = 1` mid-block (cuts the countdown) | `zkplay: is_final = 0 on non-squeeze rounds` |
//! | `done` forged | `zkplay: first squeeze row` (done = take) |
//! | `take` forged after `done` | `zkplay: later squeeze rows` (take = (1 - done_prev) is_final) + `a final block exists` |
//! | `acc_lo` / `acc_hi` forged | `zkplay: later squeeze rows` / `zkplay: first squeeze row` (acc = acc_prev + take hash) |
//! | `is_final` cleared on both squeeze rows | `zkplay: a final block exists` + Keccak `is final`, `absorb` |
//! | no final block within the capacity (claim "Keccak-256 = 0") | `zkplay: a final block exists` |

use crate::circuit::*;
use crate::circuit::{advice_index, padding_cells, squeeze_row, Col, Tamper, ROUNDS_PER_BLOCK};
use crate::halo2::dev::{metadata, AdviceCellValue, CellValue, FailureLocation, MockProver, VerifyFailure};
use crate::halo2::halo2curves::{bn256::Fr, ff::PrimeField};
use crate::halo2::plonk::Any;
use crate::halo2::plonk::Circuit;
use crate::params::*;
use crate::tests::msg;
use crate::*;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use zkevm_hashes::keccak::vanilla::{keccak_packed_multi::KeccakRow, witness::multi_keccak};

const K: u32 = 10;
const R: usize = 12;
/// Squeeze rows of blocks 0 and 1.
const S0: usize = ROUNDS_PER_BLOCK * R;
const S1: usize = 2 * ROUNDS_PER_BLOCK * R;

fn shape(guard: bool) -> WrapperParams {
    shape_with(guard, true)
}

/// The shape with or without our `q_mid` and `q_last` gates (only to show the attacks they stop).
fn shape_with(mid_round_guard: bool, final_guard: bool) -> WrapperParams {
    let mut p = wrapper_params(K, R, capacity_blocks(K, R));
    p.mid_round_guard = mid_round_guard;
    p.final_guard = final_guard;
    assert_eq!(p.capacity, 2);
    assert_eq!((squeeze_row(R, 0), squeeze_row(R, 1)), (S0, S1));
    p
}

/// First row of round `r` of block 0.
fn round_row(r: usize) -> usize {
    R * (1 + r)
}

/// One `MockProver` failure, reduced to what identifies it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Failure {
    /// Constraint `constraint` (its name, or its index if unnamed) of gate `gate` at `row`.
    Gate {
        gate: String,
        constraint: String,
        row: usize,
    },
    /// Copy (equality) constraint broken at a cell: `instance` column or advice column `column`.
    Copy {
        instance: bool,
        column: usize,
        row: usize,
    },
    Lookup {
        name: String,
        row: usize,
    },
    Other(String),
}

fn gate(gate: &str, constraint: &str, row: usize) -> Failure {
    Failure::Gate { gate: gate.into(), constraint: constraint.into(), row }
}

fn instance(row: usize) -> Failure {
    Failure::Copy { instance: true, column: 0, row }
}

fn advice(col: Col, row: usize) -> Failure {
    Failure::Copy { instance: false, column: advice_index(shape(true), col), row }
}

fn row_of(l: &FailureLocation) -> usize {
    match l {
        // One region, "keccak + binding", laid out from row 0: offsets are rows.
        FailureLocation::InRegion { region, offset } => {
            assert!(region.to_string().contains("keccak + binding"), "{region}");
            *offset
        }
        FailureLocation::OutsideRegion { row } => *row,
    }
}

/// "Constraint 3 ('name') in gate 7 ('gate name')" -> ("gate name", "name" or "3").
fn parse_constraint(c: &metadata::Constraint) -> (String, String) {
    let s = c.to_string();
    let (head, tail) = s.split_once(" in gate ").expect("constraint display");
    let gate = tail.split_once(" ('").map(|(_, g)| g.trim_end_matches("')")).unwrap_or(tail);
    let head = head.trim_start_matches("Constraint ");
    let name = head.split_once(" ('").map(|(_, n)| n.trim_end_matches("')")).unwrap_or(head);
    (gate.to_string(), name.to_string())
}

impl From<&VerifyFailure> for Failure {
    fn from(f: &VerifyFailure) -> Self {
        match f {
            VerifyFailure::ConstraintNotSatisfied { constraint, location, .. } => {
                let (gate, constraint) = parse_constraint(constraint);
                Failure::Gate { gate, constraint, row: row_of(location) }
            }
            VerifyFailure::Permutation { column, location } => Failure::Copy {
                instance: matches!(column.column_type(), Any::Instance),
                column: column.index(),
                row: row_of(location),
            },
            VerifyFailure::Lookup { name, location, .. } => {
                Failure::Lookup { name: name.clone(), row: row_of(location) }
            }
            other => Failure::Other(other.to_string()),
        }
    }
}

/// The fixed columns of the circuit as key generation lays them out (an honest assignment).
fn keygen_fixed() -> &'static Vec<Vec<CellValue<Fr>>> {
    static F: OnceLock<Vec<Vec<CellValue<Fr>>>> = OnceLock::new();
    F.get_or_init(|| MockProver::run(K, &honest(b""), vec![public_inputs(&keccak256(b""), 0)]).unwrap().fixed().clone())
}

/// The failures of `c` with instance column `inst` (deduplicated, sorted); empty if satisfied.
/// First checks that `c` changes advice cells only: its fixed columns (selectors, round
/// constants, lookup tables) are those of the verifying key.
fn failures(c: &PreimageCircuit, inst: Vec<Fr>) -> BTreeSet<Failure> {
    let prover = MockProver::run(K, c, vec![inst]).expect("MockProver::run");
    assert!(prover.fixed() == keygen_fixed(), "a forged witness may not change fixed columns");
    match prover.verify() {
        Ok(()) => BTreeSet::new(),
        Err(v) => v.iter().map(Failure::from).collect(),
    }
}

/// Asserts that `c` fails with exactly the `expected` failures (nothing else fails).
#[track_caller]
fn assert_caught(c: &PreimageCircuit, inst: Vec<Fr>, expected: &[Failure]) {
    assert_caught_as("attack", c, inst, expected);
}

/// [`assert_caught`] for the case `what` of a table of attacks: a failure names it.
#[track_caller]
fn assert_caught_as(what: &str, c: &PreimageCircuit, inst: Vec<Fr>, expected: &[Failure]) {
    let got = failures(c, inst);
    for f in &got {
        println!("  {what}: caught {f:?}");
    }
    let want: BTreeSet<Failure> = expected.iter().cloned().collect();
    assert!(!got.is_empty(), "{what}: the forged witness was accepted");
    assert_eq!(got, want, "{what}: failed, but not (only) for the expected reasons");
}

#[track_caller]
fn assert_accepted(c: &PreimageCircuit, inst: Vec<Fr>) {
    let got = failures(c, inst);
    assert!(got.is_empty(), "control must be satisfied: {got:?}");
}

fn rows_for(msgs: &[Vec<u8>], sh: WrapperParams) -> Vec<KeccakRow<Fr>> {
    multi_keccak::<Fr>(msgs, Some(sh.capacity), sh.keccak).0
}

fn honest(m: &[u8]) -> PreimageCircuit {
    let sh = shape(true);
    PreimageCircuit::new(sh, Some(rows_for(&[m.to_vec()], sh)))
}

fn forged(rows_of: &PreimageCircuit, t: Tamper) -> PreimageCircuit {
    PreimageCircuit { params: rows_of.params, rows: rows_of.rows.clone(), tamper: Some(t) }
}

/// Instances from raw field elements (for values no `(digest, u64)` can express).
fn raw_instances(l: Fr, d: &[u8; 32]) -> Vec<Fr> {
    let mut v = public_inputs(d, 0);
    v[0] = l;
    v
}

/// The digest limbs `[hi, lo]` of a 32-byte digest.
fn limbs(d: &[u8; 32]) -> [Fr; 2] {
    let v = public_inputs(d, 0);
    [v[1], v[2]]
}

/// Keccak-f applied once to the zero state after absorbing `block` (136 bytes), squeezed: the
/// digest a final block `block` would produce (for an honestly padded block, Keccak-256 of the
/// message).
fn keccak_f_digest(block: &[u8; RATE]) -> [u8; 32] {
    let mut st = [0u64; 25];
    for (i, w) in block.chunks(8).enumerate() {
        st[i] ^= u64::from_le_bytes(w.try_into().unwrap());
    }
    tiny_keccak::keccakf(&mut st);
    let mut out = [0u8; 32];
    for i in 0..4 {
        out[8 * i..8 * i + 8].copy_from_slice(&st[i].to_le_bytes());
    }
    out
}

/// Honest Keccak padding of a message of `len < 136` bytes `m` into one block.
fn padded_block(m: &[u8]) -> [u8; RATE] {
    assert!(m.len() < RATE);
    let mut b = [0u8; RATE];
    b[..m.len()].copy_from_slice(m);
    b[m.len()] |= 0x01;
    b[RATE - 1] |= 0x80;
    b
}

/// A witness in which block 0 absorbs the 136 bytes `block` (from the zero state) and is
/// declared final, with padding flags `pad` (byte `i` is padding iff `pad[i]`): the Keccak-f
/// cells are honest (taken from the witness of the 2-block message `block || 0x00`, whose
/// first block absorbs exactly `block` with no padding), then the `is_padding` cells, the
/// `word_value`s, the `bytes_left` countdown (consistent with `pad`), `is_final` at S0 and the
/// squeezed digest are set as a prover who wants `block` to be a final block would set them.
/// The rest of the capacity holds an honest empty-message hash. Returns the circuit and the
/// digest it claims.
fn forged_final_block(block: &[u8; RATE], pad: &[bool; RATE]) -> (PreimageCircuit, [u8; 32]) {
    let sh = shape(true);
    let mut x = block.to_vec();
    x.push(0);
    let rows_x = multi_keccak::<Fr>(&[x], None, sh.keccak).0;
    let rows_rest = multi_keccak::<Fr>(&[], Some(sh.capacity - 1), sh.keccak).0;
    let mut rows: Vec<KeccakRow<Fr>> = rows_x[..R + ROUNDS_PER_BLOCK * R].to_vec();
    rows.extend_from_slice(&rows_rest[R..]);
    assert_eq!(rows.len(), R * (1 + ROUNDS_PER_BLOCK * sh.capacity));

    let cells = padding_cells(sh);
    let mut t = Tamper::default();
    // Padding flags and masked words of the 17 input rounds.
    for r in 0..17 {
        let mut word = 0u64;
        #[allow(clippy::needless_range_loop, reason = "b also places the byte in the round (i = 8r + b)")]
        for b in 0..8 {
            let i = 8 * r + b;
            let (col, rot) = cells[b];
            t.set(Col::Advice(col), (round_row(r) as i32 + rot) as usize, Fr::from(pad[i] as u64));
            if !pad[i] {
                word |= (block[i] as u64) << (8 * b);
            }
        }
        t.set(Col::WordValue, round_row(r), Fr::from(word));
    }
    // bytes_left countdown: 0 from round 17 to S0, + non-padding bytes of each input round.
    let mut left = 0u64;
    for r in (0..ROUNDS_PER_BLOCK).rev() {
        if r < 17 {
            left += (0..8).filter(|b| !pad[8 * r + b]).count() as u64;
        }
        t.set(Col::BytesLeft, round_row(r), Fr::from(left));
    }
    t.set(Col::IsFinal, S0, Fr::from(1u64));
    let d = keccak_f_digest(block);
    let [hi, lo] = limbs(&d);
    t.set(Col::HashHi, S0, hi).set(Col::HashLo, S0, lo);
    (PreimageCircuit { params: sh, rows: Some(rows), tamper: Some(t) }, d)
}

/// Padding flags of an honest message of `len` bytes in one block.
fn honest_flags(len: usize) -> [bool; RATE] {
    std::array::from_fn(|i| i >= len)
}

const M5: &[u8] = b"hello";

/// Control for the padding attacks: the hand-forged witness of `forged_final_block`, fed the
/// honest padded block of "hello" and honest flags, satisfies the circuit and claims exactly
/// `(5, keccak256("hello"))`. So every failure below comes from the one thing each attack
/// changes, not from the harness.
#[test]
fn forged_block_harness_is_faithful() {
    let (c, d) = forged_final_block(&padded_block(M5), &honest_flags(5));
    assert_eq!(d, keccak256(M5));
    assert_accepted(&c, public_inputs(&d, 5));
}

/// A forged final block: the case's name, the block, its padding flags, the claimed length and
/// exactly what stops it.
type FinalBlockCase = (&'static str, [u8; RATE], [bool; RATE], u64, Vec<Failure>);

/// Attacks on the padding and on which block is final, each a hand-forged final block 0
/// ([`forged_final_block`]) claimed with the digest it squeezes.
#[test]
fn forged_final_blocks() {
    const START_OR_MID: &str = "padding start/intermediate byte";
    let is_final = gate("is final", "is_final needs to be the same as the last is_padding in the block", S0);
    let hello = |edits: &[(usize, u8)]| {
        let mut b = padded_block(M5);
        for &(i, v) in edits {
            b[i] = v;
        }
        b
    };
    let mut last_not_padding = honest_flags(5);
    last_not_padding[RATE - 1] = false;
    let m = msg(200);
    let cases: [FinalBlockCase; 6] = [
        // "hello" padded without the `0x01` byte (`hello 00 .. 00 80`), flags honest for L = 5,
        // claiming the Keccak-f of that block: a digest that is not Keccak-256 of any 5-byte
        // message. The first padding byte must be 1 (byte 5 of round 0).
        (
            "padding 0x01 missing",
            hello(&[(5, 0)]),
            honest_flags(5),
            5,
            vec![gate("padding", START_OR_MID, round_row(0))],
        ),
        // The `0x01` one byte later (`hello 00 01 00 .. 80`, i.e. "hello\0" hashed but L = 5
        // claimed), flags honest for L = 5 so the countdown gives 5: byte 5 must be 1 and byte 6
        // must be 0 (both in round 0). (With flags honest for 6 bytes instead, the witness is the
        // honest one of "hello\0" and the L copy constraint catches the claim: see
        // `forged_lengths_in_the_instance`.)
        (
            "padding 0x01 moved",
            hello(&[(5, 0), (6, 1)]),
            honest_flags(5),
            5,
            vec![gate("padding", START_OR_MID, round_row(0))],
        ),
        // The final `0x80` dropped (`hello 01 00 .. 00`), flags honest: the last byte of the last
        // input round must be 0x80 (round 16).
        (
            "padding 0x80 missing",
            hello(&[(RATE - 1, 0)]),
            honest_flags(5),
            5,
            vec![gate("padding", "padding start/end byte", round_row(16))],
        ),
        // No `0x80` padding byte at all: byte 135 counts as data, the block is still declared
        // final. Padding flags may switch on only once (byte 135's flag drops from 1 to 0, round
        // 16), and Keccak's `is final` gate wants is_final at S0 = byte 135's padding flag.
        (
            "last padding flag cleared",
            hello(&[(RATE - 1, 0x80)]),
            last_not_padding,
            6,
            vec![gate("padding", "padding step boolean", round_row(16)), is_final.clone()],
        ),
        // A byte hidden after the message end (`hello 01 00 00 07 00 .. 80`, flags honest for
        // L = 5): the digest commits to data outside the claimed message. Intermediate padding
        // bytes must be 0 (round 1, byte 8 + 1 = 9).
        (
            "non-zero byte after the end",
            hello(&[(9, 7)]),
            honest_flags(5),
            5,
            vec![gate("padding", START_OR_MID, round_row(1))],
        ),
        // Block 0 of a 200-byte message declared final (all 136 bytes data, no padding flag),
        // claiming `(136, Keccak-f of the first 136 bytes)`, all else consistent (countdown,
        // squeeze, a fresh hash after S0). `is_final` at S0 must equal the block's last padding
        // flag, which is 0.
        ("non-final block declared final", m[..RATE].try_into().unwrap(), [false; RATE], 136, vec![is_final]),
    ];
    for (what, block, pad, len, caught) in cases {
        let (c, d) = forged_final_block(&block, &pad);
        assert_caught_as(what, &c, public_inputs(&d, len), &caught);
    }
}

/// Attack: the witness hashes two messages (block 0: a 10-byte message, block 1: "the message
/// I claim"); the instances claim the second (its digest and length, or its digest with the
/// first's length). Stopped by the copy constraints: instance rows 1 and 2 (D) are copied from
/// the accumulators at S1, which hold the first final block's hash; row 0 (L) from
/// `bytes_left` at row 12.
#[test]
fn second_message_claimed_by_instance() {
    let sh = shape(true);
    let (m1, m2) = (msg(10), b"the message I claim".to_vec());
    let c = PreimageCircuit::new(sh, Some(rows_for(&[m1.clone(), m2.clone()], sh)));
    assert_accepted(&c, public_inputs(&keccak256(&m1), 10));
    let digest_cells = [instance(1), instance(2), advice(Col::AccHi, S1), advice(Col::AccLo, S1)];
    assert_caught(&c, public_inputs(&keccak256(&m2), 10), &digest_cells);
    let mut all = digest_cells.to_vec();
    all.extend([instance(0), advice(Col::BytesLeft, R)]);
    assert_caught(&c, public_inputs(&keccak256(&m2), m2.len() as u64), &all);
}

/// Attack: claim the empty-message hash that fills the unused capacity (with the real or a
/// zero length). Stopped by the copy constraints on the digest (instance rows 1, 2), and on L
/// too when the length is changed.
#[test]
fn dummy_hash_claimed_by_instance() {
    let m = msg(100);
    let c = honest(&m);
    assert_accepted(&c, public_inputs(&keccak256(&m), 100));
    let digest_cells = [instance(1), instance(2), advice(Col::AccHi, S1), advice(Col::AccLo, S1)];
    assert_caught(&c, public_inputs(&keccak256(b""), 100), &digest_cells);
    let mut all = digest_cells.to_vec();
    all.extend([instance(0), advice(Col::BytesLeft, R)]);
    assert_caught(&c, public_inputs(&keccak256(b""), 0), &all);
}

/// Lengths claimed for the honest witness of a 100-byte message: off by one, beyond the block,
/// and field elements no u64 length check would see (`Setup::verify` never builds those: it
/// refuses L > capacity first).
fn forged_lengths() -> [(&'static str, Fr); 6] {
    [
        ("L - 1", Fr::from(99u64)),
        ("L + 1", Fr::from(101u64)),
        ("L = 136", Fr::from(136u64)),
        ("L = 200", Fr::from(200u64)),
        ("L = p - 1", -Fr::from(1u64)),
        ("L = 2^64", Fr::from_u128(1u128 << 64)),
    ]
}

/// Attack: each forged length in instance row 0, the witness honest. Stopped by the copy
/// constraint between instance row 0 and `bytes_left` at row 12.
#[test]
fn forged_lengths_in_the_instance() {
    let m = msg(100);
    let c = honest(&m);
    for (what, l) in forged_lengths() {
        assert_caught_as(what, &c, raw_instances(l, &keccak256(&m)), &[instance(0), advice(Col::BytesLeft, R)]);
    }
}

/// A countdown shifted by `delta` on every round of block 0 (so the copy at row 12 gives the
/// claimed L and every "bytes_left" transition still holds).
fn countdown_shifted(m: &[u8], delta: Fr) -> Tamper {
    let mut t = Tamper::default();
    for r in 0..ROUNDS_PER_BLOCK {
        let honest = (m.len() as u64).saturating_sub(8 * r as u64);
        t.set(Col::BytesLeft, round_row(r), Fr::from(honest) + delta);
    }
    t
}

/// Attack: each forged length with the whole `bytes_left` countdown of block 0 shifted by
/// `L - 100` (in the field) to match, so the L copy and every transition hold. Stopped by
/// Keccak's `bytes_left` gate: the countdown ends at `L - 100 != 0` at the final squeeze row
/// S0 ("bytes_left should be 0 when is_final").
#[test]
fn forged_lengths_with_the_countdown() {
    let m = msg(100);
    let c = honest(&m);
    for (what, l) in forged_lengths() {
        let forged_countdown = forged(&c, countdown_shifted(&m, l - Fr::from(100u64)));
        let caught = [gate("bytes_left", "bytes_left should be 0 when is_final", S0)];
        assert_caught_as(what, &forged_countdown, raw_instances(l, &keccak256(&m)), &caught);
    }
}

/// Attack: the right digest with its limbs swapped (`[L, D_lo, D_hi]`). Stopped by the copy
/// constraints of instance rows 1 and 2 with the accumulators at S1.
#[test]
fn digest_limbs_swapped_instance() {
    let m = msg(100);
    let mut inst = public_inputs(&keccak256(&m), 100);
    inst.swap(1, 2);
    assert_caught(&honest(&m), inst, &[instance(1), instance(2), advice(Col::AccHi, S1), advice(Col::AccLo, S1)]);
}

/// Attack: the right digest shifted by one byte (rotated: bytes 1..32 then byte 0), which moves
/// a byte across the limb boundary; and only the low limb shifted (`D_lo * 256` in the field).
/// Stopped by the digest copy constraints (both rows, or only row 2).
#[test]
fn digest_limb_shifted_instance() {
    let m = msg(100);
    let c = honest(&m);
    let d = keccak256(&m);
    let mut rot = d;
    rot.rotate_left(1);
    assert_caught(
        &c,
        public_inputs(&rot, 100),
        &[instance(1), instance(2), advice(Col::AccHi, S1), advice(Col::AccLo, S1)],
    );
    let mut inst = public_inputs(&d, 100);
    inst[2] *= Fr::from(256u64);
    assert_caught(&c, inst, &[instance(2), advice(Col::AccLo, S1)]);
}

/// Forged witness cells of an honest witness (which block is taken, `done`, the accumulators,
/// `is_final`): each case's name, the forged circuit, the claimed instances and exactly what
/// stops it.
fn forgeries() -> Vec<(&'static str, PreimageCircuit, Vec<Fr>, Vec<Failure>)> {
    let m = msg(100);
    let d = keccak256(&m);
    let [hi, lo] = limbs(&d);
    let (zero, one) = (Fr::from(0u64), Fr::from(1u64));
    let (first, later) = ("zkplay: first squeeze row", "zkplay: later squeeze rows");
    let two = msg(200);
    let block0 = keccak_f_digest(&two[..RATE].try_into().unwrap());
    let [hi0, lo0] = limbs(&block0);
    let claimed = b"the message I claim".to_vec();
    // The dummy (empty-message) hash added to the accumulators: `acc = hash(M) + hash("")`.
    let e = limbs(&keccak256(b""));
    let with_dummy = vec![Fr::from(100u64), hi + e[0], lo + e[1]];
    let other = keccak256(b"other");
    let (mut low_other, mut high_other) = (d, d);
    low_other[16..].copy_from_slice(&other[16..]);
    high_other[..16].copy_from_slice(&other[..16]);
    let mut swapped = public_inputs(&d, 100);
    swapped.swap(1, 2);
    let is_final = "is_final needs to be the same as the last is_padding in the block";
    vec![
        // A 200-byte (2-block) message; block 0's squeezed state (not a final block) selected as
        // the digest: `take = 1` at S0, hash cells at S0 (unconstrained on a non-final row) set
        // to block 0's squeeze. Stopped by `take = is_final` at S0.
        (
            "non-final block selected by take",
            tampered(vec![two], vec![(Col::HashHi, S0, hi0), (Col::HashLo, S0, lo0), (Col::Take, S0, one)]),
            public_inputs(&block0, 200),
            vec![gate(first, "0", S0)],
        ),
        // Two messages hashed (block 0: 10 bytes, block 1: the one claimed); the first final
        // block skipped (`take = 0` at S0, so `done` stays 0 and the second is taken at S1),
        // claiming `(10, digest of the second)`. Stopped by `take = is_final` at S0.
        (
            "second message selected by take",
            tampered(vec![msg(10), claimed.clone()], vec![(Col::Take, S0, zero)]),
            public_inputs(&keccak256(&claimed), 10),
            vec![gate(first, "0", S0)],
        ),
        // The dummy hash selected: `take = 0` at S0 (the real final block), so the dummy at S1 is
        // taken; claim `(100, keccak256(""))`. Stopped by `take = is_final` at S0.
        (
            "dummy hash selected by take",
            tampered(vec![m.clone()], vec![(Col::Take, S0, zero)]),
            public_inputs(&keccak256(b""), 100),
            vec![gate(first, "0", S0)],
        ),
        // The accumulators swapped so the copy constraints match swapped instances. Stopped by
        // `later squeeze rows` constraints 2 and 3 (`acc = acc_prev + take * hash`, lo and hi) at S1.
        (
            "digest limbs swapped in the accumulators",
            tampered(vec![m.clone()], vec![(Col::AccLo, S1, hi), (Col::AccHi, S1, lo)]),
            swapped,
            vec![gate(later, "2", S1), gate(later, "3", S1)],
        ),
        // `done = 0` at S0 although block 0 is final and taken, so that the dummy hash at S1 is
        // taken as well (the instances claim the sum). Stopped by `done = take` at S0.
        (
            "done forged",
            tampered(vec![m.clone()], vec![(Col::Done, S0, zero)]),
            with_dummy.clone(),
            vec![gate(first, "1", S0)],
        ),
        // `take = 1` at S1 after `done = 1` (adds the dummy hash, `done` becomes 2). Stopped by
        // `take = (1 - done_prev) * is_final` and by `a final block exists` (`done = 1` at the
        // last squeeze row).
        (
            "take forged after done",
            tampered(vec![m.clone()], vec![(Col::Take, S1, one)]),
            with_dummy,
            vec![gate(later, "0", S1), gate("zkplay: a final block exists", "0", S1)],
        ),
        // The last `acc_lo` (copied to instance row 2) set to another digest's low limb, claimed
        // with the real high limb. Stopped by `later squeeze rows` constraint 2 at S1.
        (
            "acc_lo forged",
            tampered(vec![m.clone()], vec![(Col::AccLo, S1, limbs(&other)[1])]),
            public_inputs(&low_other, 100),
            vec![gate(later, "2", S1)],
        ),
        // `acc_hi` set at S0 (it carries to S1 through the honest `acc = acc_prev`), claiming
        // another digest's high limb. Stopped by `first squeeze row` constraint 3
        // (`acc_hi = take * hash_hi`) at S0.
        (
            "acc_hi forged",
            tampered(vec![m.clone()], vec![(Col::AccHi, S0, limbs(&other)[0])]),
            public_inputs(&high_other, 100),
            vec![gate(first, "3", S0)],
        ),
        // `is_final` cleared at both squeeze rows, so no block is final and the accumulators stay
        // 0; claim the all-zero digest. Stopped by `a final block exists` at S1, and by Keccak's
        // gates: `is final` (both blocks end in padding) and `absorb` (without a hash boundary the
        // next block must continue the state).
        (
            "final flags cleared",
            tampered(vec![m], vec![(Col::IsFinal, S0, zero), (Col::IsFinal, S1, zero)]),
            public_inputs(&[0u8; 32], 100),
            vec![
                gate("zkplay: a final block exists", "0", S1),
                gate("is final", is_final, S0),
                gate("is final", is_final, S1),
                gate("absorb", "absorb verify input", S0),
                gate("absorb", "absorb state copy", S0),
                gate("absorb", "absorb verify input", S1),
                gate("absorb", "absorb state copy", S1),
            ],
        ),
    ]
}

/// The honest witness of `msgs` with `cells` changed.
fn tampered(msgs: Vec<Vec<u8>>, cells: Vec<(Col, usize, Fr)>) -> PreimageCircuit {
    let sh = shape(true);
    let mut t = Tamper::default();
    for (col, row, v) in cells {
        t.set(col, row, v);
    }
    forged(&PreimageCircuit::new(sh, Some(rows_for(&msgs, sh))), t)
}

/// Every [`forgeries`] case fails with exactly its expected failures.
#[test]
fn forged_binding_cells() {
    for (what, circuit, claim, caught) in forgeries() {
        assert_caught_as(what, &circuit, claim, &caught);
    }
}

/// The vanilla circuit allows `is_final = 1` on the first row of any round; on a non-squeeze
/// round that cuts the `bytes_left` countdown. Attack: a 200-byte (2-block) message, claim
/// L = 136 by setting `is_final = 1` on round 17 of block 0 and shifting block 0's `bytes_left`
/// down by 64. Without our `q_mid` gate the forgery is accepted; with it, it is stopped by
/// `zkplay: is_final = 0 on non-squeeze rounds` at that row (12 * 18 = 216) and nothing else.
#[test]
fn mid_round_is_final_attack() {
    let m = msg(200);
    let d = keccak256(&m);
    let mut t = Tamper::default();
    for r in 0..17usize {
        t.set(Col::BytesLeft, round_row(r), Fr::from((136 - 8 * r) as u64));
    }
    let cut = round_row(17);
    t.set(Col::BytesLeft, cut, Fr::from(0u64)).set(Col::IsFinal, cut, Fr::from(1u64));
    assert!(cut < S0);
    for guard in [false, true] {
        let sh = shape(guard);
        let rows = rows_for(std::slice::from_ref(&m), sh);
        let honest = PreimageCircuit::new(sh, Some(rows.clone()));
        assert_accepted(&honest, public_inputs(&d, 200));
        let attack = PreimageCircuit { params: sh, rows: Some(rows), tamper: Some(t.clone()) };
        if guard {
            assert_caught(
                &attack,
                public_inputs(&d, 136),
                &[gate("zkplay: is_final = 0 on non-squeeze rounds", "0", cut)],
            );
        } else {
            assert_accepted(&attack, public_inputs(&d, 136));
        }
    }
}

/// Advice cells (all columns but our four binding columns) of rows `rows` of the honest
/// assignment of `m` laid out over all the blocks it needs, even beyond the capacity (only to
/// read values: that layout's fixed columns are not the circuit's).
fn advice_cells_of(m: &[u8], rows: std::ops::Range<usize>) -> Vec<(usize, usize, Fr)> {
    let sh = shape(true);
    let c = PreimageCircuit::new(sh, Some(multi_keccak::<Fr>(&[m.to_vec()], None, sh.keccak).0));
    let prover = MockProver::run(K, &c, vec![vec![Fr::from(0u64); 3]]).unwrap();
    let mut cs = halo2::plonk::ConstraintSystem::<Fr>::default();
    let _ = PreimageCircuit::configure_with_params(&mut cs, sh);
    let mut scratch = halo2::plonk::ConstraintSystem::<Fr>::default();
    let binding: Vec<usize> = [Col::Take, Col::Done, Col::AccLo, Col::AccHi].map(|c| advice_index(sh, c)).to_vec();
    let mut cells = vec![];
    for i in 0..cs.num_advice_columns() {
        let column = scratch.advice_column();
        assert_eq!(column.index(), i);
        if binding.contains(&i) {
            continue;
        }
        for row in rows.clone() {
            if let AdviceCellValue::Assigned(v) = &prover.advice_values(column)[row] {
                cells.push((i, row, v.evaluate()));
            }
        }
    }
    cells
}

/// Attack: no final block within the capacity, and the verifier learns nothing about the
/// digest. The witness lays out the first two blocks of a 300-byte (3-block) message — no
/// padding, so `is_final = 0` at S0 and S1 and every Keccak gate holds — and fills the advice
/// cells after S1 that the Keccak gates at S1 read (the absorb gate looks 17 rounds ahead, the
/// countdown one round) with the values of the message's third block. `done` stays 0 and the
/// accumulators 0, the countdown gives 300: claim `(300, 0x00..00)`, i.e. "I know a 300-byte
/// message whose Keccak-256 is zero". Without our `q_last` gate this false statement is
/// accepted; with it, it is stopped by `zkplay: a final block exists` at S1 and nothing else.
#[test]
fn no_final_block_within_capacity() {
    let m = msg(300);
    assert_eq!(blocks_for_len(m.len()), 3);
    let sh = shape(true);
    let all = multi_keccak::<Fr>(std::slice::from_ref(&m), None, sh.keccak).0;
    let laid_out = R * (1 + ROUNDS_PER_BLOCK * sh.capacity);
    let mut t = Tamper::default();
    for (col, row, v) in advice_cells_of(&m, laid_out..S1 + 18 * R) {
        t.set(Col::Advice(col), row, v);
    }
    for final_guard in [false, true] {
        let sh = shape_with(true, final_guard);
        let c = PreimageCircuit { params: sh, rows: Some(all[..laid_out].to_vec()), tamper: Some(t.clone()) };
        let inst = public_inputs(&[0u8; 32], 300);
        if final_guard {
            assert_caught(&c, inst, &[gate("zkplay: a final block exists", "0", S1)]);
        } else {
            assert_accepted(&c, inst);
        }
    }
}
