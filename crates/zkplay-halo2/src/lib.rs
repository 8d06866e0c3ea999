//! zkplay halo2 backend: prove "I know a message `M` of length `L` with `Keccak-256(M) = D`"
//! (Ethereum Keccak padding) with Axiom's zkEVM Keccak circuit (`zkevm-hashes` 0.3.0,
//! halo2-axiom, KZG over BN254, SHPLONK multi-open, Blake2b transcript).
//!
//! Public inputs: one instance column `[L, D_hi, D_lo]` where `D_hi` / `D_lo` are digest bytes
//! `0..16` / `16..32` read as big-endian `u128`s. `M` is private and of variable length up to the
//! capacity of the circuit. How the instances are bound to the absorbed message is explained in
//! [`circuit`].
//!
//! Verifying ([`Setup::verify`], and the wasm `verify`) refuses out-of-range lengths and
//! wrong-size digests, then proofs that are not exactly a canonical encoding of a proof of this
//! circuit, before any cryptography; see the crate's README.md for what is checked and tested.
//!
//! Knobs: `k` (circuit has `2^k` rows) and `rows_per_round` (rows per Keccak-f round; fewer rows
//! means more advice columns). Capacity in Keccak-f blocks: [`capacity_blocks`]. A message of `n`
//! bytes needs `n / 136 + 1` blocks.
//!
//! Keys: the build makes one KZG setup from a random secret natively (`examples/keys.rs`),
//! ships parameters for every offered k and a verifying key for every offered configuration, and
//! the page reads them ([`Setup::from_files`]) instead of making its own; a verifier needs only
//! the verifying-key file ([`Verifier::from_vk_file`]). See [`keys`]. It is still a TEST SETUP,
//! not for production: whoever knew the secret could forge proofs (the build discards it, but a
//! real deployment needs parameters from a multi-party ceremony). [`setup`] makes a fresh one in
//! process, for tests.
//!
//! Wasm notes: no `std::time::Instant` (uses `web-time`), no filesystem, no threads of its own
//! (halo2-axiom / zkevm-hashes use rayon; a single-threaded wasm32 build needs halo2-axiom
//! without `multicore`, see the project notes).

pub mod circuit;
pub mod contract;
mod error;
pub mod keys;
pub mod narrow;
mod params;
mod proof_layout;
mod prover;
mod statement;
mod verifier;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;
#[cfg(feature = "wasm")]
pub mod wasm;

pub(crate) use halo2_base::halo2_proofs as halo2;

pub use error::Error;
pub use narrow::{AnySetup, CircuitChoice};
pub use params::*;
pub use prover::{prove_shplonk_with, setup, CircuitSetup, LoadTimings, Setup, SetupTimings};
pub use statement::{check_public_inputs, keccak256, length_from_js, public_inputs};
pub use verifier::Verifier;
pub use zkplay_wasm_runtime::ProofOutput;

#[cfg(test)]
mod tests;
