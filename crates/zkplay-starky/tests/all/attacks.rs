//! Malicious-prover tests: forged traces, built from the honest ones, for false statements.
//!
//! Each attack asserts that the sound tables refuse it twice: the plain constraint check
//! (`check::first_failing_row`, naming the row) or the CTL multiset check, and a real proof
//! made from the forged trace, which the verifier must reject. Where a constraint of the sponge
//! table is the only thing that stops an attack, the same forgery is also run against a table
//! with exactly that constraint switched off (`Weaken`, test-support only) and shown ACCEPTED:
//! a verified proof of a false statement. That is what makes each constraint necessary, and
//! what the holes of published designs (XOR bits not boolean, capacity not chained, padding
//! values not checked, bytes not range checked, length not constant, all-dummy trace) allow.

use plonky2::field::types::{Field, PrimeField64};
use zkplay_starky::check::first_failing_row;
use zkplay_starky::ctl::ctl_multisets;
use zkplay_starky::keccak::{pad, RATE_BYTES};
use zkplay_starky::prover::{digest_of, generate_traces, public_inputs, traces_from_rows, ProveReport, Traces};
use zkplay_starky::sponge_table::{self as st, sponge_rows, BlockRow};
use zkplay_starky::{keccak_table as kt, production_config, prove_traces, verify, SpongeStark, Tables, Weaken, F};
use zkplay_wasm_runtime::statement::keccak256;

fn msg(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 131 + 7) as u8).collect()
}

fn set(t: &mut [plonky2::field::polynomial::PolynomialValues<F>], col: usize, row: usize, v: F) {
    t[col].values[row] = v;
}

fn weak(w: Weaken) -> Tables {
    Tables { sponge: SpongeStark::weakened(w), ..Tables::default() }
}

/// Where the forgery is caught without proving.
#[derive(Debug, PartialEq)]
enum Caught {
    Sponge(usize),
    Keccak(usize),
    Ctl,
}

fn caught(tables: &Tables, tr: &Traces) -> Option<Caught> {
    if let Some(r) = first_failing_row(&tables.sponge, &tr.sponge, &tr.public_inputs) {
        return Some(Caught::Sponge(r));
    }
    if let Some(r) = first_failing_row(&tables.keccak, &tr.keccak, &[]) {
        return Some(Caught::Keccak(r));
    }
    let (a, b) = ctl_multisets(&tr.sponge, &tr.keccak);
    (a != b).then_some(Caught::Ctl)
}

fn proof_verifies(tables: &Tables, tr: &Traces, digest: &[u8; 32], len: u64) -> bool {
    let config = production_config();
    let Ok(proof) = prove_traces(tables, tr, &config, &mut ProveReport::default()) else {
        return false;
    };
    verify(tables, &proof, digest, len, &config).is_ok()
}

/// The sound tables refuse the forgery at `expect`, and its proof does not verify.
fn refused(tr: &Traces, digest: &[u8; 32], len: u64, expect: Caught) {
    let t = Tables::default();
    assert_eq!(tr.public_inputs, public_inputs(digest, len));
    assert_eq!(caught(&t, tr), Some(expect));
    assert!(!proof_verifies(&t, tr, digest, len), "forged proof verified");
}

/// A table without the constraint accepts the forgery: constraints hold, the proof verifies.
fn accepted_by(w: Weaken, tr: &Traces, digest: &[u8; 32], len: u64) {
    let t = weak(w);
    assert_eq!(caught(&t, tr), None);
    assert!(proof_verifies(&t, tr, digest, len), "weakened table refused the forgery");
}

fn forged_rows(m: &[u8], tweak: &mut st::Tweak<'_>) -> (Vec<BlockRow>, [u8; 32]) {
    let rows = sponge_rows(&pad(m), tweak);
    let d = digest_of(&rows.last().unwrap().state_out);
    (rows, d)
}

// ---------------------------------------------------------------------------------------------
// XOR bits / byte range: non-boolean block bits let a byte "spill" so that the padding check
// sees 0x01 0x00 where the permutation absorbed `m 0x01`: the prover claims length L - 1 with
// the digest of the L-byte message.

/// Field values for the 8 bits of a byte that sum to `target` as a byte while XORing with the
/// state bits `s` into the same limb contribution as the honest byte `honest`.
fn spill_bits(honest: u8, target: u8, s: u8) -> Option<[F; 8]> {
    let mut m: [F; 8] = core::array::from_fn(|k| F::from_canonical_u8((honest >> k) & 1));
    let k1 = (0..8).find(|k| (s >> k) & 1 == 0)?;
    let k2 = (0..8).find(|k| (s >> k) & 1 == 1)?;
    let delta = F::from_canonical_u8(target) - F::from_canonical_u8(honest);
    let two = F::TWO;
    m[k1] += delta / (two * F::from_canonical_u64(1 << k1));
    m[k2] += delta / (two * F::from_canonical_u64(1 << k2));
    Some(m)
}

#[test]
fn spilled_bytes_claim_length_minus_one() {
    // A 2-block message whose last message byte and first padding byte meet state bits of both
    // values (the XOR is only non-linear where the state has ones and zeros).
    for len in 200..260usize {
        let m = msg(len);
        let (mut tr, digest) = generate_traces(&m);
        let rows = sponge_rows(&pad(&m), &mut |_, _, _| {});
        let p = len - RATE_BYTES; // first padding byte of block 1
        let state_byte = |j: usize| (rows[1].state_in[j / 8] >> (8 * (j % 8))) as u8;
        let (Some(b1), Some(b2)) = (
            spill_bits(rows[1].block[p - 1], 0x01, state_byte(p - 1)),
            spill_bits(rows[1].block[p], 0x00, state_byte(p)),
        ) else {
            continue;
        };
        let claimed = len as u64 - 1;
        for k in 0..8 {
            set(&mut tr.sponge, st::MSG + 8 * (p - 1) + k, 1, b1[k]);
            set(&mut tr.sponge, st::MSG + 8 * p + k, 1, b2[k]);
        }
        set(&mut tr.sponge, st::PAD + p - 1, 1, F::ONE);
        for r in 0..tr.sponge[0].len() {
            set(&mut tr.sponge, st::LEN, r, F::from_canonical_u64(claimed));
        }
        tr.public_inputs = public_inputs(&digest, claimed);
        assert_eq!(digest, keccak256(&m));
        assert_ne!(keccak256(&m[..len - 1]), digest);
        refused(&tr, &digest, claimed, Caught::Sponge(1));
        accepted_by(Weaken { bits: true, ..Weaken::default() }, &tr, &digest, claimed);
        return;
    }
    panic!("no suitable length");
}

#[test]
fn non_boolean_state_bit_refused() {
    let (mut tr, digest) = generate_traces(&msg(10));
    // Make bit 0 of the state 2 and bit 1 ... : the limb stays the same only with non-bits.
    set(&mut tr.sponge, st::SIN, 0, F::TWO);
    refused(&tr, &digest, 10, Caught::Sponge(0));
}

// ---------------------------------------------------------------------------------------------
// Chaining.

#[test]
fn capacity_not_chained() {
    let m = msg(200);
    let (rows, d) = forged_rows(&m, &mut |k, s, _| {
        if k == 1 {
            s[20] ^= 1;
        }
    });
    assert_ne!(d, keccak256(&m));
    let tr = traces_from_rows(&rows, 200, &d);
    refused(&tr, &d, 200, Caught::Sponge(0));
    accepted_by(Weaken { capacity_chain: true, ..Weaken::default() }, &tr, &d, 200);
}

#[test]
fn rate_not_chained() {
    let m = msg(200);
    let (rows, d) = forged_rows(&m, &mut |k, s, _| {
        if k == 1 {
            s[3] ^= 1 << 40;
        }
    });
    let tr = traces_from_rows(&rows, 200, &d);
    refused(&tr, &d, 200, Caught::Sponge(0));
}

#[test]
fn initial_state_not_zero() {
    for lane in [2usize, 21] {
        let m = msg(50);
        let (rows, d) = forged_rows(&m, &mut |k, s, _| {
            if k == 0 {
                s[lane] = 0x1234;
            }
        });
        let tr = traces_from_rows(&rows, 50, &d);
        refused(&tr, &d, 50, Caught::Sponge(0));
    }
}

// ---------------------------------------------------------------------------------------------
// Padding.

#[test]
fn padding_byte_value_wrong() {
    // 0x02 where 0x01 belongs: the digest of another padding rule.
    let (rows, d) = forged_rows(&msg(5), &mut |_, _, b| b[5] = 0x02);
    let tr = traces_from_rows(&rows, 5, &d);
    refused(&tr, &d, 5, Caught::Sponge(0));
    accepted_by(Weaken { padding_values: true, ..Weaken::default() }, &tr, &d, 5);
    // A non-zero byte inside the padding, and a last byte without 0x80.
    for (j, v) in [(70usize, 0x07u8), (135, 0x00)] {
        let (rows, d) = forged_rows(&msg(5), &mut |_, _, b| b[j] = v);
        refused(&traces_from_rows(&rows, 5, &d), &d, 5, Caught::Sponge(0));
    }
    // One padding byte must be 0x81: 0x80 alone (0x01 dropped) is refused.
    let (rows, d) = forged_rows(&msg(135), &mut |_, _, b| b[135] = 0x80);
    refused(&traces_from_rows(&rows, 135, &d), &d, 135, Caught::Sponge(0));
}

#[test]
fn claimed_length_off_by_one_with_same_bytes() {
    // Same trace, length one more or one less: the final row's PAD count no longer matches.
    let m = msg(40);
    let (mut tr, digest) = generate_traces(&m);
    for claimed in [39u64, 41] {
        for r in 0..tr.sponge[0].len() {
            set(&mut tr.sponge, st::LEN, r, F::from_canonical_u64(claimed));
        }
        tr.public_inputs = public_inputs(&digest, claimed);
        refused(&tr, &digest, claimed, Caught::Sponge(0));
    }
}

// ---------------------------------------------------------------------------------------------
// Length.

#[test]
fn length_not_constant() {
    let m = msg(200);
    let (mut tr, digest) = generate_traces(&m);
    let claimed = 999u64;
    set(&mut tr.sponge, st::LEN, 0, F::from_canonical_u64(claimed));
    tr.public_inputs = public_inputs(&digest, claimed);
    refused(&tr, &digest, claimed, Caught::Sponge(0));
    accepted_by(Weaken { length_constant: true, ..Weaken::default() }, &tr, &digest, claimed);
}

// ---------------------------------------------------------------------------------------------
// Exactly one message.

/// An all-dummy sponge trace and a Keccak table with no real permutation, for any digest.
fn all_dummy(digest: &[u8; 32], len: u64) -> Traces {
    let (mut tr, _) = generate_traces(&msg(0));
    let rows = tr.sponge[0].len();
    for c in tr.sponge.iter_mut() {
        c.values.iter_mut().for_each(|v| *v = F::ZERO);
    }
    for r in 0..rows {
        set(&mut tr.sponge, st::IS_DUMMY, r, F::ONE);
        set(&mut tr.sponge, st::BLK, r, F::from_canonical_usize(r));
        set(&mut tr.sponge, st::LEN, r, F::from_canonical_u64(len));
    }
    tr.keccak = kt::generate_trace(&[], tr.keccak[0].len());
    tr.public_inputs = public_inputs(digest, len);
    tr
}

#[test]
fn all_dummy_trace_refused() {
    let digest = [0xAB; 32];
    let tr = all_dummy(&digest, 3);
    refused(&tr, &digest, 3, Caught::Sponge(0));
    accepted_by(Weaken { first_row_real: true, ..Weaken::default() }, &tr, &digest, 3);
}

#[test]
fn final_block_missing_refused() {
    // Block 1 of a 2-block message made non-final (and its padding flags cleared): a real
    // non-final row followed by a dummy row.
    let (mut tr, digest) = generate_traces(&msg(200));
    set(&mut tr.sponge, st::IS_FINAL, 1, F::ZERO);
    for j in 0..RATE_BYTES {
        set(&mut tr.sponge, st::PAD + j, 1, F::ZERO);
    }
    refused(&tr, &digest, 200, Caught::Sponge(1));
    // Every row real, none final: the last row refuses it.
    let (mut tr, _) = generate_traces(&msg(200));
    let n = tr.sponge[0].len();
    set(&mut tr.sponge, st::IS_FINAL, 1, F::ZERO);
    for r in 1..n {
        set(&mut tr.sponge, st::IS_DUMMY, r, F::ZERO);
        for j in 0..RATE_BYTES {
            set(&mut tr.sponge, st::PAD + j, r, F::ZERO);
        }
    }
    assert!(matches!(caught(&Tables::default(), &tr), Some(Caught::Sponge(_))));
}

#[test]
fn real_block_after_final_refused() {
    // A 100-byte message's final block, then a second real block chained from its output: the
    // digest claimed is the first message's, the Keccak table permutes both blocks.
    let m = msg(100);
    let digest = keccak256(&m);
    let blocks = [pad(&m)[0], [0x5A; RATE_BYTES]];
    let rows = sponge_rows(&blocks, &mut |_, _, _| {});
    assert_eq!(digest_of(&rows[0].state_out), digest);
    let mut tr = traces_from_rows(&rows, 100 + RATE_BYTES, &digest);
    // Row 0 is the final row of the 100-byte message; row 1 stays real and non-final.
    set(&mut tr.sponge, st::IS_FINAL, 0, F::ONE);
    set(&mut tr.sponge, st::IS_FINAL, 1, F::ZERO);
    for j in 0..RATE_BYTES {
        set(&mut tr.sponge, st::PAD + j, 0, F::from_bool(j >= 100));
        set(&mut tr.sponge, st::PAD + j, 1, F::ZERO);
    }
    for r in 0..tr.sponge[0].len() {
        set(&mut tr.sponge, st::LEN, r, F::from_canonical_u64(100));
    }
    tr.public_inputs = public_inputs(&digest, 100);
    refused(&tr, &digest, 100, Caught::Sponge(0));
}

// ---------------------------------------------------------------------------------------------
// Digest and the lookup.

/// The honest traces of a 10-byte message whose public inputs claim its digest with byte
/// `byte` XORed with `flip`, and that digest.
fn claiming_another_digest(byte: usize, flip: u8) -> (Traces, [u8; 32]) {
    let (mut tr, mut d) = generate_traces(&msg(10));
    d[byte] ^= flip;
    tr.public_inputs = public_inputs(&d, 10);
    (tr, d)
}

#[test]
fn digest_public_input_wrong() {
    let (tr, d) = claiming_another_digest(31, 0x40);
    refused(&tr, &d, 10, Caught::Sponge(0));
}

#[test]
fn output_not_from_the_permutation() {
    // The sponge claims another permutation output (and that digest): only the CTL sees it.
    let (mut tr, d) = claiming_another_digest(0, 1);
    let v = tr.sponge[st::SOUT].values[0].to_canonical_u64() ^ 1;
    set(&mut tr.sponge, st::SOUT, 0, F::from_canonical_u64(v));
    refused(&tr, &d, 10, Caught::Ctl);
}

#[test]
fn keccak_table_forgeries_refused() {
    let (tr0, digest) = generate_traces(&msg(10));
    // A theta bit that is not a bit, a wrong output limb, a padding permutation marked real.
    let cases: [(usize, usize, F); 3] =
        [(kt::a_prime(1, 2, 3), 5, F::TWO), (kt::OUT_00, 23, F::from_canonical_u64(7)), (kt::REAL, 24, F::ONE)];
    for (col, row, v) in cases {
        let mut tr = tr0.clone();
        let old = tr.keccak[col].values[row];
        tr.keccak[col].values[row] = if old == v { v + F::ONE } else { v };
        let got = caught(&Tables::default(), &tr);
        assert!(matches!(got, Some(Caught::Keccak(_))), "{col}: {got:?}");
        assert!(!proof_verifies(&Tables::default(), &tr, &digest, 10));
    }
}
