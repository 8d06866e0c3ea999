//! Writes the verifier-data file of every configuration the page offers, for the build
//! (backends/plonky2/build.mjs), and prints one JSON line per file.
//!
//! `cargo run --release -p zkplay-plonky2 --example keys -- <out dir> [max blocks...]`
use std::path::PathBuf;

use web_time::Instant;
use zkplay_plonky2::contract::Plonky2Prover;
use zkplay_plonky2::{build, keys, CircuitConfig, MerkleHash, OFFERED_BLOCKS};
use zkplay_wasm_runtime::samples::{prove_sample, write_samples as write_samples_json, Sample};
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::Artifacts;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().expect("usage: keys <out dir> [max blocks...]"));
    let mut blocks: Vec<usize> = args.map(|a| a.parse().expect("max blocks")).collect();
    if blocks.is_empty() {
        blocks = OFFERED_BLOCKS.to_vec();
    }
    std::fs::create_dir_all(&out).expect("create out dir");
    let mut entries = Vec::new();
    for &b in &blocks {
        for hash in [MerkleHash::Keccak, MerkleHash::Poseidon] {
            for zk in [false, true] {
                let mut cfg = CircuitConfig::new(b, hash);
                cfg.zero_knowledge = zk;
                let t = Instant::now();
                let file = build(&cfg).and_then(|p| p.verifier_data_file()).unwrap_or_else(|e| panic!("{cfg:?}: {e}"));
                let name = keys::file_name(&cfg);
                std::fs::write(out.join(&name), &file).expect("write key");
                let entry = format!(
                    "{{\"config\":{{\"maxBlocks\":{b},\"merkleHash\":\"{}\",\"zk\":\"{}\"}},\"file\":\"{name}\",\"bytes\":{},\"capacityBytes\":{},\"buildMs\":{:.0}}}",
                    if hash == MerkleHash::Keccak { "keccak" } else { "poseidon" },
                    if zk { "on" } else { "off" },
                    file.len(),
                    cfg.capacity_bytes(),
                    t.elapsed().as_secs_f64() * 1e3
                );
                println!("{entry}");
                entries.push(entry);
            }
        }
    }
    std::fs::write(out.join("manifest.json"), format!("[\n{}\n]\n", entries.join(",\n"))).expect("write manifest");
    write_samples(&out);
}

/// Sample proofs: (name, max blocks, message). Keccak Merkle trees, zk off (the page's default).
const SAMPLES: [(&str, usize, &str); 2] = [
    ("hello", 1, "hello, zkplay"),
    ("fox-200", 2, "Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively"),
];

fn write_samples(out: &std::path::Path) {
    let samples: Vec<Sample> = SAMPLES
        .iter()
        .map(|&(name, blocks, message)| {
            let key_file = keys::file_name(&CircuitConfig::new(blocks, MerkleHash::Keccak));
            let config = json!({ "maxBlocks": blocks, "merkleHash": "keccak", "zk": "off" });
            prove_sample::<Plonky2Prover>(name, config, &Artifacts::new(), key_file, message)
        })
        .collect();
    write_samples_json(out, &samples);
}
