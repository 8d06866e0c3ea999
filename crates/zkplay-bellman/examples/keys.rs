//! The build's keys (backends/bellman/build.mjs): for every offered capacity, one Groth16 setup
//! from fresh randomness that this process drops (`groth16::generate_random_parameters`: a
//! single-party setup, test only), written as a proving-parameters file and a verifying-key
//! file, then sample proofs made from those files. Prints one JSON line per capacity; writes
//! manifest.json and samples.json.
//!
//! `cargo run --release -p zkplay-bellman --example keys -- <out dir>`
use std::path::Path;

use bls12_381::Bls12;
use web_time::Instant;
use zkplay_bellman::circuit::PreimageCircuit;
use zkplay_bellman::contract::BellmanProver;
use zkplay_bellman::{capacity_bytes, constraints, keys, OFFERED_BLOCKS};
use zkplay_wasm_runtime::samples::{prove_sample, write_samples as write_samples_json, Sample};
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::Artifacts;

fn main() {
    let out = std::env::args().nth(1).expect("usage: keys <out dir>");
    let out = Path::new(&out);
    std::fs::create_dir_all(out).expect("create out dir");
    let mut entries = Vec::new();
    for blocks in OFFERED_BLOCKS {
        let t = Instant::now();
        let params =
            groth16::generate_random_parameters::<Bls12, _, _>(PreimageCircuit::new(blocks, None), &mut rand::rng())
                .unwrap_or_else(|e| panic!("setup for {blocks} blocks: {e}"));
        let setup_ms = t.elapsed().as_secs_f64() * 1e3;
        let (params_name, vk_name) = (keys::params_file_name(blocks), keys::vk_file_name(blocks));
        let params_file = keys::params_file(&params, blocks);
        std::fs::write(out.join(&params_name), &params_file).expect("write params");
        std::fs::write(out.join(&vk_name), keys::vk_file(&params.vk, blocks)).expect("write vk");
        let entry = json!({
            "config": { "blocks": blocks },
            "file": vk_name,
            "params": params_name,
            "paramsBytes": params_file.len(),
            "capacityBytes": capacity_bytes(blocks),
            "constraints": constraints(blocks),
            "buildMs": setup_ms.round(),
        });
        eprintln!(
            "bellman keys: {blocks} block(s), {} constraints: setup {:.1} s, parameters {:.1} MB",
            constraints(blocks),
            setup_ms / 1e3,
            params_file.len() as f64 / 1e6
        );
        println!("{entry}");
        entries.push(entry);
    }
    let text = zkplay_wasm_runtime::serde_json::to_string_pretty(&entries).expect("JSON") + "\n";
    std::fs::write(out.join("manifest.json"), text).expect("write manifest");
    write_samples(out);
}

/// Sample proofs (name, blocks, message), proven from the files just written (the page's path),
/// so a sample that verifies also checks that the files belong together.
const SAMPLES: [(&str, usize, &str); 2] = [
    ("hello", 1, "hello, zkplay"),
    ("fox-158", 3, "Proofs travel: this 158-byte message was proven natively at build time with Groth16 over BLS12-381, hashing it with BLAKE2s as the Zcash Sapling circuits did."),
];

fn write_samples(out: &Path) {
    let samples: Vec<Sample> = SAMPLES
        .iter()
        .map(|&(name, blocks, message)| {
            let read = |f: String| std::fs::read(out.join(f)).expect("read key file");
            let files = Artifacts::new()
                .with("params", read(keys::params_file_name(blocks)))
                .with("vk", read(keys::vk_file_name(blocks)));
            prove_sample::<BellmanProver>(
                name,
                json!({ "blocks": blocks }),
                &files,
                keys::vk_file_name(blocks),
                message,
            )
        })
        .collect();
    write_samples_json(out, &samples);
}
