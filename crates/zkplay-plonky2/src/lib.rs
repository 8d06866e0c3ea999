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
//! // Lengths are plain integers: anything outside 0..=capacity is refused before any work.
//! assert!(prepared.verify(&out.proof, &digest, 5 + 0xFFFF_FFFF_0000_0001).is_err());
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
#[cfg(feature = "std")]
pub mod contract;
/// Forged witnesses for the malicious-prover tests (native only).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
#[doc(hidden)]
pub mod forge;
pub mod gates;
pub mod keys;
mod shape;
#[doc(hidden)]
pub use shape::Part as ProofPart;
#[cfg(feature = "wasm")]
pub mod wasm;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;

use core::fmt;

use plonky2::field::types::{Field, PrimeField64};
use plonky2::iop::generator::generate_partial_witness;
use plonky2::iop::target::Target;
use plonky2::iop::witness::{PartitionWitness, Witness};
use plonky2::plonk::circuit_builder::CircuitBuilder;
use plonky2::plonk::circuit_data::{CircuitData, CommonCircuitData, VerifierCircuitData, VerifierOnlyCircuitData};
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
    /// A verifier input that cannot be a statement of this circuit: a length that is not an
    /// integer in `0..=capacity_bytes()`, or a digest that is not 32 bytes. Refused before the
    /// proof is read.
    InvalidInput(String),
    /// A verifier-data file (see [`keys`]) that cannot be read, or that is for another
    /// configuration than the one asked.
    CorruptKey(String),
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
            Error::InvalidInput(m) => write!(f, "invalid input: {m}"),
            Error::CorruptKey(m) => write!(f, "corrupt verifying key: {m}"),
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

/// The digest bytes a witness holds (low 8 bits of each digest target).
fn digest_in(layout: &Layout, witness: &PartitionWitness<F>) -> [u8; 32] {
    let mut digest = [0u8; 32];
    for (o, &t) in digest.iter_mut().zip(&layout.digest) {
        *o = witness.get_target(t).to_canonical_u64() as u8;
    }
    digest
}

/// Evaluates every constraint of this crate's Keccak gates (round, absorb, pad, digest) on the
/// rows of `layout`; the first one not satisfied is the error.
fn check_own_gates(
    layout: &Layout,
    witness: &PartitionWitness<F>,
    num_wires: usize,
) -> Result<(), Error> {
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
    Ok(())
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
    let pw = circuit::assignment(layout, padded, length)
        .and_then(|v| circuit::witness_of(&v))
        .map_err(|e| Error::Proving(e.to_string()))?;
    let t0 = Instant::now();
    let witness = generate_partial_witness(pw, &data.prover_only, &data.common)
        .map_err(|e| Error::Proving(format!("witness generation: {e}")))?;
    let witness_ms = t0.elapsed().as_secs_f64() * 1e3;
    let digest = digest_in(layout, &witness);
    if self_check {
        check_own_gates(layout, &witness, data.common.config.num_wires)?;
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

/// The length as a verifier input: refuses anything outside `0..=capacity`.
fn check_length(length: u64, capacity: usize) -> Result<u64, Error> {
    if length > capacity as u64 {
        return Err(Error::InvalidInput(format!(
            "length {length} is outside 0..={capacity} (this circuit holds at most {capacity} bytes)"
        )));
    }
    Ok(length)
}

/// The digest as a verifier input: exactly 32 bytes.
fn check_digest(digest: &[u8]) -> Result<[u8; 32], Error> {
    digest.try_into().map_err(|_| {
        Error::InvalidInput(format!("digest must be 32 bytes, got {}", digest.len()))
    })
}

/// A length given by JavaScript (a `number`, i.e. an `f64`) as a verifier input: an integer in
/// `0..=capacity`. Refuses NaN, infinities, fractions, negative values and anything above the
/// capacity (wasm-bindgen's `usize` would have wrapped it modulo 2^32 and truncated fractions).
pub fn length_from_js(x: f64, capacity: usize) -> Result<u64, Error> {
    let shown = if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{x}")
    };
    if !x.is_finite() {
        return Err(Error::InvalidInput(format!(
            "length {shown} is not a finite number (expected an integer in 0..={capacity})"
        )));
    }
    if x.fract() != 0.0 {
        return Err(Error::InvalidInput(format!(
            "length {shown} is not an integer (expected an integer in 0..={capacity})"
        )));
    }
    if x < 0.0 || x > capacity as f64 {
        return Err(Error::InvalidInput(format!(
            "length {shown} is outside 0..={capacity} (this circuit holds at most {capacity} bytes)"
        )));
    }
    // An integer in 0..=capacity: exact as u64 (-0.0 becomes 0).
    Ok(x as u64)
}

/// Public inputs of the statement (digest bytes, then the length), as canonical values.
fn expected_public_inputs(digest: &[u8; 32], length: u64) -> Vec<u64> {
    digest
        .iter()
        .map(|&b| u64::from(b))
        .chain(core::iter::once(length))
        .collect()
}

/// Compares a proof's public inputs (canonical values, from [`shape::check`]) with the statement.
fn compare_public_inputs(pis: &[u64], digest: &[u8; 32], length: u64) -> Result<(), Error> {
    let expected = expected_public_inputs(digest, length);
    if pis == expected.as_slice() {
        return Ok(());
    }
    let msg = if pis.len() != expected.len() {
        format!(
            "expected {} public inputs, proof has {}",
            expected.len(),
            pis.len()
        )
    } else if pis[..32] != expected[..32] {
        if pis[..32].iter().all(|&v| v < 256) {
            let d: Vec<u8> = pis[..32].iter().map(|&v| v as u8).collect();
            format!("proof is for digest {}", hex(&d))
        } else {
            "proof's digest public inputs are not bytes".into()
        }
    } else {
        format!("proof is for length {}, not {length}", pis[32])
    };
    Err(Error::PublicInputMismatch(msg))
}

/// This crate's plonky2 configs, with how their Merkle hashes are serialized (for [`shape::check`]).
pub(crate) trait ZkConfig: GenericConfig<D, F = F> {
    const HASH_BYTES: shape::HashBytes;
}
impl ZkConfig for ZkKeccakConfig {
    const HASH_BYTES: shape::HashBytes = shape::HashBytes::Raw(
        <<ZkKeccakConfig as GenericConfig<D>>::Hasher as plonky2::plonk::config::Hasher<F>>::HASH_SIZE,
    );
}
impl ZkConfig for ZkPoseidonConfig {
    const HASH_BYTES: shape::HashBytes = shape::HashBytes::Fields(
        <<ZkPoseidonConfig as GenericConfig<D>>::Hasher as plonky2::plonk::config::Hasher<F>>::HASH_SIZE / 8,
    );
}

/// Checks the proof's shape and returns its public inputs, before plonky2 reads it.
fn checked_public_inputs<C: ZkConfig>(
    common: &CommonCircuitData<F, D>,
    proof: &[u8],
) -> Result<Vec<u64>, Error> {
    shape::check(proof, common, C::HASH_BYTES).map_err(Error::MalformedProof)
}

/// Parses (already shape-checked) bytes with plonky2 and runs its verifier.
fn plonky2_verify<C: GenericConfig<D, F = F>>(
    data: &VerifierCircuitData<F, C, D>,
    proof: &[u8],
) -> Result<(), Error> {
    let run = || -> Result<(), Error> {
        let p = ProofWithPublicInputs::<F, C, D>::from_bytes(proof.to_vec(), &data.common)
            .map_err(|e| Error::MalformedProof(e.to_string()))?;
        if p.to_bytes() != proof {
            return Err(Error::MalformedProof(
                "non-canonical encoding or trailing bytes".into(),
            ));
        }
        data.verify(p)
            .map_err(|e| Error::VerificationFailed(e.to_string()))
    };
    // Last line of defence natively: the shape check above is what keeps plonky2 from panicking
    // (in wasm a panic aborts the worker, and `catch_unwind` cannot catch it there).
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(r) => r,
            Err(e) => {
                let what = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(Error::MalformedProof(format!("{PANIC_MARK}: {what}")))
            }
        }
    }
    #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
    run()
}

/// Text of the error a caught plonky2 panic becomes (natively only; tests look for it).
#[doc(hidden)]
pub const PANIC_MARK: &str = "plonky2 panicked while reading or verifying this proof";

fn verify_with<C: ZkConfig>(
    data: &VerifierCircuitData<F, C, D>,
    proof: &[u8],
    digest: &[u8; 32],
    length: u64,
) -> Result<(), Error> {
    let pis = checked_public_inputs::<C>(&data.common, proof)?;
    compare_public_inputs(&pis, digest, length)?;
    plonky2_verify(data, proof)
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
    ///
    /// `length` must be in `0..=capacity_bytes()`, else [`Error::InvalidInput`] (before the
    /// proof is read). The proof's shape is checked byte by byte before plonky2 parses it, and its
    /// public inputs are compared with the statement before any cryptography.
    pub fn verify(&self, proof: &[u8], digest: &[u8; 32], length: u64) -> Result<(), Error> {
        let length = check_length(length, self.capacity_bytes())?;
        match &self.data {
            Data::Keccak(d) => verify_with(&d.verifier_data(), proof, digest, length),
            Data::Poseidon(d) => verify_with(&d.verifier_data(), proof, digest, length),
        }
    }

    /// [`Self::verify`] with a digest of any size (refused with [`Error::InvalidInput`] unless it
    /// is 32 bytes), for callers holding untyped bytes (the wasm bindings).
    pub fn verify_bytes(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        let length = check_length(length, self.capacity_bytes())?;
        let digest = check_digest(digest)?;
        self.verify(proof, &digest, length)
    }

    /// Checks the shape of `proof` and runs plonky2's verifier on it, without comparing its
    /// public inputs with any statement; returns them. For tests: shows that a forged proof is
    /// refused by the proof system itself, not just by the public-input comparison.
    #[doc(hidden)]
    pub fn verify_proof_only(&self, proof: &[u8]) -> Result<Vec<u64>, Error> {
        match &self.data {
            Data::Keccak(d) => {
                let pis = checked_public_inputs::<ZkKeccakConfig>(&d.common, proof)?;
                plonky2_verify(&d.verifier_data(), proof).map(|()| pis)
            }
            Data::Poseidon(d) => {
                let pis = checked_public_inputs::<ZkPoseidonConfig>(&d.common, proof)?;
                plonky2_verify(&d.verifier_data(), proof).map(|()| pis)
            }
        }
    }

    /// Where the field elements, hashes, Merkle-proof lengths and the public-input count of a
    /// well-formed `proof` are: `(offset, size, part)`. For fuzzing.
    #[doc(hidden)]
    pub fn proof_layout(&self, proof: &[u8]) -> Result<Vec<(usize, usize, ProofPart)>, Error> {
        match &self.data {
            Data::Keccak(d) => shape::layout(proof, &d.common, ZkKeccakConfig::HASH_BYTES),
            Data::Poseidon(d) => shape::layout(proof, &d.common, ZkPoseidonConfig::HASH_BYTES),
        }
        .map_err(Error::MalformedProof)
    }

    /// plonky2 alone, without this crate's shape check and without `catch_unwind`: parse,
    /// re-encode, verify (public inputs not compared). Only to show in tests what the shape check
    /// protects against; never call it on untrusted input.
    #[doc(hidden)]
    pub fn plonky2_unguarded(&self, proof: &[u8]) -> Result<(), Error> {
        fn run<C: GenericConfig<D, F = F>>(
            data: &CircuitData<F, C, D>,
            proof: &[u8],
        ) -> Result<(), Error> {
            let p = ProofWithPublicInputs::<F, C, D>::from_bytes(proof.to_vec(), &data.common)
                .map_err(|e| Error::MalformedProof(e.to_string()))?;
            if p.to_bytes() != proof {
                return Err(Error::MalformedProof("non-canonical encoding".into()));
            }
            data.verify(p)
                .map_err(|e| Error::VerificationFailed(e.to_string()))
        }
        match &self.data {
            Data::Keccak(d) => run(d, proof),
            Data::Poseidon(d) => run(d, proof),
        }
    }

    /// The verifier-data file of this circuit (see [`keys`]); its sha256 is the proof file's
    /// `keyHash`.
    pub fn verifier_data_file(&self) -> Result<Vec<u8>, Error> {
        match &self.data {
            Data::Keccak(d) => keys::encode(&self.cfg, d),
            Data::Poseidon(d) => keys::encode(&self.cfg, d),
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

#[cfg(test)]
mod tests {
    use super::*;

    const CAP: usize = 135;

    #[test]
    fn length_from_js_takes_integers_in_range() {
        for (x, want) in [(0.0, 0), (-0.0, 0), (1.0, 1), (5.0, 5), (135.0, 135)] {
            assert_eq!(length_from_js(x, CAP), Ok(want), "{x}");
        }
        assert_eq!(length_from_js(1087.0, 1087), Ok(1087));
    }

    #[test]
    fn length_from_js_refuses_everything_else() {
        let p = 18446744069414584321.0_f64; // the Goldilocks order (rounded to an f64)
        for x in [
            4294967301.0, // 2^32 + 5: wrapped to 5 by a wasm usize
            8589934597.0, // 2^33 + 5
            5.5,          // truncated to 5 by a wasm usize
            0.5,
            -0.5,
            -1.0,
            -4294967291.0, // wraps to 5 as a u32
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            136.0,
            (1u64 << 53) as f64,
            (1u64 << 53) as f64 + 5.0,
            p,
            p + 5.0,
            u64::MAX as f64,
            f64::MAX,
            f64::MIN_POSITIVE,
            1e-300,
        ] {
            let e = length_from_js(x, CAP).unwrap_err();
            assert!(matches!(e, Error::InvalidInput(_)), "{x}: {e:?}");
            assert!(e.to_string().starts_with("invalid input: length "), "{x}: {e}");
        }
        assert_eq!(
            length_from_js(4294967301.0, CAP).unwrap_err().to_string(),
            "invalid input: length 4294967301 is outside 0..=135 (this circuit holds at most 135 bytes)"
        );
        assert_eq!(
            length_from_js(5.5, CAP).unwrap_err().to_string(),
            "invalid input: length 5.5 is not an integer (expected an integer in 0..=135)"
        );
        assert_eq!(
            length_from_js(f64::NAN, CAP).unwrap_err().to_string(),
            "invalid input: length NaN is not a finite number (expected an integer in 0..=135)"
        );
        assert_eq!(
            length_from_js(f64::NEG_INFINITY, CAP).unwrap_err().to_string(),
            "invalid input: length -Infinity is not a finite number (expected an integer in 0..=135)"
        );
        assert_eq!(
            length_from_js(-1.0, CAP).unwrap_err().to_string(),
            "invalid input: length -1 is outside 0..=135 (this circuit holds at most 135 bytes)"
        );
    }

    #[test]
    fn native_length_and_digest_checks() {
        assert_eq!(check_length(135, CAP), Ok(135));
        for l in [136, 1 << 32, (1 << 32) + 5, 0xFFFF_FFFF_0000_0001, 0xFFFF_FFFF_0000_0006, u64::MAX] {
            let e = check_length(l, CAP).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("invalid input: length {l} is outside 0..=135 (this circuit holds at most 135 bytes)")
            );
        }
        assert!(check_digest(&[0u8; 32]).is_ok());
        for n in [0, 31, 33, 64] {
            assert_eq!(
                check_digest(&vec![0u8; n]).unwrap_err().to_string(),
                format!("invalid input: digest must be 32 bytes, got {n}")
            );
        }
    }
}

/// Verifies `proof` for `Keccak-256(M) = digest`, `|M| = length` against a verifier-data file
/// ([`keys`]: what the build ships and keys.json lists by sha256) instead of a circuit built
/// here: what the verifier-only wasm and the native verifier of proof files run. In order: the
/// file's header and section lengths (`CorruptKey`), its configuration against `config`
/// (`CorruptKey`), the length within capacity and a 32-byte digest (`InvalidInput`), then the
/// same checks as [`Prepared::verify`].
pub fn verify_with_key(config: &CircuitConfig, vk_file: &[u8], proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
    let key = keys::decode(vk_file)?;
    if key.config.max_blocks != config.max_blocks || key.config.hash != config.hash || key.config.zero_knowledge != config.zero_knowledge {
        return Err(Error::CorruptKey(format!(
            "the file is the key of {}, not of {}",
            keys::file_name(&key.config),
            keys::file_name(config)
        )));
    }
    let length = check_length(length, config.capacity_bytes())?;
    let digest = check_digest(digest)?;
    let common = CommonCircuitData::<F, D>::from_bytes(key.common.to_vec(), &keys::ZkplayGateSerializer)
        .map_err(|e| Error::CorruptKey(format!("common circuit data: {e:?}")))?;
    fn with<C: ZkConfig>(common: CommonCircuitData<F, D>, vo: &[u8], proof: &[u8], digest: &[u8; 32], length: u64) -> Result<(), Error> {
        let verifier_only = VerifierOnlyCircuitData::<C, D>::from_bytes(vo.to_vec())
            .map_err(|e| Error::CorruptKey(format!("verifier-only data: {e:?}")))?;
        verify_with(&VerifierCircuitData { verifier_only, common }, proof, digest, length)
    }
    match config.hash {
        MerkleHash::Keccak => with::<ZkKeccakConfig>(common, key.verifier_only, proof, &digest, length),
        MerkleHash::Poseidon => with::<ZkPoseidonConfig>(common, key.verifier_only, proof, &digest, length),
    }
}
