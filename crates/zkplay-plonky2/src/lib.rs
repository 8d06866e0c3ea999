//! # zkplay-plonky2
//!
//! Proves, with plonky2 (FRI over Goldilocks), the statement
//! "I know a message M of length L such that Keccak-256(M) = D"
//! (original Keccak padding `0x01 .. 0x80`, as Ethereum; not SHA3-256).
//! `D` (32 bytes) and `L` are public; `M` is private. The circuit takes messages of any length
//! up to a capacity fixed when it is built: `max_blocks * 136 - 1` bytes. The padding is
//! computed and checked in the circuit from `L`, and the digest is taken after block `L / 136`.
//!
//! Keccak-f runs on bits with custom gates (see [`gates`]): one gate row per bit-slice of a
//! round, i.e. 64 rows per round and 1536 rows per permutation, plus 64 rows per block for
//! absorbing, 17 for padding checks and 4 for the digest. A one-block circuit has 2^11 rows,
//! two blocks 2^12, eight blocks 2^14. The plonky2 configuration is in [`config`]
//! (blow-up 4, 42 FRI queries, ~100-bit conjectured security).
//!
//! ```no_run
//! use zkplay_plonky2::{build, CircuitConfig, MerkleHash};
//! let prepared = build(&CircuitConfig::new(1, MerkleHash::Keccak)).unwrap();
//! let out = prepared.prove(b"hello").unwrap();
//! let digest: [u8; 32] = out.digest;
//! prepared.verify(&out.proof, &digest, 5).unwrap();
//! ```
//!
//! Timings use `web-time`, so they also work on `wasm32-unknown-unknown`.

#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(feature = "std"))]
extern crate alloc;
#[cfg(not(feature = "std"))]
use alloc::{format, string::String, string::ToString, vec::Vec};

pub mod circuit;
pub mod config;
pub mod gates;
#[cfg(feature = "wasm")]
pub mod wasm;

use core::fmt;

use plonky2::field::types::{Field, PrimeField64};
use plonky2::iop::generator::generate_partial_witness;
use plonky2::iop::target::Target;
use plonky2::iop::witness::Witness;
use plonky2::plonk::circuit_builder::CircuitBuilder;
use plonky2::plonk::circuit_data::CircuitData;
use plonky2::plonk::config::GenericConfig;
use plonky2::plonk::proof::ProofWithPublicInputs;
use plonky2::plonk::prover::prove_with_partition_witness;
use plonky2::util::timing::TimingTree;
use web_time::Instant;

use circuit::{Layout, D, F, RATE_BYTES};
use config::{ZkKeccakConfig, ZkPoseidonConfig};

/// Hash used for plonky2's FRI Merkle trees (and Fiat-Shamir).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MerkleHash {
    /// `ZkKeccakConfig`: fastest to prove, especially in wasm (no cheap recursion).
    Keccak,
    /// `ZkPoseidonConfig`: recursion-friendly, slower to prove natively and in wasm.
    Poseidon,
}

/// What to build.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CircuitConfig {
    /// Number of 136-byte Keccak blocks the circuit runs; capacity is `max_blocks * 136 - 1` bytes.
    pub max_blocks: usize,
    pub hash: MerkleHash,
    /// plonky2's `zero_knowledge` (blinding). Off by default: plonky2 adds about 11k random
    /// rows for it (one per opened value), so a one-block circuit grows from 2^11 to 2^14 rows
    /// and proving gets ~7x slower. Without it the proof is sound, but plonky2 does not claim
    /// zero knowledge: FRI openings reveal evaluations of the witness polynomials.
    pub zero_knowledge: bool,
}

impl CircuitConfig {
    pub fn new(max_blocks: usize, hash: MerkleHash) -> Self {
        Self {
            max_blocks,
            hash,
            zero_knowledge: false,
        }
    }
    /// Message capacity in bytes.
    pub fn capacity_bytes(&self) -> usize {
        self.max_blocks * RATE_BYTES - 1
    }
}

/// Size of a built circuit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CircuitStats {
    /// Gate instances of the statement, before plonky2's `build()` adds the public-input hash
    /// (5 Poseidon permutations of 30 round rows each), a `PublicInputGate`, constant gates and
    /// the padding to a power of two.
    pub gates: usize,
    /// Rows of the trace (`2^degree_bits`).
    pub rows: usize,
    pub degree_bits: usize,
    /// Gate types (plonky2 ids) used by the circuit.
    pub gate_types: Vec<String>,
    /// Largest message the circuit takes, in bytes.
    pub capacity_bytes: usize,
    pub max_blocks: usize,
    /// Serialized size of the verifier-only data (Merkle cap of constants/sigmas + circuit digest).
    pub verifier_only_bytes: usize,
    /// Number of wires per row and routed wires of the plonky2 config.
    pub num_wires: usize,
    pub num_routed_wires: usize,
}

/// A proof and what it took.
#[derive(Debug, Clone)]
pub struct ProofOutput {
    /// plonky2 `ProofWithPublicInputs::to_bytes()` (public inputs included).
    pub proof: Vec<u8>,
    /// The digest the proof is about (Keccak-256 of the message, as computed by the circuit).
    pub digest: [u8; 32],
    /// Witness generation (ms).
    pub witness_ms: f64,
    /// Proving after witness generation (ms).
    pub prove_ms: f64,
}

/// Errors. `Display` gives a message fit for a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The configuration cannot be built (e.g. `max_blocks == 0`).
    InvalidConfig(String),
    /// The message does not fit the circuit.
    MessageTooLong {
        len: usize,
        capacity: usize,
        blocks: usize,
    },
    /// Witness generation or proving failed.
    Proving(String),
    /// The proof bytes do not parse as a proof for this circuit.
    MalformedProof(String),
    /// The proof is about another digest or length than the one asked.
    PublicInputMismatch(String),
    /// The proof does not verify.
    VerificationFailed(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidConfig(m) => write!(f, "invalid circuit configuration: {m}"),
            Error::MessageTooLong { len, capacity, blocks } => write!(
                f,
                "message is {len} bytes; this circuit holds at most {capacity} bytes ({blocks} Keccak block{})",
                if *blocks == 1 { "" } else { "s" }
            ),
            Error::Proving(m) => write!(f, "proving failed: {m}"),
            Error::MalformedProof(m) => write!(f, "malformed proof: {m}"),
            Error::PublicInputMismatch(m) => write!(f, "proof does not match the public inputs: {m}"),
            Error::VerificationFailed(m) => write!(f, "proof verification failed: {m}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

enum Data {
    Keccak(CircuitData<F, ZkKeccakConfig, D>),
    Poseidon(CircuitData<F, ZkPoseidonConfig, D>),
}

/// A built circuit, reusable for any number of proofs.
pub struct Prepared {
    cfg: CircuitConfig,
    layout: Layout,
    data: Data,
    gates: usize,
}

/// Builds the circuit (plonky2 preprocessing: the expensive part is committing to the
/// constant and permutation polynomials).
pub fn build(cfg: &CircuitConfig) -> Result<Prepared, Error> {
    if cfg.max_blocks == 0 || cfg.max_blocks > 1024 {
        return Err(Error::InvalidConfig(format!(
            "max_blocks must be between 1 and 1024, got {}",
            cfg.max_blocks
        )));
    }
    let mut builder = CircuitBuilder::<F, D>::new(config::plonky_config(cfg.zero_knowledge));
    let layout = circuit::build_circuit(&mut builder, cfg.max_blocks);
    let gates = builder.num_gates();
    let data = match cfg.hash {
        MerkleHash::Keccak => Data::Keccak(builder.build::<ZkKeccakConfig>()),
        MerkleHash::Poseidon => Data::Poseidon(builder.build::<ZkPoseidonConfig>()),
    };
    Ok(Prepared {
        cfg: cfg.clone(),
        layout,
        data,
        gates,
    })
}

fn expected_public_inputs(digest: &[u8; 32], length: usize) -> Vec<F> {
    digest
        .iter()
        .map(|&b| F::from_canonical_u8(b))
        .chain(core::iter::once(F::from_canonical_u64(length as u64)))
        .collect()
}

fn digest_of(pis: &[F]) -> [u8; 32] {
    let mut d = [0u8; 32];
    for (o, v) in d.iter_mut().zip(pis) {
        *o = v.to_canonical_u64() as u8;
    }
    d
}

/// What [`prove_with`] returns: the proof (unless only checking), digest, witness and prove ms.
type Proved = (Option<Vec<u8>>, [u8; 32], f64, f64);

fn prove_with<C: GenericConfig<D, F = F>>(
    data: &CircuitData<F, C, D>,
    layout: &Layout,
    padded: &[u8],
    length: usize,
    self_check: bool,
) -> Result<Proved, Error> {
    let pw = circuit::assign(layout, padded, length).map_err(|e| Error::Proving(e.to_string()))?;
    let t0 = Instant::now();
    let witness = generate_partial_witness(pw, &data.prover_only, &data.common)
        .map_err(|e| Error::Proving(format!("witness generation: {e}")))?;
    let witness_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut digest = [0u8; 32];
    for (o, &t) in digest.iter_mut().zip(&layout.digest) {
        *o = witness.get_target(t).to_canonical_u64() as u8;
    }
    if self_check {
        let num_wires = data.common.config.num_wires;
        let mut wires = Vec::with_capacity(num_wires);
        for &(row, kind, c0) in &layout.rows {
            wires.clear();
            wires.extend((0..num_wires).map(|c| {
                witness
                    .try_get_target(Target::wire(row, c))
                    .unwrap_or(F::ZERO)
            }));
            if let Some(i) = gates::first_violation(kind, &wires, &[F::from_canonical_u64(c0)]) {
                return Err(Error::Proving(format!(
                    "constraint {i} of {kind:?} gate at row {row} is not satisfied (wires {:?})",
                    wires
                        .iter()
                        .map(|v| v.to_canonical_u64())
                        .collect::<Vec<_>>()
                )));
            }
        }
        return Ok((None, digest, witness_ms, 0.0));
    }
    let t1 = Instant::now();
    let mut timing = TimingTree::default();
    let proof = prove_with_partition_witness(&data.prover_only, &data.common, witness, &mut timing)
        .map_err(|e| Error::Proving(e.to_string()))?;
    // Not compressed: `CompressedProofWithPublicInputs` is ~10% smaller, but plonky2 1.1.0
    // panics (instead of failing) when decompressing some tampered proofs.
    let proof = proof.to_bytes();
    let prove_ms = t1.elapsed().as_secs_f64() * 1e3;
    #[cfg(feature = "timing")]
    timing.print();
    Ok((Some(proof), digest, witness_ms, prove_ms))
}

fn verify_with<C: GenericConfig<D, F = F>>(
    data: &CircuitData<F, C, D>,
    proof: &[u8],
    digest: &[u8; 32],
    length: usize,
) -> Result<(), Error> {
    let p = ProofWithPublicInputs::<F, C, D>::from_bytes(proof.to_vec(), &data.common)
        .map_err(|e| Error::MalformedProof(e.to_string()))?;
    if p.to_bytes() != proof {
        return Err(Error::MalformedProof(
            "non-canonical encoding or trailing bytes".into(),
        ));
    }
    let expected = expected_public_inputs(digest, length);
    if p.public_inputs != expected {
        let got_len = p.public_inputs.get(32).map(|v| v.to_canonical_u64());
        let msg = if p.public_inputs.len() != expected.len() {
            format!(
                "expected {} public inputs, proof has {}",
                expected.len(),
                p.public_inputs.len()
            )
        } else if p.public_inputs[..32] != expected[..32] {
            format!("proof is for digest {}", hex(&digest_of(&p.public_inputs)))
        } else {
            format!("proof is for length {}, not {length}", got_len.unwrap_or(0))
        };
        return Err(Error::PublicInputMismatch(msg));
    }
    data.verify(p)
        .map_err(|e| Error::VerificationFailed(e.to_string()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl Prepared {
    pub fn config(&self) -> &CircuitConfig {
        &self.cfg
    }

    /// Largest message this circuit takes, in bytes.
    pub fn capacity_bytes(&self) -> usize {
        self.cfg.capacity_bytes()
    }

    pub fn stats(&self) -> CircuitStats {
        let (common, vo) = match &self.data {
            Data::Keccak(d) => (
                &d.common,
                d.verifier_only.to_bytes().map(|b| b.len()).unwrap_or(0),
            ),
            Data::Poseidon(d) => (
                &d.common,
                d.verifier_only.to_bytes().map(|b| b.len()).unwrap_or(0),
            ),
        };
        CircuitStats {
            gates: self.gates,
            rows: common.degree(),
            degree_bits: common.degree_bits(),
            gate_types: common.gates.iter().map(|g| g.0.id()).collect(),
            capacity_bytes: self.capacity_bytes(),
            max_blocks: self.cfg.max_blocks,
            verifier_only_bytes: vo,
            num_wires: common.config.num_wires,
            num_routed_wires: common.config.num_routed_wires,
        }
    }

    fn check_len(&self, msg: &[u8]) -> Result<(), Error> {
        if msg.len() > self.capacity_bytes() {
            return Err(Error::MessageTooLong {
                len: msg.len(),
                capacity: self.capacity_bytes(),
                blocks: self.cfg.max_blocks,
            });
        }
        Ok(())
    }

    /// Proves knowledge of `msg` for its Keccak-256 digest and length.
    pub fn prove(&self, msg: &[u8]) -> Result<ProofOutput, Error> {
        self.check_len(msg)?;
        self.prove_raw(&circuit::pad(self.cfg.max_blocks, msg), msg.len())
    }

    /// Proves with a caller-made padded buffer (`max_blocks * 136` bytes) and claimed length,
    /// without checking them (to test that bad witnesses give proofs that do not verify).
    #[doc(hidden)]
    pub fn prove_raw(&self, padded: &[u8], n: usize) -> Result<ProofOutput, Error> {
        let (proof, digest, witness_ms, prove_ms) = match &self.data {
            Data::Keccak(d) => prove_with(d, &self.layout, padded, n, false)?,
            Data::Poseidon(d) => prove_with(d, &self.layout, padded, n, false)?,
        };
        Ok(ProofOutput {
            proof: proof.unwrap_or_default(),
            digest,
            witness_ms,
            prove_ms,
        })
    }

    /// Runs witness generation only and checks every constraint of this crate's gates on it
    /// (no proof). Returns the digest the circuit computes. Much faster than [`Self::prove`];
    /// meant for tests.
    pub fn check_witness(&self, msg: &[u8]) -> Result<[u8; 32], Error> {
        self.check_len(msg)?;
        self.check_witness_raw(&circuit::pad(self.cfg.max_blocks, msg), msg.len())
    }

    /// Like [`Self::check_witness`], but with a caller-made padded buffer
    /// (`max_blocks * 136` bytes) and claimed length, to test that bad witnesses are refused.
    #[doc(hidden)]
    pub fn check_witness_raw(&self, padded: &[u8], length: usize) -> Result<[u8; 32], Error> {
        let r = match &self.data {
            Data::Keccak(d) => prove_with(d, &self.layout, padded, length, true)?.1,
            Data::Poseidon(d) => prove_with(d, &self.layout, padded, length, true)?.1,
        };
        Ok(r)
    }

    /// Verifies `proof` for the public statement `Keccak-256(M) = digest`, `|M| = length`.
    pub fn verify(&self, proof: &[u8], digest: &[u8; 32], length: usize) -> Result<(), Error> {
        match &self.data {
            Data::Keccak(d) => verify_with(d, proof, digest, length),
            Data::Poseidon(d) => verify_with(d, proof, digest, length),
        }
    }

    /// Serialized verifier-only data (constants/sigmas Merkle cap and circuit digest).
    pub fn verifier_only_bytes(&self) -> Vec<u8> {
        match &self.data {
            Data::Keccak(d) => d.verifier_only.to_bytes().unwrap_or_default(),
            Data::Poseidon(d) => d.verifier_only.to_bytes().unwrap_or_default(),
        }
    }
}
