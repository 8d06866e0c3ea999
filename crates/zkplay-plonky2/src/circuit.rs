//! Circuit layout: variable-length Keccak-256 with in-circuit padding.
//!
//! Public inputs: the 32 digest bytes (one field element each), then the length L.
//! Private: the padded message bits (`max_blocks * 1088`), the one-hot block selector
//! `t_k = [k == L / 136]` and `lt_j = [j < L % 136]` for `j < 135`.
//!
//! Constraints tie them together: `t` is one-hot, `lt` is a non-increasing bit vector,
//! `L = 136 * sum_k k t_k + sum_j lt_j` (so `L <= 136 * max_blocks - 1`), every byte that is
//! not a message byte equals its padding (or zero after the final block), the sponge runs
//! over all blocks, and the digest is the rate output after block `L / 136`.

#[cfg(not(feature = "std"))]
use alloc::{vec, vec::Vec};

use plonky2::field::goldilocks_field::GoldilocksField;
use plonky2::field::types::Field;
use plonky2::iop::target::{BoolTarget, Target};
use plonky2::iop::witness::{PartialWitness, WitnessWrite};
use plonky2::plonk::circuit_builder::CircuitBuilder;

use crate::gates::{lane, AbsorbGate, DigestGate, Kind, PadGate, RoundGate, RATE_LANES, RC, ROT};

pub(crate) type F = GoldilocksField;
pub(crate) const D: usize = 2;

/// Bytes per Keccak-256 block (the rate).
pub const RATE_BYTES: usize = 136;

/// Targets the prover fills in, and the rows of this crate's gates.
pub(crate) struct Layout {
    pub max_blocks: usize,
    pub length: Target,
    pub t: Vec<Target>,
    pub lt: Vec<Target>,
    /// `sum_k t_k` (connected to the constant 1; read by the forgery tests only).
    #[cfg_attr(not(feature = "test-support"), allow(dead_code))]
    pub t_sum: Target,
    /// Bit `b` of padded byte `i` is `msg_bits[8 i + b]`.
    pub msg_bits: Vec<Target>,
    pub digest: Vec<Target>,
    /// (row, kind, constant 0) for each gate of this crate.
    pub rows: Vec<(usize, Kind, u64)>,
}

struct State {
    lanes: Vec<[Target; 64]>,
    cols: Vec<[Target; 64]>,
}

#[allow(clippy::needless_range_loop)] // x and y index several tables
fn round(b: &mut CircuitBuilder<F, D>, st: &State, r: usize, rows: &mut Vec<(usize, Kind, u64)>) -> State {
    let zero = b.zero();
    let mut lanes = vec![[zero; 64]; 25];
    let mut cols = vec![[zero; 64]; 5];
    for z in 0..64 {
        let rc = (RC[r] >> z) & 1;
        let row = b.add_gate(RoundGate { rc: rc == 1 }, vec![]);
        rows.push((row, Kind::Round, rc));
        for y in 0..5 {
            for x in 0..5 {
                let l = lane(x, y);
                let zz = (z + 64 - ROT[x][y]) % 64;
                b.connect(st.lanes[l][zz], Target::wire(row, RoundGate::A_IN + l));
                b.connect(st.cols[(x + 4) % 5][zz], Target::wire(row, RoundGate::c_minus(l)));
                b.connect(st.cols[(x + 1) % 5][(zz + 63) % 64], Target::wire(row, RoundGate::c_plus(l)));
                lanes[l][z] = Target::wire(row, RoundGate::OUT + l);
            }
        }
        for (x, col) in cols.iter_mut().enumerate() {
            col[z] = Target::wire(row, RoundGate::C_OUT + x);
        }
    }
    State { lanes, cols }
}

fn absorb(
    b: &mut CircuitBuilder<F, D>,
    prev: Option<&State>,
    block_bits: &[Target],
    rows: &mut Vec<(usize, Kind, u64)>,
) -> State {
    let zero = b.zero();
    let mut lanes = vec![[zero; 64]; 25];
    let mut cols = vec![[zero; 64]; 5];
    for z in 0..64 {
        let row = b.add_gate(AbsorbGate, vec![]);
        rows.push((row, Kind::Absorb, 0));
        for (l, lane_bits) in lanes.iter_mut().enumerate() {
            let s = prev.map_or(zero, |p| p.lanes[l][z]);
            if l < RATE_LANES {
                b.connect(s, Target::wire(row, AbsorbGate::S_IN + l));
                // lane l, bit z = byte 8l + z/8, bit z%8 = message bit 64l + z
                b.connect(block_bits[64 * l + z], Target::wire(row, AbsorbGate::M_IN + l));
                lane_bits[z] = Target::wire(row, AbsorbGate::A_OUT + l);
            } else {
                lane_bits[z] = s;
            }
        }
        for (x, col) in cols.iter_mut().enumerate() {
            let c = prev.map_or(zero, |p| p.cols[x][z]);
            b.connect(c, Target::wire(row, AbsorbGate::C_IN + x));
            col[z] = Target::wire(row, AbsorbGate::C_OUT + x);
        }
    }
    State { lanes, cols }
}

/// Builds the whole statement into `b` and registers the public inputs.
pub(crate) fn build_circuit(b: &mut CircuitBuilder<F, D>, max_blocks: usize) -> Layout {
    assert!(max_blocks >= 1);
    let zero = b.zero();
    let one = b.one();
    let mut rows = Vec::new();

    // Length decomposition.
    let length = b.add_virtual_target();
    let t: Vec<Target> = (0..max_blocks).map(|_| b.add_virtual_target()).collect();
    let lt: Vec<Target> = (0..RATE_BYTES - 1).map(|_| b.add_virtual_target()).collect();
    for &tk in &t {
        b.assert_bool(BoolTarget::new_unsafe(tk));
    }
    let t_sum = b.add_many(&t);
    b.connect(t_sum, one);
    let mut before = vec![zero; max_blocks];
    for k in (0..max_blocks.saturating_sub(1)).rev() {
        before[k] = b.add(before[k + 1], t[k + 1]);
    }
    let mut acc = b.add_many(&lt);
    for (k, &tk) in t.iter().enumerate().skip(1) {
        acc = b.mul_const_add(F::from_canonical_usize(RATE_BYTES * k), tk, acc);
    }
    b.connect(acc, length);

    // Message bits live in the padding gates (which check booleanity and padding).
    let mut msg_bits = Vec::with_capacity(max_blocks * RATE_BYTES * 8);
    for k in 0..max_blocks {
        for c in 0..RATE_BYTES / 8 {
            let last = u64::from(c == RATE_BYTES / 8 - 1);
            let row = b.add_gate(PadGate, vec![F::from_canonical_u64(last)]);
            rows.push((row, Kind::Pad, last));
            b.connect(t[k], Target::wire(row, PadGate::T));
            b.connect(before[k], Target::wire(row, PadGate::BEFORE));
            for i in 0..9 {
                let j = (8 * c + i) as isize - 1;
                let src = if j < 0 {
                    one
                } else if j as usize == RATE_BYTES - 1 {
                    zero
                } else {
                    lt[j as usize]
                };
                b.connect(src, Target::wire(row, PadGate::LT + i));
            }
            for i in 0..64 {
                msg_bits.push(Target::wire(row, PadGate::BITS + i));
            }
        }
    }

    // Sponge.
    let mut digest = vec![zero; 32];
    let mut state: Option<State> = None;
    for k in 0..max_blocks {
        let block_bits = &msg_bits[k * RATE_BYTES * 8..(k + 1) * RATE_BYTES * 8];
        let mut st = absorb(b, state.as_ref(), block_bits, &mut rows);
        for r in 0..24 {
            st = round(b, &st, r, &mut rows);
        }
        // Candidate digest of this block, accumulated with weight t_k.
        for g in 0..4 {
            let row = b.add_gate(DigestGate, vec![]);
            rows.push((row, Kind::Digest, 0));
            b.connect(t[k], Target::wire(row, DigestGate::T));
            for i in 0..DigestGate::BYTES {
                let q = 8 * g + i;
                b.connect(digest[q], Target::wire(row, DigestGate::d_in(i)));
                for bit in 0..8 {
                    b.connect(st.lanes[g][8 * i + bit], Target::wire(row, DigestGate::bit(i, bit)));
                }
                digest[q] = Target::wire(row, DigestGate::d_out(i));
            }
        }
        state = Some(st);
    }

    b.register_public_inputs(&digest);
    b.register_public_input(length);

    Layout { max_blocks, length, t, lt, t_sum, msg_bits, digest, rows }
}

/// The padded message (`max_blocks * 136` bytes) for `msg` (which must fit).
pub(crate) fn pad(max_blocks: usize, msg: &[u8]) -> Vec<u8> {
    let n = max_blocks * RATE_BYTES;
    assert!(msg.len() < n);
    let mut padded = vec![0u8; n];
    padded[..msg.len()].copy_from_slice(msg);
    let k = msg.len() / RATE_BYTES;
    padded[msg.len()] ^= 0x01;
    padded[k * RATE_BYTES + RATE_BYTES - 1] ^= 0x80;
    padded
}

/// The prover's inputs: the padded bytes and the claimed length, as (target, value) pairs
/// (not checked here: the circuit checks them).
pub(crate) fn assignment(layout: &Layout, padded: &[u8], length: usize) -> anyhow::Result<Vec<(Target, F)>> {
    anyhow::ensure!(padded.len() == layout.max_blocks * RATE_BYTES, "padded message has the wrong size");
    let k = length / RATE_BYTES;
    let r = length % RATE_BYTES;
    let mut v = Vec::with_capacity(1 + layout.t.len() + layout.lt.len() + layout.msg_bits.len());
    // `length` may exceed the capacity here (tests do that); reduce it as the field would.
    v.push((layout.length, F::from_noncanonical_u64(length as u64)));
    for (i, &tk) in layout.t.iter().enumerate() {
        v.push((tk, F::from_bool(i == k)));
    }
    for (j, &l) in layout.lt.iter().enumerate() {
        v.push((l, F::from_bool(j < r)));
    }
    for (i, &byte) in padded.iter().enumerate() {
        for bit in 0..8 {
            v.push((layout.msg_bits[8 * i + bit], F::from_canonical_u8((byte >> bit) & 1)));
        }
    }
    Ok(v)
}

/// A partial witness holding the prover's inputs (see [`assignment`]).
pub(crate) fn witness_of(values: &[(Target, F)]) -> anyhow::Result<PartialWitness<F>> {
    let mut pw = PartialWitness::new();
    for &(t, v) in values {
        pw.set_target(t, v)?;
    }
    Ok(pw)
}
