//! What can go wrong in the prover contract and the verifier, each with the text a user reads.

zkplay_wasm_runtime::coded_error! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// A message longer than the wrapper's tables take (MAX_MESSAGE_BYTES).
        MessageTooLong { len: usize, max: usize } => Capacity,
        /// Proving this message would need more memory than this process can address; refused
        /// before any work from the estimate of [`crate::memory`].
        TooLarge { len: usize, need: u64, limit: u64, max_len: usize } => OutOfMemory,
        /// The wrapper of this zk setting alone would not fit (zk on in wasm32): refused in
        /// prepare, before it is built.
        WrapperTooLarge { zk: bool, need: u64, limit: u64 } => OutOfMemory,
        /// starky or plonky2 refused to prove (a bug: honest traces always satisfy the tables).
        Proving(String) => Internal,
        /// Proof bytes that are not one wrapped proof of this wrapper (see zkplay_plonky2::shape).
        MalformedProof(String) => CorruptProof,
        /// The proof parses and does not verify for this statement.
        VerificationFailed(String) => Internal,
        /// A verifier input that cannot be a statement: a length outside `0..=MAX_MESSAGE_BYTES`,
        /// a digest that is not 32 bytes, a configuration that is not `{ zk: "off" | "on" }`.
        InvalidInput(String) => InvalidInput,
        /// A key file that cannot be read, is for the other zk setting, or is not the wrapper
        /// this code builds.
        CorruptKey(String) => CorruptArtifact,
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
        match self {
            Error::MessageTooLong { len, max } => {
                write!(f, "message is {len} bytes; the starky wrapper takes at most {max} bytes")
            }
            Error::TooLarge { len, need, limit, max_len } => write!(
                f,
                "proving {len} bytes would need about {:.1} GiB, more than the {:.1} GiB this build can address; at most {max_len} bytes here (checked before any work; natively up to {} bytes)",
                gib(*need),
                gib(*limit),
                crate::MAX_MESSAGE_BYTES
            ),
            Error::WrapperTooLarge { zk, need, limit } => write!(
                f,
                "the wrapper for zk {} ({} rows) needs about {:.1} GiB to prove even one block, more than the {:.1} GiB this build can address: choose zk off here, or prove natively",
                if *zk { "on" } else { "off" },
                1u64 << crate::memory::wrapper_degree_bits(*zk),
                gib(*need),
                gib(*limit)
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
