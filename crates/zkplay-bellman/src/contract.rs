//! The zkplay prover contract ([`zkplay_wasm_runtime::Prover`]) for this crate: what the wasm
//! `Prover` class (`wasm.rs`) and the page's Rust worker run, and what the native tests check.
//! Phase ids and labels are written here.
use zkplay_wasm_runtime::serde::Serialize;
use zkplay_wasm_runtime::statement::Hash;
use zkplay_wasm_runtime::{
    config_int, config_str, parse_config_json, serde_json, Artifacts, Phase, PhaseName, PrepareReport, PrepareResult,
    ProveReport, Prover, ProverError, Sizes, VerifyReport, VerifyResult, PROVE, VERIFY,
};

use crate::prover::{check_blocks, Setup};
use crate::statement::length_from_js;
use crate::verifier::Verifier;
use crate::{constraints, Error, MAX_BLOCKS};

pub const LOAD: PhaseName = PhaseName::new("load-keys", "Read proving parameters and verifying key");
pub const SETUP: PhaseName = PhaseName::new("setup", "Groth16 setup in this browser (test only)");

/// Where the keys of a configuration come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// The build's files (the offered capacities): the same keys for every visitor.
    Shipped,
    /// A setup made in this process, for any capacity: for the bench's larger sizes (the seed's
    /// table); its proofs verify only against this process's key.
    Generated,
}

pub fn error(e: Error) -> ProverError {
    e.into()
}

/// `{ blocks }`: the capacity in 64-byte blocks; `invalid-input` outside 1..=MAX_BLOCKS.
pub fn blocks_from_json(config: &serde_json::Value) -> Result<usize, ProverError> {
    let blocks = config_int(config, "blocks", 0, 1 << 20)? as usize;
    check_blocks(blocks).map_err(error)
}

/// `keys`: "shipped" (default) or "browser".
pub fn keys_from_json(config: &serde_json::Value) -> Result<Keys, ProverError> {
    match config_str(config, "keys", "shipped")?.as_str() {
        "shipped" => Ok(Keys::Shipped),
        "browser" => Ok(Keys::Generated),
        other => Err(ProverError::invalid_input(format!("keys must be shipped or browser, got \"{other}\""))),
    }
}

/// The memory a setup made here may use: what wasm32 addresses, or (natively) no limit.
const SETUP_MEMORY_LIMIT: u64 = if cfg!(target_arch = "wasm32") { crate::WASM32_MEMORY } else { u64::MAX };

fn verify_report(result: Result<(), Error>, phase: Phase) -> VerifyResult {
    VerifyReport::from_outcome(result, phase, |e| matches!(e, Error::VerificationFailed(_)), error)
}

/// Verifies against a shipped verifying-key file (the verifier-only wasm's `verify`): the
/// configuration, the key file, then the statement and the proof as [`BellmanProver::verify`].
pub fn verify_with_key_json(config_json: &str, vk: &[u8], proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
    let blocks = blocks_from_json(&parse_config_json(config_json)?)?;
    let (result, phase) = VERIFY.time(|| {
        let verifier = Verifier::from_vk_file(vk, blocks)?;
        verifier.verify(proof, digest, length_from_js(length, blocks)?)
    });
    verify_report(result, phase)
}

/// One capacity, prepared from the build's shipped files.
pub struct BellmanProver {
    pub setup: Setup,
}

/// The page's circuit rows, in order.
#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct BellmanCircuit {
    pub capacity_blocks: usize,
    pub constraints: usize,
    pub public_inputs: usize,
    pub curve: &'static str,
}

#[derive(Serialize)]
#[serde(crate = "zkplay_wasm_runtime::serde", rename_all = "camelCase")]
pub struct BellmanStats {
    pub blocks: usize,
    pub constraints: usize,
    pub capacity_bytes: usize,
    pub load_ms: f64,
    pub max_blocks: usize,
}

impl Prover for BellmanProver {
    type Circuit = BellmanCircuit;
    type Stats = BellmanStats;
    // LOAD with the build's keys, SETUP with keys made here; bellman synthesizes the witness
    // inside its prover: one timed phase for both.
    const PHASES: &'static [PhaseName] = &[LOAD, SETUP, PROVE, VERIFY];
    const HASH: Hash = Hash::Blake2s256;
    const PREPARING: PhaseName = LOAD;
    // bellman's multi-exponentiations wait for their pool tasks with `Waiter::wait`, which panics
    // on a pool thread: run on the page's worker and let bellman fork onto the pool.
    const ON_POOL: bool = false;

    /// `{ blocks, keys? }`. With shipped keys (the default), the files `params` and `vk` of that
    /// capacity; a file that is not what it should be is `corrupt-artifact` ("corrupt key: …").
    /// With `keys: "browser"`, a setup made here, refused first (`out-of-memory`) when its
    /// estimated peak exceeds what this build can address.
    fn prepare(config: &serde_json::Value, artifacts: &Artifacts) -> PrepareResult<Self> {
        let blocks = blocks_from_json(config)?;
        let (setup, phase, sizes) = match keys_from_json(config)? {
            Keys::Shipped => {
                let (params, vk) = (artifacts.get("params")?, artifacts.get("vk")?);
                let setup = Setup::from_files(blocks, params, vk).map_err(error)?;
                let sizes = (params.len(), vk.len());
                let phase = LOAD.took(setup.load_ms);
                (setup, phase, sizes)
            }
            Keys::Generated => {
                let (setup, phase) = SETUP.time(|| Setup::generate(blocks, SETUP_MEMORY_LIMIT));
                let setup = setup.map_err(error)?;
                let sizes = (setup.params_bytes(), crate::keys::vk_file(&setup.verifier_key(), blocks).len());
                (setup, phase, sizes)
            }
        };
        let report = PrepareReport {
            phases: vec![phase],
            sizes: Sizes {
                proving_key: Some(sizes.0 as f64),
                verifying_key: Some(sizes.1 as f64),
                ..Default::default()
            },
            circuit: BellmanCircuit {
                capacity_blocks: blocks,
                constraints: constraints(blocks),
                public_inputs: crate::circuit::PUBLIC_INPUTS,
                curve: "BLS12-381",
            },
            capacity_bytes: setup.capacity_bytes(),
        };
        Ok((BellmanProver { setup }, report))
    }

    fn prove(&self, message: &[u8]) -> Result<ProveReport, ProverError> {
        let out = self.setup.prove(message).map_err(error)?;
        Ok(ProveReport { proof: out.proof, phases: vec![PROVE.took(out.witness_ms + out.prove_ms)] })
    }

    /// The length goes through [`length_from_js`] (`invalid input: …` unless an integer in
    /// `0..=capacity`), the digest must be 32 bytes, the proof 192 bytes of valid points
    /// (`corrupt-proof`); a failing pairing check is `ok: false` ("proof rejected: …").
    fn verify(&self, proof: &[u8], digest: &[u8], length: f64) -> VerifyResult {
        let v = &self.setup.verifier;
        let (result, phase) = VERIFY.time(|| v.verify(proof, digest, length_from_js(length, v.blocks)?));
        verify_report(result, phase)
    }

    fn stats(&self) -> BellmanStats {
        let blocks = self.setup.blocks;
        BellmanStats {
            blocks,
            constraints: constraints(blocks),
            capacity_bytes: self.setup.capacity_bytes(),
            load_ms: self.setup.load_ms,
            max_blocks: MAX_BLOCKS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{capacity_bytes, OFFERED_BLOCKS};
    use zkplay_wasm_runtime::serde_json::json;

    /// backends/bellman/phases.json is this crate's PHASES and HASH.
    #[test]
    fn phases_file_states_the_crate_phases() {
        zkplay_wasm_runtime::generated::check_phases_file::<BellmanProver>(env!("CARGO_MANIFEST_DIR"), "bellman");
    }

    /// backends/bellman/options.json is the capacities the build makes keys for: the page offers these.
    #[test]
    fn options_file_states_the_offered_capacities() {
        let want = json!({
            "comment": "Written by `ZKPLAY_WRITE_GENERATED=1 cargo test --release -p zkplay-bellman options_file`, which fails when it is stale: the capacities the build ships keys for (offered) and those the page offers with a setup made in the browser (browserSetup), read by backends/bellman/index.ts.",
            "blockBytes": crate::BLOCK_BYTES,
            "maxBlocks": MAX_BLOCKS,
            "offered": OFFERED_BLOCKS.iter().map(|&b| json!({
                "blocks": b,
                "capacityBytes": capacity_bytes(b),
                "constraints": constraints(b),
            })).collect::<Vec<_>>(),
            "browserSetup": crate::BROWSER_SETUP_BLOCKS.iter().map(|&b| json!({
                "blocks": b,
                "capacityBytes": capacity_bytes(b),
                "constraints": constraints(b),
                "estimatedPeakBytes": crate::estimated_peak_bytes(b),
                "fitsWasm32": crate::estimated_peak_bytes(b) <= crate::WASM32_MEMORY,
            })).collect::<Vec<_>>(),
        });
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../backends/bellman/options.json");
        zkplay_wasm_runtime::generated::check_or_write(path, &want);
    }
}
