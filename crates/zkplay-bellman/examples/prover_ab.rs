//! groth16 0.2's prover against this crate's (src/groth16_prover.rs), interleaved in one process
//! on the same parameters, message and blinding: the medians of each and their ratio.
//!   RAYON_NUM_THREADS=2 cargo run --release -p zkplay-bellman --example prover_ab -- BLOCKS RUNS KEYS_DIR
//! KEYS_DIR holds the build's params-b<BLOCKS>.bin and vk-b<BLOCKS>.bin (the set-up's keys folder).
use std::time::Instant;

use bls12_381::Scalar;
use zkplay_bellman::circuit::{PreimageCircuit, Witness};
use zkplay_bellman::{groth16_prover, keys};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let usage = "usage: prover_ab BLOCKS RUNS KEYS_DIR";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [blocks, runs, dir] = &args[..] else { panic!("{usage}") };
    let (blocks, runs): (usize, usize) = (blocks.parse().expect(usage), runs.parse().expect(usage));
    let read = |name: String| std::fs::read(std::path::Path::new(dir).join(&name)).expect(&name);
    let params =
        keys::read_params_file(&read(keys::params_file_name(blocks)), &read(keys::vk_file_name(blocks)), blocks)
            .expect("parameters");
    let message: Vec<u8> = (0..64 * blocks).map(|i| (i * 31 + 7) as u8).collect();
    let circuit = || PreimageCircuit::new(blocks, Some(Witness::honest(&message, blocks)));
    let (r, s) = (Scalar::from(3u64), Scalar::from(5u64));
    let (mut theirs, mut ours) = (Vec::new(), Vec::new());
    for run in 0..=runs {
        let t = Instant::now();
        let a = groth16::create_proof(circuit(), &params, r, s).expect("groth16");
        let groth16_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let b = groth16_prover::create_proof(circuit(), &params, r, s).expect("ours");
        let ours_ms = t.elapsed().as_secs_f64() * 1e3;
        assert!(a == b, "the proofs differ");
        println!(
            "run {run}{}: groth16 {groth16_ms:.0} ms, ours {ours_ms:.0} ms",
            if run == 0 { " (warm-up)" } else { "" }
        );
        if run > 0 {
            theirs.push(groth16_ms);
            ours.push(ours_ms);
        }
    }
    let (t, o) = (median(theirs), median(ours));
    println!("{blocks} blocks, {runs} runs, medians: groth16 {t:.0} ms, ours {o:.0} ms, {:.2}x", t / o);
}
