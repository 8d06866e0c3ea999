//! The native reference runner every Rust backend's `examples/reference.rs` calls (its output is
//! read by scripts/lib/native.mjs): it runs
//! a backend's prover contract, the one the wasm build exports, and prints the contract's own
//! reports, so phase ids and labels live once, in the backend's `contract.rs`:
//!   { threads, config, prepare: {phases, sizes, circuit, capacityBytes},
//!     runs: [{prove: [phase], verify: [phase], proofBytes}], peakRssBytes }
use crate::{serde_json, serde_json::json, Artifacts, Prover};

/// Prepares `config` from `artifacts` (the build's shipped files, as the page gets them), then
/// proves and verifies an `len`-byte message `runs` times; prints the report.
pub fn run<P: Prover>(backend: &str, config: serde_json::Value, artifacts: &Artifacts, len: usize, runs: usize) {
    let (prover, prepared) = P::prepare(&config, artifacts).unwrap_or_else(|e| panic!("prepare: {}", e.message));
    let message: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
    let digest = P::HASH.digest(&message);
    let mut samples = vec![];
    for i in 0..runs {
        let proved = prover.prove(&message).unwrap_or_else(|e| panic!("prove: {}", e.message));
        let checked =
            prover.verify(&proved.proof, &digest, len as f64).unwrap_or_else(|e| panic!("verify: {}", e.message));
        // The Node side reports verified: true, so a proof that does not verify must stop the run.
        assert!(checked.ok, "verify: {}", checked.reason.unwrap_or_default());
        eprintln!("{backend} native: {len} bytes, run {}/{runs}", i + 1);
        samples.push(json!({ "prove": proved.phases, "verify": checked.phases, "proofBytes": proved.proof.len() }));
    }
    let report = json!({
        "threads": rayon_threads(),
        "config": config,
        "prepare": serde_json::to_value(&prepared).expect("prepare report"),
        "runs": samples,
        "peakRssBytes": peak_rss(),
    });
    println!("{report}");
}

/// The arguments `LEN RUNS ARTIFACTS_DIR` of a runner that prepares from the build's key files:
/// LEN, RUNS (at least 1), and a reader of `ARTIFACTS_DIR/keys/<name>` that stops the run with
/// the set-up hint when a file is missing.
pub fn args_with_keys() -> (usize, usize, impl Fn(&str) -> Vec<u8>) {
    const USAGE: &str = "usage: reference LEN RUNS ARTIFACTS_DIR";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [len, runs, dir] = &args[..] else { panic!("{USAGE}") };
    let keys = std::path::Path::new(dir).join("keys");
    let read = move |name: &str| {
        let path = keys.join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (run the set-up first)", path.display()))
    };
    (len.parse().expect(USAGE), runs.parse::<usize>().expect(USAGE).max(1), read)
}

/// Peak resident memory of this process (Linux VmHWM), in bytes.
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib * 1024)
}

/// Threads the prover really uses: RAYON_NUM_THREADS, else the machine's cores.
fn rayon_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
