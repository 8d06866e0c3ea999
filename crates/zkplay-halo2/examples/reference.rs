//! Native reference runner for `npm run bench:native` (workers/halo2/bench-native.mjs):
//! the same setup/prove/verify the wasm build calls, `runs` times for one message length,
//! printed as one JSON object of raw samples (the Node side wraps it in a RunResult).
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-halo2 --example reference -- LEN RUNS
use serde_json::json;
use zkplay_halo2::*;

/// Peak resident memory of this process (Linux VmHWM), in bytes.
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()))
        .map_or(0, |kib| kib * 1024)
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("usage: reference LEN RUNS")).collect();
    let (len, runs) = (args[0], args[1].max(1));
    let params = default_params(len);
    let (s, t) = setup(&params).expect("setup");
    let msg: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
    let (mut witness, mut prove, mut verify) = (vec![], vec![], vec![]);
    let mut proof_bytes = 0;
    for i in 0..runs {
        let out = s.prove(&msg).expect("prove");
        let t0 = web_time::Instant::now();
        s.verify(&out.proof, &out.digest, len as u64).expect("verify");
        verify.push(t0.elapsed().as_secs_f64() * 1000.0);
        witness.push(out.witness_ms);
        prove.push(out.prove_ms);
        proof_bytes = out.proof.len();
        eprintln!("halo2 native: {len} bytes, run {}/{runs}: prove {:.0} ms", i + 1, out.prove_ms);
    }
    let (params_bytes, vk_bytes, pk_bytes) = s.sizes();
    println!(
        "{}",
        json!({
            "k": params.k, "rowsPerRound": params.rows_per_round,
            "capacityBlocks": s.capacity_blocks(), "maxMessageBytes": s.max_message_bytes(),
            "adviceColumns": s.advice_columns(), "fixedColumns": s.fixed_columns(),
            "threads": rayon_threads(),
            "paramsMs": t.params_ms, "vkMs": t.vk_ms, "pkMs": t.pk_ms,
            "witnessMs": witness, "proveMs": prove, "verifyMs": verify,
            "proofBytes": proof_bytes, "paramsBytes": params_bytes, "vkBytes": vk_bytes, "pkBytes": pk_bytes,
            "peakRssBytes": peak_rss(),
        })
    );
}

/// Threads the prover really uses: RAYON_NUM_THREADS, else the machine's cores.
fn rayon_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
