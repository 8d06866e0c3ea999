//! Native reference runner for `npm run bench:native` (backends/starky/bench-native.mjs): runs
//! starky's prover contract natively from the build's wrapper key (as the page does: the wrapper
//! is built and checked against it), zk off, and prints its reports
//! (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-starky --example reference -- LEN RUNS ARTIFACTS_DIR
use zkplay_starky::contract::StarkyProver;
use zkplay_starky::keys;
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let usage = "usage: reference LEN RUNS ARTIFACTS_DIR";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [len, runs, dir] = &args[..] else { panic!("{usage}") };
    let (len, runs): (usize, usize) = (len.parse().expect(usage), runs.parse::<usize>().expect(usage).max(1));
    let path = std::path::Path::new(dir).join("keys").join(keys::file_name(false));
    let vk = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run the set-up first)", path.display()));
    let artifacts = Artifacts::new().with("vk", vk);
    zkplay_wasm_runtime::reference::run::<StarkyProver>("starky", json!({ "zk": "off" }), &artifacts, len, runs);
}
