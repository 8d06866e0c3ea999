//! How much memory proving a message takes, estimated before any work, so that a size that
//! would not fit wasm32's 4 GiB is refused with a clear error instead of a trap mid-proof.
//!
//! Two peaks, one after the other, on top of the wrapper's prover data (held since `prepare`):
//! the STARKs (both traces, their low-degree extensions at blow-up 2^rate_bits, Merkle leaves,
//! quotients: about `2 + 2.6 * 2^rate_bits` copies of the traces, fitted to native peaks of
//! 1,001 blocks at rate 1 (7.2 copies) and rate 2 (12.4)), then the wrap (the plonky2 prover on
//! the 2^16-row wrapper, whose traces are dropped by then). Measured natively: `starky_bench`
//! and `wrap_bench` under `/usr/bin/time -v` (crates/zkplay-starky/README.md, "Memory").

use crate::keccak_table::NUM_COLUMNS as KECCAK_COLUMNS;
use crate::sponge_table::NUM_COLUMNS as SPONGE_COLUMNS;
use crate::{keccak, table_rows, MAX_MESSAGE_BYTES, STARK_RATE_BITS};

/// What wasm32 can address.
pub const WASM32_MEMORY: u64 = 4 << 30;
/// What this build may use: all of wasm32 in a browser, no limit natively.
pub const MEMORY_LIMIT: u64 = if cfg!(target_arch = "wasm32") { WASM32_MEMORY } else { u64::MAX };

/// Per 2^16 wrapper rows: the wrapper's prover data (constants and permutation extended 8x, and
/// their Merkle tree) and the wrap's own peak above it. Together 2.25 GiB, rounded up from the
/// native peak of building the 2^16-row wrapper and wrapping small messages (2.19 GiB, VmHWM);
/// both grow with the wrapper's rows (2^17 with zk on: about 4.4 GiB, more than wasm32 holds).
pub const WRAPPER_RESIDENT_BYTES: u64 = 600 << 20;
pub const WRAP_PEAK_BYTES: u64 = 1704 << 20;

/// Rows of the production wrapper (degree bits): plonky2's zero-knowledge blinding adds ~10,300
/// rows to the ~55,000 gates, past 2^16. Checked against the built wrapper by the keys example.
pub const fn wrapper_degree_bits(zk: bool) -> usize {
    if zk {
        17
    } else {
        16
    }
}

/// The STARKs' peak for a message of `len` bytes.
pub fn stark_peak_bytes(len: usize) -> u64 {
    let (s, k) = table_rows(len);
    let cells = (s * SPONGE_COLUMNS + k * KECCAK_COLUMNS) as u64;
    let copies_x10 = 20 + 26 * (1u64 << STARK_RATE_BITS);
    cells * 8 * copies_x10 / 10
}

/// The estimated peak of proving `len` bytes with the wrapper of a zk setting (its prover data included).
pub fn estimated_peak_bytes(len: usize, zk: bool) -> u64 {
    let scale = 1u64 << (wrapper_degree_bits(zk) - 16);
    WRAPPER_RESIDENT_BYTES * scale + stark_peak_bytes(len).max(WRAP_PEAK_BYTES * scale)
}

/// The longest message whose estimate fits `limit` (a whole number of blocks minus one byte,
/// since the table heights step with blocks).
/// None when not even one block fits.
pub fn max_message_bytes(limit: u64, zk: bool) -> Option<usize> {
    let mut best = None;
    let mut blocks = 1;
    while blocks * keccak::RATE_BYTES - 1 <= MAX_MESSAGE_BYTES as usize {
        let len = blocks * keccak::RATE_BYTES - 1;
        if estimated_peak_bytes(len, zk) > limit {
            break;
        }
        best = Some(len);
        blocks += 1;
    }
    best
}
