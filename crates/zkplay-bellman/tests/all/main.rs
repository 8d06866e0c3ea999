//! The integration tests of zkplay-bellman, as one test binary: each module was a file of its own
//! under tests/, each linked with the crate and its whole dependency tree; one binary links them
//! once (issue 38). None needs a process of its own: none sets a logger, an allocator or an
//! environment variable.
//! What a module's tests share (circuits, keys, proofs) is a `OnceLock` in that module.

mod attacks;
mod prove_verify;
