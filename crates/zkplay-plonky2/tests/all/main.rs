//! The integration tests of zkplay-plonky2, as one test binary: one link of the crate and its
//! dependency tree, and one copy of the generic code they instantiate, for all of them. None
//! needs a process of its own: none sets a logger, an allocator or an environment variable, and
//! the panic hook fuzz_verifier installs only silences its own named thread.
//! What a module's tests share (circuits, keys, proofs) is a `OnceLock` in that module.

mod attacks;
mod circuits;
mod fuzz_verifier;
mod keccak;
mod keys;
mod poseidon_rounds;
mod verify_with_key;
