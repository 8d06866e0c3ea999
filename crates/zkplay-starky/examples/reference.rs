//! Native reference runner for `npm run bench:native` (backends/starky/bench-native.mjs): runs
//! starky's prover contract natively from the build's wrapper key (as the page does: the wrapper
//! is built and checked against it), zk off, and prints its reports
//! (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-starky --example reference -- LEN RUNS ARTIFACTS_DIR
use zkplay_starky::contract::StarkyProver;
use zkplay_starky::keys;
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let (len, runs, read) = zkplay_wasm_runtime::reference::args_with_keys();
    let artifacts = Artifacts::new().with("vk", read(&keys::file_name(false)));
    zkplay_wasm_runtime::reference::run::<StarkyProver>("starky", json!({ "zk": "off" }), &artifacts, len, runs);
}
