//! Untrusted hex → checked bytes, before any curve arithmetic: the length for what the bytes
//! stand for, each field element below the modulus, each point on the curve and in the subgroup.

use crate::error::{Code, KzgError};
use rust_eth_kzg::constants::{BYTES_PER_BLOB, BYTES_PER_CELL, CELLS_PER_EXT_BLOB};

pub const BYTES_PER_POINT: usize = 48;
pub const BYTES_PER_SCALAR: usize = 32;

/// The BLS12-381 scalar field's modulus r, big-endian: a field element's 32 bytes must be below it.
const MODULUS: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd, 0xa4,
    0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// `what` names the input in messages ("blob", "proof 3"…).
pub fn bytes<const N: usize>(hex_str: &str, what: &str) -> Result<Box<[u8; N]>, KzgError> {
    let digits = hex_str.strip_prefix("0x").unwrap_or(hex_str);
    if !digits.len().is_multiple_of(2) || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(KzgError::new(
            Code::BadHex,
            format!("{what}: not a hex string (0x then an even number of hex digits)"),
        ));
    }
    if digits.len() != 2 * N {
        return Err(KzgError::new(Code::BadLength, format!("{what}: {} bytes, expected {N}", digits.len() / 2)));
    }
    let mut out = Box::new([0u8; N]);
    hex::decode_to_slice(digits, &mut out[..]).expect("checked: even-length hex digits");
    Ok(out)
}

/// Each 32-byte big-endian chunk must be < r (the specs' canonical encoding).
pub fn check_field_elements(bytes: &[u8], what: &str) -> Result<(), KzgError> {
    for (i, chunk) in bytes.chunks_exact(BYTES_PER_SCALAR).enumerate() {
        if chunk >= &MODULUS[..] {
            return Err(KzgError::new(
                Code::NonCanonicalFieldElement,
                format!("{what}: field element {i} is not below the BLS12-381 scalar modulus"),
            ));
        }
    }
    Ok(())
}

pub fn blob(hex_str: &str, what: &str) -> Result<Box<[u8; BYTES_PER_BLOB]>, KzgError> {
    let b = bytes::<BYTES_PER_BLOB>(hex_str, what)?;
    check_field_elements(&b[..], what)?;
    Ok(b)
}

pub fn cell(hex_str: &str, what: &str) -> Result<Box<[u8; BYTES_PER_CELL]>, KzgError> {
    let b = bytes::<BYTES_PER_CELL>(hex_str, what)?;
    check_field_elements(&b[..], what)?;
    Ok(b)
}

pub fn scalar(hex_str: &str, what: &str) -> Result<[u8; BYTES_PER_SCALAR], KzgError> {
    let b = bytes::<BYTES_PER_SCALAR>(hex_str, what)?;
    check_field_elements(&b[..], what)?;
    Ok(*b)
}

/// A commitment or a proof: a compressed G1 point, decompressed once here to check it.
pub fn point(hex_str: &str, what: &str) -> Result<[u8; BYTES_PER_POINT], KzgError> {
    let b = bytes::<BYTES_PER_POINT>(hex_str, what)?;
    ekzg_serialization::deserialize_compressed_g1(&b[..]).map_err(|_| {
        KzgError::new(
            Code::BadPoint,
            format!("{what}: not a compressed BLS12-381 G1 point on the curve and in its prime-order subgroup"),
        )
    })?;
    Ok(*b)
}

pub fn cell_index(index: u64, what: &str) -> Result<u64, KzgError> {
    if index >= CELLS_PER_EXT_BLOB as u64 {
        return Err(KzgError::new(
            Code::CellIndexOutOfRange,
            format!("{what}: cell index {index} is not below {CELLS_PER_EXT_BLOB}"),
        ));
    }
    Ok(index)
}

pub fn same_length(what: &str, lengths: &[usize]) -> Result<(), KzgError> {
    if lengths.windows(2).any(|w| w[0] != w[1]) {
        return Err(KzgError::new(
            Code::LengthMismatch,
            format!("{what}: the lists have different lengths {lengths:?}"),
        ));
    }
    Ok(())
}

pub fn to_hex(bytes: &[u8]) -> String {
    format!("0x{}", hex::encode(bytes))
}
