//! Keys, proving and verifying for the narrow circuit (KZG over BN254, SHPLONK, Blake2b, like
//! the crate's main circuit), with the same public-input checks before any cryptography.

use super::circuit::{NarrowCircuit, NarrowParams};
use super::layout::rows_used;
use super::witness::{blocks_for_len, witness};
use super::CircuitChoice;
use crate::halo2::{
    halo2curves::bn256::Fr,
    plonk::{Circuit, ConstraintSystem},
};
use crate::keys::narrow_shape;
use crate::{CircuitSetup, Error, LoadTimings, ProofOutput, SetupTimings};

/// Smallest and largest `k` offered for the narrow circuit.
pub const NARROW_MIN_K: u32 = 11;
pub const NARROW_MAX_K: u32 = 20;

/// Usable rows of a `2^k` circuit (all rows minus halo2's blinding rows).
pub fn narrow_usable_rows(k: u32) -> usize {
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = NarrowCircuit::configure_with_params(&mut cs, NarrowParams::default());
    (1usize << k).saturating_sub(cs.blinding_factors() + 1)
}

/// Keccak-f blocks the narrow circuit with `2^k` rows holds.
pub fn narrow_capacity(k: u32) -> usize {
    if !(NARROW_MIN_K..=NARROW_MAX_K).contains(&k) {
        return 0;
    }
    let usable = narrow_usable_rows(k);
    (0..).take_while(|&c| rows_used(c) <= usable).last().unwrap_or(0)
}

/// Keys for one `k`: made in process ([`NarrowSetup::new`], a TEST SETUP from a random secret,
/// like [`crate::setup`]) or from the build's shipped files ([`NarrowSetup::from_files`]). It
/// dereferences to its [`crate::Verifier`], which checks a proof as it checks the zkEVM circuit's.
pub type NarrowSetup = CircuitSetup<NarrowParams>;

impl NarrowSetup {
    pub fn new(k: u32) -> Result<(NarrowSetup, SetupTimings), Error> {
        let choice = CircuitChoice::Narrow { k };
        let shape = narrow_shape(&choice)?;
        NarrowSetup::generate(choice, shape, shape.capacity, &NarrowCircuit { params: shape, witness: None })
    }

    /// The setup of the narrow circuit at `k` from the build's shipped files (see
    /// [`crate::keys`]): the KZG parameters for `k` and its verifying-key file, checked to
    /// be the narrow circuit's at `k` and to come from the same KZG setup; only the proving key is
    /// made here.
    pub fn from_files(k: u32, params_file: &[u8], vk_file: &[u8]) -> Result<(NarrowSetup, LoadTimings), Error> {
        let choice = CircuitChoice::Narrow { k };
        let shape = narrow_shape(&choice)?;
        let keygen = NarrowCircuit { params: shape, witness: None };
        NarrowSetup::load(&choice, shape, &keygen, params_file, vk_file)
    }

    pub fn shape(&self) -> NarrowParams {
        self.shape
    }

    pub fn lookups(&self) -> usize {
        self.pk.get_vk().cs().lookups().len()
    }
    /// Rows the layout uses (of `2^k`).
    pub fn rows_used(&self) -> usize {
        rows_used(self.shape.capacity)
    }

    /// Prove knowledge of `msg` with public `(keccak256(msg), msg.len())`.
    pub fn prove(&self, msg: &[u8]) -> Result<ProofOutput, Error> {
        let blocks = blocks_for_len(msg.len());
        if blocks > self.shape.capacity {
            let suggested_k = (NARROW_MIN_K..=NARROW_MAX_K).find(|&k| narrow_capacity(k) >= blocks);
            return Err(Error::OverCapacity {
                len: msg.len(),
                blocks,
                k: self.shape.k,
                rows_per_round: super::layout::LANE_BITS,
                capacity: self.shape.capacity,
                suggested_k,
            });
        }
        self.prove_with(msg, |shape| NarrowCircuit { params: *shape, witness: Some(witness(msg, shape.capacity)) })
    }
}
