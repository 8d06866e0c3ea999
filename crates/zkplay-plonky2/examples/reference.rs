//! Native reference runner for `npm run bench:native` (backends/plonky2/bench-native.mjs): runs
//! plonky2's prover contract natively, with the circuit built for exactly the blocks the message
//! needs, and prints its reports (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-plonky2 --example reference -- LEN RUNS [keccak|poseidon]
use zkplay_plonky2::contract::Plonky2Prover;
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let len: usize = args[0].parse().expect("usage: reference LEN RUNS [keccak|poseidon]");
    let runs: usize = args[1].parse::<usize>().expect("RUNS").max(1);
    let hash = args.get(2).map_or("keccak", String::as_str);
    zkplay_wasm_runtime::reference::run::<Plonky2Prover>(
        "plonky2",
        json!({ "maxBlocks": len / 136 + 1, "merkleHash": hash, "zk": "off" }),
        &Artifacts::new(),
        len,
        runs,
    );
}
