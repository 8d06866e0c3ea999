//! The thesis's operations (seed 003: KZG10 and FK20 for Ethereum, Rust against Go) at any size
//! 2^4..2^15, over the crates under rust_eth_kzg: commit, open, verify and batch-verify
//! ([`kzg10`]), all proofs of a domain at once with FK20 beside naive openings ([`fk20`]), the FFT
//! over G1 and the data-availability extension ([`fft`]), and their timings ([`measure`]).
//!
//! Our layer only arranges the library's FFTs, MSMs and pairings; there is no curve or field
//! arithmetic of our own. The setup is Ethereum's (its first n G1 powers), the one the blob ops use.
//! gnark/ethkzg/thesis*.go is the same in Go, on gnark-crypto.

pub mod fft;
pub mod fk20;
pub mod kzg10;
pub mod measure;

use ekzg_bls12_381::{traits::*, G1Projective, Scalar};
use sha2::{Digest, Sha256};

use crate::{Code, KzgError};

/// KZG10 and FK20 sizes: 2^4..2^12 (the setup has 4096 G1 powers).
pub const KZG_LOG: (u32, u32) = (4, 12);
/// FFT and das_fft_extension scales, as in the thesis's tables: 2^4..2^15.
pub const FFT_LOG: (u32, u32) = (4, 15);

/// `n` if it is a power of two within 2^lo..2^hi; else a `size_*` error naming `what`.
pub fn check_size(n: usize, (lo, hi): (u32, u32), what: &str) -> Result<usize, KzgError> {
    if !n.is_power_of_two() {
        return Err(KzgError::new(Code::SizeNotPowerOfTwo, format!("{what}: {n} is not a power of two")));
    }
    if n < 1 << lo || n > 1 << hi {
        return Err(KzgError::new(Code::SizeOutOfRange, format!("{what}: {n} is outside 2^{lo}..2^{hi}")));
    }
    Ok(n)
}

/// `2^log` for a log given by a caller, checked as [`check_size`] does.
pub fn size_of_log(log: u64, range: (u32, u32), what: &str) -> Result<usize, KzgError> {
    if log > 40 {
        return Err(KzgError::new(
            Code::SizeOutOfRange,
            format!("{what}: 2^{log} is outside 2^{}..2^{}", range.0, range.1),
        ));
    }
    check_size(1usize << log, range, what)
}

/// Scalar i of a named sequence: SHA-256(tag ‖ i as 4 bytes big-endian), top two bits cleared
/// (< 2^254 < r). Go derives the same numbers, so both languages time the same work.
pub fn scalar(tag: &str, i: u32) -> Scalar {
    let mut h: [u8; 32] = Sha256::new().chain_update(tag.as_bytes()).chain_update(i.to_be_bytes()).finalize().into();
    h[0] &= 0x3f;
    Scalar::from_bytes_be(&h).expect("< 2^254 is canonical")
}

/// The polynomial the timings use: n coefficients from `scalar("zkplay-kzg10", i)`.
pub fn polynomial(n: usize) -> Vec<Scalar> {
    (0..n as u32).map(|i| scalar("zkplay-kzg10", i)).collect()
}

/// The G1 FFT's input: [1]G, [2]G, … [n]G (consecutive additions, cheap to make at 2^15).
pub fn g1_points(n: usize) -> Vec<G1Projective> {
    let g = G1Projective::generator();
    let mut out = Vec::with_capacity(n);
    let mut p = g;
    for _ in 0..n {
        out.push(p);
        p += g;
    }
    out
}

/// i with its lowest `bits` bits reversed: FK20's proofs come in bit-reversed coset order.
pub fn reverse_bits(i: usize, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - bits)
    }
}
