//! # zkplay-bellman
//!
//! Proves, with Groth16 on BLS12-381 (bellman 0.15 and the `groth16` crate), the statement
//! "I know a message M of length L such that BLAKE2s-256(M) = D" (RFC 7693: no key, 32-byte
//! digest). L and D are public, M is private. One circuit takes every length from 0 to its
//! capacity (64 bytes per block); [`circuit`] says how the final block, its counter and the
//! digest are tied to L.
//!
//! Keys are made once per build natively (`examples/keys.rs`, a single-party setup: test only)
//! and shipped; the page and the verifier package read them ([`keys`]).
//!
//! ```no_run
//! # let (params, vk) = (vec![], vec![]);
//! use zkplay_bellman::{Setup, blake2s256};
//! let setup = Setup::from_files(3, &params, &vk).unwrap();
//! let out = setup.prove(b"hello").unwrap();
//! setup.verifier.verify(&out.proof, &blake2s256(b"hello"), 5).unwrap();
//! ```

pub mod blake2s;
pub mod circuit;
pub mod contract;
mod error;
mod fft;
pub mod groth16_prover;
pub mod keys;
mod memory;
mod params;
mod prover;
pub mod rng;
pub mod statement;
mod verifier;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use error::Error;
pub use memory::{estimated_peak_bytes, WASM32_MEMORY};
pub use params::{
    blocks_for, capacity_bytes, constraints, default_blocks, BLOCK_BYTES, BROWSER_SETUP_BLOCKS, MAX_BLOCKS,
    OFFERED_BLOCKS,
};
pub use prover::{blake2s256, check_blocks, Setup};
pub use verifier::{parse_proof, Verifier, PROOF_BYTES};

#[cfg(test)]
mod tests;
