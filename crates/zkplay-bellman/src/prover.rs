//! Proving from the shipped parameters: the circuit's witness from the message, then groth16's
//! prover with fresh randomness (r, s), which makes the proof zero-knowledge.
use bls12_381::{Bls12, Scalar};
use groth16::Parameters;
use web_time::Instant;
use zkplay_wasm_runtime::byte_count::ByteCount;
pub use zkplay_wasm_runtime::statement::blake2s256;
use zkplay_wasm_runtime::ProofOutput;

use crate::circuit::{PreimageCircuit, Witness};
use crate::rng::SeededRng;
use crate::verifier::Verifier;
use crate::{capacity_bytes, keys, Error, MAX_BLOCKS};

/// The keys of one capacity, read from the build's files.
pub struct Setup {
    pub blocks: usize,
    params: Parameters<Bls12>,
    pub verifier: Verifier,
    /// ms to read each file.
    pub load_ms: f64,
}

/// Refuses a capacity the code cannot build.
pub fn check_blocks(blocks: usize) -> Result<usize, Error> {
    if (1..=MAX_BLOCKS).contains(&blocks) {
        Ok(blocks)
    } else {
        Err(Error::InvalidBlocks(format!("blocks must be in 1..={MAX_BLOCKS}, got {blocks}")))
    }
}

impl Setup {
    /// From the shipped parameters and verifying-key files of a `blocks`-block circuit.
    pub fn from_files(blocks: usize, params: &[u8], vk: &[u8]) -> Result<Self, Error> {
        let blocks = check_blocks(blocks)?;
        let t0 = Instant::now();
        let verifier = Verifier::from_vk_file(vk, blocks)?;
        let params = keys::read_params_file(params, vk, blocks)?;
        Ok(Setup { blocks, params, verifier, load_ms: t0.elapsed().as_secs_f64() * 1e3 })
    }

    /// From keys made in this process (tests and the key maker).
    pub fn from_params(blocks: usize, params: Parameters<Bls12>) -> Self {
        let verifier = Verifier::new(&params.vk, blocks);
        Setup { blocks, params, verifier, load_ms: 0.0 }
    }

    /// A fresh Groth16 setup for `blocks` blocks made here, from system randomness that is dropped
    /// when this returns (a single-party setup: whoever controls this process could forge).
    /// Refuses, before any work, a size whose estimated peak memory exceeds `memory_limit`.
    pub fn generate(blocks: usize, memory_limit: u64) -> Result<Self, Error> {
        let blocks = check_blocks(blocks)?;
        let need = crate::estimated_peak_bytes(blocks);
        if need > memory_limit {
            return Err(Error::TooLarge { blocks, need, limit: memory_limit });
        }
        let mut rng =
            SeededRng::from_system().map_err(|e| Error::Proving(format!("no randomness for the setup: {e}")))?;
        let params = groth16::generate_random_parameters::<Bls12, _, _>(PreimageCircuit::new(blocks, None), &mut rng)
            .map_err(|e| Error::Proving(format!("setup: {e}")))?;
        Ok(Self::from_params(blocks, params))
    }

    /// The verifying key of these parameters.
    pub fn verifier_key(&self) -> groth16::VerifyingKey<Bls12> {
        self.params.vk.clone()
    }

    /// Bytes of the proving parameters as groth16 writes them.
    pub fn params_bytes(&self) -> usize {
        ByteCount::of(|c| self.params.write(c)) as usize
    }

    pub fn capacity_bytes(&self) -> usize {
        capacity_bytes(self.blocks)
    }

    /// A proof for `message`.
    pub fn prove(&self, message: &[u8]) -> Result<ProofOutput, Error> {
        let capacity = self.capacity_bytes();
        if message.len() > capacity {
            return Err(Error::MessageTooLong { len: message.len(), capacity, blocks: self.blocks });
        }
        let t0 = Instant::now();
        let witness = Witness::honest(message, self.blocks);
        let witness_ms = t0.elapsed().as_secs_f64() * 1e3;
        let t1 = Instant::now();
        let proof = self.prove_witness(witness)?;
        let digest = blake2s256(message);
        Ok(ProofOutput { proof, digest, length: message.len(), witness_ms, prove_ms: t1.elapsed().as_secs_f64() * 1e3 })
    }

    /// A proof from any witness, honest or not (the attack tests prove forged ones).
    pub fn prove_witness(&self, witness: Witness) -> Result<Vec<u8>, Error> {
        let circuit = PreimageCircuit::new(self.blocks, Some(witness));
        let (r, s) = (random_scalar()?, random_scalar()?);
        let proof = crate::groth16_prover::create_proof(circuit, &self.params, r, s)
            .map_err(|e| Error::Proving(e.to_string()))?;
        let mut out = Vec::with_capacity(crate::verifier::PROOF_BYTES);
        proof.write(&mut out).expect("writing to a Vec cannot fail");
        Ok(out)
    }
}

/// A uniformly random scalar (64 bytes from the system's generator, reduced): the blinding of a
/// Groth16 proof, which is what makes it hide the message.
fn random_scalar() -> Result<Scalar, Error> {
    let mut wide = [0u8; 64];
    getrandom::fill(&mut wide).map_err(|e| Error::Proving(format!("no randomness for the proof: {e}")))?;
    Ok(Scalar::from_bytes_wide(&wide))
}
