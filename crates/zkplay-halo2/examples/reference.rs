//! Native reference runner for `npm run bench:native` (backends/halo2/bench-native.mjs): runs
//! halo2's prover contract natively, from the build's shipped KZG parameters and verifying key
//! (as the page does), and prints its reports (zkplay_wasm_runtime::reference).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-halo2 --example reference -- LEN RUNS ARTIFACTS_DIR [CIRCUIT]
//! ARTIFACTS_DIR is web/public/artifacts/halo2 (the set-up fills its keys/). CIRCUIT is `narrow`
//! or `zkevm` at the smallest offered k that holds LEN bytes; without it, the page's default
//! (the narrow circuit where it holds the message).
use zkplay_halo2::{
    contract::{choice_to_json, Halo2Prover},
    default_params, keys,
    narrow::OFFERED_NARROW_K,
    CircuitChoice,
};
use zkplay_wasm_runtime::Artifacts;

fn main() {
    let usage = "usage: reference LEN RUNS ARTIFACTS_DIR [narrow|zkevm]";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (len, runs, dir, circuit) = match &args[..] {
        [len, runs, dir] => (len, runs, dir, None),
        [len, runs, dir, circuit] => (len, runs, dir, Some(circuit.as_str())),
        _ => panic!("{usage}"),
    };
    let (len, runs): (usize, usize) = (len.parse().expect(usage), runs.parse::<usize>().expect(usage).max(1));
    let choice = match circuit {
        None => CircuitChoice::default_for_len(len),
        Some("zkevm") => CircuitChoice::Zkevm(default_params(len)),
        Some("narrow") => match CircuitChoice::default_for_len(len) {
            c @ CircuitChoice::Narrow { .. } => c,
            _ => panic!("no offered narrow k ({OFFERED_NARROW_K:?}) holds {len} bytes"),
        },
        Some(other) => panic!("{usage}: unknown circuit {other}"),
    };
    let read = |name: String| {
        let path = std::path::Path::new(dir).join("keys").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run the set-up first)", path.display()))
    };
    let artifacts = Artifacts::new()
        .with("params", read(keys::params_file_name(choice.k())))
        .with("vk", read(keys::vk_file_name(&choice)));
    let config = choice_to_json(&choice);
    zkplay_wasm_runtime::reference::run::<Halo2Prover>("halo2", config, &artifacts, len, runs);
}
