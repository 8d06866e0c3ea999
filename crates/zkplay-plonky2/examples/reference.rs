//! Native reference runner for `npm run bench:native` (workers/plonky2/bench-native.mjs):
//! the same build/prove/verify the wasm build calls, `runs` times for one message length,
//! with the circuit built for exactly the blocks the message needs, printed as one JSON
//! object of raw samples (the Node side wraps it in a RunResult).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-plonky2 --example reference -- LEN RUNS [keccak|poseidon]
use serde_json::json;
use zkplay_plonky2::{build, CircuitConfig, MerkleHash};

/// Peak resident memory of this process (Linux VmHWM), in bytes.
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()))
        .map_or(0, |kib| kib * 1024)
}

fn ms_since(t: web_time::Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let len: usize = args[0].parse().expect("usage: reference LEN RUNS [keccak|poseidon]");
    let runs: usize = args[1].parse::<usize>().expect("RUNS").max(1);
    let hash = match args.get(2).map(String::as_str) {
        Some("poseidon") => MerkleHash::Poseidon,
        _ => MerkleHash::Keccak,
    };
    let blocks = len / 136 + 1;
    let t0 = web_time::Instant::now();
    let prepared = build(&CircuitConfig::new(blocks, hash)).expect("build");
    let build_ms = ms_since(t0);
    let stats = prepared.stats();
    let msg: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
    let (mut witness, mut prove, mut verify) = (vec![], vec![], vec![]);
    let mut proof_bytes = 0;
    for i in 0..runs {
        let out = prepared.prove(&msg).expect("prove");
        let t = web_time::Instant::now();
        prepared.verify(&out.proof, &out.digest, len as u64).expect("verify");
        verify.push(ms_since(t));
        witness.push(out.witness_ms);
        prove.push(out.prove_ms);
        proof_bytes = out.proof.len();
        eprintln!("plonky2 native: {len} bytes, run {}/{runs}: prove {:.0} ms", i + 1, out.prove_ms);
    }
    let threads = std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    println!(
        "{}",
        json!({
            "maxBlocks": blocks, "merkleHash": if matches!(hash, MerkleHash::Poseidon) { "poseidon" } else { "keccak" },
            "rows": stats.rows, "degreeBits": stats.degree_bits, "gates": stats.gates, "capacityBytes": stats.capacity_bytes,
            "verifierOnlyBytes": stats.verifier_only_bytes, "threads": threads,
            "buildMs": build_ms, "witnessMs": witness, "proveMs": prove, "verifyMs": verify,
            "proofBytes": proof_bytes, "peakRssBytes": peak_rss(),
        })
    );
}
