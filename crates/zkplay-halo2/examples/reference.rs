//! Native reference runner for `npm run bench:native` (backends/halo2/bench-native.mjs): runs
//! halo2's prover contract natively, from the build's shipped KZG parameters and verifying key
//! (as the page does), and prints its reports (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-halo2 --example reference -- LEN RUNS ARTIFACTS_DIR
//! ARTIFACTS_DIR is web/public/artifacts/halo2 (the set-up fills its keys/).
use zkplay_halo2::{contract::Halo2Prover, default_params, keys};
use zkplay_wasm_runtime::{serde_json::json, Artifacts};

fn main() {
    let usage = "usage: reference LEN RUNS ARTIFACTS_DIR";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [len, runs, dir] = &args[..] else { panic!("{usage}") };
    let (len, runs): (usize, usize) = (len.parse().expect(usage), runs.parse::<usize>().expect(usage).max(1));
    let p = default_params(len);
    let read = |name: String| {
        let path = std::path::Path::new(dir).join("keys").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run the set-up first)", path.display()))
    };
    let artifacts =
        Artifacts::new().with("params", read(keys::params_file_name(p.k))).with("vk", read(keys::vk_file_name(&p)));
    zkplay_wasm_runtime::reference::run::<Halo2Prover>(
        "halo2",
        json!({ "k": p.k, "rowsPerRound": p.rows_per_round }),
        &artifacts,
        len,
        runs,
    );
}
