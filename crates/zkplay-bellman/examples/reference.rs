//! Native reference runner for `npm run bench:native` (backends/bellman/bench-native.mjs): runs
//! bellman's prover contract natively from the build's shipped parameters and verifying key (as
//! the page does), for the smallest offered capacity that holds LEN bytes, and prints its reports
//! (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-bellman --example reference -- LEN RUNS ARTIFACTS_DIR
use zkplay_bellman::{contract::BellmanProver, default_blocks, keys};
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let usage = "usage: reference LEN RUNS ARTIFACTS_DIR";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [len, runs, dir] = &args[..] else { panic!("{usage}") };
    let (len, runs): (usize, usize) = (len.parse().expect(usage), runs.parse::<usize>().expect(usage).max(1));
    let blocks = default_blocks(len);
    let read = |name: String| {
        let path = std::path::Path::new(dir).join("keys").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run the set-up first)", path.display()))
    };
    let artifacts = Artifacts::new()
        .with("params", read(keys::params_file_name(blocks)))
        .with("vk", read(keys::vk_file_name(blocks)));
    zkplay_wasm_runtime::reference::run::<BellmanProver>("bellman", json!({ "blocks": blocks }), &artifacts, len, runs);
}
