//! The public inputs every backend's statement has, "H(M) = digest and |M| = length", checked
//! the same way by every Rust verifier before any cryptography. Each function returns the
//! reason a value is refused; a crate wraps it in its own `invalid-input` error.

/// A JavaScript number as JavaScript would print it (for error messages).
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.abs() >= 1e21 {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// The message length a JavaScript caller passed, as an exact `u64` in `0..=capacity` bytes.
/// JavaScript numbers are doubles: converting them to an integer type (as wasm-bindgen does for
/// `usize`/`u32`/`u64` parameters) wraps modulo 2^32 or 2^64 and truncates fractions, so a wasm
/// `verify` takes an `f64` and converts it only through this function. `note` says what the
/// capacity comes from ("this circuit holds at most 135 bytes"), shown for an out-of-range length.
pub fn length_from_js(x: f64, capacity: usize, note: &str) -> Result<u64, String> {
    let shown = js_number(x);
    if x.is_nan() {
        return Err(format!("length {shown} is not a number"));
    }
    if x.is_infinite() {
        return Err(format!("length {shown} is not finite"));
    }
    if x.fract() != 0.0 {
        return Err(format!("length {shown} is not an integer"));
    }
    // -0 is 0 (JavaScript treats them as equal); `capacity` is far below 2^53, so the comparison is exact.
    if x < 0.0 || x > capacity as f64 {
        return Err(out_of_range(&shown, capacity, note));
    }
    Ok(x as u64)
}

/// `length` as a verifier input: in `0..=capacity`.
pub fn check_length(length: u64, capacity: usize, note: &str) -> Result<u64, String> {
    if length > capacity as u64 {
        return Err(out_of_range(&length.to_string(), capacity, note));
    }
    Ok(length)
}

fn out_of_range(shown: &str, capacity: usize, note: &str) -> String {
    format!("length {shown} is outside 0..={capacity} ({note})")
}

/// The digest as a verifier input: exactly 32 bytes.
pub fn check_digest(digest: &[u8]) -> Result<[u8; 32], String> {
    digest.try_into().map_err(|_| format!("digest is {} bytes, expected 32", digest.len()))
}

/// The hash of a backend's statement, by the id the page, proof files and keys.json use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Hash {
    /// Keccak-256 as Ethereum uses it (padding 0x01 .. 0x80; not SHA3-256).
    #[serde(rename = "keccak-256")]
    Keccak256,
    /// BLAKE2s-256 (RFC 7693: no key, 32-byte digest).
    #[serde(rename = "blake2s-256")]
    Blake2s256,
}

impl Hash {
    pub fn id(self) -> &'static str {
        match self {
            Hash::Keccak256 => "keccak-256",
            Hash::Blake2s256 => "blake2s-256",
        }
    }

    /// The reference digest of `message`.
    #[cfg(feature = "hashes")]
    pub fn digest(self, message: &[u8]) -> [u8; 32] {
        match self {
            Hash::Keccak256 => keccak256(message),
            Hash::Blake2s256 => blake2s256(message),
        }
    }
}

/// BLAKE2s-256 (RFC 7693, no key, 32-byte output).
#[cfg(feature = "hashes")]
pub fn blake2s256(message: &[u8]) -> [u8; 32] {
    blake2s_simd::Params::new().hash_length(32).hash(message).as_bytes().try_into().expect("32 bytes")
}

/// Keccak-256, the reference the Keccak circuits' digests are checked against.
#[cfg(feature = "hashes")]
pub fn keccak256(message: &[u8]) -> [u8; 32] {
    use tiny_keccak::{Hasher, Keccak};
    let mut k = Keccak::v256();
    k.update(message);
    let mut out = [0u8; 32];
    k.finalize(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTE: &str = "this circuit holds at most 135 bytes";

    #[test]
    fn lengths_in_range_are_exact() {
        for (x, want) in [(0.0, 0), (-0.0, 0), (1.0, 1), (135.0, 135)] {
            assert_eq!(length_from_js(x, 135, NOTE), Ok(want), "{x}");
        }
    }

    #[test]
    fn every_other_number_is_refused_with_its_reason() {
        let cases: [(f64, &str); 16] = [
            (f64::NAN, "length NaN is not a number"),
            (f64::INFINITY, "length Infinity is not finite"),
            (f64::NEG_INFINITY, "length -Infinity is not finite"),
            (5.5, "length 5.5 is not an integer"),
            (0.1, "length 0.1 is not an integer"),
            (-0.5, "length -0.5 is not an integer"),
            (134.99999999999997, "length 134.99999999999997 is not an integer"),
            (-1.0, "length -1 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (136.0, "length 136 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            // 2^32 + 5 and 2^33 + 5: wasm-bindgen's u32 would have wrapped them to 5.
            (4294967301.0, "length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (8589934597.0, "length 8589934597 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (9007199254740992.0, "length 9007199254740992 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (
                18446744073709551616.0,
                "length 18446744073709552000 is outside 0..=135 (this circuit holds at most 135 bytes)",
            ),
            (1e21, "length 1e21 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (1e300, "length 1e300 is outside 0..=135 (this circuit holds at most 135 bytes)"),
            (f64::MIN, "length -1.7976931348623157e308 is outside 0..=135 (this circuit holds at most 135 bytes)"),
        ];
        for (x, why) in cases {
            assert_eq!(length_from_js(x, 135, NOTE), Err(why.to_string()), "{x}");
        }
        assert_eq!(check_length(136, 135, NOTE), Err(out_of_range("136", 135, NOTE)));
        assert_eq!(check_length(135, 135, NOTE), Ok(135));
        // Capacity 0 (no circuit has it, but the check is total): only 0 passes.
        assert_eq!(length_from_js(0.0, 0, NOTE), Ok(0));
        assert!(length_from_js(1.0, 0, NOTE).is_err());
    }

    #[cfg(feature = "hashes")]
    #[test]
    fn reference_digests() {
        let hex = |d: [u8; 32]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(
            hex(Hash::Blake2s256.digest(b"")),
            "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"
        );
        assert_eq!(
            hex(Hash::Blake2s256.digest(b"abc")),
            "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"
        );
        assert_eq!(
            hex(Hash::Keccak256.digest(b"")),
            "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
        );
    }

    #[test]
    fn digests_are_32_bytes() {
        assert_eq!(check_digest(&[7; 32]), Ok([7; 32]));
        for n in [0, 31, 33] {
            assert_eq!(check_digest(&vec![0; n]), Err(format!("digest is {n} bytes, expected 32")));
        }
    }
}
