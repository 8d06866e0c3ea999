//! The integration tests of zkplay-plonky2, as one test binary: each module was a file of its own
//! under tests/, each linked with the crate and its whole dependency tree; one binary links them
//! once (issue 38). None needs a process of its own: none sets a logger, an allocator or an
//! environment variable, and the panic hook fuzz_verifier installs only silences its own named thread.
//! What a module's tests share (circuits, keys, proofs) is a `OnceLock` in that module.

mod attacks;
mod circuits;
mod fuzz_verifier;
mod keccak;
mod keys;
mod poseidon_rounds;
mod verify_with_key;
