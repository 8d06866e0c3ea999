//! What can go wrong, each with the text a user reads.

use core::fmt;

zkplay_wasm_runtime::coded_error! {
    /// Errors. `Display` gives a message fit for a user.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        /// The configuration cannot be built (e.g. `max_blocks == 0`).
        InvalidConfig(String) => InvalidInput,
        /// The message does not fit the circuit.
        MessageTooLong { len: usize, capacity: usize, blocks: usize } => Capacity,
        /// Witness generation or proving failed.
        Proving(String) => Internal,
        /// The proof bytes do not parse as a proof for this circuit.
        MalformedProof(String) => CorruptProof,
        /// The proof is about another digest or length than the one asked.
        PublicInputMismatch(String) => Internal,
        /// The proof does not verify.
        VerificationFailed(String) => Internal,
        /// A verifier input that cannot be a statement of this circuit: a length that is not an
        /// integer in `0..=capacity_bytes()`, or a digest that is not 32 bytes. Refused before the
        /// proof is read.
        InvalidInput(String) => InvalidInput,
        /// A verifier-data file (see [`keys`]) that cannot be read, or that is for another
        /// configuration than the one asked.
        CorruptKey(String) => CorruptArtifact,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidConfig(m) => write!(f, "invalid circuit configuration: {m}"),
            Error::MessageTooLong { len, capacity, blocks } => write!(
                f,
                "message is {len} bytes; this circuit holds at most {capacity} bytes ({blocks} Keccak block{})",
                if *blocks == 1 { "" } else { "s" }
            ),
            Error::Proving(m) => write!(f, "proving failed: {m}"),
            Error::MalformedProof(m) => write!(f, "malformed proof: {m}"),
            Error::PublicInputMismatch(m) => write!(f, "proof does not match the public inputs: {m}"),
            Error::VerificationFailed(m) => write!(f, "proof verification failed: {m}"),
            Error::InvalidInput(m) => write!(f, "invalid input: {m}"),
            Error::CorruptKey(m) => write!(f, "corrupt verifying key: {m}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
