//! Keys, proving and verifying for the narrow circuit (KZG over BN254, SHPLONK, Blake2b, like
//! the crate's main circuit), with the same public-input checks before any cryptography.

use super::circuit::{NarrowCircuit, NarrowParams};
use super::layout::rows_used;
use super::witness::{blocks_for_len, witness};
use super::CircuitChoice;
use crate::halo2::{
    halo2curves::bn256::{Bn256, Fr, G1Affine},
    plonk::{keygen_pk, keygen_vk, Circuit, ConstraintSystem, ProvingKey},
    poly::kzg::commitment::ParamsKZG,
};
use crate::halo2::{poly::commitment::ParamsProver as _, SerdeFormat};
use crate::keys::{self, narrow_shape};
use crate::proof_layout::CountingWriter;
use crate::prover::prove_shplonk;
use crate::{keccak256, public_inputs, Error, LoadTimings, ProofOutput, SetupTimings, Verifier};
use rand_core::OsRng;
use web_time::Instant;

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

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Keys for one `k`: made in process ([`NarrowSetup::new`], a TEST SETUP from a random secret,
/// like [`crate::setup`]) or from the build's shipped files ([`NarrowSetup::from_files`]). It
/// dereferences to its [`Verifier`], which checks a proof as it checks the zkEVM circuit's.
pub struct NarrowSetup {
    params: ParamsKZG<Bn256>,
    pk: ProvingKey<G1Affine>,
    shape: NarrowParams,
    verifier: Verifier,
}

impl std::ops::Deref for NarrowSetup {
    type Target = Verifier;
    fn deref(&self) -> &Verifier {
        &self.verifier
    }
}

impl NarrowSetup {
    pub fn new(k: u32) -> Result<(NarrowSetup, SetupTimings), Error> {
        let choice = CircuitChoice::Narrow { k };
        let shape = narrow_shape(&choice)?;
        let t = Instant::now();
        let params = ParamsKZG::<Bn256>::setup(k, OsRng);
        let params_ms = ms_since(t);
        let circuit = NarrowCircuit { params: shape, witness: None };
        let t = Instant::now();
        let vk = keygen_vk(&params, &circuit).map_err(|e| Error::Halo2(format!("keygen_vk: {e:?}")))?;
        let vk_ms = ms_since(t);
        let verifier = Verifier::new(choice, shape.capacity, params.get_g()[0], params.g2(), params.s_g2(), vk.clone());
        let t = Instant::now();
        let pk = keygen_pk(&params, vk, &circuit).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((NarrowSetup { params, pk, shape, verifier }, SetupTimings { params_ms, vk_ms, pk_ms }))
    }

    /// The setup of the narrow circuit at `k` from the build's shipped files (see
    /// [`crate::keys`]): the KZG parameters for `k` and its verifying-key file, checked to be
    /// the narrow circuit's at `k` and to come from the same KZG setup; only the proving key is
    /// made here.
    pub fn from_files(k: u32, params_file: &[u8], vk_file: &[u8]) -> Result<(NarrowSetup, LoadTimings), Error> {
        let choice = CircuitChoice::Narrow { k };
        let shape = narrow_shape(&choice)?;
        let t = Instant::now();
        let (params, verifier) = keys::read_pair(&choice, params_file, vk_file)?;
        let load_ms = ms_since(t);
        let t = Instant::now();
        let circuit = NarrowCircuit { params: shape, witness: None };
        let pk =
            keygen_pk(&params, verifier.vk.clone(), &circuit).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((NarrowSetup { params, pk, shape, verifier }, LoadTimings { load_ms, pk_ms }))
    }

    pub fn shape(&self) -> NarrowParams {
        self.shape
    }

    /// The KZG parameters (for writing them: see [`keys::params_file`]).
    pub fn kzg_params(&self) -> &ParamsKZG<Bn256> {
        &self.params
    }

    /// This setup's verifying-key file (see [`keys::vk_file`]).
    pub fn vk_file(&self) -> Vec<u8> {
        keys::vk_file(&self.verifier.choice(), &self.params, self.pk.get_vk())
    }

    pub fn lookups(&self) -> usize {
        self.pk.get_vk().cs().lookups().len()
    }
    /// Rows the layout uses (of `2^k`).
    pub fn rows_used(&self) -> usize {
        rows_used(self.shape.capacity)
    }

    /// Serialized size of the proving key (bytes, raw-bytes format).
    pub fn proving_key_bytes(&self) -> usize {
        let mut counter = CountingWriter(0);
        let _ = self.pk.write(&mut counter, SerdeFormat::RawBytes);
        counter.0
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
        let digest = keccak256(msg);
        let t = Instant::now();
        let w = witness(msg, self.shape.capacity);
        let witness_ms = ms_since(t);
        let circuit = NarrowCircuit { params: self.shape, witness: Some(w) };
        let instance = public_inputs(&digest, msg.len() as u64);
        let t = Instant::now();
        let proof = prove_shplonk(&self.params, &self.pk, circuit, &instance)?;
        Ok(ProofOutput { proof, digest, length: msg.len(), witness_ms, prove_ms: ms_since(t) })
    }
}
