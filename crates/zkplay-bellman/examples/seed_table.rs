//! One row of the seed's Bellman table (../shared/seeds/002), natively: for a circuit of BLOCKS
//! BLAKE2s blocks, a Groth16 setup (timed), the size of its parameters as groth16 writes them,
//! RUNS proofs of a message that fills the circuit (timed), a verification, and this process's
//! peak memory. One size per process, so that the peak is that size's. Prints one JSON line.
//! Run by backends/bellman/seed-table.mjs.
//!   cargo run --release -p zkplay-bellman --example seed_table -- BLOCKS RUNS
use bls12_381::Bls12;
use web_time::Instant;
use zkplay_bellman::circuit::PreimageCircuit;
use zkplay_bellman::{blake2s256, capacity_bytes, constraints, Setup};
use zkplay_wasm_runtime::byte_count::ByteCount;
use zkplay_wasm_runtime::serde_json::json;

fn main() {
    let usage = "usage: seed_table BLOCKS RUNS";
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect(usage)).collect();
    let [blocks, runs] = args[..] else { panic!("{usage}") };
    let t = Instant::now();
    let params =
        groth16::generate_random_parameters::<Bls12, _, _>(PreimageCircuit::new(blocks, None), &mut rand::rng())
            .expect("setup");
    let setup_s = t.elapsed().as_secs_f64();
    // Counted, not kept: the parameters of 16M constraints are gigabytes.
    let size = ByteCount::of(|c| params.write(c));
    let setup = Setup::from_params(blocks, params);
    let message: Vec<u8> = (0..capacity_bytes(blocks)).map(|i| b'a' + (i % 26) as u8).collect();
    let mut prove_s = Vec::new();
    let mut proof = Vec::new();
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        proof = setup.prove(&message).expect("prove").proof;
        prove_s.push(t.elapsed().as_secs_f64());
    }
    let t = Instant::now();
    setup.verifier.verify(&proof, &blake2s256(&message), message.len() as u64).expect("verify");
    let verify_ms = t.elapsed().as_secs_f64() * 1e3;
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib * 1024);
    println!(
        "{}",
        json!({
            "blocks": blocks,
            "bytes": message.len(),
            "constraints": constraints(blocks),
            "setupSeconds": setup_s,
            "paramsBytes": size,
            "proveSeconds": prove_s,
            "verifyMs": verify_ms,
            "peakRssBytes": peak,
            "threads": std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.parse::<usize>().ok())
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        })
    );
}
