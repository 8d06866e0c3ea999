//! What can go wrong, each with the text a user reads.
//!
//! The verifier's refusals are the shared ones (`refusals;`, zkplay-wasm-runtime), here: a
//! malformed proof is not one Groth16 proof (192 bytes of canonical compressed points in the
//! prime-order subgroups, none the identity); an invalid input a length outside `0..=capacity` or
//! a digest that is not 32 bytes; a corrupt key a key file that cannot be read, is for another
//! capacity, or does not belong with the other file.

zkplay_wasm_runtime::coded_error! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// A capacity the code cannot build (0 blocks, or more than MAX_BLOCKS).
        InvalidBlocks(String) => InvalidInput: "invalid input",
        /// The message needs more blocks than the circuit holds.
        MessageTooLong { len: usize, capacity: usize, blocks: usize } => Capacity,
        /// A setup made here would need more memory than this process can address.
        TooLarge { blocks: usize, need: u64, limit: u64 } => OutOfMemory,
        /// bellman refused to synthesize or prove.
        Proving(String) => Internal: "proving failed",
    }
    refusals;
    fmt(f) {
        Error::MessageTooLong { len, capacity, blocks } => write!(
            f,
            "message is {len} bytes; this circuit holds at most {capacity} bytes ({blocks} BLAKE2s block{})",
            if *blocks == 1 { "" } else { "s" }
        ),
        Error::TooLarge { blocks, need, limit } => write!(
            f,
            "a setup for {blocks} blocks would need about {:.1} GiB, more than the {:.1} GiB this build can address: choose fewer blocks (the estimate is checked before any work)",
            zkplay_wasm_runtime::gib(*need),
            zkplay_wasm_runtime::gib(*limit)
        ),
    }
}

impl std::error::Error for Error {}
