//! The public side of the statement "Keccak-256(M) = D and |M| = L": the instance column and
//! the checks every verifier runs on `L` and `D` before any cryptography (shared with the other
//! Rust backends through zkplay-wasm-runtime).

use crate::halo2::halo2curves::{bn256::Fr, ff::PrimeField};
use crate::Error;
use zkplay_wasm_runtime::statement as shared;
pub use zkplay_wasm_runtime::statement::keccak256;

/// Public instance column `[L, D_hi, D_lo]`. Makes the field elements only: it does not check
/// `length` against a circuit's capacity ([`Setup::verify`] does, before it calls this).
pub fn public_inputs(digest: &[u8; 32], length: u64) -> Vec<Fr> {
    let hi = u128::from_be_bytes(digest[..16].try_into().unwrap());
    let lo = u128::from_be_bytes(digest[16..].try_into().unwrap());
    vec![Fr::from(length), Fr::from_u128(hi), Fr::from_u128(lo)]
}

/// The message length a JavaScript caller passed, as an exact `u64` in `0..=capacity` bytes, or
/// `Err(InvalidInput)` for NaN, ±Infinity, fractions, negatives and anything above `capacity`
/// (see [`zkplay_wasm_runtime::statement::length_from_js`]). `note` says what the capacity comes from.
pub fn length_from_js(x: f64, capacity: usize, note: &str) -> Result<u64, Error> {
    shared::length_from_js(x, capacity, note).map_err(Error::InvalidInput)
}

/// `length` in `0..=capacity` and a 32-byte digest, or `Err(InvalidInput)`.
pub fn check_public_inputs(digest: &[u8], length: u64, capacity: usize, note: &str) -> Result<[u8; 32], Error> {
    shared::check_length(length, capacity, note).map_err(Error::InvalidInput)?;
    shared::check_digest(digest).map_err(Error::InvalidInput)
}
