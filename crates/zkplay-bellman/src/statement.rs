//! The public side of "BLAKE2s-256(M) = D and |M| = L": the checks every verifier runs on L and
//! D before any cryptography (shared with the other Rust backends through zkplay-wasm-runtime).
use zkplay_wasm_runtime::statement as shared;

use crate::{capacity_bytes, Error};

fn capacity_note(blocks: usize) -> String {
    format!("this circuit holds at most {} bytes", capacity_bytes(blocks))
}

/// The length as a verifier input: refuses anything outside `0..=capacity`.
pub fn check_length(length: u64, blocks: usize) -> Result<u64, Error> {
    shared::check_length(length, capacity_bytes(blocks), &capacity_note(blocks)).map_err(Error::InvalidInput)
}

/// A length given by JavaScript (an `f64`) as a verifier input: an integer in `0..=capacity`.
pub fn length_from_js(x: f64, blocks: usize) -> Result<u64, Error> {
    shared::length_from_js(x, capacity_bytes(blocks), &capacity_note(blocks)).map_err(Error::InvalidInput)
}

/// The digest as a verifier input: exactly 32 bytes.
pub fn check_digest(digest: &[u8]) -> Result<[u8; 32], Error> {
    shared::check_digest(digest).map_err(Error::InvalidInput)
}
