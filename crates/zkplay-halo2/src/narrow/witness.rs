//! The honest witness: a native Keccak-f that records every intermediate the circuit lays out
//! (state `a`, column parities `c`, θ's `d`, the ρπ output `b`), the message bits with their
//! padding flags, and the running selection of the first final block. Tests edit the matrix
//! afterwards to play the malicious prover.

use super::layout::*;
use crate::halo2::halo2curves::{bn256::Fr, ff::PrimeField};

/// Advice values, `cells[column][row]`, for rows `0..rows_used(capacity)`.
#[derive(Clone, Debug)]
pub struct Witness {
    pub cells: Vec<Vec<Fr>>,
}

impl Witness {
    pub fn get(&self, col: usize, row: usize) -> Fr {
        self.cells[col][row]
    }
    pub fn set(&mut self, col: usize, row: usize, v: Fr) {
        self.cells[col][row] = v;
    }
    fn bits(&mut self, col: usize, start: usize, lane: u64) {
        for z in 0..LANE_BITS {
            self.cells[col][start + z] = Fr::from((lane >> z) & 1);
        }
    }
}

/// One Keccak-f round's intermediates.
pub struct RoundTrace {
    pub c: [u64; 5],
    pub d: [u64; 5],
    pub b: [u64; 25],
    pub out: [u64; 25],
}

/// One round of Keccak-f on lanes indexed `x + 5y`.
pub fn round(a: &[u64; 25], t: usize) -> RoundTrace {
    let mut c = [0u64; 5];
    for (x, cx) in c.iter_mut().enumerate() {
        *cx = (0..5).fold(0, |acc, y| acc ^ a[x + 5 * y]);
    }
    let mut d = [0u64; 5];
    for (x, dx) in d.iter_mut().enumerate() {
        *dx = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
    }
    let mut b = [0u64; 25];
    for i in 0..25 {
        b[pi(i)] = (a[i] ^ d[i % 5]).rotate_left(RHO[i] as u32);
    }
    let mut out = [0u64; 25];
    for i in 0..25 {
        let (x, y) = (i % 5, i / 5);
        out[i] = b[i] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    }
    out[0] ^= RC[t];
    RoundTrace { c, d, b, out }
}

/// Keccak-f blocks a message of `len` bytes takes (padding adds at least one byte).
pub fn blocks_for_len(len: usize) -> usize {
    len / RATE + 1
}

/// Block `j` of the padded message (`pad10*1`, Keccak's `0x01 .. 0x80`), or for `j` past the
/// message the block of an empty message (keeps every block well formed; they are never selected).
fn block_bytes(msg: &[u8], j: usize) -> ([u8; RATE], usize) {
    let mut blk = [0u8; RATE];
    let start = j * RATE;
    let used = msg.len().saturating_sub(start).min(RATE);
    if used > 0 {
        blk[..used].copy_from_slice(&msg[start..start + used]);
    }
    if used < RATE {
        blk[used] ^= 0x01;
        blk[RATE - 1] ^= 0x80;
    }
    (blk, used)
}

/// The witness for `msg` in a circuit of `capacity` blocks. (A message longer than that gives
/// the trace of its first `capacity` blocks, none final: only attack tests want that.)
pub fn witness(msg: &[u8], capacity: usize) -> Witness {
    witness_with_fault(msg, capacity, None)
}

/// Where a test flips one bit of a round's output before the trace goes on: (block, round,
/// lane, bit). The gates the flip breaks are those of that one round's χ.
pub type Fault = Option<(usize, usize, usize, usize)>;

pub(crate) fn witness_with_fault(msg: &[u8], capacity: usize, fault: Fault) -> Witness {
    let rows = rows_used(capacity);
    let mut w = Witness { cells: vec![vec![Fr::from(0); rows]; NUM_ADVICE] };
    let mut state = [0u64; 25];
    let (mut done, mut lacc, mut dhi, mut dlo) = (0u64, 0u64, 0u128, 0u128);
    for j in 0..capacity {
        let base = block_start(j);
        let (blk, used) = block_bytes(msg, j);
        let padded = used < RATE;
        // Absorb region: `a` is the state before the block; M, P, LEN over the message rows.
        for (i, lane) in state.iter().enumerate() {
            w.bits(a(i), base, *lane);
        }
        let mut len = 0u64;
        for (n, byte) in blk.iter().enumerate() {
            let pad = padded && n >= used;
            len += u64::from(!pad);
            for k in 0..8 {
                let r = base + 8 * n + k;
                w.set(M, r, Fr::from(u64::from((byte >> k) & 1)));
                w.set(P, r, Fr::from(u64::from(pad)));
                w.set(LEN, r, Fr::from(len));
            }
        }
        for i in 0..RATE_LANES {
            state[i] ^= u64::from_le_bytes(blk[8 * i..8 * i + 8].try_into().unwrap());
        }
        for t in 0..ROUNDS {
            let row = round_start(j, t);
            let tr = round(&state, t);
            for (i, (lane, rho_pi)) in state.iter().zip(&tr.b).enumerate() {
                w.bits(a(i), row, *lane);
                w.bits(b(i), row, *rho_pi);
            }
            for x in 0..5 {
                w.bits(c(x), row, tr.c[x]);
                w.bits(d(x), row, tr.d[x]);
            }
            state = tr.out;
            if let Some((fj, ft, lane, z)) = fault {
                if (fj, ft) == (j, t) {
                    state[lane] ^= 1 << z;
                }
            }
        }
        // The state after the block, its digest limbs, and the running selection.
        let sq = squeeze_start(j);
        for (i, lane) in state.iter().enumerate() {
            w.bits(a(i), sq, *lane);
        }
        let (mut hh, mut hl) = (0u128, 0u128);
        for z in 0..LANE_BITS {
            let bit = |i: usize| u128::from(((state[i] >> z) & 1) as u8);
            hh += bit(0) * weight_even(z) + bit(1) * weight_odd(z);
            hl += bit(2) * weight_even(z) + bit(3) * weight_odd(z);
            w.set(HH, sq + z, Fr::from_u128(hh));
            w.set(HL, sq + z, Fr::from_u128(hl));
        }
        let f = u64::from(padded);
        let take = (1 - done) * f;
        lacc += (1 - done) * used as u64;
        done += take;
        if take == 1 {
            dhi = hh;
            dlo = hl;
        }
        let s = summary_row(j);
        w.set(TAKE, s, Fr::from(take));
        w.set(DONE, s, Fr::from(done));
        w.set(LACC, s, Fr::from(lacc));
        w.set(DHI, s, Fr::from_u128(dhi));
        w.set(DLO, s, Fr::from_u128(dlo));
    }
    w
}
