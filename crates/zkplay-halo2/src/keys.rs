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
//!   ([`MAGIC`], format version, the circuit's tag ([`CircuitChoice::tag`]: 1 zkEVM, 2 narrow),
//!   k, rows per round (0 for the narrow circuit)), the three points a KZG verifier uses
//!   (g\[0\], g2, s_g2), then halo2's `VerifyingKey::write` in `RawBytes`. Its sha256 is the
//!   configuration's keyHash in keys.json and in proof files. It is all a verifier needs, so the
//!   verifier-only wasm reads nothing else. Its points are read checked (on the curve,
//!   coordinates below the modulus): a caller may pass a key of their own.
//!
//! The header's circuit and k are checked before halo2 reads the key: a key of one circuit read
//! as the other's would be a refusal deep inside halo2's reader at best, and halo2's reader
//! allocates 2^k elements for whatever k the bytes say.

use crate::halo2::{
    halo2curves::bn256::{Bn256, G1Affine, G2Affine},
    plonk::{keygen_vk, VerifyingKey},
    poly::{
        commitment::{Params as _, ParamsProver as _},
        kzg::commitment::ParamsKZG,
    },
    SerdeCurveAffine, SerdeFormat,
};
use crate::narrow::{CircuitChoice, NarrowCircuit, NarrowParams};
use crate::params::{check_params, wrapper_params};
use crate::{circuit::PreimageCircuit, Error};

/// First bytes of a verifying-key file.
pub const MAGIC: &[u8; 8] = b"zkplayH2";
/// Format version of the verifying-key file (the header and the point encoding). 2: the
/// circuit's tag after the version (format 1 had none: zkEVM keys only).
pub const VERSION: u32 = 2;
/// Magic, then version, circuit tag, k, rows per round (u32 LE each).
const HEADER: usize = 8 + 4 * 4;
/// Uncompressed G1 / G2 points in `RawBytes` (Montgomery-form coordinates).
const G1_RAW: usize = 64;
const G2_RAW: usize = 128;

/// Name of the shipped parameters file for `k` (under artifacts/halo2/keys/).
pub fn params_file_name(k: u32) -> String {
    format!("params-k{k}.bin")
}

/// Name of the shipped verifying-key file of a configuration of either circuit.
pub fn vk_file_name(choice: &CircuitChoice) -> String {
    match choice {
        CircuitChoice::Zkevm(p) => format!("vk-k{}-r{}.bin", p.k, p.rows_per_round),
        CircuitChoice::Narrow { k } => format!("vk-narrow-k{k}.bin"),
    }
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

/// The verifying-key file of a configuration of either circuit (see the module comment):
/// `params` are the parameters it was made with, `vk` from `keygen_vk`.
pub fn vk_file(choice: &CircuitChoice, params: &ParamsKZG<Bn256>, vk: &VerifyingKey<G1Affine>) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    for v in [VERSION, choice.tag(), choice.k(), choice.rows_per_round() as u32] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    params.get_g()[0].write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    params.g2().write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    params.s_g2().write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    assert_eq!(out.len(), HEADER + G1_RAW + 2 * G2_RAW, "raw point sizes");
    vk.write(&mut out, SerdeFormat::RawBytes).expect("Vec");
    out
}

/// Makes the verifying-key file of a configuration of either circuit under `params` (the
/// build's setup, downsized to its k).
pub fn make_vk_file(choice: &CircuitChoice, params: &ParamsKZG<Bn256>) -> Result<Vec<u8>, Error> {
    let keygen = |e| Error::Halo2(format!("keygen_vk: {e:?}"));
    let vk = match choice {
        CircuitChoice::Zkevm(p) => keygen_vk(params, &PreimageCircuit::new(crate::shape(p)?, None)).map_err(keygen)?,
        CircuitChoice::Narrow { .. } => {
            keygen_vk(params, &NarrowCircuit { params: narrow_shape(choice)?, witness: None }).map_err(keygen)?
        }
    };
    Ok(vk_file(choice, params, &vk))
}

/// The narrow circuit's shape for a narrow configuration (the one the verifying key fixes).
pub(crate) fn narrow_shape(choice: &CircuitChoice) -> Result<NarrowParams, Error> {
    Ok(NarrowParams { k: choice.k(), capacity: choice.capacity_blocks()?, final_guard: true })
}

/// "the zkEVM circuit" / "the narrow circuit" for a tag read from a header.
fn circuit_of_tag(tag: u32) -> String {
    match tag {
        1 => "the zkEVM circuit".into(),
        2 => "the narrow circuit".into(),
        t => format!("an unknown circuit (tag {t})"),
    }
}

/// A verifying-key file, read: what [`crate::Verifier`] is made of.
pub struct VkFile {
    pub g0: G1Affine,
    pub g2: G2Affine,
    pub s_g2: G2Affine,
    pub vk: VerifyingKey<G1Affine>,
}

/// Reads a verifying-key file for a configuration of either circuit (checked first). Every
/// refusal is [`Error::CorruptKey`] with what is wrong (a key of the other circuit among them);
/// nothing here panics on any input.
pub fn read_vk_file(bytes: &[u8], choice: &CircuitChoice) -> Result<VkFile, Error> {
    if let CircuitChoice::Zkevm(p) = choice {
        check_params(p.k, p.rows_per_round)?;
    }
    let capacity = choice.capacity_blocks()?;
    let points_end = HEADER + G1_RAW + 2 * G2_RAW;
    // halo2's key starts with a version byte 0x02 and its k (u32 LE).
    if bytes.len() < points_end + 5 {
        return Err(corrupt(format!("the verifying key is {} bytes: too short for a halo2 key file", bytes.len())));
    }
    if &bytes[..8] != MAGIC {
        return Err(corrupt("this is not a zkplay halo2 verifying-key file (wrong magic bytes)"));
    }
    let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().expect("4 bytes"));
    let (version, tag, k, rows) = (word(0), word(1), word(2), word(3));
    if version != VERSION {
        return Err(corrupt(format!("verifying-key file format {version}; this verifier reads format {VERSION}")));
    }
    if tag != choice.tag() {
        return Err(corrupt(format!(
            "the verifying key is for {} (k={k}), not {}: a key of one circuit never checks the other's proofs",
            circuit_of_tag(tag),
            choice.describe()
        )));
    }
    if (k, rows as usize) != (choice.k(), choice.rows_per_round()) {
        return Err(corrupt(match choice {
            CircuitChoice::Zkevm(p) => format!(
                "the verifying key is for k={k} with {rows} rows per round, not k={} with {} rows per round",
                p.k, p.rows_per_round
            ),
            CircuitChoice::Narrow { k: want } => {
                format!("the verifying key is for the narrow circuit at k={k}, not k={want}")
            }
        }));
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
    let unreadable = |e: std::io::Error| corrupt(format!("the halo2 verifying key cannot be read: {e}"));
    let vk = match choice {
        CircuitChoice::Zkevm(p) => {
            let shape = wrapper_params(p.k, p.rows_per_round, capacity);
            VerifyingKey::<G1Affine>::read::<_, PreimageCircuit>(&mut r, SerdeFormat::RawBytes, shape)
        }
        CircuitChoice::Narrow { .. } => {
            let shape = narrow_shape(choice)?;
            VerifyingKey::<G1Affine>::read::<_, NarrowCircuit>(&mut r, SerdeFormat::RawBytes, shape)
        }
    }
    .map_err(unreadable)?;
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

/// The KZG parameters file and the verifying-key file of one configuration (either circuit),
/// read and checked to belong together (the key's g\[0\], g2 and s_g2 are the parameters'):
/// what a prover starts from. `Err(CorruptKey)` says what is wrong.
pub(crate) fn read_pair(
    choice: &CircuitChoice,
    params_file: &[u8],
    vk_file: &[u8],
) -> Result<(ParamsKZG<Bn256>, crate::Verifier), Error> {
    let verifier = crate::Verifier::from_vk_file(*choice, vk_file)?;
    let params = read_params(params_file, choice.k())?;
    let g = verifier.params.get_g();
    if params.get_g()[0] != g[0] || params.g2() != verifier.params.g2() || params.s_g2() != verifier.params.s_g2() {
        return Err(Error::CorruptKey("the verifying key was made with other KZG parameters than these".into()));
    }
    Ok((params, verifier))
}
