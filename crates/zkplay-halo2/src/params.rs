//! The circuit's knobs (`k`, rows per Keccak round), their ranges and the pages' offered values,
//! and the capacity in Keccak-f blocks that follows from them.

use crate::circuit::{self, PreimageCircuit, WrapperParams};
use crate::halo2::{
    halo2curves::bn256::Fr,
    plonk::{Circuit, ConstraintSystem},
};
use crate::Error;
use zkevm_hashes::keccak::vanilla::{param::NUM_WORDS_TO_ABSORB, KeccakConfigParams};

/// Keccak-256 rate in bytes (one Keccak-f block absorbs this many bytes).
pub const RATE: usize = 136;
/// Smallest `k` accepted (the Keccak lookup tables need at least 2^9 + 31 rows anyway).
pub const MIN_K: u32 = 9;
/// Largest `k` accepted (BN254's 2-adicity is 28; beyond ~22 a browser is hopeless anyway).
pub const MAX_K: u32 = 24;
/// Accepted range for `rows_per_round`.
pub const MIN_ROWS_PER_ROUND: usize = 3;
pub const MAX_ROWS_PER_ROUND: usize = 50;
/// Default rows per round (one block fits k = 10 with 12 rows per round).
pub const DEFAULT_ROWS_PER_ROUND: usize = 12;
/// The `k` and `rows_per_round` options the page offers: the build ships keys for each pair
/// (backends/halo2/capacity.json lists them for the page; a test keeps it in step).
pub const OFFERED_K: [u32; 6] = [10, 11, 12, 13, 14, 15];
pub const OFFERED_ROWS_PER_ROUND: [usize; 5] = [6, 9, 12, 16, 20];

/// Circuit shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub k: u32,
    pub rows_per_round: usize,
}

/// Keccak-f blocks needed for a message of `len` bytes (padding always adds at least one byte).
pub fn blocks_for_len(len: usize) -> usize {
    len / RATE + 1
}

/// Longest message (bytes) that fits in `blocks` Keccak-f blocks (0 blocks: none; returns 0).
pub fn max_message_bytes(blocks: usize) -> usize {
    (blocks * RATE).saturating_sub(1)
}

pub(crate) fn check_params(k: u32, rows_per_round: usize) -> Result<(), Error> {
    if !(MIN_K..=MAX_K).contains(&k) {
        return Err(Error::InvalidParams(format!("k={k} is outside {MIN_K}..={MAX_K}")));
    }
    if !(MIN_ROWS_PER_ROUND..=MAX_ROWS_PER_ROUND).contains(&rows_per_round) {
        return Err(Error::InvalidParams(format!(
            "rows_per_round={rows_per_round} is outside {MIN_ROWS_PER_ROUND}..={MAX_ROWS_PER_ROUND}"
        )));
    }
    Ok(())
}

pub(crate) fn wrapper_params(k: u32, rows_per_round: usize, capacity: usize) -> WrapperParams {
    WrapperParams {
        keccak: KeccakConfigParams { k, rows_per_round },
        capacity,
        mid_round_guard: true,
        final_guard: true,
    }
}

/// Number of usable rows (2^k minus blinding rows) of the wrapper circuit.
pub(crate) fn usable_rows(k: u32, rows_per_round: usize) -> usize {
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = PreimageCircuit::configure_with_params(&mut cs, wrapper_params(k, rows_per_round, 0));
    (1usize << k).saturating_sub(cs.blinding_factors() + 1)
}

/// Capacity in Keccak-f blocks of the circuit with `2^k` rows and `rows_per_round` rows per
/// round: `(usable_rows / rows_per_round - 1 - 17) / 25` (one dummy round at the top; the
/// absorb gate of the last block looks 17 rounds ahead; 25 rounds per block), as in
/// zkevm-hashes' `get_keccak_capacity`, with `usable_rows = 2^k - blinding_factors - 1` of this
/// circuit. Returns 0 for out-of-range parameters.
pub fn capacity_blocks(k: u32, rows_per_round: usize) -> usize {
    if check_params(k, rows_per_round).is_err() {
        return 0;
    }
    let rounds = usable_rows(k, rows_per_round) / rows_per_round;
    rounds.saturating_sub(1 + NUM_WORDS_TO_ABSORB) / circuit::ROUNDS_PER_BLOCK
}

/// Smallest `k` in `MIN_K..=MAX_K` whose capacity (with `rows_per_round`) holds `blocks`.
pub fn min_k_for_blocks(blocks: usize, rows_per_round: usize) -> Option<u32> {
    (MIN_K..=MAX_K).find(|&k| capacity_blocks(k, rows_per_round) >= blocks)
}

/// Default parameters for a message of `message_len` bytes: 12 rows per round and the smallest
/// `k` that fits the message's blocks (falls back to `MAX_K` if nothing fits).
pub fn default_params(message_len: usize) -> Params {
    let rows_per_round = DEFAULT_ROWS_PER_ROUND;
    let k = min_k_for_blocks(blocks_for_len(message_len), rows_per_round).unwrap_or(MAX_K);
    Params { k, rows_per_round }
}

/// The circuit's shape for `p`, or why `p` is not a configuration with room for a block.
pub fn shape(p: &Params) -> Result<WrapperParams, Error> {
    check_params(p.k, p.rows_per_round)?;
    let capacity = capacity_blocks(p.k, p.rows_per_round);
    if capacity == 0 {
        return Err(Error::InvalidParams(format!(
            "k={} with {} rows per round has no room for a single Keccak-f block (try k >= {})",
            p.k,
            p.rows_per_round,
            min_k_for_blocks(1, p.rows_per_round).map_or("?".into(), |k| k.to_string()),
        )));
    }
    Ok(wrapper_params(p.k, p.rows_per_round, capacity))
}
