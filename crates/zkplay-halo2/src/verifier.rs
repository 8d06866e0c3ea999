//! The verifier: public inputs and proof encoding checked before halo2's KZG verifier runs.

use crate::halo2::{
    halo2curves::bn256::{Bn256, Fr, G1Affine, G2Affine},
    plonk::{verify_proof, VerifyingKey},
    poly::{
        commitment::ParamsProver,
        kzg::{
            commitment::{KZGCommitmentScheme, ParamsKZG},
            multiopen::VerifierSHPLONK,
            strategy::SingleStrategy,
        },
    },
    transcript::{Blake2bRead, Challenge255, TranscriptReadBuffer},
    SerdeCurveAffine, SerdeFormat,
};
use crate::params::*;
use crate::proof_layout::*;
use crate::{keys, narrow::CircuitChoice, public_inputs, Error};

/// What checking a proof needs: the three points of the KZG setup a verifier uses (g\[0\], g2,
/// s_g2), the verifying key, which circuit and configuration it is for and the capacity that
/// follows. Made from a shipped verifying-key file ([`Verifier::from_vk_file`]) or as part of a
/// [`Setup`] or a [`crate::narrow::NarrowSetup`]: the same checks for both circuits.
pub struct Verifier {
    /// Verifier-side parameters: `g` holds g\[0\] only (halo2's KZG verifiers read nothing else of it).
    pub(crate) params: ParamsKZG<Bn256>,
    pub(crate) vk: VerifyingKey<G1Affine>,
    pub(crate) choice: CircuitChoice,
    /// Keccak-f blocks the circuit holds.
    pub(crate) capacity: usize,
    pub(crate) layout: ProofLayout,
}

impl Verifier {
    pub(crate) fn new(
        choice: CircuitChoice,
        capacity: usize,
        g0: G1Affine,
        g2: G2Affine,
        s_g2: G2Affine,
        vk: VerifyingKey<G1Affine>,
    ) -> Self {
        let k = choice.k();
        // `ParamsKZG::from_parts` is a method: call it on a one-point parameter set read from
        // bytes (k = 0: one g, one g_lagrange, g2, s_g2), which costs nothing and needs no secret.
        let mut tiny = 0u32.to_le_bytes().to_vec();
        for _ in 0..2 {
            g0.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        }
        g2.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        s_g2.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        let tiny =
            ParamsKZG::<Bn256>::read_custom(&mut &tiny[..], SerdeFormat::RawBytes).expect("valid points just written");
        let params = tiny.from_parts(k, vec![g0], Some(vec![]), g2, s_g2);
        let layout = ProofLayout::of(&vk);
        Verifier { params, vk, choice, capacity, layout }
    }

    /// The verifier of configuration `choice` (either circuit) from its shipped verifying-key
    /// file (see [`keys`]); `Err(InvalidParams)` for a configuration out of range,
    /// `Err(CorruptKey)` for a file that is not this configuration's key (another circuit's
    /// among them). Never panics.
    pub fn from_vk_file(choice: CircuitChoice, vk_file: &[u8]) -> Result<Verifier, Error> {
        let capacity = choice.capacity_blocks()?;
        let key = keys::read_vk_file(vk_file, &choice)?;
        Ok(Verifier::new(choice, capacity, key.g0, key.g2, key.s_g2, key.vk))
    }

    /// Which circuit, and its configuration.
    pub fn choice(&self) -> CircuitChoice {
        self.choice
    }

    /// Keccak-f blocks the circuit holds.
    pub fn capacity_blocks(&self) -> usize {
        self.capacity
    }

    /// Longest message (bytes) that can be proven.
    pub fn max_message_bytes(&self) -> usize {
        max_message_bytes(self.capacity)
    }

    /// "k=10, 12 rows per round holds at most 271 bytes": what the length range comes from.
    fn capacity_note(&self) -> String {
        self.choice.capacity_note(self.max_message_bytes())
    }

    pub fn advice_columns(&self) -> usize {
        self.vk.cs().num_advice_columns()
    }

    pub fn fixed_columns(&self) -> usize {
        self.vk.cs().num_fixed_columns()
    }

    /// [`crate::length_from_js`] against this setup's capacity (the wasm `verify` uses it).
    pub fn length_from_js(&self, x: f64) -> Result<u64, Error> {
        crate::length_from_js(x, self.max_message_bytes(), &self.capacity_note())
    }

    /// The public inputs as the verifier accepts them: `length` in `0..=max_message_bytes()`
    /// and a 32-byte digest; `Err(InvalidInput)` otherwise.
    pub fn check_public_inputs(&self, digest: &[u8], length: u64) -> Result<[u8; 32], Error> {
        crate::check_public_inputs(digest, length, self.max_message_bytes(), &self.capacity_note())
    }

    /// Exact size in bytes of every proof of this circuit.
    pub fn proof_bytes(&self) -> usize {
        self.layout.bytes()
    }

    /// Verify `proof` for public `(digest, length)`. In this order, each before any
    /// cryptography: `Err(InvalidInput)` unless `length <= max_message_bytes()` and `digest` is
    /// 32 bytes; `Err(MalformedProof)` unless the proof has exactly [`Verifier::proof_bytes`] bytes
    /// and every 32-byte element is the canonical encoding of what the verifier reads there (a
    /// compressed G1 point other than infinity, or a scalar below the field modulus). Then the
    /// halo2 verifier: `Err(VerificationFailed)` if the proof is invalid for these inputs.
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        let digest = self.check_public_inputs(digest, length)?;
        // A proof of the other circuit (or another configuration) has another size: say so by name.
        if proof.len() != self.layout.bytes() {
            return Err(Error::MalformedProof(format!(
                "{} bytes; a proof of {} has exactly {} (a proof of another circuit or configuration is refused here)",
                proof.len(),
                self.choice.describe(),
                self.layout.bytes()
            )));
        }
        self.layout.check(proof)?;
        self.verify_instances(proof, &public_inputs(&digest, length))
    }

    /// The bare halo2 verifier on raw instances, with only a "multiple of 32 bytes" check (tests
    /// use it to show what the checks in [`Verifier::verify`] add).
    pub(crate) fn verify_instances(&self, proof: &[u8], instance: &[Fr]) -> Result<(), Error> {
        // Every element of a BN254 halo2 proof (compressed G1 point or scalar) is 32 bytes.
        if proof.is_empty() || !proof.len().is_multiple_of(32) {
            return Err(Error::MalformedProof(format!("length {} is not a positive multiple of 32", proof.len())));
        }
        verify_shplonk(&self.params, &self.vk, instance, proof)
    }
}

/// halo2's verifier with this crate's choices (KZG over BN254, SHPLONK, a Blake2b transcript),
/// for either circuit: a proof that ends early, a transcript error or trailing bytes is
/// `MalformedProof`, any other failure `VerificationFailed`. The callers check the public
/// inputs and the proof's layout first.
pub(crate) fn verify_shplonk(
    params: &ParamsKZG<Bn256>,
    vk: &VerifyingKey<G1Affine>,
    instance: &[Fr],
    proof: &[u8],
) -> Result<(), Error> {
    let mut reader = ProofReader { bytes: proof, pos: 0, hit_end: false };
    let mut transcript = Blake2bRead::<_, G1Affine, Challenge255<_>>::init(&mut reader);
    let strategy = SingleStrategy::new(params);
    let res = verify_proof::<
        KZGCommitmentScheme<Bn256>,
        VerifierSHPLONK<'_, Bn256>,
        Challenge255<G1Affine>,
        _,
        SingleStrategy<'_, Bn256>,
    >(params.verifier_params(), vk, strategy, &[&[instance]], &mut transcript);
    // (The SHPLONK opening phase maps read errors to `Opening`, hence the end-of-input flag.)
    if reader.hit_end {
        return Err(Error::MalformedProof("proof is too short for this circuit".into()));
    }
    match res {
        Err(crate::halo2::plonk::Error::Transcript(e)) => Err(Error::MalformedProof(e.to_string())),
        Err(e) => Err(Error::VerificationFailed(format!("{e:?}"))),
        Ok(_) if reader.pos != proof.len() => {
            Err(Error::MalformedProof(format!("{} trailing bytes after the proof", proof.len() - reader.pos)))
        }
        Ok(_) => Ok(()),
    }
}
