//! Verifier data as a file: what a verifier needs besides the proof and the statement.
//!
//! plonky2 has no setup, but a verifier still needs the circuit's `CommonCircuitData` (gates,
//! degree, FRI parameters) and `VerifierOnlyCircuitData` (Merkle cap of the constant and
//! permutation polynomials, circuit digest). Shipping them lets a proof be checked without
//! rebuilding the circuit, and their sha256 (the proof file's `keyHash`) pins the circuit.
//!
//! Container (little-endian), version 1:
//! `"ZKPLAY-P2VK" | u32 version | u32 max_blocks | u8 hash (0 keccak, 1 poseidon) | u8 zk |
//!  u32 len | CommonCircuitData bytes | u32 len | VerifierOnlyCircuitData bytes`.

#[cfg(not(feature = "std"))]
use alloc::{format, vec::Vec};

use plonky2::field::extension::Extendable;
use plonky2::gates::arithmetic_base::ArithmeticGate;
use plonky2::gates::arithmetic_extension::ArithmeticExtensionGate;
use plonky2::gates::base_sum::BaseSumGate;
use plonky2::gates::constant::ConstantGate;
use plonky2::gates::coset_interpolation::CosetInterpolationGate;
use plonky2::gates::exponentiation::ExponentiationGate;
use plonky2::gates::multiplication_extension::MulExtensionGate;
use plonky2::gates::noop::NoopGate;
use plonky2::gates::poseidon::PoseidonGate;
use plonky2::gates::poseidon_mds::PoseidonMdsGate;
use plonky2::gates::public_input::PublicInputGate;
use plonky2::gates::random_access::RandomAccessGate;
use plonky2::gates::reducing::ReducingGate;
use plonky2::gates::reducing_extension::ReducingExtensionGate;
use plonky2::hash::hash_types::RichField;
use plonky2::plonk::circuit_data::CircuitData;
use plonky2::plonk::config::GenericConfig;
use plonky2::util::serialization::GateSerializer;
use plonky2::{get_gate_tag_impl, impl_gate_serializer, read_gate_impl};

use crate::circuit::{D, F};
use crate::gates::{AbsorbGate, DigestGate, PadGate, PoseidonRoundGate, RoundGate};
use crate::{CircuitConfig, Error, MerkleHash};

/// First bytes of a verifier-data file.
pub const MAGIC: &[u8; 11] = b"ZKPLAY-P2VK";
/// Container version written by [`encode`].
pub const VERSION: u32 = 1;

/// Knows this crate's Keccak/Poseidon-round gates and plonky2's own gates. Tags are positions
/// in this list: append only, never reorder (a reorder changes every shipped key).
#[derive(Debug, Default)]
pub struct ZkplayGateSerializer;

impl<F: RichField + Extendable<D>, const D: usize> GateSerializer<F, D> for ZkplayGateSerializer {
    impl_gate_serializer! {
        ZkplayGateSerializer,
        RoundGate,
        AbsorbGate,
        PadGate,
        DigestGate,
        PoseidonRoundGate,
        ConstantGate,
        NoopGate,
        PublicInputGate,
        ArithmeticGate,
        ArithmeticExtensionGate<D>,
        BaseSumGate<2>,
        CosetInterpolationGate<F, D>,
        ExponentiationGate<F, D>,
        MulExtensionGate<D>,
        PoseidonGate<F, D>,
        PoseidonMdsGate<F, D>,
        RandomAccessGate<F, D>,
        ReducingGate<D>,
        ReducingExtensionGate<D>
    }
}

fn push_u32(out: &mut Vec<u8>, v: usize) -> Result<(), Error> {
    let v = u32::try_from(v).map_err(|_| Error::InvalidConfig(format!("{v} does not fit the key container")))?;
    out.extend_from_slice(&v.to_le_bytes());
    Ok(())
}

/// The verifier-data file of a built circuit.
pub(crate) fn encode<C: GenericConfig<D, F = F>>(
    cfg: &CircuitConfig,
    data: &CircuitData<F, C, D>,
) -> Result<Vec<u8>, Error> {
    let serialize = |what: &str| Error::InvalidConfig(format!("cannot serialize {what}"));
    let common = data.common.to_bytes(&ZkplayGateSerializer).map_err(|_| serialize("the common circuit data"))?;
    let verifier_only = data.verifier_only.to_bytes().map_err(|_| serialize("the verifier-only data"))?;
    let mut out = Vec::with_capacity(32 + common.len() + verifier_only.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    push_u32(&mut out, cfg.max_blocks)?;
    out.push(match cfg.hash {
        MerkleHash::Keccak => 0,
        MerkleHash::Poseidon => 1,
    });
    out.push(cfg.zero_knowledge as u8);
    push_u32(&mut out, common.len())?;
    out.extend_from_slice(&common);
    push_u32(&mut out, verifier_only.len())?;
    out.extend_from_slice(&verifier_only);
    Ok(out)
}

/// A verifier-data file read back: its configuration and its two sections (still serialized).
pub struct Key<'a> {
    pub config: CircuitConfig,
    pub common: &'a [u8],
    pub verifier_only: &'a [u8],
}

/// Largest file read: the real ones are ~2 KB; this bounds what plonky2's readers are given.
const MAX_FILE_BYTES: usize = 1 << 20;

/// Reads a key container (this crate's and zkplay-starky's): `magic`, a u32 `version`, then
/// what the caller takes, every length checked against the file before anything is handed to
/// plonky2. Each refusal is a message for the caller's `CorruptKey`; `kind` names the file in
/// them ("verifier-data file"), `owner` the crate whose magic it lacks ("plonky2").
pub struct ContainerReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ContainerReader<'a> {
    /// Opens `bytes`: at most `max_bytes` long, with `magic` and `version` first.
    pub fn open(
        bytes: &'a [u8],
        max_bytes: usize,
        (magic, version): (&[u8], u32),
        (owner, kind): (&str, &str),
    ) -> Result<Self, alloc_string::String> {
        if bytes.len() > max_bytes {
            return Err(format!("larger than any {kind}"));
        }
        let mut r = Self { bytes, at: 0 };
        if r.take(magic.len())? != magic {
            return Err(format!("not a zkplay {owner} {kind}"));
        }
        let found = r.u32()?;
        if found != version as usize {
            return Err(format!("container version {found}, this verifier reads {version}"));
        }
        Ok(r)
    }
    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], alloc_string::String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| alloc_string::String::from("truncated"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    /// The next little-endian u32.
    pub fn u32(&mut self) -> Result<usize, alloc_string::String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }
    /// A section: a u32 length, then that many bytes.
    pub fn section(&mut self) -> Result<&'a [u8], alloc_string::String> {
        let n = self.u32()?;
        self.take(n)
    }
    /// Refuses bytes left after the last section.
    pub fn finish(self) -> Result<(), alloc_string::String> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            n => Err(format!("{n} bytes after the last section")),
        }
    }
}

/// Reads the container of [`encode`] ([`ContainerReader`]; `Error::CorruptKey` otherwise). The
/// file is sha256-checked against keys.json by the caller; these checks are for a file that is
/// not what its hash promised.
pub fn decode(bytes: &[u8]) -> Result<Key<'_>, Error> {
    let mut r = ContainerReader::open(bytes, MAX_FILE_BYTES, (MAGIC, VERSION), ("plonky2", "verifier-data file"))
        .map_err(Error::CorruptKey)?;
    let max_blocks = r.u32().map_err(Error::CorruptKey)?;
    if max_blocks == 0 || max_blocks > 1024 {
        return Err(Error::CorruptKey(format!("{max_blocks} blocks")));
    }
    let hash = match r.take(1).map_err(Error::CorruptKey)?[0] {
        0 => MerkleHash::Keccak,
        1 => MerkleHash::Poseidon,
        h => return Err(Error::CorruptKey(format!("unknown Merkle hash tag {h}"))),
    };
    let zk = match r.take(1).map_err(Error::CorruptKey)?[0] {
        0 => false,
        1 => true,
        z => return Err(Error::CorruptKey(format!("zk flag {z}"))),
    };
    let common = r.section().map_err(Error::CorruptKey)?;
    let verifier_only = r.section().map_err(Error::CorruptKey)?;
    r.finish().map_err(Error::CorruptKey)?;
    let mut config = CircuitConfig::new(max_blocks, hash);
    config.zero_knowledge = zk;
    Ok(Key { config, common, verifier_only })
}

/// The file name the build publishes a configuration's verifier data under.
pub fn file_name(cfg: &CircuitConfig) -> alloc_string::String {
    format!(
        "vk-b{}-{}-zk{}.bin",
        cfg.max_blocks,
        match cfg.hash {
            MerkleHash::Keccak => "keccak",
            MerkleHash::Poseidon => "poseidon",
        },
        if cfg.zero_knowledge { "on" } else { "off" }
    )
}

#[cfg(not(feature = "std"))]
use alloc::string as alloc_string;
#[cfg(feature = "std")]
use std::string as alloc_string;
