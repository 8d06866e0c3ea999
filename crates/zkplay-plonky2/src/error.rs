//! What can go wrong, each with the text a user reads.

zkplay_wasm_runtime::coded_error! {
    /// Errors. `Display` gives a message fit for a user.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// The configuration cannot be built (e.g. `max_blocks == 0`).
        InvalidConfig(String) => InvalidInput: "invalid circuit configuration",
        /// The message does not fit the circuit.
        MessageTooLong { len: usize, capacity: usize, blocks: usize } => Capacity,
        /// Witness generation or proving failed.
        Proving(String) => Internal: "proving failed",
        /// The proof bytes do not parse as a proof for this circuit.
        MalformedProof(String) => CorruptProof: "malformed proof",
        /// The proof is about another digest or length than the one asked.
        PublicInputMismatch(String) => Internal: "proof does not match the public inputs",
        /// The proof does not verify.
        VerificationFailed(String) => Internal: "proof verification failed",
        /// A verifier input that cannot be a statement of this circuit: a length that is not an
        /// integer in `0..=capacity_bytes()`, or a digest that is not 32 bytes. Refused before the
        /// proof is read.
        InvalidInput(String) => InvalidInput: "invalid input",
        /// A verifier-data file (see [`keys`]) that cannot be read, or that is for another
        /// configuration than the one asked.
        CorruptKey(String) => CorruptArtifact: "corrupt verifying key",
    }
    fmt(f) {
        Error::MessageTooLong { len, capacity, blocks } => write!(
            f,
            "message is {len} bytes; this circuit holds at most {capacity} bytes ({blocks} Keccak block{})",
            if *blocks == 1 { "" } else { "s" }
        ),
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
