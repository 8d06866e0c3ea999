//! Keys and proofs: a [`Setup`] made in process (tests) or from the build's shipped files, and
//! the prover.

use crate::circuit::WrapperParams;
use crate::circuit::{keccak_rows, PreimageCircuit};
use crate::halo2::{
    halo2curves::bn256::{Bn256, Fr, G1Affine},
    plonk::{create_proof, keygen_pk, keygen_vk, Circuit, ProvingKey},
    poly::{
        commitment::{Params as _, ParamsProver},
        kzg::{
            commitment::{KZGCommitmentScheme, ParamsKZG},
            multiopen::ProverSHPLONK,
        },
    },
    transcript::{Blake2bWrite, Challenge255, EncodedChallenge, TranscriptWriterBuffer},
    SerdeFormat,
};
use crate::narrow::CircuitChoice;
use crate::params::*;
use crate::{keccak256, keys, public_inputs, Error, ProofOutput, Verifier};
use rand_core::OsRng;
use web_time::Instant;
use zkplay_wasm_runtime::byte_count::ByteCount;

/// Wall-clock milliseconds of each phase of [`setup`] (a test setup made in process).
#[derive(Clone, Copy, Debug, Default)]
pub struct SetupTimings {
    /// KZG parameter generation (random secret: TEST SETUP).
    pub params_ms: f64,
    /// Verifying key generation.
    pub vk_ms: f64,
    /// Proving key generation.
    pub pk_ms: f64,
}

/// Wall-clock milliseconds of each phase of [`Setup::from_files`] (shipped keys).
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadTimings {
    /// Reading the KZG parameters and the verifying key.
    pub load_ms: f64,
    /// Proving key generation (from the verifying key and the circuit's fixed columns).
    pub pk_ms: f64,
}

/// Keys and parameters for one circuit of shape `S` (the zkEVM circuit's [`WrapperParams`], the
/// narrow circuit's [`crate::narrow::NarrowParams`]): a [`Verifier`] plus what proving needs (it
/// dereferences to its verifier, so `setup.verify(..)` checks a proof).
pub struct CircuitSetup<S> {
    pub(crate) params: ParamsKZG<Bn256>,
    pub(crate) pk: ProvingKey<G1Affine>,
    pub(crate) shape: S,
    verifier: Verifier,
}

/// The zkEVM circuit's setup.
pub type Setup = CircuitSetup<WrapperParams>;

impl<S> std::ops::Deref for CircuitSetup<S> {
    type Target = Verifier;
    fn deref(&self) -> &Verifier {
        &self.verifier
    }
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// A TEST SETUP made in process: KZG parameters from a random secret, verifying key and proving
/// key. The page and the verifiers use the build's shipped keys instead ([`Setup::from_files`]).
pub fn setup(p: &Params) -> Result<(Setup, SetupTimings), Error> {
    let shape = shape(p)?;
    Setup::generate(CircuitChoice::Zkevm(*p), shape, shape.capacity, &PreimageCircuit::new(shape, None))
}

impl<S> CircuitSetup<S> {
    /// A TEST SETUP of `choice` from a random secret; `keygen` is its circuit without a witness.
    pub(crate) fn generate<C: Circuit<Fr>>(
        choice: CircuitChoice,
        shape: S,
        capacity: usize,
        keygen: &C,
    ) -> Result<(Self, SetupTimings), Error> {
        let t = Instant::now();
        let params = ParamsKZG::<Bn256>::setup(choice.k(), OsRng);
        let params_ms = ms_since(t);
        let t = Instant::now();
        let vk = keygen_vk(&params, keygen).map_err(|e| Error::Halo2(format!("keygen_vk: {e:?}")))?;
        let vk_ms = ms_since(t);
        let verifier = Verifier::new(choice, capacity, params.get_g()[0], params.g2(), params.s_g2(), vk.clone());
        let t = Instant::now();
        let pk = keygen_pk(&params, vk, keygen).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((CircuitSetup { params, pk, shape, verifier }, SetupTimings { params_ms, vk_ms, pk_ms }))
    }

    /// The setup of `choice` from the build's shipped files, checked by [`keys::read_pair`]; only
    /// the proving key is computed, from `keygen` (the circuit without a witness).
    pub(crate) fn load<C: Circuit<Fr>>(
        choice: &CircuitChoice,
        shape: S,
        keygen: &C,
        params_file: &[u8],
        vk_file: &[u8],
    ) -> Result<(Self, LoadTimings), Error> {
        let t = Instant::now();
        let (params, verifier) = keys::read_pair(choice, params_file, vk_file)?;
        let load_ms = ms_since(t);
        let t = Instant::now();
        let pk =
            keygen_pk(&params, verifier.vk.clone(), keygen).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((CircuitSetup { params, pk, shape, verifier }, LoadTimings { load_ms, pk_ms }))
    }

    /// The KZG parameters (for writing them: see [`keys::params_file`]).
    pub fn kzg_params(&self) -> &ParamsKZG<Bn256> {
        &self.params
    }

    /// This setup's verifying-key file (see [`keys::vk_file`]).
    pub fn vk_file(&self) -> Vec<u8> {
        keys::vk_file(&self.choice(), &self.params, self.pk.get_vk())
    }

    /// Serialized size of the proving key (bytes, raw-bytes format).
    pub fn proving_key_bytes(&self) -> usize {
        ByteCount::of(|c| self.pk.write(c, SerdeFormat::RawBytes)) as usize
    }

    /// Proves knowledge of `msg` with public `(keccak256(msg), msg.len())`: `circuit_of` makes
    /// the circuit with `msg`'s witness for this shape (timed as the witness phase).
    pub(crate) fn prove_with<C: Circuit<Fr>>(
        &self,
        msg: &[u8],
        circuit_of: impl FnOnce(&S) -> C,
    ) -> Result<ProofOutput, Error> {
        let digest = keccak256(msg);
        let t = Instant::now();
        let circuit = circuit_of(&self.shape);
        let witness_ms = ms_since(t);
        let instance = public_inputs(&digest, msg.len() as u64);
        let t = Instant::now();
        let proof = prove_shplonk(&self.params, &self.pk, circuit, &instance)?;
        Ok(ProofOutput { proof, digest, length: msg.len(), witness_ms, prove_ms: ms_since(t) })
    }
}

impl Setup {
    /// The setup of configuration `p` from the build's shipped files (see [`keys`]): the KZG
    /// parameters for `p.k` and the configuration's verifying-key file. Both are checked to be
    /// for `p` and to come from the same KZG setup (the key's g\[0\], g2 and s_g2 are the
    /// parameters'); only the proving key is computed. `Err(CorruptKey)` says what is wrong.
    pub fn from_files(p: &Params, params_file: &[u8], vk_file: &[u8]) -> Result<(Setup, LoadTimings), Error> {
        let shape = shape(p)?;
        Setup::load(&CircuitChoice::Zkevm(*p), shape, &PreimageCircuit::new(shape, None), params_file, vk_file)
    }

    /// The configuration (`k`, rows per round).
    pub fn params(&self) -> Params {
        Params { k: self.shape.keccak.k, rows_per_round: self.shape.keccak.rows_per_round }
    }

    fn check_fits(&self, len: usize) -> Result<(), Error> {
        let blocks = blocks_for_len(len);
        if blocks > self.shape.capacity {
            let rpr = self.shape.keccak.rows_per_round;
            return Err(Error::OverCapacity {
                len,
                blocks,
                k: self.shape.keccak.k,
                rows_per_round: rpr,
                capacity: self.shape.capacity,
                suggested_k: min_k_for_blocks(blocks, rpr),
            });
        }
        Ok(())
    }

    /// Prove knowledge of `msg` with public `(keccak256(msg), msg.len())`.
    pub fn prove(&self, msg: &[u8]) -> Result<ProofOutput, Error> {
        self.check_fits(msg.len())?;
        self.prove_with(msg, |shape| PreimageCircuit::new(*shape, Some(keccak_rows(msg, shape))))
    }

    /// Serialized sizes in bytes: (KZG params, verifying key, proving key), raw-bytes format.
    /// (Serializes the proving key into memory once: takes a moment for big k.)
    pub fn sizes(&self) -> (usize, usize, usize) {
        let params_bytes = ByteCount::of(|c| self.params.write(c)) as usize;
        let vk_bytes = ByteCount::of(|c| self.pk.get_vk().write(c, SerdeFormat::RawBytes)) as usize;
        (params_bytes, vk_bytes, self.proving_key_bytes())
    }
}

/// halo2's prover with this crate's choices (KZG over BN254, SHPLONK, a Blake2b transcript, the
/// OS's randomness for the blinding), for either circuit.
pub(crate) fn prove_shplonk<C: Circuit<Fr>>(
    params: &ParamsKZG<Bn256>,
    pk: &ProvingKey<G1Affine>,
    circuit: C,
    instance: &[Fr],
) -> Result<Vec<u8>, Error> {
    prove_shplonk_with::<_, Blake2bWrite<_, G1Affine, Challenge255<_>>, _>(params, pk, circuit, instance)
}

/// [`prove_shplonk`] with another transcript `T` (tools/halo2-evm proves with snark-verifier's
/// EVM transcript, which its Solidity verifier replays).
pub fn prove_shplonk_with<E, T, C>(
    params: &ParamsKZG<Bn256>,
    pk: &ProvingKey<G1Affine>,
    circuit: C,
    instance: &[Fr],
) -> Result<Vec<u8>, Error>
where
    E: EncodedChallenge<G1Affine>,
    T: TranscriptWriterBuffer<Vec<u8>, G1Affine, E>,
    C: Circuit<Fr>,
{
    let mut transcript = T::init(vec![]);
    create_proof::<KZGCommitmentScheme<Bn256>, ProverSHPLONK<'_, Bn256>, E, _, T, _>(
        params,
        pk,
        &[circuit],
        &[&[instance]],
        OsRng,
        &mut transcript,
    )
    .map_err(|e| Error::Halo2(format!("create_proof: {e:?}")))?;
    Ok(transcript.finalize())
}
