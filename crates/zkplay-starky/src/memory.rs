//! How much memory proving a message takes, estimated before any work, so that a size that
//! would not fit wasm32's 4 GiB is refused with a clear error instead of a trap mid-proof.
//!
//! Two peaks, one after the other, on top of the wrapper's prover data (held since `prepare`):
//! the STARKs (both traces, their low-degree extensions at blow-up 2^rate_bits, Merkle leaves,
//! quotients: about `2.5 + 3.1 * 2^rate_bits` copies of the traces), then the wrap (the plonky2
//! prover on the 2^16-row wrapper, whose traces are dropped by then). Fitted to Chromium's wasm
//! memory peaks on 2 threads (`npm run bench:compare -- --backends starky`): 2.68 GB for 1 block,
//! 2.79 GB for 100, 3.17 GB for 341 (a 2^13-row Keccak table), each above the native peak
//! (2.21, 2.21, 2.56 GB); the copies were first fitted to native peaks of 1,001 blocks (7.2 at
//! rate 1, 12.4 at rate 2) and raised by a fifth for wasm.

use crate::keccak_table::NUM_COLUMNS as KECCAK_COLUMNS;
use crate::sponge_table::NUM_COLUMNS as SPONGE_COLUMNS;
use crate::{keccak, table_rows, MAX_MESSAGE_BYTES, STARK_RATE_BITS};

/// What wasm32 can address.
pub const WASM32_MEMORY: u64 = 4 << 30;
/// What this build may use: all of wasm32 in a browser, no limit natively.
pub const MEMORY_LIMIT: u64 = if cfg!(target_arch = "wasm32") { WASM32_MEMORY } else { u64::MAX };

/// Per 2^16 wrapper rows: the wrapper's prover data (constants and permutation extended 8x, and
/// their Merkle tree) and the wrap's own peak above it. Together 2.6 GiB, rounded up from the
/// wasm peak of wrapping one block (2.68 GB = 2.5 GiB); both grow with the wrapper's rows (2^17
/// with zk on: about 5.2 GiB, more than wasm32 holds).
pub const WRAPPER_RESIDENT_BYTES: u64 = 600 << 20;
pub const WRAP_PEAK_BYTES: u64 = 2062 << 20;

/// Rows of the production wrapper (degree bits): plonky2's zero-knowledge blinding adds ~10,300
/// rows to the ~58,200 gates, past 2^16. Checked against the built wrapper by the keys example.
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
    let copies_x10 = 25 + 31 * (1u64 << STARK_RATE_BITS);
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
