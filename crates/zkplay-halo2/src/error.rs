//! What can go wrong, each with the text a user reads.
//!
//! The verifier's refusals are the shared ones (`refusals;`, zkplay-wasm-runtime), here: a
//! malformed proof is proof bytes that cannot be parsed (bad length, bad point encoding, trailing
//! bytes); a rejected proof one that parses and does not verify for these public inputs; an
//! invalid input a length that is not an integer in `0..=max_message_bytes()` of the setup, or a
//! digest that is not 32 bytes; a corrupt key a shipped key or parameters file that cannot be
//! read, is for another configuration, or does not belong with the other file.

use crate::params::{max_message_bytes, MAX_K};

zkplay_wasm_runtime::coded_error! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// `k` / `rows_per_round` out of range, or a circuit with no room for a block.
        InvalidParams(String) => InvalidInput: "invalid parameters",
        /// The message needs more Keccak-f blocks than the circuit holds. Display says what fits.
        OverCapacity {
            len: usize,
            blocks: usize,
            k: u32,
            rows_per_round: usize,
            capacity: usize,
            /// Smallest `k` (same `rows_per_round`) that would hold the message, if any <= MAX_K.
            suggested_k: Option<u32>,
        } => Capacity,
        /// Any other halo2 error (key generation, proving).
        Halo2(String) => Internal: "halo2 error",
    }
    refusals;
    fmt(f) {
        Error::OverCapacity { len, blocks, k, rows_per_round, capacity, suggested_k } => {
            write!(
                f,
                "message is {len} bytes = {blocks} block{}; k={k} with {rows_per_round} rows per round holds {capacity} block{} (at most {} bytes); ",
                if *blocks == 1 { "" } else { "s" },
                if *capacity == 1 { "" } else { "s" },
                max_message_bytes(*capacity),
            )?;
            match suggested_k {
                Some(sk) => write!(f, "use k >= {sk} with {rows_per_round} rows per round"),
                None => write!(f, "no k <= {MAX_K} with {rows_per_round} rows per round holds it"),
            }
        }
    }
}

impl std::error::Error for Error {}
