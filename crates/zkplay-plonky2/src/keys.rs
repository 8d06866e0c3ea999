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

/// Reads the container of [`encode`], checking every length against the file before anything
/// is handed to plonky2 (`Error::CorruptKey` otherwise). The file is sha256-checked against
/// keys.json by the caller; these checks are for a file that is not what its hash promised.
pub fn decode(bytes: &[u8]) -> Result<Key<'_>, Error> {
    let bad = |m: &str| Error::CorruptKey(m.into());
    if bytes.len() > MAX_FILE_BYTES {
        return Err(bad("larger than any verifier-data file"));
    }
    let mut at = 0usize;
    let mut take = |n: usize| -> Result<&[u8], Error> {
        let end = at.checked_add(n).filter(|&e| e <= bytes.len()).ok_or_else(|| bad("truncated"))?;
        let out = &bytes[at..end];
        at = end;
        Ok(out)
    };
    if take(MAGIC.len())? != MAGIC {
        return Err(bad("not a zkplay plonky2 verifier-data file"));
    }
    let u32_at = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize;
    let version = u32_at(take(4)?);
    if version != VERSION as usize {
        return Err(Error::CorruptKey(format!("container version {version}, this verifier reads {VERSION}")));
    }
    let max_blocks = u32_at(take(4)?);
    if max_blocks == 0 || max_blocks > 1024 {
        return Err(Error::CorruptKey(format!("{max_blocks} blocks")));
    }
    let hash = match take(1)?[0] {
        0 => MerkleHash::Keccak,
        1 => MerkleHash::Poseidon,
        h => return Err(Error::CorruptKey(format!("unknown Merkle hash tag {h}"))),
    };
    let zk = match take(1)?[0] {
        0 => false,
        1 => true,
        z => return Err(Error::CorruptKey(format!("zk flag {z}"))),
    };
    let n = u32_at(take(4)?);
    let common = take(n)?;
    let n = u32_at(take(4)?);
    let verifier_only = take(n)?;
    if at != bytes.len() {
        return Err(Error::CorruptKey(format!("{} bytes after the last section", bytes.len() - at)));
    }
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
