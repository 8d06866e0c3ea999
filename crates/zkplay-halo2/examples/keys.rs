//! The build's keys (backends/halo2/build.mjs): ONE KZG setup from a random secret (discarded
//! when this exits), made at the largest offered k and downsized to every smaller one, then the
//! verifying key of every offered (k, rows per round), and sample proofs made from those files.
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
use zkplay_halo2::contract::Halo2Prover;
use zkplay_halo2::{capacity_blocks, keys, max_message_bytes, Params, OFFERED_K, OFFERED_ROWS_PER_ROUND};
use zkplay_wasm_runtime::samples::{prove_sample, write_samples as write_samples_json, Sample};
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::Artifacts;

fn main() {
    let out = std::env::args().nth(1).expect("usage: keys <out dir>");
    let out = Path::new(&out);
    std::fs::create_dir_all(out).expect("create out dir");
    let max_k = *OFFERED_K.iter().max().expect("offered k");
    let t = Instant::now();
    let mut params = ParamsKZG::<Bn256>::setup(max_k, OsRng);
    eprintln!(
        "halo2 keys: KZG setup at k={max_k} in {:.1} s (test setup: the secret is dropped with this process)",
        t.elapsed().as_secs_f64()
    );
    let mut entries = Vec::new();
    let mut ks = OFFERED_K.to_vec();
    ks.sort_unstable_by(|a, b| b.cmp(a));
    for k in ks {
        params.downsize(k);
        let params_name = keys::params_file_name(k);
        let file = keys::params_file(&params);
        std::fs::write(out.join(&params_name), &file).expect("write params");
        println!("{{\"params\":\"{params_name}\",\"k\":{k},\"bytes\":{}}}", file.len());
        for rows_per_round in OFFERED_ROWS_PER_ROUND {
            let p = Params { k, rows_per_round };
            let t = Instant::now();
            let file = keys::make_vk_file(&p, &params).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            let name = keys::vk_file_name(&p);
            std::fs::write(out.join(&name), &file).expect("write vk");
            let entry = format!(
                "{{\"config\":{{\"k\":{k},\"rowsPerRound\":{rows_per_round}}},\"file\":\"{name}\",\"params\":\"{params_name}\",\"bytes\":{},\"capacityBytes\":{},\"buildMs\":{:.0}}}",
                file.len(),
                max_message_bytes(capacity_blocks(k, rows_per_round)),
                t.elapsed().as_secs_f64() * 1e3
            );
            println!("{entry}");
            entries.push(entry);
        }
    }
    std::fs::write(out.join("manifest.json"), format!("[\n{}\n]\n", entries.join(",\n"))).expect("write manifest");
    write_samples(out);
}

/// Sample proofs: (name, k, rows per round, message), proven from the files just written (the
/// path the page takes), so a sample that verifies also checks the files belong together.
const SAMPLES: [(&str, u32, usize, &str); 2] = [
    ("hello", 10, 12, "hello, zkplay"),
    ("fox-200", 11, 12, "Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively"),
];

fn write_samples(out: &Path) {
    let samples: Vec<Sample> = SAMPLES
        .iter()
        .map(|&(name, k, rows_per_round, message)| {
            let p = Params { k, rows_per_round };
            let read = |f: String| std::fs::read(out.join(f)).expect("read key file");
            let files = Artifacts::new()
                .with("params", read(keys::params_file_name(k)))
                .with("vk", read(keys::vk_file_name(&p)));
            let config = json!({ "k": k, "rowsPerRound": rows_per_round });
            prove_sample::<Halo2Prover>(name, config, &files, keys::vk_file_name(&p), message)
        })
        .collect();
    write_samples_json(out, &samples);
}
