//! Native reference runner for `npm run bench:native` (workers/halo2/bench-native.mjs): runs
//! halo2's prover contract natively and prints its reports (scripts/lib/native_reference.rs).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-halo2 --example reference -- LEN RUNS
#[path = "../../../scripts/lib/native_reference.rs"]
mod native_reference;

use zkplay_halo2::{contract::Halo2Prover, default_params};
use zkplay_wasm_runtime::serde_json::json;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("usage: reference LEN RUNS")).collect();
    let (len, runs) = (args[0], args[1].max(1));
    let params = default_params(len);
    native_reference::run::<Halo2Prover>("halo2", json!({ "k": params.k, "rowsPerRound": params.rows_per_round }), len, runs);
}
