//! Keccak-f[1600] natively, round by round, for trace generation. Lanes are indexed
//! `x + 5 y`; a lane is a little-endian u64 (bytes `8 i .. 8 i + 8` of the state).

/// Rho's rotation offsets `RHO[x][y]` and iota's round constants: zkplay-plonky2's, whose
/// circuit computes the same permutation (one place for each).
pub use zkplay_plonky2::gates::{RC, ROT as RHO};

use core::array::from_fn;

/// Bytes absorbed per block (the rate of Keccak-256).
pub const RATE_BYTES: usize = 136;
/// Lanes absorbed per block.
pub const RATE_LANES: usize = 17;

/// Where lane `(x, y)` lands after pi: `B[y][2x + 3y]`.
pub const fn pi_target(x: usize, y: usize) -> (usize, usize) {
    (y, (2 * x + 3 * y) % 5)
}

/// Intermediate values of one round, as the permutation table stores them.
pub struct RoundValues {
    /// Column parities `C[x]`.
    pub c: [u64; 5],
    /// `C'[x] = C[x] ^ C[x-1] ^ rot(C[x+1], 1)`.
    pub c_prime: [u64; 5],
    /// Theta output `A'`.
    pub a_prime: [u64; 25],
    /// Chi output `A''`.
    pub a_dprime: [u64; 25],
    /// Round output (iota applied to lane 0).
    pub out: [u64; 25],
}

/// One round of Keccak-f on `a`. Each step is one array built from the previous ones, indexed as
/// the table's columns are (lane `x + 5 y`).
pub fn round(a: &[u64; 25], r: usize) -> RoundValues {
    let c: [u64; 5] = from_fn(|x| a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]);
    // Theta adds D[x] = C[x-1] ^ rot(C[x+1], 1) to column x; C' = C ^ D is its parity after.
    let d: [u64; 5] = from_fn(|x| c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1));
    let c_prime = from_fn(|x| c[x] ^ d[x]);
    let a_prime: [u64; 25] = from_fn(|i| a[i] ^ d[i % 5]);
    // Rho and pi: lane (x, y) rotated lands at pi_target(x, y).
    let mut b = [0u64; 25];
    for (i, &lane) in a_prime.iter().enumerate() {
        let (x, y) = (i % 5, i / 5);
        let (bx, by) = pi_target(x, y);
        b[bx + 5 * by] = lane.rotate_left(RHO[x][y] as u32);
    }
    // Chi, row by row: B[x] ^ (!B[x+1] & B[x+2]).
    let a_dprime: [u64; 25] = from_fn(|i| {
        let row = 5 * (i / 5);
        b[i] ^ (!b[row + (i + 1) % 5] & b[row + (i + 2) % 5])
    });
    let mut out = a_dprime;
    out[0] ^= RC[r];
    RoundValues { c, c_prime, a_prime, a_dprime, out }
}

/// Keccak-f[1600].
pub fn permute(a: &mut [u64; 25]) {
    for r in 0..24 {
        *a = round(a, r).out;
    }
}

/// The padded blocks of `msg` (original Keccak padding `0x01 .. 0x80`).
pub fn pad(msg: &[u8]) -> Vec<[u8; RATE_BYTES]> {
    let n = msg.len() / RATE_BYTES + 1;
    let mut blocks = vec![[0u8; RATE_BYTES]; n];
    for (i, &b) in msg.iter().enumerate() {
        blocks[i / RATE_BYTES][i % RATE_BYTES] = b;
    }
    let last = &mut blocks[n - 1];
    last[msg.len() % RATE_BYTES] ^= 0x01;
    last[RATE_BYTES - 1] ^= 0x80;
    blocks
}

/// Lanes of a block.
pub fn block_lanes(block: &[u8; RATE_BYTES]) -> [u64; RATE_LANES] {
    let mut l = [0u64; RATE_LANES];
    for (i, lane) in l.iter_mut().enumerate() {
        *lane = u64::from_le_bytes(block[8 * i..8 * i + 8].try_into().unwrap());
    }
    l
}

/// Keccak-256 of `msg` (for cross-checks).
pub fn keccak256(msg: &[u8]) -> [u8; 32] {
    let mut s = [0u64; 25];
    for block in pad(msg) {
        for (i, l) in block_lanes(&block).iter().enumerate() {
            s[i] ^= l;
        }
        permute(&mut s);
    }
    let mut d = [0u8; 32];
    for i in 0..4 {
        d[8 * i..8 * i + 8].copy_from_slice(&s[i].to_le_bytes());
    }
    d
}
