//! The knob: which circuit proves the statement. Both circuits keep their own keys; a proof
//! verifies only against the setup (circuit and `k`) that made it. Not wired to the page yet.

use super::{narrow_capacity, NarrowSetup, NARROW_MAX_K, NARROW_MIN_K};
use crate::{blocks_for_len, setup, Error, Params, ProofOutput, Setup};

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
}

/// A setup of either circuit (a TEST SETUP made in process, see [`crate::setup`]).
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

    pub fn choice(&self) -> CircuitChoice {
        match self {
            AnySetup::Zkevm(s) => CircuitChoice::Zkevm(s.params()),
            AnySetup::Narrow(s) => CircuitChoice::Narrow { k: s.shape().k },
        }
    }

    pub fn max_message_bytes(&self) -> usize {
        match self {
            AnySetup::Zkevm(s) => s.max_message_bytes(),
            AnySetup::Narrow(s) => s.max_message_bytes(),
        }
    }

    pub fn proof_bytes(&self) -> usize {
        match self {
            AnySetup::Zkevm(s) => s.proof_bytes(),
            AnySetup::Narrow(s) => s.proof_bytes(),
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
        match self {
            AnySetup::Zkevm(s) => s.verify(proof, digest, length),
            AnySetup::Narrow(s) => s.verify(proof, digest, length),
        }
    }
}
