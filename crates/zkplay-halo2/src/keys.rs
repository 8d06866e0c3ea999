//! Keys that stay put: one KZG setup per build, made natively at build time (`examples/keys.rs`)
//! and shipped, so every visitor of a deployment proves and verifies against the same keys and
//! a proof file can be checked anywhere (the page, the verifier package, a native program).
//!
//! Two kinds of file:
//! - **Parameters for one k** ([`params_file`], [`read_params`]): halo2's own
//!   `ParamsKZG::write_custom` in `RawBytesUnchecked` (k; 2^k points of g, then of g_lagrange,
//!   uncompressed; g2; s_g2). The prover needs all of it. Every offered k is the build's one
//!   setup (made at the largest k) downsized, so all share g\[0\], g2 and s_g2. It is read
//!   without curve checks because that is several times faster in wasm; what makes it safe is
//!   that the page checks the file's sha256 against the build's index before it gets here
//!   (packages/core/artifacts.ts), and what keeps a wrong file from panicking is the exact
//!   length checked first (unchecked reads cannot fail once every byte is there).
//! - **The verifying key of one configuration** ([`vk_file`], [`read_vk_file`]): a header
//!   ([`MAGIC`], format version, k, rows per round), the three points a KZG verifier uses
//!   (g\[0\], g2, s_g2), then halo2's `VerifyingKey::write` in `RawBytes`. Its sha256 is the
//!   configuration's keyHash in keys.json and in proof files. It is all a verifier needs, so the
//!   verifier-only wasm reads nothing else. Its points are read checked (on the curve,
//!   coordinates below the modulus): a caller may pass a key of their own.
//!
//! The header's k is checked before halo2 reads the key, because halo2's reader allocates 2^k
//! elements for whatever k the bytes say.

use crate::halo2::{
    halo2curves::bn256::{Bn256, G1Affine, G2Affine},
    plonk::{keygen_vk, VerifyingKey},
    poly::{
        commitment::{Params as _, ParamsProver as _},
        kzg::commitment::ParamsKZG,
    },
    SerdeCurveAffine, SerdeFormat,
};
use crate::params::{check_params, wrapper_params};
use crate::{circuit::PreimageCircuit, Error, Params};

/// First bytes of a verifying-key file.
pub const MAGIC: &[u8; 8] = b"zkplayH2";
/// Format version of the verifying-key file (the header and the point encoding).
pub const VERSION: u32 = 1;
const HEADER: usize = 8 + 3 * 4;
/// Uncompressed G1 / G2 points in `RawBytes` (Montgomery-form coordinates).
const G1_RAW: usize = 64;
const G2_RAW: usize = 128;

/// Name of the shipped parameters file for `k` (under artifacts/halo2/keys/).
pub fn params_file_name(k: u32) -> String {
    format!("params-k{k}.bin")
}

/// Name of the shipped verifying-key file of configuration `p`.
pub fn vk_file_name(p: &Params) -> String {
    format!("vk-k{}-r{}.bin", p.k, p.rows_per_round)
}

/// The shipped parameters of `params` (`RawBytesUnchecked`, halo2's own layout).
pub fn params_file(params: &ParamsKZG<Bn256>) -> Vec<u8> {
    let mut out = Vec::with_capacity(params_file_len(params.k()));
    params.write_custom(&mut out, SerdeFormat::RawBytesUnchecked).expect("writing to a Vec cannot fail");
    out
}

/// Exact size of the parameters file for `k`.
pub fn params_file_len(k: u32) -> usize {
    4 + 2 * (1usize << k) * G1_RAW + 2 * G2_RAW
}

fn corrupt(what: impl std::fmt::Display) -> Error {
    Error::CorruptKey(what.to_string())
}

/// Reads a parameters file made by [`params_file`] for `k` (an offered k: checked by the caller).
/// Its k and exact length are checked first; the points are not (see the module comment).
pub fn read_params(bytes: &[u8], k: u32) -> Result<ParamsKZG<Bn256>, Error> {
    let Some(head) = bytes.get(..4) else {
        return Err(corrupt(format!("the KZG parameters are {} bytes: too short to say their k", bytes.len())));
    };
    let file_k = u32::from_le_bytes(head.try_into().expect("4 bytes"));
    if file_k != k {
        return Err(corrupt(format!("the KZG parameters are for k={file_k}, not k={k}")));
    }
    if bytes.len() != params_file_len(k) {
        return Err(corrupt(format!(
            "the KZG parameters for k={k} are {} bytes, expected {}",
            bytes.len(),
            params_file_len(k)
        )));
    }
    ParamsKZG::read_custom(&mut &bytes[..], SerdeFormat::RawBytesUnchecked)
        .map_err(|e| corrupt(format!("the KZG parameters: {e}")))
}

/// The verifying-key file of configuration `p` (see the module comment): `params` are the
/// parameters it was made with, `vk` from `keygen_vk`.
pub fn vk_file(p: &Params, params: &ParamsKZG<Bn256>, vk: &VerifyingKey<G1Affine>) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    for v in [VERSION, p.k, p.rows_per_round as u32] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    params.get_g()[0].write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    params.g2().write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    params.s_g2().write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    assert_eq!(out.len(), HEADER + G1_RAW + 2 * G2_RAW, "raw point sizes");
    vk.write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    out
}

/// Makes the verifying-key file of configuration `p` under `params` (the build's setup,
/// downsized to `p.k`).
pub fn make_vk_file(p: &Params, params: &ParamsKZG<Bn256>) -> Result<Vec<u8>, Error> {
    let shape = crate::shape(p)?;
    let vk =
        keygen_vk(params, &PreimageCircuit::new(shape, None)).map_err(|e| Error::Halo2(format!("keygen_vk: {e:?}")))?;
    Ok(vk_file(p, params, &vk))
}

/// A verifying-key file, read: what [`crate::Verifier`] is made of.
pub struct VkFile {
    pub g0: G1Affine,
    pub g2: G2Affine,
    pub s_g2: G2Affine,
    pub vk: VerifyingKey<G1Affine>,
}

/// Reads a verifying-key file for configuration `p` (checked with `check_params` first). Every
/// refusal is [`Error::CorruptKey`] with what is wrong; nothing here panics on any input.
pub fn read_vk_file(bytes: &[u8], p: &Params) -> Result<VkFile, Error> {
    check_params(p.k, p.rows_per_round)?;
    let points_end = HEADER + G1_RAW + 2 * G2_RAW;
    // halo2's key starts with a version byte 0x02 and its k (u32 LE).
    if bytes.len() < points_end + 5 {
        return Err(corrupt(format!("the verifying key is {} bytes: too short for a halo2 key file", bytes.len())));
    }
    if &bytes[..8] != MAGIC {
        return Err(corrupt("this is not a zkplay halo2 verifying-key file (wrong magic bytes)"));
    }
    let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().expect("4 bytes"));
    let (version, k, rows) = (word(0), word(1), word(2));
    if version != VERSION {
        return Err(corrupt(format!("verifying-key file format {version}; this verifier reads format {VERSION}")));
    }
    if (k, rows as usize) != (p.k, p.rows_per_round) {
        return Err(corrupt(format!(
            "the verifying key is for k={k} with {rows} rows per round, not k={} with {} rows per round",
            p.k, p.rows_per_round
        )));
    }
    let inner_k = u32::from_le_bytes(bytes[points_end + 1..points_end + 5].try_into().expect("4 bytes"));
    if inner_k != k {
        return Err(corrupt(format!("the halo2 key inside says k={inner_k}, its header k={k}")));
    }
    let mut r = &bytes[HEADER..];
    let bad_point = |what: &str, e: std::io::Error| corrupt(format!("{what} is not a valid curve point: {e}"));
    let g0 = G1Affine::read(&mut r, SerdeFormat::RawBytes).map_err(|e| bad_point("g[0]", e))?;
    let g2 = G2Affine::read(&mut r, SerdeFormat::RawBytes).map_err(|e| bad_point("g2", e))?;
    let s_g2 = G2Affine::read(&mut r, SerdeFormat::RawBytes).map_err(|e| bad_point("s_g2", e))?;
    let shape = wrapper_params(p.k, p.rows_per_round, crate::capacity_blocks(p.k, p.rows_per_round));
    let vk = VerifyingKey::<G1Affine>::read::<_, PreimageCircuit>(&mut r, SerdeFormat::RawBytes, shape)
        .map_err(|e| corrupt(format!("the halo2 verifying key cannot be read: {e}")))?;
    if !r.is_empty() {
        return Err(corrupt(format!("{} bytes after the verifying key", r.len())));
    }
    // halo2 reads as many fixed commitments as the file says; the verifier indexes them by the
    // circuit's fixed columns, so a different count would be a panic later, not a refusal.
    if vk.fixed_commitments().len() != vk.cs().num_fixed_columns() {
        return Err(corrupt(format!(
            "the verifying key has {} fixed commitments; this circuit has {} fixed columns",
            vk.fixed_commitments().len(),
            vk.cs().num_fixed_columns()
        )));
    }
    Ok(VkFile { g0, g2, s_g2, vk })
}
