//! What a circuit is built for: its capacity in Keccak blocks and its Merkle hash, and the
//! records the prover reports.

use crate::circuit::RATE_BYTES;

/// The capacities, in Keccak blocks, the page offers and the build ships keys for (the crate's
/// test writes them to backends/plonky2/options.json, which the page reads).
pub const OFFERED_BLOCKS: [usize; 5] = [1, 2, 4, 8, 16];

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
        Self { max_blocks, hash, zero_knowledge: false }
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
