//! Where the wrapper's build goes (zk off, the page's wrapper), natively, and what loading it
//! from the shipped prover data saves: the circuit alone (gates, before plonky2's `build`), the
//! build without the commitment to constants and permutation, the full build, the Merkle tree of
//! that commitment alone, the prover data file and the prepare from it (LDE and spot checks).
//! Then a proof from the loaded wrapper, verified against the full build's verifier data.
//!
//! `cargo run --release -p zkplay-starky --example wrap_build_parts [runs]` (threads: rayon's
//! default, RAYON_NUM_THREADS to change it). Each part's median over the runs. With `light`
//! instead of runs: only the build without the commitment, e.g. under `perf record`.

use plonky2::hash::merkle_tree::MerkleTree;
use web_time::Instant;
use zkplay_starky::contract::key_info;
use zkplay_starky::{keys, production_config, prover_data, wrap, Tables, RANGE};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn secs<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed().as_secs_f64())
}

fn main() {
    let arg = std::env::args().nth(1);
    let (tables, config) = (Tables::default(), production_config());
    if arg.as_deref() == Some("light") {
        // Only the build without the commitment: what the page still does (for a profiler).
        let (_, t) = secs(|| wrap::build_uncommitted(&tables, &config, RANGE, false));
        return println!("build, no commitment: {t:.2} s");
    }
    let runs: usize = arg.map_or(1, |r| r.parse().expect("runs"));
    let mut parts: Vec<(&str, Vec<f64>)> =
        ["circuit (gates)", "build, no commitment", "build, full", "Merkle tree alone", "encode", "sha256", "install"]
            .iter()
            .map(|&p| (p, Vec::new()))
            .collect();
    let mut file_bytes = 0;
    for run in 0..runs {
        let (_, t) = secs(|| wrap::gate_counts(&tables, &config, RANGE));
        parts[0].1.push(t);
        let (mut light, t) = secs(|| wrap::build_uncommitted(&tables, &config, RANGE, false));
        parts[1].1.push(t);
        let (full, t) = secs(|| wrap::build(&tables, &config, RANGE, false));
        parts[2].1.push(t);
        let leaves = full.data.prover_only.constants_sigmas_commitment.merkle_tree.leaves.clone();
        let cap_height = full.data.common.config.fri_config.cap_height;
        let (tree, t) = secs(|| MerkleTree::<_, plonky2::hash::poseidon::PoseidonHash>::new(leaves, cap_height));
        parts[3].1.push(t);
        assert_eq!(tree.cap, full.data.verifier_only.constants_sigmas_cap);
        drop(tree);
        let (file, t) = secs(|| prover_data::encode(&full.data, false).expect("encode"));
        parts[4].1.push(t);
        file_bytes = file.len();
        let (_, t) = secs(|| keys::sha256_hex(&file));
        parts[5].1.push(t);
        let key = full.data.verifier_only.clone();
        let (r, t) = secs(|| prover_data::install(&mut light.data, &file, false, key));
        r.expect("install");
        parts[6].1.push(t);
        if run == 0 {
            // The loaded wrapper is the full one: same key, and its proofs verify against it.
            let vk = keys::encode(&full, key_info(false)).expect("key");
            keys::decode(&vk).expect("key").pins(&light, key_info(false)).expect("same wrapper");
            let msg = b"wrap_build_parts";
            let mut report = Default::default();
            let proof = zkplay_starky::prover::prove_traces_for(
                &tables,
                &zkplay_starky::generate_traces(msg).0,
                &config,
                Some(RANGE.max_bits()),
                &mut report,
            )
            .expect("STARKs");
            let wrapped = light.wrap(&proof, &config).expect("wrap");
            full.verify(&wrapped, &zkplay_wasm_runtime::statement::keccak256(msg), msg.len() as u64)
                .expect("the loaded wrapper's proof verifies with the full build's data");
        }
    }
    println!("| part | median s ({runs} runs) |");
    println!("|---|---|");
    for (name, v) in parts {
        println!("| {name} | {:.2} |", median(v));
    }
    println!("prover data file: {file_bytes} bytes");
}
