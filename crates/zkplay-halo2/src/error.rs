//! What can go wrong, each with the text a user reads.

use crate::params::{max_message_bytes, MAX_K};

zkplay_wasm_runtime::coded_error! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// `k` / `rows_per_round` out of range, or a circuit with no room for a block.
        InvalidParams(String) => InvalidInput,
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
        /// The proof bytes cannot be parsed (bad length, bad point encoding, trailing bytes).
        MalformedProof(String) => CorruptProof,
        /// The proof parses but does not verify for these public inputs.
        VerificationFailed(String) => Internal,
        /// Any other halo2 error (key generation, proving).
        Halo2(String) => Internal,
        /// Public inputs the verifier refuses before looking at the proof: a length that is not an
        /// integer in `0..=max_message_bytes()` of the setup, or a digest that is not 32 bytes.
        InvalidInput(String) => InvalidInput,
        /// A shipped key or parameters file that cannot be read, is for another configuration, or
        /// does not belong with the other file.
        CorruptKey(String) => CorruptArtifact,
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::InvalidParams(s) => write!(f, "invalid parameters: {s}"),
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
            Error::MalformedProof(s) => write!(f, "malformed proof: {s}"),
            Error::VerificationFailed(s) => write!(f, "proof rejected: {s}"),
            Error::Halo2(s) => write!(f, "halo2 error: {s}"),
            Error::InvalidInput(s) => write!(f, "invalid input: {s}"),
            Error::CorruptKey(s) => write!(f, "corrupt key: {s}"),
        }
    }
}

impl std::error::Error for Error {}
