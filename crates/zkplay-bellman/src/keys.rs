//! Key files, made once per build natively (`examples/keys.rs`) and shipped, so that every
//! visitor of a deployment proves against the same keys and a proof file verifies anywhere.
//!
//! - **The verifying key of one capacity** ([`vk_file`], [`read_vk_file`]): a header ([`VK_MAGIC`],
//!   format version, blocks) then groth16's `VerifyingKey::write` (uncompressed points). Its
//!   sha256 is the keyHash in keys.json and in proof files. A caller may pass a key of their
//!   own, so its exact length is checked first (it has four IC points: one, L and the two
//!   digest elements) and its points are read checked (on the curve, in the subgroup).
//! - **The proving parameters** ([`params_file`], [`read_params_file`]): a header
//!   ([`PARAMS_MAGIC`], version, blocks) then groth16's `Parameters::write`. Tens of MB, read
//!   without point checks (several times faster, in wasm above all): the worker checks the
//!   file's sha256 against the build's index first, and the verifying key inside it must equal
//!   the shipped verifying key byte for byte, so proofs made from it are checked against the
//!   key the page names. A wrong point in it can only make proofs that do not verify.
use bls12_381::Bls12;
use groth16::{Parameters, VerifyingKey};

use crate::circuit::PUBLIC_INPUTS;
use crate::Error;

pub const VK_MAGIC: &[u8; 8] = b"zkplayBV";
pub const PARAMS_MAGIC: &[u8; 8] = b"zkplayBP";
/// Format version of both files.
pub const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 4;
const G1: usize = 96;
const G2: usize = 192;
/// groth16's verifying key: alpha, beta, delta in G1; beta, gamma, delta in G2; IC count; IC.
const VK_BODY: usize = 3 * G1 + 3 * G2 + 4 + (PUBLIC_INPUTS + 1) * G1;

pub fn vk_file_name(blocks: usize) -> String {
    format!("vk-b{blocks}.bin")
}

pub fn params_file_name(blocks: usize) -> String {
    format!("params-b{blocks}.bin")
}

fn header(magic: &[u8; 8], blocks: usize) -> Vec<u8> {
    let mut out = magic.to_vec();
    out.extend(VERSION.to_le_bytes());
    out.extend((blocks as u32).to_le_bytes());
    out
}

fn corrupt(what: impl std::fmt::Display) -> Error {
    Error::CorruptKey(what.to_string())
}

/// Checks a header and returns the body after it.
fn body<'a>(bytes: &'a [u8], magic: &[u8; 8], what: &str, blocks: usize) -> Result<&'a [u8], Error> {
    if bytes.len() < HEADER || &bytes[..8] != magic {
        return Err(corrupt(format!("this is not a bellman {what} file")));
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    if word(8) != VERSION {
        return Err(corrupt(format!("{what} file format {} (this build reads {VERSION})", word(8))));
    }
    if word(12) as usize != blocks {
        return Err(corrupt(format!("the {what} is for {} blocks, not {blocks}", word(12))));
    }
    Ok(&bytes[HEADER..])
}

pub fn vk_file(vk: &VerifyingKey<Bls12>, blocks: usize) -> Vec<u8> {
    let mut out = header(VK_MAGIC, blocks);
    vk.write(&mut out).expect("writing to a Vec cannot fail");
    out
}

/// The verifying key of a `blocks`-block circuit (see the module comment for what is checked).
pub fn read_vk_file(bytes: &[u8], blocks: usize) -> Result<VerifyingKey<Bls12>, Error> {
    let b = body(bytes, VK_MAGIC, "verifying key", blocks)?;
    if b.len() != VK_BODY {
        return Err(corrupt(format!("the verifying key is {} bytes, expected {}", bytes.len(), HEADER + VK_BODY)));
    }
    VerifyingKey::read(b).map_err(|e| corrupt(format!("verifying key: {e}")))
}

pub fn params_file(params: &Parameters<Bls12>, blocks: usize) -> Vec<u8> {
    let mut out = header(PARAMS_MAGIC, blocks);
    params.write(&mut out).expect("writing to a Vec cannot fail");
    out
}

/// The proving parameters of a `blocks`-block circuit, whose verifying key must be `vk_bytes`
/// (the shipped verifying-key file's body).
pub fn read_params_file(bytes: &[u8], vk_file: &[u8], blocks: usize) -> Result<Parameters<Bls12>, Error> {
    let b = body(bytes, PARAMS_MAGIC, "proving parameters", blocks)?;
    let vk = body(vk_file, VK_MAGIC, "verifying key", blocks)?;
    if b.len() < vk.len() || b[..vk.len()] != *vk {
        return Err(corrupt("the proving parameters do not belong with the verifying key"));
    }
    let mut reader = std::io::Cursor::new(b);
    let params = Parameters::read(&mut reader, false).map_err(|e| corrupt(format!("proving parameters: {e}")))?;
    if reader.position() as usize != b.len() {
        return Err(corrupt("the proving parameters have trailing bytes"));
    }
    Ok(params)
}
