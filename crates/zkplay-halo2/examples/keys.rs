//! The build's keys (backends/halo2/build.mjs): ONE KZG setup from a random secret (discarded
//! when this exits), made at the largest offered k and downsized to every smaller one, then the
//! verifying key of every offered configuration of both circuits (the zkEVM circuit's (k, rows
//! per round), the narrow circuit's k), and sample proofs made from those files.
//! Prints one JSON line per file; writes manifest.json and samples.json.
//!
//! `cargo run --release -p zkplay-halo2 --example keys -- <out dir>`
use std::path::Path;

use halo2_base::halo2_proofs::{
    halo2curves::bn256::Bn256,
    poly::{commitment::Params as _, kzg::commitment::ParamsKZG},
};
use rand_core::OsRng;
use web_time::Instant;
use zkplay_halo2::contract::{choice_to_json, Halo2Prover};
use zkplay_halo2::narrow::OFFERED_NARROW_K;
use zkplay_halo2::{keys, max_message_bytes, CircuitChoice, Params, OFFERED_K, OFFERED_ROWS_PER_ROUND};
use zkplay_wasm_runtime::samples::{prove_sample, write_samples as write_samples_json, Sample};
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::Artifacts;

/// Every offered configuration at `k`: the zkEVM circuit's, then the narrow circuit's if offered.
fn offered_at(k: u32) -> Vec<CircuitChoice> {
    let zkevm = OFFERED_ROWS_PER_ROUND.iter().filter(|_| OFFERED_K.contains(&k));
    let zkevm = zkevm.map(|&rows_per_round| CircuitChoice::Zkevm(Params { k, rows_per_round }));
    zkevm.chain(OFFERED_NARROW_K.contains(&k).then_some(CircuitChoice::Narrow { k })).collect()
}

fn main() {
    let out = std::env::args().nth(1).expect("usage: keys <out dir>");
    let out = Path::new(&out);
    std::fs::create_dir_all(out).expect("create out dir");
    let mut ks: Vec<u32> = OFFERED_K.iter().chain(OFFERED_NARROW_K.iter()).copied().collect();
    ks.sort_unstable_by(|a, b| b.cmp(a));
    ks.dedup();
    let max_k = ks[0];
    let t = Instant::now();
    let mut params = ParamsKZG::<Bn256>::setup(max_k, OsRng);
    eprintln!(
        "halo2 keys: KZG setup at k={max_k} in {:.1} s (test setup: the secret is dropped with this process)",
        t.elapsed().as_secs_f64()
    );
    let mut entries = Vec::new();
    for k in ks {
        params.downsize(k);
        let params_name = keys::params_file_name(k);
        let file = keys::params_file(&params);
        std::fs::write(out.join(&params_name), &file).expect("write params");
        println!("{{\"params\":\"{params_name}\",\"k\":{k},\"bytes\":{}}}", file.len());
        for choice in offered_at(k) {
            let t = Instant::now();
            let file = keys::make_vk_file(&choice, &params).unwrap_or_else(|e| panic!("{choice:?}: {e}"));
            let name = keys::vk_file_name(&choice);
            std::fs::write(out.join(&name), &file).expect("write vk");
            let capacity = choice.capacity_blocks().expect("offered configurations hold a block");
            let entry = json!({
                "config": choice_to_json(&choice),
                "file": name,
                "params": params_name,
                "bytes": file.len(),
                "capacityBytes": max_message_bytes(capacity),
                "buildMs": (t.elapsed().as_secs_f64() * 1e3).round(),
            })
            .to_string();
            println!("{entry}");
            entries.push(entry);
        }
    }
    std::fs::write(out.join("manifest.json"), format!("[\n{}\n]\n", entries.join(",\n"))).expect("write manifest");
    write_samples(out);
}

const FOX: &str = "Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively";

/// Sample proofs: (name, configuration, message), proven from the files just written (the path
/// the page takes), so a sample that verifies also checks the files belong together. Both
/// circuits, so the verify view and the verifier package are tested on each.
fn samples() -> [(&'static str, CircuitChoice, &'static str); 3] {
    let zkevm = |k| CircuitChoice::Zkevm(Params { k, rows_per_round: 12 });
    [
        ("hello", CircuitChoice::Narrow { k: 11 }, "hello, zkplay"),
        ("hello-zkevm", zkevm(10), "hello, zkplay"),
        ("fox-200", CircuitChoice::Narrow { k: 12 }, FOX),
    ]
}

fn write_samples(out: &Path) {
    let samples: Vec<Sample> = samples()
        .into_iter()
        .map(|(name, choice, message)| {
            let read = |f: String| std::fs::read(out.join(f)).expect("read key file");
            let files = Artifacts::new()
                .with("params", read(keys::params_file_name(choice.k())))
                .with("vk", read(keys::vk_file_name(&choice)));
            prove_sample::<Halo2Prover>(name, choice_to_json(&choice), &files, keys::vk_file_name(&choice), message)
        })
        .collect();
    write_samples_json(out, &samples);
}
