//! The verifier: the proof's shape checked byte by byte and its public inputs compared with the
//! statement before plonky2's verifier runs; against a circuit built here or a shipped key file.

use plonky2::plonk::circuit_data::{CircuitData, CommonCircuitData, VerifierCircuitData, VerifierOnlyCircuitData};
use plonky2::plonk::config::GenericConfig;
use plonky2::plonk::proof::ProofWithPublicInputs;

use crate::circuit::{D, F};
use crate::config::{ZkKeccakConfig, ZkPoseidonConfig};
use crate::prover::{Data, Prepared};
use crate::statement::*;
use crate::{keys, shape, CircuitConfig, Error, MerkleHash, ProofPart};

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
fn checked_public_inputs<C: ZkConfig>(common: &CommonCircuitData<F, D>, proof: &[u8]) -> Result<Vec<u64>, Error> {
    shape::check(proof, common, C::HASH_BYTES).map_err(Error::MalformedProof)
}

/// Why plonky2 refused a proof: its bytes are not a proof of this circuit (or, natively, plonky2
/// panicked on them), or the proof does not verify. Each crate maps it to its own error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Malformed(String),
    Rejected(String),
}

/// Parses `proof` for `data`'s circuit, insists on its canonical encoding, and verifies it. Run
/// it after the shape check (crate::shape), which is what keeps plonky2 from panicking in wasm.
pub fn parse_and_verify<C: GenericConfig<D, F = F>>(
    data: &VerifierCircuitData<F, C, D>,
    proof: &[u8],
) -> Result<(), Refusal> {
    let run = || -> Result<(), Refusal> {
        let p = ProofWithPublicInputs::<F, C, D>::from_bytes(proof.to_vec(), &data.common)
            .map_err(|e| Refusal::Malformed(e.to_string()))?;
        if p.to_bytes() != proof {
            return Err(Refusal::Malformed("non-canonical encoding or trailing bytes".into()));
        }
        data.verify(p).map_err(|e| Refusal::Rejected(e.to_string()))
    };
    // Last line of defence natively: the shape check is what keeps plonky2 from panicking
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
                Err(Refusal::Malformed(format!("{PANIC_MARK}: {what}")))
            }
        }
    }
    #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
    run()
}

/// Parses (already shape-checked) bytes with plonky2 and runs its verifier, in this crate's errors.
fn plonky2_verify<C: GenericConfig<D, F = F>>(data: &VerifierCircuitData<F, C, D>, proof: &[u8]) -> Result<(), Error> {
    parse_and_verify(data, proof).map_err(|r| match r {
        Refusal::Malformed(m) => Error::MalformedProof(m),
        Refusal::Rejected(m) => Error::VerificationFailed(m),
    })
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

impl Prepared {
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
        fn run<C: GenericConfig<D, F = F>>(data: &CircuitData<F, C, D>, proof: &[u8]) -> Result<(), Error> {
            let p = ProofWithPublicInputs::<F, C, D>::from_bytes(proof.to_vec(), &data.common)
                .map_err(|e| Error::MalformedProof(e.to_string()))?;
            if p.to_bytes() != proof {
                return Err(Error::MalformedProof("non-canonical encoding".into()));
            }
            data.verify(p).map_err(|e| Error::VerificationFailed(e.to_string()))
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

/// Verifies `proof` for `Keccak-256(M) = digest`, `|M| = length` against a verifier-data file
/// ([`keys`]: what the build ships and keys.json lists by sha256) instead of a circuit built
/// here: what the verifier-only wasm and the native verifier of proof files run. In order: the
/// file's header and section lengths (`CorruptKey`), its configuration against `config`
/// (`CorruptKey`), the length within capacity and a 32-byte digest (`InvalidInput`), then the
/// same checks as [`Prepared::verify`].
pub fn verify_with_key(
    config: &CircuitConfig,
    vk_file: &[u8],
    proof: &[u8],
    digest: &[u8],
    length: u64,
) -> Result<(), Error> {
    let key = keys::decode(vk_file)?;
    if key.config.max_blocks != config.max_blocks
        || key.config.hash != config.hash
        || key.config.zero_knowledge != config.zero_knowledge
    {
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
    fn with<C: ZkConfig>(
        common: CommonCircuitData<F, D>,
        vo: &[u8],
        proof: &[u8],
        digest: &[u8; 32],
        length: u64,
    ) -> Result<(), Error> {
        let verifier_only = VerifierOnlyCircuitData::<C, D>::from_bytes(vo.to_vec())
            .map_err(|e| Error::CorruptKey(format!("verifier-only data: {e:?}")))?;
        verify_with(&VerifierCircuitData { verifier_only, common }, proof, digest, length)
    }
    match config.hash {
        MerkleHash::Keccak => with::<ZkKeccakConfig>(common, key.verifier_only, proof, &digest, length),
        MerkleHash::Poseidon => with::<ZkPoseidonConfig>(common, key.verifier_only, proof, &digest, length),
    }
}
