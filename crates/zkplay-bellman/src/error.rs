//! What can go wrong, each with the text a user reads.

zkplay_wasm_runtime::coded_error! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// A capacity the code cannot build (0 blocks, or more than MAX_BLOCKS).
        InvalidBlocks(String) => InvalidInput,
        /// The message needs more blocks than the circuit holds.
        MessageTooLong { len: usize, capacity: usize, blocks: usize } => Capacity,
        /// A setup made here would need more memory than this process can address.
        TooLarge { blocks: usize, need: u64, limit: u64 } => OutOfMemory,
        /// bellman refused to synthesize or prove.
        Proving(String) => Internal,
        /// Proof bytes that are not one Groth16 proof (192 bytes of canonical compressed points
        /// in the prime-order subgroups, none the identity).
        MalformedProof(String) => CorruptProof,
        /// The proof parses and does not verify for these public inputs.
        VerificationFailed(String) => Internal,
        /// A verifier input that cannot be a statement of this circuit, refused before the proof
        /// is read: a length outside `0..=capacity`, a digest that is not 32 bytes.
        InvalidInput(String) => InvalidInput,
        /// A key file that cannot be read, is for another capacity, or does not belong with the
        /// other file.
        CorruptKey(String) => CorruptArtifact,
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::InvalidBlocks(m) => write!(f, "invalid input: {m}"),
            Error::MessageTooLong { len, capacity, blocks } => write!(
                f,
                "message is {len} bytes; this circuit holds at most {capacity} bytes ({blocks} BLAKE2s block{})",
                if *blocks == 1 { "" } else { "s" }
            ),
            Error::TooLarge { blocks, need, limit } => write!(
                f,
                "a setup for {blocks} blocks would need about {:.1} GiB, more than the {:.1} GiB this build can address: choose fewer blocks (the estimate is checked before any work)",
                *need as f64 / (1u64 << 30) as f64,
                *limit as f64 / (1u64 << 30) as f64
            ),
            Error::Proving(m) => write!(f, "proving failed: {m}"),
            Error::MalformedProof(m) => write!(f, "malformed proof: {m}"),
            Error::VerificationFailed(m) => write!(f, "proof rejected: {m}"),
            Error::InvalidInput(m) => write!(f, "invalid input: {m}"),
            Error::CorruptKey(m) => write!(f, "corrupt key: {m}"),
        }
    }
}

impl std::error::Error for Error {}
