//! The verifier: the statement's range checks, then the proof's encoding, then the pairing check.
use bls12_381::Bls12;
use groth16::{PreparedVerifyingKey, Proof};

use crate::circuit::public_inputs;
use crate::statement::{check_digest, check_length};
use crate::{keys, Error};

/// A compressed Groth16 proof on BLS12-381: A (G1, 48 bytes), B (G2, 96), C (G1, 48).
pub const PROOF_BYTES: usize = 192;

/// A verifying key for one capacity, prepared for pairings.
pub struct Verifier {
    pub blocks: usize,
    pvk: PreparedVerifyingKey<Bls12>,
}

impl Verifier {
    pub fn new(vk: &groth16::VerifyingKey<Bls12>, blocks: usize) -> Self {
        Verifier { blocks, pvk: groth16::prepare_verifying_key(vk) }
    }

    /// From a shipped verifying-key file (see [`keys::read_vk_file`]).
    pub fn from_vk_file(bytes: &[u8], blocks: usize) -> Result<Self, Error> {
        Ok(Self::new(&keys::read_vk_file(bytes, blocks)?, blocks))
    }

    /// Checks `proof` for (digest, length): L in `0..=capacity` and a 32-byte digest first, then
    /// the proof's encoding (`malformed proof: …`), then the pairing equation (`proof rejected: …`).
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        let length = check_length(length, self.blocks)?;
        let digest = check_digest(digest)?;
        let proof = parse_proof(proof)?;
        groth16::verify_proof(&self.pvk, &proof, &public_inputs(length, &digest))
            .map_err(|e| Error::VerificationFailed(format!("the pairing check fails for this digest and length ({e})")))
    }
}

/// 192 bytes of canonical compressed points, each in its prime-order subgroup and not the
/// identity (groth16's reader checks the points; the length is checked here, so that trailing
/// bytes are refused too).
pub fn parse_proof(bytes: &[u8]) -> Result<Proof<Bls12>, Error> {
    if bytes.len() != PROOF_BYTES {
        return Err(Error::MalformedProof(format!("a proof is {PROOF_BYTES} bytes, got {}", bytes.len())));
    }
    Proof::read(bytes).map_err(|e| Error::MalformedProof(e.to_string()))
}
