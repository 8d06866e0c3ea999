//! What can go wrong in the prover contract and the verifier, each with the text a user reads.
//!
//! The verifier's refusals are the shared ones (`refusals;`, zkplay-wasm-runtime), here: a
//! malformed proof is not one wrapped proof of this wrapper (see zkplay_plonky2::shape); an
//! invalid input a length outside `0..=MAX_MESSAGE_BYTES`, a digest that is not 32 bytes, or a
//! configuration that is not `{ zk: "off" | "on" }`; a corrupt key a key file that cannot be
//! read, is for the other zk setting, or is not the wrapper this code builds.

use zkplay_wasm_runtime::gib;

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
        Proving(String) => Internal: "proving failed",
    }
    refusals;
    fmt(f) {
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
    }
}

impl std::error::Error for Error {}
