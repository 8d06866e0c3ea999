//! Native reference runner for `npm run bench:native` (backends/bellman/bench-native.mjs): runs
//! bellman's prover contract natively from the build's shipped parameters and verifying key (as
//! the page does), for the smallest offered capacity that holds LEN bytes, and prints its reports
//! (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-bellman --example reference -- LEN RUNS ARTIFACTS_DIR
use zkplay_bellman::{contract::BellmanProver, default_blocks, keys};
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let (len, runs, read) = zkplay_wasm_runtime::reference::args_with_keys();
    let blocks = default_blocks(len);
    let artifacts = Artifacts::new()
        .with("params", read(&keys::params_file_name(blocks)))
        .with("vk", read(&keys::vk_file_name(blocks)));
    zkplay_wasm_runtime::reference::run::<BellmanProver>("bellman", json!({ "blocks": blocks }), &artifacts, len, runs);
}
