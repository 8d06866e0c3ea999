//! The knob: which circuit proves the statement. Both circuits keep their own keys; a proof
//! verifies only against the setup (circuit and `k`) that made it, and a key file says which
//! circuit it is for ([`CircuitChoice::tag`] in its header), so a narrow key is never read as a
//! zkEVM one nor the reverse.

use super::{narrow_capacity, NarrowSetup, NARROW_MAX_K, NARROW_MIN_K};
use crate::{blocks_for_len, setup, Error, Params, ProofOutput, Setup, Verifier};

/// The narrow `k`s the page offers (the build ships a verifying key for each): 1, 2, 5 and 10
/// blocks. Larger messages take the zkEVM circuit, which holds more blocks per row.
pub const OFFERED_NARROW_K: [u32; 4] = [11, 12, 13, 14];

/// The circuit a setup is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CircuitChoice {
    /// Axiom's zkEVM Keccak circuit with our binding gates ([`crate::circuit`]).
    Zkevm(Params),
    /// Our narrow circuit ([`crate::narrow`]) with `2^k` rows.
    Narrow { k: u32 },
}

impl CircuitChoice {
    /// The narrow circuit at the smallest `k` holding a message of `len` bytes, if any does.
    pub fn narrow_for_len(len: usize) -> Option<CircuitChoice> {
        let blocks = blocks_for_len(len);
        (NARROW_MIN_K..=NARROW_MAX_K).find(|&k| narrow_capacity(k) >= blocks).map(|k| CircuitChoice::Narrow { k })
    }

    /// The page's default for a message of `len` bytes: the narrow circuit at the smallest
    /// offered `k` that holds it, else the zkEVM circuit's default ([`crate::default_params`]).
    pub fn default_for_len(len: usize) -> CircuitChoice {
        let blocks = blocks_for_len(len);
        match OFFERED_NARROW_K.iter().find(|&&k| narrow_capacity(k) >= blocks) {
            Some(&k) => CircuitChoice::Narrow { k },
            None => CircuitChoice::Zkevm(crate::default_params(len)),
        }
    }

    /// The configuration's `circuit` value: `"zkevm"` or `"narrow"`.
    pub fn name(&self) -> &'static str {
        match self {
            CircuitChoice::Zkevm(_) => "zkevm",
            CircuitChoice::Narrow { .. } => "narrow",
        }
    }

    /// The circuit's tag in a verifying-key file header (see [`crate::keys`]).
    pub fn tag(&self) -> u32 {
        match self {
            CircuitChoice::Zkevm(_) => 1,
            CircuitChoice::Narrow { .. } => 2,
        }
    }

    pub fn k(&self) -> u32 {
        match self {
            CircuitChoice::Zkevm(p) => p.k,
            CircuitChoice::Narrow { k } => *k,
        }
    }

    /// Rows per Keccak-f round of the zkEVM circuit; 0 for the narrow one (no such knob).
    pub fn rows_per_round(&self) -> usize {
        match self {
            CircuitChoice::Zkevm(p) => p.rows_per_round,
            CircuitChoice::Narrow { .. } => 0,
        }
    }

    /// Keccak-f blocks the circuit holds, or why this is not a configuration with room for one.
    pub fn capacity_blocks(&self) -> Result<usize, Error> {
        match self {
            CircuitChoice::Zkevm(p) => Ok(crate::shape(p)?.capacity),
            CircuitChoice::Narrow { k } => match narrow_capacity(*k) {
                0 => Err(Error::InvalidParams(format!(
                    "narrow circuit: k={k} holds no Keccak-f block (k in {NARROW_MIN_K}..={NARROW_MAX_K})"
                ))),
                c => Ok(c),
            },
        }
    }

    /// "the zkEVM circuit at k=10 with 12 rows per round" / "the narrow circuit at k=11".
    pub fn describe(&self) -> String {
        match self {
            CircuitChoice::Zkevm(p) => {
                format!("the zkEVM circuit at k={} with {} rows per round", p.k, p.rows_per_round)
            }
            CircuitChoice::Narrow { k } => format!("the narrow circuit at k={k}"),
        }
    }

    /// What the length range of a verifier comes from: "k=10, 12 rows per round" / "narrow circuit k=11".
    pub(crate) fn capacity_note(&self, max_bytes: usize) -> String {
        match self {
            CircuitChoice::Zkevm(p) => {
                format!("k={}, {} rows per round holds at most {max_bytes} bytes", p.k, p.rows_per_round)
            }
            CircuitChoice::Narrow { k } => format!("narrow circuit k={k} holds at most {max_bytes} bytes"),
        }
    }
}

/// A setup of either circuit: made in process ([`AnySetup::new`], a TEST SETUP) or from the
/// build's shipped files ([`AnySetup::from_files`]).
pub enum AnySetup {
    Zkevm(Box<Setup>),
    Narrow(Box<NarrowSetup>),
}

impl AnySetup {
    pub fn new(choice: CircuitChoice) -> Result<AnySetup, Error> {
        Ok(match choice {
            CircuitChoice::Zkevm(p) => AnySetup::Zkevm(Box::new(setup(&p)?.0)),
            CircuitChoice::Narrow { k } => AnySetup::Narrow(Box::new(NarrowSetup::new(k)?.0)),
        })
    }

    /// The setup of `choice` from the build's KZG parameters for its `k` and its verifying-key
    /// file (see [`Setup::from_files`]); only the proving key is made here.
    pub fn from_files(
        choice: CircuitChoice,
        params_file: &[u8],
        vk_file: &[u8],
    ) -> Result<(AnySetup, crate::LoadTimings), Error> {
        Ok(match choice {
            CircuitChoice::Zkevm(p) => {
                let (s, t) = Setup::from_files(&p, params_file, vk_file)?;
                (AnySetup::Zkevm(Box::new(s)), t)
            }
            CircuitChoice::Narrow { k } => {
                let (s, t) = NarrowSetup::from_files(k, params_file, vk_file)?;
                (AnySetup::Narrow(Box::new(s)), t)
            }
        })
    }

    /// The verifier half (both setups hold one).
    pub fn verifier(&self) -> &Verifier {
        match self {
            AnySetup::Zkevm(s) => s,
            AnySetup::Narrow(s) => s,
        }
    }

    pub fn choice(&self) -> CircuitChoice {
        self.verifier().choice()
    }

    pub fn max_message_bytes(&self) -> usize {
        self.verifier().max_message_bytes()
    }

    pub fn proof_bytes(&self) -> usize {
        self.verifier().proof_bytes()
    }

    /// Serialized size of the proving key (bytes).
    pub fn proving_key_bytes(&self) -> usize {
        match self {
            AnySetup::Zkevm(s) => s.proving_key_bytes(),
            AnySetup::Narrow(s) => s.proving_key_bytes(),
        }
    }

    pub fn prove(&self, msg: &[u8]) -> Result<ProofOutput, Error> {
        match self {
            AnySetup::Zkevm(s) => s.prove(msg),
            AnySetup::Narrow(s) => s.prove(msg),
        }
    }

    /// Public inputs checked first (range, digest size), then the proof's encoding, then halo2.
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        self.verifier().verify(proof, digest, length)
    }
}
