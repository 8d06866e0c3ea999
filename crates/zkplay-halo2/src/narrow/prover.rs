//! Keys, proving and verifying for the narrow circuit (KZG over BN254, SHPLONK, Blake2b, like
//! the crate's main circuit), with the same public-input checks before any cryptography.

use super::circuit::{NarrowCircuit, NarrowParams};
use super::layout::rows_used;
use super::witness::{blocks_for_len, witness};
use crate::halo2::{
    halo2curves::bn256::{Bn256, Fr, G1Affine},
    plonk::{keygen_pk, keygen_vk, Circuit, ConstraintSystem, ProvingKey},
    poly::kzg::commitment::ParamsKZG,
};
use crate::proof_layout::ProofLayout;
use crate::prover::prove_shplonk;
use crate::verifier::verify_shplonk;
use crate::{check_public_inputs, keccak256, public_inputs, Error, ProofOutput, SetupTimings};
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

/// Keys for one `k` (a TEST SETUP from a random secret, like [`crate::setup`]).
pub struct NarrowSetup {
    params: ParamsKZG<Bn256>,
    pk: ProvingKey<G1Affine>,
    shape: NarrowParams,
    layout: ProofLayout,
}

impl NarrowSetup {
    pub fn new(k: u32) -> Result<(NarrowSetup, SetupTimings), Error> {
        let capacity = narrow_capacity(k);
        if capacity == 0 {
            return Err(Error::InvalidParams(format!(
                "narrow circuit: k={k} holds no Keccak-f block (k in {NARROW_MIN_K}..={NARROW_MAX_K})"
            )));
        }
        let shape = NarrowParams { k, capacity, final_guard: true };
        let t = Instant::now();
        let params = ParamsKZG::<Bn256>::setup(k, OsRng);
        let params_ms = ms_since(t);
        let circuit = NarrowCircuit { params: shape, witness: None };
        let t = Instant::now();
        let vk = keygen_vk(&params, &circuit).map_err(|e| Error::Halo2(format!("keygen_vk: {e:?}")))?;
        let vk_ms = ms_since(t);
        let layout = ProofLayout::of(&vk);
        let t = Instant::now();
        let pk = keygen_pk(&params, vk, &circuit).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((NarrowSetup { params, pk, shape, layout }, SetupTimings { params_ms, vk_ms, pk_ms }))
    }

    pub fn shape(&self) -> NarrowParams {
        self.shape
    }

    pub fn capacity_blocks(&self) -> usize {
        self.shape.capacity
    }

    pub fn max_message_bytes(&self) -> usize {
        crate::max_message_bytes(self.shape.capacity)
    }

    pub fn advice_columns(&self) -> usize {
        self.pk.get_vk().cs().num_advice_columns()
    }
    pub fn fixed_columns(&self) -> usize {
        self.pk.get_vk().cs().num_fixed_columns()
    }
    pub fn lookups(&self) -> usize {
        self.pk.get_vk().cs().lookups().len()
    }
    /// Rows the layout uses (of `2^k`).
    pub fn rows_used(&self) -> usize {
        rows_used(self.shape.capacity)
    }
    pub fn proof_bytes(&self) -> usize {
        self.layout.bytes()
    }

    fn note(&self) -> String {
        format!("narrow circuit k={} holds at most {} bytes", self.shape.k, self.max_message_bytes())
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

    /// Verify: public inputs in range, then the proof's encoding, then halo2's verifier.
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        let digest = check_public_inputs(digest, length, self.max_message_bytes(), &self.note())?;
        self.layout.check(proof)?;
        let instance = public_inputs(&digest, length);
        verify_shplonk(&self.params, self.pk.get_vk(), &instance, proof)
    }
}
