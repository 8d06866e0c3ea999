//! Malicious-prover tests: forged witnesses, built by hand, and forged public inputs.
//!
//! Each test is one attack. A forgery starts from the honest prover's inputs, replaces some of
//! them before plonky2's witness generation and/or writes over generated values afterwards
//! (`zkplay_plonky2::forge`). Overrides are written to a target's whole copy partition, so the
//! forged witness always satisfies plonky2's permutation argument: what must catch it is a gate
//! constraint. Every test asserts WHICH constraint: the row, the gate (plonky2 gate id, from all
//! gates of the circuit evaluated by plonky2's own evaluators) and the constraint index, and,
//! where this crate's own self-check (`check_witness`) covers the gate, that it reports the
//! same. Where a test makes a real proof from the forged witness, plonky2's verifier must reject
//! it at the PLONK identity `vanishing(zeta) = Z_H(zeta) * quotient(zeta)`.
//!
//! Gate constraint indices (src/gates.rs):
//! - `RoundGate`: 0..25 theta (`THETA_l = A_l ^ C[x-1] ^ C[x+1]`), 25..50 chi+iota output of
//!   lane l at 25 + l, 50..60 column parities (50 + 2x: partial parity of rows 0..3 of column x,
//!   51 + 2x: `C_OUT[x]`).
//! - `AbsorbGate`: 0..17 `A_OUT_l = S_l ^ M_l`, then per column x: 17 + 2x partial parity,
//!   18 + 2x `C_OUT[x]`.
//! - `PadGate` (8 bytes of a block): 0..64 message-bit booleanity, then per byte b:
//!   64 + 4b booleanity of `lt`, 65 + 4b `lt` non-increasing, 66 + 4b `m_b = before + t lt_b`,
//!   67 + 4b padding `(1 - m_b)(byte_b - expected_b) = 0`.
//! - `DigestGate`: constraint i: `d_out_i = d_in_i + t * byte_i`.
//! - `PoseidonRoundGate(full=1)`: 0..12 `cube_j = (in_j + rc_j)^3`, then 12 + r output r.

use std::collections::HashSet;

use plonky2::field::types::Field;
use plonky2::iop::target::Target;
use zkplay_plonky2::forge::{pad, Change, Fe, Forgery, Kind, Report, Targets};
use zkplay_plonky2::gates::{lane, AbsorbGate, DigestGate, PadGate, PoseidonRoundGate, RoundGate};
use zkplay_plonky2::{Error, MerkleHash, Prepared};
use zkplay_wasm_runtime::statement::keccak256;

/// The Goldilocks order.
const P: u64 = 0xFFFF_FFFF_0000_0001;

/// The Keccak-tree circuit of `blocks` blocks, shared with the other modules (circuits.rs).
fn circuit(blocks: usize) -> &'static Prepared {
    crate::circuits::circuit(blocks, MerkleHash::Keccak)
}

// ---------------------------------------------------------------------------------------------
// Where things are.

fn rows(tg: &Targets, kind: Kind) -> Vec<usize> {
    tg.rows.iter().filter(|r| r.1 == kind).map(|r| r.0).collect()
}
/// PadGate row of bytes `8c..8c+8` of block `k`.
fn pad_row(tg: &Targets, k: usize, c: usize) -> usize {
    rows(tg, Kind::Pad)[17 * k + c]
}
fn absorb_row(tg: &Targets, k: usize, z: usize) -> usize {
    rows(tg, Kind::Absorb)[64 * k + z]
}
fn round_row(tg: &Targets, k: usize, r: usize, z: usize) -> usize {
    rows(tg, Kind::Round)[1536 * k + 64 * r + z]
}
fn digest_row(tg: &Targets, k: usize, g: usize) -> usize {
    rows(tg, Kind::Digest)[4 * k + g]
}
/// The wires in `t`'s copy partition.
fn partition(p: &Prepared, t: Target) -> HashSet<Target> {
    p.partition(t).into_iter().collect()
}

/// The ArithmeticGate operations: (row, op = its constraint index, [multiplicand 0,
/// multiplicand 1, addend, output]); op i computes `out = c0 * m0 * m1 + c1 * addend`.
fn arithmetic_ops(p: &Prepared) -> Vec<(usize, usize, [Target; 4])> {
    let mut ops = Vec::new();
    for (row, id) in p.gate_ids().iter().enumerate() {
        let Some(n) = id
            .as_deref()
            .and_then(|id| id.strip_prefix("ArithmeticGate { num_ops: "))
            .and_then(|rest| rest.strip_suffix(" }"))
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        for i in 0..n {
            ops.push((row, i, core::array::from_fn(|k| Target::wire(row, 4 * i + k))));
        }
    }
    ops
}

/// The arithmetic operation whose output is `t` (its copy partition): (row, constraint).
fn op_computing(p: &Prepared, t: Target) -> (usize, usize) {
    let part = partition(p, t);
    let found: Vec<(usize, usize)> =
        arithmetic_ops(p).into_iter().filter(|(_, _, w)| part.contains(&w[3])).map(|(row, i, _)| (row, i)).collect();
    assert_eq!(found.len(), 1, "operations computing {t:?}: {found:?}");
    found[0]
}

// ---------------------------------------------------------------------------------------------
// Running a forgery and checking what stops it.

fn forge(p: &Prepared, padded: &[u8], len: usize, f: Forgery) -> Report {
    let r = p.forge(padded, len, &f).expect("forge");
    assert_eq!(r.generation, Ok(()), "witness generation failed");
    r
}

/// The constraint indices violated on `row`.
fn violated(r: &Report, row: usize) -> Vec<usize> {
    r.at_row(row).iter().map(|v| v.constraint).collect()
}

/// Asserts that the first violated constraint (lowest row) is `constraint` of a gate whose id
/// starts with `gate` on `row`.
fn assert_first(r: &Report, row: usize, gate: &str, constraint: usize) {
    let v = r.first().expect("the forged witness satisfies every constraint");
    assert!(
        v.row == row && v.gate.starts_with(gate) && v.constraint == constraint,
        "expected constraint {constraint} of {gate} at row {row} to fail first, got {v:?}"
    );
}

/// Asserts that each of `stops` (row, gate id prefix, constraint) is violated and that every
/// violation is explained by the forgery: one of `stops`, or on a row holding a wire of a forged
/// target's copy partition (a gate reading the forged value), or the PublicInputGate (whose
/// wires must equal the hash of the public inputs, when one of them was forged).
fn assert_stopped_by(p: &Prepared, r: &Report, forged: &[Target], stops: &[(usize, &str, usize)]) {
    for &(row, gate, c) in stops {
        assert!(
            r.violations.iter().any(|v| v.row == row && v.gate.starts_with(gate) && v.constraint == c),
            "constraint {c} of {gate} at row {row} holds; violations: {:?}",
            r.violations
        );
    }
    let readers: HashSet<usize> = forged
        .iter()
        .flat_map(|&t| p.partition(t))
        .filter_map(|w| match w {
            Target::Wire(w) => Some(w.row),
            _ => None,
        })
        .collect();
    for v in &r.violations {
        let explained = stops.iter().any(|&(row, _, c)| v.row == row && v.constraint == c)
            || readers.contains(&v.row)
            || v.gate == "PublicInputGate";
        assert!(explained, "violation not explained by the forgery: {v:?}");
    }
}

/// Asserts that this crate's self-check names the same gate, row and constraint.
fn assert_own_check(r: &Report, row: usize, kind: Kind, constraint: usize) {
    let e = r.own_check.as_ref().expect_err("self-check accepted the forged witness");
    let want = format!("constraint {constraint} of {kind:?} gate at row {row} is not satisfied");
    assert!(e.to_string().contains(&want), "self-check: {e}; wanted {want}");
}

/// The forged witness's proof must not verify, and plonky2 must reject it at the PLONK
/// identity at zeta (the gate constraints), not for some other reason.
fn assert_proof_rejected(p: &Prepared, r: &Report) {
    let proof =
        r.proof.as_ref().expect("no proof attempted").as_ref().expect("plonky2 made no proof from the forged witness");
    match p.verify_proof_only(proof) {
        Err(Error::VerificationFailed(m)) => {
            assert!(m.contains("vanishing_polys_zeta"), "rejected for another reason than the constraint identity: {m}")
        }
        other => panic!("a proof from a forged witness was not rejected by plonky2: {other:?}"),
    }
    // And the statement the forged witness claims does not verify either.
    let pis = &r.public_inputs;
    if pis[32] <= p.capacity_bytes() as u64 && pis[..32].iter().all(|&b| b < 256) {
        let d: [u8; 32] = core::array::from_fn(|i| pis[i] as u8);
        let e = p.verify(proof, &d, pis[32]).unwrap_err();
        assert!(matches!(e, Error::VerificationFailed(_)), "{e}");
    }
}

/// Forges wire `wire` of `row` with `change` in the honest witness of "hello" (L = 5) in the
/// 1-block circuit; with `prove`, plonky2 also proves the forged witness (assert_proof_rejected).
fn forge_wire(p: &Prepared, row: usize, wire: usize, change: Change, prove: bool) -> Report {
    let overrides = vec![(Target::wire(row, wire), change)];
    forge(p, &honest(b"hello", 1), 5, Forgery { overrides, prove, ..Default::default() })
}

/// Asserts that constraint `c` of the Keccak gate of `kind` on `row` stops the forgery: it fails
/// first (the gate's id is `ZkplayKeccak<kind>Gate`), this crate's self-check names it, and a
/// proof of the forged witness, where one was made, is rejected.
fn assert_caught(p: &Prepared, r: &Report, row: usize, kind: Kind, c: usize) {
    assert_first(r, row, &format!("ZkplayKeccak{kind:?}Gate"), c);
    assert_own_check(r, row, kind, c);
    if r.proof.is_some() {
        assert_proof_rejected(p, r);
    }
}

/// Asserts that the public length L, forged, is stopped by the ArithmeticGate operation that
/// computes `136 * k + sum lt` into L's copy partition (see `assert_stopped_by`).
fn assert_stopped_by_length_sum(p: &Prepared, r: &Report) {
    let tg = p.targets();
    let (row, op) = op_computing(p, tg.length);
    assert_stopped_by(p, r, &[tg.length], &[(row, "ArithmeticGate", op)]);
}

/// Asserts that the forged public length `claimed` is stopped by the length sum
/// ([`assert_stopped_by_length_sum`]) and that its proof is rejected.
fn assert_length_refused(p: &Prepared, r: &Report, claimed: u64) {
    assert_stopped_by_length_sum(p, r);
    assert_eq!(r.public_inputs[32], claimed);
    assert_proof_rejected(p, r);
}

/// The honest witness of `padded` (length `len`) with the public length written over as
/// `claimed` after generation, and proved.
fn forge_length(p: &Prepared, padded: &[u8], len: usize, claimed: Fe) -> Report {
    let overrides = vec![(p.targets().length, Change::Set(claimed))];
    forge(p, padded, len, Forgery { overrides, prove: true, ..Default::default() })
}

/// The first row of the gate whose id is `id`.
fn first_row_of(p: &Prepared, id: &str) -> usize {
    p.gate_ids().iter().position(|g| g.as_deref() == Some(id)).unwrap_or_else(|| panic!("no {id} row"))
}

fn honest(msg: &[u8], blocks: usize) -> Vec<u8> {
    pad(blocks, msg)
}

fn fe(v: u64) -> Fe {
    Fe::from_noncanonical_u64(v)
}

// ---------------------------------------------------------------------------------------------
// Sanity: the honest witness satisfies every constraint of every gate.

/// Not an attack: the checker used below finds nothing on honest witnesses (1 and 2 blocks,
/// lengths at the block boundaries), and the digest/length public inputs are the statement.
#[test]
fn honest_witness_has_no_violation() {
    for (blocks, len) in [(1, 0), (1, 5), (1, 135), (2, 136), (2, 271)] {
        let p = circuit(blocks);
        let msg: Vec<u8> = (0..len).map(|i| (i * 31 + 7) as u8).collect();
        let r = forge(p, &honest(&msg, blocks), len, Forgery::default());
        assert_eq!(r.violations, vec![], "blocks {blocks}, length {len}");
        assert!(r.own_check.is_ok());
        assert_eq!(r.digest, keccak256(&msg));
        assert_eq!(r.public_inputs[32], len as u64);
    }
}

// ---------------------------------------------------------------------------------------------
// Custom gates: one generated value forged.

/// One generated value of a Keccak gate forged in the honest witness of "hello" (L = 5) in the
/// 1-block circuit: the gate's row (from the circuit's targets), the wire and the change, whether
/// plonky2 also proves the forged witness, the constraint that must stop it (`assert_caught`),
/// and, where the attack pins them, every constraint that fails on the row.
struct WireAttack<'a> {
    row: fn(&Targets) -> usize,
    wire: usize,
    change: Change,
    prove: bool,
    caught: (Kind, usize),
    violated: Option<&'a [usize]>,
}

fn run_wire_attack(a: WireAttack<'_>) {
    let p = circuit(1);
    let row = (a.row)(&p.targets());
    let r = forge_wire(p, row, a.wire, a.change, a.prove);
    if let Some(v) = a.violated {
        assert_eq!(violated(&r, row), v);
    }
    assert_caught(p, &r, row, a.caught.0, a.caught.1);
}

/// One `#[test]` per attack, named as the attack is (so a failure names it), each running its
/// row of the table with [`run_wire_attack`].
macro_rules! wire_attacks {
    ($($(#[$doc:meta])* $name:ident: $row:expr, $wire:expr, $change:expr, $prove:expr => $caught:expr, $violated:expr;)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                run_wire_attack(WireAttack {
                    row: $row,
                    wire: $wire,
                    change: $change,
                    prove: $prove,
                    caught: $caught,
                    violated: $violated,
                });
            }
        )*
    };
}

const PROVE: bool = true;
const NO_PROOF: bool = false;

wire_attacks! {
    /// Attack: flip one output bit of a Keccak round (chi/iota output of lane (2,3), round 5,
    /// slice z = 17), e.g. to steer the permutation. Stopped by RoundGate constraint 25 + l (the
    /// chi output of that lane) on the forged row; its column-parity constraint fails there too
    /// (y = 3: lane (2,3) enters C_OUT[2] directly, constraint 51 + 2*2).
    round_gate_forged_output_bit: |tg| round_row(tg, 0, 5, 17), RoundGate::OUT + lane(2, 3), Change::FlipBit, PROVE
        => (Kind::Round, 25 + lane(2, 3)), Some(&[25 + lane(2, 3), 55]);

    /// Attack: forge the internal theta value of lane 7 (an unrouted wire the generator computes)
    /// in round 0. Stopped by RoundGate theta constraint 7.
    round_gate_forged_theta: |tg| round_row(tg, 0, 0, 40), RoundGate::THETA + 7, Change::FlipBit, NO_PROOF
        => (Kind::Round, 7), None;

    /// Attack: forge a column parity the next round's theta reads (C_OUT[3], last round).
    /// Stopped by RoundGate constraint 51 + 2*3 = 57 on that row.
    round_gate_forged_column_parity: |tg| round_row(tg, 0, 23, 0), RoundGate::C_OUT + 3, Change::FlipBit, NO_PROOF
        => (Kind::Round, 57), Some(&[57]);

    /// Attack: forge the absorbed state `S ^ M` of rate lane 9, slice 3 (the state the first
    /// round reads). Stopped by AbsorbGate constraint 9; the column parity of x = 4 (constraint 26)
    /// does not involve A_OUT, so only constraint 9 fails on the row.
    absorb_gate_forged_xor: |tg| absorb_row(tg, 0, 3), AbsorbGate::A_OUT + 9, Change::FlipBit, PROVE
        => (Kind::Absorb, 9), Some(&[9]);

    /// Attack: forge the absorbed column parity C_OUT[1] (bit slice 60). Stopped by AbsorbGate
    /// constraint 18 + 2*1 = 20.
    absorb_gate_forged_column_parity: |tg| absorb_row(tg, 0, 60), AbsorbGate::C_OUT + 1, Change::FlipBit, NO_PROOF
        => (Kind::Absorb, 20), None;

    /// Attack: mark a padding byte as a message byte (the generated `m_b` of byte 6 set to 1 for
    /// "hello", L = 5), which would lift the padding rule on it. Stopped by PadGate constraint
    /// 66 + 4*6 = 90 (`m = before + t * lt`).
    pad_gate_forged_message_flag: |tg| pad_row(tg, 0, 0), PadGate::IS_MSG + 6, Change::Set(Fe::ONE), PROVE
        => (Kind::Pad, 90), Some(&[90]);
}

/// Attack: forge a digest byte (the accumulated `d_out` of digest byte 9, which is public
/// input 9). Stopped by DigestGate constraint 1 (byte 9 is byte 1 of digest row 1); besides
/// it, only gates reading the forged value (the public-input hash) fail.
#[test]
fn digest_gate_forged_byte() {
    let p = circuit(1);
    let tg = p.targets();
    let row = digest_row(&tg, 0, 1);
    let r = forge_wire(p, row, DigestGate::d_out(1), Change::Add(Fe::ONE), true);
    // The digest bytes are public inputs: the public-input hash reads them (plonky2 puts some
    // of its `select` operations on an early arithmetic row), so check what fails, not what
    // fails first.
    let forged = Target::wire(row, DigestGate::d_out(1));
    assert_stopped_by(p, &r, &[forged], &[(row, "ZkplayKeccakDigestGate", 1)]);
    assert_eq!(violated(&r, row), vec![1]);
    assert_own_check(&r, row, Kind::Digest, 1);
    assert_eq!(r.public_inputs[9], u64::from(keccak256(b"hello")[9]) + 1);
    assert_proof_rejected(p, &r);
}

/// Attack: forge one output of a Poseidon round of the public-input hash (a full round), so
/// that the hash the proof is bound to is not the hash of its public inputs. Stopped by
/// PoseidonRoundGate constraint 12 + 3 (output 3) on that row. (This crate's Keccak self-check
/// does not cover these rows; plonky2's evaluators of every gate do.)
#[test]
fn poseidon_round_gate_forged_output() {
    let p = circuit(1);
    let row = first_row_of(p, "ZkplayPoseidonRoundGate(full=1)");
    let r = forge_wire(p, row, PoseidonRoundGate::OUT + 3, Change::Add(Fe::ONE), true);
    assert_first(&r, row, "ZkplayPoseidonRoundGate(full=1)", 12 + 3);
    assert_eq!(violated(&r, row), vec![15]);
    let forged = Target::wire(row, PoseidonRoundGate::OUT + 3);
    assert_stopped_by(p, &r, &[forged], &[(row, "ZkplayPoseidonRoundGate(full=1)", 15)]);
    assert!(r.own_check.is_ok());
    assert_proof_rejected(p, &r);
}

/// Attack: forge the S-box cube of a partial Poseidon round. Stopped by PoseidonRoundGate
/// (full=0) constraint 0 (`cube = (in + rc)^3`), and its outputs (1..13) that use the cube.
#[test]
fn poseidon_partial_round_forged_cube() {
    let p = circuit(1);
    let row = first_row_of(p, "ZkplayPoseidonRoundGate(full=0)");
    let r = forge_wire(p, row, PoseidonRoundGate::CUBE, Change::Add(Fe::ONE), false);
    assert_first(&r, row, "ZkplayPoseidonRoundGate(full=0)", 0);
    assert_eq!(violated(&r, row), (0..13).collect::<Vec<_>>());
}

// ---------------------------------------------------------------------------------------------
// Padding.

/// Forges the padded buffer of "hello" (L = 5) with `f`, asserts that PadGate constraint
/// `constraint` on chunk `chunk` of the block fails first, and returns the report and that row.
fn bad_padding(f: impl Fn(&mut Vec<u8>), chunk: usize, constraint: usize) -> (Report, usize) {
    let p = circuit(1);
    let mut v = honest(b"hello", 1);
    f(&mut v);
    // The crate's test hook (check_witness_raw) refuses it too, with the same message.
    let e = p.check_witness_raw(&v, 5).unwrap_err();
    let r = forge(p, &v, 5, Forgery::default());
    assert_eq!(r.own_check.as_ref().unwrap_err().to_string(), e.to_string());
    let row = pad_row(&p.targets(), 0, chunk);
    assert_first(&r, row, "ZkplayKeccakPadGate", constraint);
    (r, row)
}

/// Attack: padding without the 0x01 after the message. Stopped by PadGate constraint
/// 67 + 4*5 = 87 (byte 5 of chunk 0 must be 0x01).
#[test]
fn padding_missing_0x01() {
    let (r, row) = bad_padding(|v| v[5] = 0, 0, 87);
    assert_eq!(r.violations.len(), 1, "{:?}", r.violations);
    assert_own_check(&r, row, Kind::Pad, 87);
}

/// Attack: padding without the final 0x80. Stopped by PadGate constraint 67 + 4*7 = 95 of
/// the block's last chunk (byte 135 must be 0x80).
#[test]
fn padding_missing_0x80() {
    let (r, _) = bad_padding(|v| v[135] = 0, 16, 95);
    assert_eq!(r.violations.len(), 1, "{:?}", r.violations);
}

/// Attack: the 0x01 one byte late (message "hello\0" padded as if L = 6, claimed L = 5).
/// Stopped by PadGate constraints 87 (byte 5 must be 0x01) and 91 (byte 6 must be 0).
#[test]
fn padding_0x01_at_wrong_position() {
    let (r, row) = bad_padding(
        |v| {
            v[5] = 0;
            v[6] = 1;
        },
        0,
        87,
    );
    assert_eq!(violated(&r, row), vec![87, 91]);
}

/// Attack: non-zero bytes after L (byte 100 = 7), i.e. a longer message proved under a
/// shorter length. Stopped by PadGate constraint 67 + 4*4 = 83 of chunk 12 (byte 100 = 8*12+4).
#[test]
fn padding_junk_after_length() {
    let (r, _) = bad_padding(|v| v[100] = 7, 12, 83);
    assert_eq!(r.violations.len(), 1);
    // A real proof of it does not verify.
    let p = circuit(1);
    let mut v = honest(b"hello", 1);
    v[100] = 7;
    let r = forge(p, &v, 5, Forgery { prove: true, ..Default::default() });
    assert_proof_rejected(p, &r);
}

/// Attack: a message bit that is not a bit (2 in place of the 1 at bit 0 and the 0 at bit 1 of
/// byte 0 would give the same byte value 2 from bits (0, 1) = (2, 0)... and any non-boolean
/// value breaks the boolean-preserving xor/chi). Stopped by PadGate booleanity constraint 0
/// (bit 0 of byte 0).
#[test]
fn padding_non_boolean_message_bit() {
    let p = circuit(1);
    let tg = p.targets();
    let r = forge(p, &honest(b"hello", 1), 5, Forgery { inputs: vec![(tg.msg_bits[0], fe(2))], ..Default::default() });
    assert_caught(p, &r, pad_row(&tg, 0, 0), Kind::Pad, 0);
}

// ---------------------------------------------------------------------------------------------
// Length decomposition: L = 136 * sum_k k t_k + sum_j lt_j, t one-hot, lt non-increasing bits.

/// Attack: claim L + 1 (6) for the honestly padded "hello". Stopped by PadGate constraint 91:
/// with L = 6, byte 6 must be the 0x01 (and byte 5 is a message byte).
#[test]
fn length_claimed_one_more() {
    let p = circuit(1);
    let tg = p.targets();
    let r = forge(p, &honest(b"hello", 1), 6, Forgery { prove: true, ..Default::default() });
    assert_first(&r, pad_row(&tg, 0, 0), "ZkplayKeccakPadGate", 91);
    assert_eq!(r.violations.len(), 1);
    assert_eq!(r.public_inputs[32], 6);
    assert_proof_rejected(p, &r);
}

/// Attack: claim L - 1 (4) for the honestly padded "hello". Stopped by PadGate constraints 83
/// (byte 4 must be 0x01) and 87 (byte 5 must be 0).
#[test]
fn length_claimed_one_less() {
    let p = circuit(1);
    let tg = p.targets();
    let r = forge(p, &honest(b"hello", 1), 4, Forgery::default());
    assert_eq!(violated(&r, pad_row(&tg, 0, 0)), vec![83, 87]);
    assert_first(&r, pad_row(&tg, 0, 0), "ZkplayKeccakPadGate", 83);
}

/// Attack: the public length L differs from the decomposition (t, lt honest for 5, L = 6).
/// plonky2's witness generation refuses it (L and the sum computed from t and lt share a copy
/// partition); written over after generation, it is stopped by the ArithmeticGate that
/// computes `136 * k + sum lt` into L's partition.
#[test]
fn length_not_equal_to_its_decomposition() {
    let p = circuit(1);
    let tg = p.targets();
    let r =
        p.forge(&honest(b"hello", 1), 5, &Forgery { inputs: vec![(tg.length, fe(6))], ..Default::default() }).unwrap();
    let e = r.generation.unwrap_err();
    assert!(e.contains("was set twice with different values"), "{e}");

    let r = forge_length(p, &honest(b"hello", 1), 5, fe(6));
    assert!(r.own_check.is_ok(), "Keccak gates do not read L");
    assert_length_refused(p, &r, 6);
}

/// Attack: L beyond the capacity (136 on a 1-block circuit, whose 0x01 would sit past the
/// block). No witness exists: with one block, t = (1) and lt has 135 bits, so the sum is at
/// most 135. The honest assignment for 136 leaves t = (0): witness generation refuses it
/// (sum of t must be the constant 1). Written over after generation, L = 136 is stopped by the
/// ArithmeticGate summing into L; and the verifier refuses L = 136 before reading the proof.
#[test]
fn length_beyond_capacity() {
    let p = circuit(1);
    let mut v = vec![0u8; 136];
    v[135] = 0x80;
    let r = p.forge(&v, 136, &Forgery::default()).unwrap();
    let e = r.generation.unwrap_err();
    assert!(e.contains("was set twice with different values"), "{e}");

    let r = forge_length(p, &honest(&[0xaa; 135], 1), 135, fe(136));
    assert_stopped_by_length_sum(p, &r);
    let proof = r.proof.as_ref().unwrap().as_ref().unwrap();
    let e = p.verify(proof, &keccak256(&[0xaa; 135]), 136).unwrap_err();
    assert_eq!(e, Error::InvalidInput("length 136 is outside 0..=135 (this circuit holds at most 135 bytes)".into()));
    assert!(matches!(p.verify_proof_only(proof), Err(Error::VerificationFailed(_))));
}

/// Attack: a huge field value as the public length (p - 1, i.e. -1), or p + 5 style values
/// that equal a small length modulo p. The proof made from such a witness is stopped by the
/// ArithmeticGate summing into L; no u64 length matches its public input p - 1 except p - 1,
/// which the verifier refuses as out of range; and lengths p + 5, p, u64::MAX are refused
/// before any deserialization (even with garbage proof bytes).
#[test]
fn length_huge_field_values() {
    let p = circuit(1);
    let d = keccak256(b"hello");
    let r = forge_length(p, &honest(b"hello", 1), 5, Fe::NEG_ONE);
    assert_eq!(r.public_inputs[32], P - 1);
    assert_stopped_by_length_sum(p, &r);
    let proof = r.proof.as_ref().unwrap().as_ref().unwrap();
    assert!(matches!(p.verify_proof_only(proof), Err(Error::VerificationFailed(_))));
    for len in 0..=p.capacity_bytes() as u64 {
        let e = p.verify(proof, &d, len).unwrap_err();
        assert_eq!(e, Error::PublicInputMismatch(format!("proof is for length {}, not {len}", P - 1)));
    }
    for len in [P - 1, P, P + 5, u64::MAX, (1 << 32) + 5, 136] {
        for bytes in [proof.as_slice(), b"garbage".as_slice()] {
            let e = p.verify(bytes, &d, len).unwrap_err();
            assert!(matches!(e, Error::InvalidInput(_)), "{len}: {e}");
        }
    }
}

/// Attack: the remainder bits lt not monotone (1,1,1,1,0,1,0,...: still summing to 5), to put
/// a 0x01 byte inside the message ("hell" 0x01 'X' 0x01 ...), i.e. two padding starts. Every
/// padding rule then holds; only PadGate constraint 65 + 4*5 = 85 (lt_5 = 1 needs lt_4 = 1)
/// stops it.
#[test]
fn length_remainder_not_monotone() {
    let p = circuit(1);
    let tg = p.targets();
    let mut v = vec![0u8; 136];
    v[..4].copy_from_slice(b"hell");
    v[4] = 0x01;
    v[5] = b'X';
    v[6] = 0x01;
    v[135] = 0x80;
    let lt: Vec<u64> = (0..135).map(|j| u64::from(j < 4 || j == 5)).collect();
    let r = forge(
        p,
        &v,
        5,
        Forgery {
            inputs: tg.lt.iter().zip(&lt).map(|(&t, &b)| (t, fe(b))).collect(),
            prove: true,
            ..Default::default()
        },
    );
    assert_eq!(r.violations.len(), 1, "{:?}", r.violations);
    assert_caught(p, &r, pad_row(&tg, 0, 0), Kind::Pad, 85);
}

/// Attack: a non-boolean remainder "bit" (lt_0 = 5, the rest 0: the sum is still 5), which
/// would make byte 0 the only message byte... of weight 5. Stopped by PadGate constraint 64
/// (booleanity of lt_0) on chunk 0.
#[test]
fn length_remainder_not_boolean() {
    let p = circuit(1);
    let tg = p.targets();
    let mut inputs: Vec<(Target, Fe)> = tg.lt.iter().map(|&t| (t, Fe::ZERO)).collect();
    inputs[0].1 = fe(5);
    let r = forge(p, &honest(b"hello", 1), 5, Forgery { inputs, ..Default::default() });
    assert_caught(p, &r, pad_row(&tg, 0, 0), Kind::Pad, 64);
}

/// Attack: a fractional block selector t = (1/2, 1/2) on a 2-block circuit (sums to 1,
/// selects half of each block's digest). Witness generation refuses it (`t (t - 1)` is computed
/// into the constant-zero partition); written over after generation, it is stopped by the
/// ArithmeticGate operation of the booleanity check `t_0 * t_0 - t_0 = 0` (the other failures
/// are gates reading the forged t, whose generated outputs are now stale).
#[test]
fn block_selector_not_boolean() {
    let p = circuit(2);
    let tg = p.targets();
    let half = Fe::TWO.inverse();
    let r = p
        .forge(
            &honest(b"hello", 2),
            5,
            &Forgery { inputs: vec![(tg.t[0], half), (tg.t[1], half)], omit: vec![tg.length], ..Default::default() },
        )
        .unwrap();
    let e = r.generation.unwrap_err();
    assert!(e.contains("was set twice with different values"), "{e}");

    let r = forge(
        p,
        &honest(b"hello", 2),
        5,
        Forgery { overrides: vec![(tg.t[0], Change::Set(half)), (tg.t[1], Change::Set(half))], ..Default::default() },
    );
    // The booleanity check of t_0: the operation multiplying t_0 by itself.
    let t0 = partition(p, tg.t[0]);
    let squares: Vec<(usize, usize)> = arithmetic_ops(p)
        .into_iter()
        .filter(|(_, _, w)| t0.contains(&w[0]) && t0.contains(&w[1]))
        .map(|(row, i, _)| (row, i))
        .collect();
    assert_eq!(squares.len(), 1);
    let (row, op) = squares[0];
    assert_stopped_by(p, &r, &[tg.t[0], tg.t[1]], &[(row, "ArithmeticGate", op)]);
}

// ---------------------------------------------------------------------------------------------
// Digest selection: the digest is the state after block L / 136, selected by the same t.

/// Attack: claim L = 5 (one block) but take the digest after block 1 of a 2-block circuit,
/// where block 1 holds a second message "world" with its own padding, i.e. prove
/// "|M| = 5, Keccak(M) = Keccak(hello-block || world)". The forged selector t = (0, 1) with
/// generated values consistent with it makes every Keccak/pad/digest gate hold (it is the honest
/// witness of the 141-byte message); only the ArithmeticGate tying L to `136 * 1 + 5` fails
/// once L is set to 5. Without that override the public length is 141, not 5.
#[test]
fn digest_of_second_message_after_the_first() {
    let p = circuit(2);
    let tg = p.targets();
    let mut v = honest(b"hello", 2);
    v[136..136 + 5].copy_from_slice(b"world");
    v[136 + 5] = 0x01;
    v[271] = 0x80;
    let two_blocks = [&v[..136], b"world".as_slice()].concat();
    let forged =
        Forgery { inputs: vec![(tg.t[0], Fe::ZERO), (tg.t[1], Fe::ONE)], omit: vec![tg.length], ..Default::default() };
    // Consistent: the honest statement about the 141-byte message.
    let r = forge(p, &v, 5, forged.clone());
    assert_eq!(r.violations, vec![]);
    assert_eq!(r.public_inputs[32], 141);
    assert_eq!(r.digest, keccak256(&two_blocks));
    // Claimed L = 5: the length sum fails.
    let r = forge(p, &v, 5, Forgery { overrides: vec![(tg.length, Change::Set(fe(5)))], prove: true, ..forged });
    assert_eq!(r.violations.iter().filter(|v| v.gate.starts_with("Zkplay")).count(), 0);
    assert_stopped_by_length_sum(p, &r);
    assert_eq!(&r.public_inputs[..32], keccak256(&two_blocks).map(u64::from).as_slice());
    assert_proof_rejected(p, &r);
}

/// Attack: take the digest after a non-final block: M of 140 bytes (2 blocks) with byte 135 =
/// 0x81, proved with t = (1, 0) and lt all ones, so that the circuit outputs the state after
/// block 0, i.e. Keccak(M[..135]), under the claimed length 140. Every Keccak/pad/digest gate
/// holds (it is the honest witness of M[..135]); the ArithmeticGate tying L to `135` stops it.
#[test]
fn digest_after_a_non_final_block() {
    let p = circuit(2);
    let tg = p.targets();
    let mut m: Vec<u8> = (0..140).map(|i| (i * 13 + 1) as u8).collect();
    m[135] = 0x81;
    // Block 0 holds M[..136] (byte 135 = 0x81 doubles as M[..135]'s padding); block 1 must be
    // zero for the forged final block 0 (the circuit zeroes everything after it).
    let mut v = vec![0u8; 272];
    v[..136].copy_from_slice(&m[..136]);
    let mut inputs = vec![(tg.t[0], Fe::ONE), (tg.t[1], Fe::ZERO)];
    inputs.extend(tg.lt.iter().map(|&t| (t, Fe::ONE)));
    let r = forge(
        p,
        &v,
        140,
        Forgery {
            inputs,
            omit: vec![tg.length],
            overrides: vec![(tg.length, Change::Set(fe(140)))],
            prove: true,
            ..Default::default()
        },
    );
    assert_eq!(r.digest, keccak256(&m[..135]));
    assert_eq!(r.violations.iter().filter(|v| v.gate.starts_with("Zkplay")).count(), 0);
    assert_length_refused(p, &r, 140);
}

/// Attack: select the digest of block 1 through the digest gates only (their `t` wire), keeping
/// t = (1, 0) for the padding. The DigestGate's t wire is in t_1's copy partition, so forging it
/// forges t_1 everywhere: it is stopped by the ArithmeticGate operation computing
/// `t_0 + t_1` into the constant 1's partition (the other failures read the forged t_1).
#[test]
fn digest_selector_forged_on_the_digest_gate() {
    let p = circuit(2);
    let tg = p.targets();
    let row = digest_row(&tg, 1, 0);
    assert!(p.partition(Target::wire(row, DigestGate::T)).contains(&Target::wire(pad_row(&tg, 1, 0), PadGate::T)));
    let r = forge(
        p,
        &honest(b"hello", 2),
        5,
        Forgery { overrides: vec![(Target::wire(row, DigestGate::T), Change::Set(Fe::ONE))], ..Default::default() },
    );
    let (row_sum, op) = op_computing(p, tg.t_sum);
    assert_stopped_by(p, &r, &[tg.t[1]], &[(row_sum, "ArithmeticGate", op)]);
    // The digest gates of block 1 now add block 1's state bytes: their d_out are stale.
    assert!(!violated(&r, row).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The original verifier bug.

/// Attack (found against the old verifier): `verify(proof, digest, p + 5)` for a proof of
/// length 5. The old `expected_public_inputs` built the length with
/// `F::from_canonical_u64(length as u64)`, which does not reduce (a debug assertion only): in
/// release builds `Goldilocks(p + 5)` compares equal to `Goldilocks(5)`, so the old public-input
/// check passed. Run against the old code (before this test file existed) with a copy of this
/// attack, the old `verify(&proof, &digest, (p + 5) as usize)` returned `Ok(())`, and the old
/// wasm `verify(proof, digest, 4294967301)` / `8589934597` / `5.5` returned success too. Now
/// every entry point refuses a length outside 0..=capacity before reading the proof.
#[test]
fn old_verifier_accepted_length_p_plus_5() {
    // What made the old check pass (release builds only: debug builds assert n < p).
    #[cfg(not(debug_assertions))]
    {
        let old = |l: u64| Fe::from_canonical_u64(l);
        assert_eq!(old(P + 5), old(5));
        assert_eq!(old(P), old(0));
    }
    assert_eq!(Fe::from_noncanonical_u64(P + 5), fe(5));

    let p = circuit(1);
    let out = p.prove(b"hello").unwrap();
    p.verify(&out.proof, &out.digest, 5).unwrap();
    for len in [P + 5, P, P - 1, u64::MAX, (1 << 32) + 5, (1 << 33) + 5] {
        let e = p.verify(&out.proof, &out.digest, len).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("invalid input: length {len} is outside 0..=135 (this circuit holds at most 135 bytes)")
        );
    }
    // verify_bytes: the digest size too.
    for n in [0, 31, 33] {
        let e = p.verify_bytes(&out.proof, &vec![0; n], 5).unwrap_err();
        assert_eq!(e.to_string(), format!("invalid input: digest is {n} bytes, expected 32"));
    }
    p.verify_bytes(&out.proof, &out.digest, 5).unwrap();
}
