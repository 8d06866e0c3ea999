//! The public side of the statement "Keccak-256(M) = D and |M| = L": the checks every verifier
//! runs on `L` and `D` before any cryptography (shared with the other Rust backends through
//! zkplay-wasm-runtime), and the public inputs they must match.

use crate::Error;
use zkplay_wasm_runtime::statement as shared;

/// What an out-of-range length is told: where the range comes from.
fn capacity_note(capacity: usize) -> String {
    format!("this circuit holds at most {capacity} bytes")
}

/// The length as a verifier input: refuses anything outside `0..=capacity`.
pub(crate) fn check_length(length: u64, capacity: usize) -> Result<u64, Error> {
    shared::check_length(length, capacity, &capacity_note(capacity)).map_err(Error::InvalidInput)
}

/// The digest as a verifier input: exactly 32 bytes.
pub(crate) fn check_digest(digest: &[u8]) -> Result<[u8; 32], Error> {
    shared::check_digest(digest).map_err(Error::InvalidInput)
}

/// A length given by JavaScript (a `number`, i.e. an `f64`) as a verifier input: an integer in
/// `0..=capacity` (see [`zkplay_wasm_runtime::statement::length_from_js`]).
pub fn length_from_js(x: f64, capacity: usize) -> Result<u64, Error> {
    shared::length_from_js(x, capacity, &capacity_note(capacity)).map_err(Error::InvalidInput)
}

/// Public inputs of the statement (digest bytes, then the length), as canonical values.
pub(crate) fn expected_public_inputs(digest: &[u8; 32], length: u64) -> Vec<u64> {
    digest.iter().map(|&b| u64::from(b)).chain(core::iter::once(length)).collect()
}

/// Compares a proof's public inputs (canonical values, from [`shape::check`]) with the statement.
pub(crate) fn compare_public_inputs(pis: &[u64], digest: &[u8; 32], length: u64) -> Result<(), Error> {
    let expected = expected_public_inputs(digest, length);
    if pis == expected.as_slice() {
        return Ok(());
    }
    let msg = if pis.len() != expected.len() {
        format!("expected {} public inputs, proof has {}", expected.len(), pis.len())
    } else if pis[..32] != expected[..32] {
        if pis[..32].iter().all(|&v| v < 256) {
            let d: Vec<u8> = pis[..32].iter().map(|&v| v as u8).collect();
            format!("proof is for digest {}", hex(&d))
        } else {
            "proof's digest public inputs are not bytes".into()
        }
    } else {
        format!("proof is for length {}, not {length}", pis[32])
    };
    Err(Error::PublicInputMismatch(msg))
}

pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
