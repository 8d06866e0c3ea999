//! # zkplay-plonky2
//!
//! Proves, with plonky2 (FRI over Goldilocks), the statement
//! "I know a message M of length L such that Keccak-256(M) = D"
//! (original Keccak padding `0x01 .. 0x80`, as Ethereum; not SHA3-256).
//! `D` (32 bytes) and `L` are public; `M` is private. The circuit takes messages of any length
//! up to a capacity fixed when it is built: `max_blocks * 136 - 1` bytes. The padding is
//! computed and checked in the circuit from `L`, and the digest is taken after block `L / 136`.
//!
//! Keccak-f runs on bits with custom gates (see [`gates`]): one gate row per bit-slice of a
//! round, i.e. 64 rows per round and 1536 rows per permutation, plus 64 rows per block for
//! absorbing, 17 for padding checks and 4 for the digest. A one-block circuit has 2^11 rows,
//! two blocks 2^12, eight blocks 2^14. The plonky2 configuration is in [`config`]
//! (blow-up 4, 42 FRI queries, ~100-bit conjectured security).
//!
//! ```no_run
//! use zkplay_plonky2::{build, CircuitConfig, MerkleHash};
//! let prepared = build(&CircuitConfig::new(1, MerkleHash::Keccak)).unwrap();
//! let out = prepared.prove(b"hello").unwrap();
//! let digest: [u8; 32] = out.digest;
//! prepared.verify(&out.proof, &digest, 5).unwrap();
//! // Lengths are plain integers: anything outside 0..=capacity is refused before any work.
//! assert!(prepared.verify(&out.proof, &digest, 5 + 0xFFFF_FFFF_0000_0001).is_err());
//! ```
//!
//! Timings use `web-time`, so they also work on `wasm32-unknown-unknown`.

pub mod circuit;
pub mod config;
pub mod contract;
mod error;
/// Forged witnesses for the malicious-prover tests, behind the `test-support` feature.
#[cfg(feature = "test-support")]
pub mod forge;
pub mod gates;
pub mod keys;
mod params;
mod prover;
// Public for zkplay-starky, whose wrapped proofs are plonky2 proofs of another circuit.
pub mod shape;
mod statement;
mod verifier;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use error::Error;
pub use params::{CircuitConfig, CircuitStats, MerkleHash, OFFERED_BLOCKS};
pub use prover::{build, Prepared};
pub use shape::Part as ProofPart;
pub use statement::length_from_js;
pub use verifier::{parse_and_verify, verify_with_key, Refusal, PANIC_MARK};
pub use zkplay_wasm_runtime::ProofOutput;
