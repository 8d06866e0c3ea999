//! The wrapper's key file: what a verifier needs besides the proof and the statement.
//!
//! starky and plonky2 have no setup, but checking a wrapped proof needs the wrapper circuit's
//! `CommonCircuitData` (gates, degree, FRI parameters) and `VerifierOnlyCircuitData` (the Merkle
//! cap of its constants and permutation, and the circuit digest). The build ships them; their
//! sha256 is the proof file's `keyHash`, and the browser's prover refuses to prove with a wrapper
//! it built unless it is byte for byte the one this file pins.
//!
//! Container (little-endian), version 1:
//! `"ZKPLAY-SKVK" | u32 version | u8 zk | u8 stark rate_bits | u8 sponge min, max | u8 Keccak
//!  min, max (degree bits) | u32 len | CommonCircuitData | u32 len | VerifierOnlyCircuitData`.

use plonky2::plonk::circuit_data::{CommonCircuitData, VerifierCircuitData, VerifierOnlyCircuitData};
use sha2::{Digest, Sha256};
use zkplay_plonky2::keys::{ContainerReader, ZkplayGateSerializer};

use crate::wrap::{WrapRange, Wrapper};
use crate::{Error, C, D, F};

/// First bytes of a key file.
pub const MAGIC: &[u8; 11] = b"ZKPLAY-SKVK";
/// Container version written by [`encode`].
pub const VERSION: u32 = 1;
/// Largest file read: the real ones are a few KB; this bounds what plonky2's readers are given.
const MAX_FILE_BYTES: usize = 1 << 20;

/// The sha256 of the key file of each zk setting, as the build made them (`wrapper-keys.json`).
///
/// Why a pin and not only the parser's checks: the key's common data is read by plonky2, which
/// trusts it (a damaged FRI parameter or gate made the verifier index out of bounds or overflow a
/// capacity: a panic, i.e. a trap in wasm). The wrapper is deterministic, so the build's key is
/// known in advance; any other file is refused before a byte of it is parsed.
pub const PINS_JSON: &str = include_str!("../wrapper-keys.json");

/// The pinned sha256 (hex) of the key of a zk setting, if the pins file has one.
pub fn pinned(zk: bool) -> Option<String> {
    pin(if zk { "on" } else { "off" })
}

/// The pinned sha256 (hex) of the wrapper's prover data file of a zk setting
/// (`prover_data`), if the build ships one: with zk off only, the setting the page proves.
pub fn pinned_prover_data(zk: bool) -> Option<String> {
    pin(if zk { "proverOn" } else { "proverOff" })
}

fn pin(name: &str) -> Option<String> {
    let v: zkplay_wasm_runtime::serde_json::Value = zkplay_wasm_runtime::serde_json::from_str(PINS_JSON).ok()?;
    v.get(name)?.as_str().filter(|h| h.len() == 64).map(str::to_string)
}

/// sha256 of bytes, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Refuses a key file that is not the build's for this zk setting (before it is parsed).
pub fn check_pinned(bytes: &[u8], zk: bool) -> Result<(), Error> {
    check_pin(bytes, zk, pinned(zk), "key file", "wrapper key")
}

/// Refuses a prover data file that is not the build's for this zk setting (before it is parsed:
/// its sections are sized by the circuit, but what they hold is trusted).
pub fn check_pinned_prover_data(bytes: &[u8], zk: bool) -> Result<(), Error> {
    check_pin(bytes, zk, pinned_prover_data(zk), "prover data file", "wrapper prover data")
}

fn check_pin(bytes: &[u8], zk: bool, want: Option<String>, file: &str, what: &str) -> Result<(), Error> {
    let on = if zk { "on" } else { "off" };
    let want =
        want.ok_or_else(|| Error::CorruptKey(format!("this build pins no {what} for zk {on} (wrapper-keys.json)")))?;
    let got = sha256_hex(bytes);
    if got != want {
        return Err(Error::CorruptKey(format!(
            "the {file} (sha256 {}…) is not this build's {what} for zk {on} ({}…)",
            &got[..12],
            &want[..12]
        )));
    }
    Ok(())
}

/// What a key file says about the wrapper it pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyInfo {
    pub zk: bool,
    pub rate_bits: usize,
    pub range: WrapRange,
}

/// A key file read back: its header and its two sections (still serialized).
pub struct Key<'a> {
    pub info: KeyInfo,
    pub common: &'a [u8],
    pub verifier_only: &'a [u8],
}

fn sections(w: &Wrapper) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let bad = |what: &str| Error::CorruptKey(format!("cannot serialize the wrapper's {what}"));
    let common = w.data.common.to_bytes(&ZkplayGateSerializer).map_err(|_| bad("common circuit data"))?;
    let verifier_only = w.data.verifier_only.to_bytes().map_err(|_| bad("verifier-only data"))?;
    Ok((common, verifier_only))
}

/// The key file of a built wrapper.
pub fn encode(w: &Wrapper, info: KeyInfo) -> Result<Vec<u8>, Error> {
    let (common, verifier_only) = sections(w)?;
    let mut out = Vec::with_capacity(40 + common.len() + verifier_only.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let r = info.range;
    for b in [info.zk as usize, info.rate_bits, r.sponge.0, r.sponge.1, r.keccak.0, r.keccak.1] {
        out.push(u8::try_from(b).map_err(|_| Error::CorruptKey(format!("{b} does not fit a key header byte")))?);
    }
    for section in [&common, &verifier_only] {
        out.extend_from_slice(&(section.len() as u32).to_le_bytes());
        out.extend_from_slice(section);
    }
    Ok(out)
}

/// Reads the container of [`encode`] (zkplay-plonky2's [`ContainerReader`]; `CorruptKey`
/// otherwise). Callers check the file's sha256 against keys.json first; these checks are for a
/// file that is not what its hash promised.
pub fn decode(bytes: &[u8]) -> Result<Key<'_>, Error> {
    let mut r = ContainerReader::open(bytes, MAX_FILE_BYTES, (MAGIC, VERSION), ("starky", "wrapper key file"))
        .map_err(Error::CorruptKey)?;
    let h = r.take(6).map_err(Error::CorruptKey)?;
    let zk = match h[0] {
        0 => false,
        1 => true,
        z => return Err(Error::CorruptKey(format!("zk flag {z}"))),
    };
    let (s, k) = ((h[2] as usize, h[3] as usize), (h[4] as usize, h[5] as usize));
    if s.0 > s.1 || k.0 > k.1 || s.1 > 32 || k.1 > 32 || h[1] == 0 || h[1] > 8 {
        return Err(Error::CorruptKey("header out of range".into()));
    }
    let info = KeyInfo { zk, rate_bits: h[1] as usize, range: WrapRange { sponge: s, keccak: k } };
    let common = r.section().map_err(Error::CorruptKey)?;
    let verifier_only = r.section().map_err(Error::CorruptKey)?;
    r.finish().map_err(Error::CorruptKey)?;
    Ok(Key { info, common, verifier_only })
}

impl Key<'_> {
    /// The verifier data of the two sections.
    pub fn verifier_data(&self) -> Result<VerifierCircuitData<F, C, D>, Error> {
        let common = CommonCircuitData::<F, D>::from_bytes(self.common.to_vec(), &ZkplayGateSerializer)
            .map_err(|e| Error::CorruptKey(format!("common circuit data: {e:?}")))?;
        let verifier_only = VerifierOnlyCircuitData::<C, D>::from_bytes(self.verifier_only.to_vec())
            .map_err(|e| Error::CorruptKey(format!("verifier-only data: {e:?}")))?;
        Ok(VerifierCircuitData { verifier_only, common })
    }

    /// Whether `w` is the wrapper this file pins: the same header facts and the same bytes of both
    /// sections (so the same gates, FRI parameters, constants and permutation).
    pub fn pins(&self, w: &Wrapper, info: KeyInfo) -> Result<(), Error> {
        if self.info != info {
            return Err(Error::CorruptKey(format!("the file is the key of {:?}, not of {info:?}", self.info)));
        }
        let (common, verifier_only) = sections(w)?;
        if common != self.common || verifier_only != self.verifier_only {
            return Err(Error::CorruptKey(
                "the wrapper built here is not the one the shipped key pins (another build of this code?)".into(),
            ));
        }
        Ok(())
    }
}

/// The file name the build publishes a wrapper's key under.
pub fn file_name(zk: bool) -> String {
    format!("wrapper-zk{}.bin", if zk { "on" } else { "off" })
}
