//! The sponge table: one row per absorbed 136-byte block, then dummy rows.
//!
//! A row holds the block in bits (`MSG`, 1088 columns: each byte is the sum of 8 boolean bits,
//! so every byte is range checked by construction), the rate part of the state before the
//! block in bits (`SIN`), its capacity part in limbs (`SIN_CAP`), the XOR of rate and block
//! in limbs (`XOR`: with `SIN_CAP`, the permutation input), the permutation output
//! (`SOUT`, limbs), the padding flags `PAD[j]` (byte `j` is padding), `IS_FINAL`, `IS_DUMMY`,
//! the block index `BLK` and the message length `LEN`.
//!
//! Real rows send `(XOR ++ SIN_CAP, SOUT)` to the Keccak table (cross-table lookup). Public
//! inputs: the 32 digest bytes, then the length.

use core::marker::PhantomData;

use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::Field;

use crate::alg::{impl_stark, Alg};
use crate::keccak::{block_lanes, permute, RATE_BYTES, RATE_LANES};

pub const RATE_BITS: usize = RATE_BYTES * 8;
pub const MSG: usize = 0;
pub const SIN: usize = MSG + RATE_BITS;
/// Capacity lanes 17..25 of the state before the block, 2 limbs each.
pub const SIN_CAP: usize = SIN + RATE_BITS;
/// `SIN ^ MSG`, 34 limbs.
pub const XOR: usize = SIN_CAP + 16;
/// Permutation output, 50 limbs.
pub const SOUT: usize = XOR + 2 * RATE_LANES;
pub const PAD: usize = SOUT + 50;
pub const IS_FINAL: usize = PAD + RATE_BYTES;
pub const IS_DUMMY: usize = IS_FINAL + 1;
pub const BLK: usize = IS_DUMMY + 1;
pub const LEN: usize = BLK + 1;
pub const NUM_COLUMNS: usize = LEN + 1;

/// Public inputs: digest bytes 0..32, then the length.
pub const PI_DIGEST: usize = 0;
pub const PI_LEN: usize = 32;
pub const NUM_PUBLIC_INPUTS: usize = 33;

/// Constraints a test can switch off, to show that the forgery each one stops is then accepted.
/// All `false` (the only value outside tests) is the sound table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weaken {
    /// Drop booleanity of the `MSG` and `SIN` bits (the XOR inputs; also the byte range check).
    pub bits: bool,
    /// Drop the chaining of the capacity (`SIN_CAP` of a block = `SOUT` of the previous).
    pub capacity_chain: bool,
    /// Drop the value checks on padding bytes.
    pub padding_values: bool,
    /// Drop "row 0 is a real block" (an all-dummy trace then satisfies every constraint).
    pub first_row_real: bool,
    /// Drop "LEN is the same on every row".
    pub length_constant: bool,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SpongeStark<F, const D: usize> {
    pub(crate) weaken: Weaken,
    _f: PhantomData<F>,
}

impl<F, const D: usize> SpongeStark<F, D> {
    pub const fn new() -> Self {
        Self {
            weaken: Weaken {
                bits: false,
                capacity_chain: false,
                padding_values: false,
                first_row_real: false,
                length_constant: false,
            },
            _f: PhantomData,
        }
    }
    /// A deliberately weakened table, for the attack tests only.
    #[cfg(feature = "test-support")]
    pub const fn weakened(weaken: Weaken) -> Self {
        Self { weaken, _f: PhantomData }
    }
}

/// The constraints (degree <= 2; the table declares 3, the degree shared with the Keccak table).
pub fn eval<A_: Alg>(a: &mut A_, w: &Weaken, l: &[A_::V], n: &[A_::V], pis: &[A_::V]) {
    let one = a.cst(1);
    // Bits.
    if !w.bits {
        for i in 0..2 * RATE_BITS {
            let e = a.not_bit(l[MSG + i]);
            a.every_row(e);
        }
    }
    // XOR limbs.
    for k in 0..2 * RATE_LANES {
        let bits: Vec<A_::V> = (32 * k..32 * k + 32).map(|i| a.xor(l[SIN + i], l[MSG + i])).collect();
        let limb = a.le_bits(&bits);
        let e = a.sub(l[XOR + k], limb);
        a.every_row(e);
    }
    // Row flags: bits, never both; row 0 real; real non-final -> next real; final or dummy ->
    // next dummy; the last row final or dummy. So exactly one final row, and it ends the real
    // rows.
    let (fin, dum) = (l[IS_FINAL], l[IS_DUMMY]);
    let e = a.not_bit(fin);
    a.every_row(e);
    let e = a.not_bit(dum);
    a.every_row(e);
    let e = a.mul(fin, dum);
    a.every_row(e);
    if !w.first_row_real {
        a.first_row(dum);
    }
    let fd = a.add(fin, dum);
    let real_not_final = a.one_minus(fd);
    let e = a.mul(real_not_final, n[IS_DUMMY]);
    a.transition(e);
    let next_not_dummy = a.one_minus(n[IS_DUMMY]);
    let e = a.mul(fd, next_not_dummy);
    a.transition(e);
    a.last_row(real_not_final);
    // Row 0 starts from the zero state; a real row starts from the previous row's output.
    for i in 0..RATE_BITS {
        a.first_row(l[SIN + i]);
    }
    for k in 0..16 {
        a.first_row(l[SIN_CAP + k]);
    }
    for k in 0..2 * RATE_LANES {
        let limb = a.le_bits(&n[SIN + 32 * k..SIN + 32 * k + 32]);
        let d = a.sub(limb, l[SOUT + k]);
        let e = a.mul(next_not_dummy, d);
        a.transition(e);
    }
    if !w.capacity_chain {
        for k in 0..16 {
            let d = a.sub(n[SIN_CAP + k], l[SOUT + 2 * RATE_LANES + k]);
            let e = a.mul(next_not_dummy, d);
            a.transition(e);
        }
    }
    // Block index and length.
    let e = l[BLK];
    a.first_row(e);
    let b1 = a.add(l[BLK], one);
    let e = a.sub(n[BLK], b1);
    a.transition(e);
    let e = a.sub(l[LEN], pis[PI_LEN]);
    a.first_row(e);
    if !w.length_constant {
        let e = a.sub(n[LEN], l[LEN]);
        a.transition(e);
    }
    // Padding: PAD is 0...01...1 on the final row (at least one padding byte), all 0 elsewhere;
    // the final row holds LEN - 136 BLK message bytes; padding bytes are 0x01 0x00 .. 0x00 0x80,
    // or 0x81 alone.
    let mut pad_sum = a.cst(0);
    for j in 0..RATE_BYTES {
        let f = l[PAD + j];
        let e = a.not_bit(f);
        a.every_row(e);
        if j + 1 < RATE_BYTES {
            let nf = a.one_minus(l[PAD + j + 1]);
            let e = a.mul(f, nf);
            a.every_row(e);
        }
        pad_sum = a.add(pad_sum, f);
    }
    let e = a.sub(l[PAD + RATE_BYTES - 1], fin);
    a.every_row(e);
    let blk_bytes = a.scale(l[BLK], RATE_BYTES as u64);
    let rate = a.cst(RATE_BYTES as u64);
    let t = a.add(blk_bytes, rate);
    let t = a.sub(t, pad_sum);
    let d = a.sub(l[LEN], t);
    let e = a.mul(fin, d);
    a.every_row(e);
    if !w.padding_values {
        for j in 0..RATE_BYTES {
            let f = l[PAD + j];
            let start = if j == 0 { f } else { a.sub(f, l[PAD + j - 1]) };
            let byte = a.le_bits(&l[MSG + 8 * j..MSG + 8 * j + 8]);
            let mut expected = start;
            if j == RATE_BYTES - 1 {
                let c80 = a.cst(0x80);
                expected = a.add(expected, c80);
            }
            let d = a.sub(byte, expected);
            let e = a.mul(f, d);
            a.every_row(e);
        }
    }
    // The final row's output is the digest: lanes 0..4, limb k = digest bytes 4k..4k+4.
    for k in 0..8 {
        let mut v = a.cst(0);
        for b in 0..4 {
            v = a.scale_add(pis[PI_DIGEST + 4 * k + b], 1 << (8 * b), v);
        }
        let d = a.sub(l[SOUT + k], v);
        let e = a.mul(fin, d);
        a.every_row(e);
    }
}

impl_stark!(SpongeStark, columns: NUM_COLUMNS, public_inputs: NUM_PUBLIC_INPUTS, |table, a, local, next, public| {
    eval(a, &table.weaken, local, next, public)
});

/// What the honest sponge computes for one block (and what the Keccak table must permute).
#[derive(Clone, Debug)]
pub struct BlockRow {
    pub block: [u8; RATE_BYTES],
    /// State before the block.
    pub state_in: [u64; 25],
    /// State after the permutation.
    pub state_out: [u64; 25],
}

impl BlockRow {
    /// The permutation input: `state_in` with the block XORed into its rate.
    pub fn perm_input(&self) -> [u64; 25] {
        let mut s = self.state_in;
        for (i, l) in block_lanes(&self.block).iter().enumerate() {
            s[i] ^= l;
        }
        s
    }
}

/// What `sponge_rows` lets a test edit before each block is absorbed: the block's index, the
/// state going in and the block.
pub type Tweak<'a> = dyn FnMut(usize, &mut [u64; 25], &mut [u8; RATE_BYTES]) + 'a;

/// Rows for `blocks` (padded blocks). `tweak` may change a block or the state a block starts
/// from before it is absorbed (the honest prover passes a no-op; attack tests forge with it).
pub fn sponge_rows(blocks: &[[u8; RATE_BYTES]], tweak: &mut Tweak<'_>) -> Vec<BlockRow> {
    let mut state = [0u64; 25];
    let mut out = Vec::with_capacity(blocks.len());
    for (k, b) in blocks.iter().enumerate() {
        let mut block = *b;
        let mut state_in = state;
        tweak(k, &mut state_in, &mut block);
        let mut row = BlockRow { block, state_in, state_out: [0; 25] };
        let mut s = row.perm_input();
        permute(&mut s);
        row.state_out = s;
        state = s;
        out.push(row);
    }
    out
}

/// The sponge trace: `rows` rows (a power of two above `blocks.len()`), for a message of
/// `len` bytes (which sets `PAD` on the last block row).
pub fn generate_trace<F: Field>(blocks: &[BlockRow], len: usize, rows: usize) -> Vec<PolynomialValues<F>> {
    assert!(rows.is_power_of_two() && rows >= blocks.len() && !blocks.is_empty());
    let mut cols = vec![vec![F::ZERO; rows]; NUM_COLUMNS];
    let mut set = |col: usize, row: usize, v: u64| cols[col][row] = F::from_canonical_u64(v);
    let n = blocks.len();
    #[allow(clippy::needless_range_loop, reason = "row numbers every row; blocks holds only the first n")]
    for row in 0..rows {
        set(BLK, row, row as u64);
        set(LEN, row, len as u64);
        if row >= n {
            set(IS_DUMMY, row, 1);
            continue;
        }
        let b = &blocks[row];
        for j in 0..RATE_BYTES {
            for k in 0..8 {
                set(MSG + 8 * j + k, row, u64::from((b.block[j] >> k) & 1));
            }
        }
        for i in 0..RATE_BITS {
            set(SIN + i, row, (b.state_in[i / 64] >> (i % 64)) & 1);
        }
        let input = b.perm_input();
        for k in 0..2 * RATE_LANES {
            set(XOR + k, row, (input[k / 2] >> (32 * (k % 2))) & 0xFFFF_FFFF);
        }
        for k in 0..16 {
            let lane = RATE_LANES + k / 2;
            set(SIN_CAP + k, row, (b.state_in[lane] >> (32 * (k % 2))) & 0xFFFF_FFFF);
        }
        for k in 0..50 {
            set(SOUT + k, row, (b.state_out[k / 2] >> (32 * (k % 2))) & 0xFFFF_FFFF);
        }
        if row == n - 1 {
            set(IS_FINAL, row, 1);
            let msg_bytes = len - RATE_BYTES * (n - 1);
            for j in msg_bytes..RATE_BYTES {
                set(PAD + j, row, 1);
            }
        }
    }
    cols.into_iter().map(PolynomialValues::new).collect()
}
