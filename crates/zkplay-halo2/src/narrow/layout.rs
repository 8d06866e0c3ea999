//! Where everything sits: advice column indices and the row of every region, as plain
//! arithmetic shared by the circuit (fixed columns, gates' rotations) and the witness.
//!
//! One Keccak-f block takes `BLOCK_ROWS = 25 * 64` rows: an absorb region (64 rows) and 24
//! round regions (64 rows each); row `z` of a region holds bit `z` of every lane. After the last
//! block comes one more 64-row region holding the final state. The state after block `j` is in
//! the region at `squeeze_start(j) = BLOCK_ROWS * (j + 1)` (block `j + 1`'s absorb region, or
//! the final region); its last row is block `j`'s summary row.

/// Rows per Keccak-f round region (one row per bit position `z` of a lane).
pub const LANE_BITS: usize = 64;
pub const ROUNDS: usize = 24;
/// Absorb region + 24 rounds.
pub const BLOCK_ROWS: usize = LANE_BITS * (ROUNDS + 1);
/// Message bytes per block (Keccak-256 rate).
pub const RATE: usize = 136;
/// Lanes the message is absorbed into.
pub const RATE_LANES: usize = RATE / 8;
/// Message-bit rows of a block in the `M` column: byte `n`, bit `k` at row `8n + k`.
pub const MSG_ROWS: usize = RATE * 8;
/// From a block's summary row back to the last row of its message region.
pub const SUMMARY_TO_MSG_END: usize = BLOCK_ROWS + LANE_BITS - 1 - (MSG_ROWS - 1);

/// Advice columns: `a` (25 lanes), `b` (25 lanes), `c` (5), `d` (5), then `M`, `P`, `LEN`.
pub const NUM_ADVICE: usize = 63;
pub const fn a(lane: usize) -> usize {
    lane
}
pub const fn b(lane: usize) -> usize {
    25 + lane
}
pub const fn c(x: usize) -> usize {
    50 + x
}
pub const fn d(x: usize) -> usize {
    55 + x
}
/// Message bits.
pub const M: usize = 60;
/// Padding flag of the byte a message row belongs to.
pub const P: usize = 61;
/// Running count of non-padding bytes of the block.
pub const LEN: usize = 62;
/// Squeeze regions reuse `c0`, `c1` (idle there) for the digest accumulators.
pub const HH: usize = c(0);
pub const HL: usize = c(1);
/// Summary rows reuse `d0..d4` (idle there) for the selection of the first final block.
pub const TAKE: usize = d(0);
pub const DONE: usize = d(1);
pub const LACC: usize = d(2);
pub const DHI: usize = d(3);
pub const DLO: usize = d(4);

/// Keccak ρ offsets by lane index `x + 5y`.
pub const RHO: [usize; 25] =
    [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

/// ι round constants.
pub use zkplay_wasm_runtime::keccak_f::RC;

/// π: lane `(x, y)` (after ρ) goes to `(y, 2x + 3y)`; returns the destination lane index.
pub const fn pi(lane: usize) -> usize {
    let (x, y) = (lane % 5, lane / 5);
    y + 5 * ((2 * x + 3 * y) % 5)
}

pub const fn block_start(j: usize) -> usize {
    BLOCK_ROWS * j
}
pub const fn round_start(j: usize, t: usize) -> usize {
    BLOCK_ROWS * j + LANE_BITS * (1 + t)
}
/// First row of the region holding the state after block `j`.
pub const fn squeeze_start(j: usize) -> usize {
    BLOCK_ROWS * (j + 1)
}
pub const fn summary_row(j: usize) -> usize {
    squeeze_start(j) + LANE_BITS - 1
}
/// Rows the circuit uses for `capacity` blocks.
pub const fn rows_used(capacity: usize) -> usize {
    BLOCK_ROWS * capacity + LANE_BITS
}

/// Digest weight of bit `z` of lane 0 (lane 2) in `D_hi` (`D_lo`): byte `z / 8` of the lane is
/// byte `15 - z / 8` from the right of the big-endian `u128`.
pub fn weight_even(z: usize) -> u128 {
    1u128 << (8 * (15 - z / 8) + z % 8)
}
/// Same for lane 1 (lane 3): its bytes are bytes 8..16 of the limb.
pub fn weight_odd(z: usize) -> u128 {
    1u128 << (8 * (7 - z / 8) + z % 8)
}
