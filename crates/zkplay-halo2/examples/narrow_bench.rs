//! The narrow Keccak circuit beside the zkEVM wrapper circuit, same messages, same process.
//! Usage (run once per thread count; the machine's load is printed first):
//!   RAYON_NUM_THREADS=2 cargo run --release -p zkplay-halo2 --example narrow_bench [LEN ...] [--runs N]
//! Default: one 135-byte message (1 block), 5 runs; medians of prove and verify.
//! `--narrow-only` skips the zkEVM circuit (for profiling the narrow one).
use halo2_base::halo2_proofs::{
    halo2curves::bn256::Fr,
    plonk::{Circuit, ConstraintSystem},
};
use zkplay_halo2::circuit::PreimageCircuit;
use zkplay_halo2::narrow::{narrow_capacity, NarrowSetup};
use zkplay_halo2::*;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn time_ms(f: impl FnOnce()) -> f64 {
    let t = web_time::Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1000.0
}

struct Row {
    name: String,
    k: u32,
    advice: usize,
    fixed: usize,
    lookups: usize,
    rows: String,
    keygen_ms: f64,
    timings: Runs,
}

/// Medians over the runs of one circuit, and its proof size.
struct Runs {
    witness_ms: f64,
    prove_ms: f64,
    verify_ms: f64,
    proof_bytes: usize,
}

/// Proves `runs` times with `prove` and verifies each proof with `verifier`.
fn measure(runs: usize, prove: impl Fn() -> ProofOutput, verifier: &Verifier) -> Runs {
    let (mut witness, mut proving, mut verify, mut proof_bytes) = (vec![], vec![], vec![], 0);
    for _ in 0..runs {
        let out = prove();
        witness.push(out.witness_ms);
        proving.push(out.prove_ms);
        let length = out.length as u64;
        verify.push(time_ms(|| verifier.verify(&out.proof, &out.digest, length).expect("verify")));
        proof_bytes = out.proof.len();
    }
    Runs { witness_ms: median(witness), prove_ms: median(proving), verify_ms: median(verify), proof_bytes }
}

fn main() {
    let mut lens = Vec::new();
    let mut runs = 5usize;
    let mut narrow_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--narrow-only" => narrow_only = true,
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            _ => lens.push(a.parse::<usize>().expect("length")),
        }
    }
    if lens.is_empty() {
        lens = vec![135];
    }
    let threads = std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "default".into());
    let uptime = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "threads={threads} runs={runs} loadavg(1,5,15 min)={}",
        uptime.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    let mut rows = vec![];
    for len in lens {
        let msg: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let blocks = blocks_for_len(len);

        // The zkEVM wrapper circuit with its default shape for this length.
        for _ in 0..usize::from(!narrow_only) {
            let p = default_params(len);
            let (s, t) = setup(&p).expect("setup");
            let mut cs = ConstraintSystem::<Fr>::default();
            let _ = PreimageCircuit::configure_with_params(&mut cs, shape(&p).expect("shape"));
            let m = measure(runs, || s.prove(&msg).expect("prove"), &s);
            rows.push(Row {
                name: format!("zkevm rows_per_round={} len={len}", p.rows_per_round),
                k: p.k,
                advice: s.advice_columns(),
                fixed: s.fixed_columns(),
                lookups: cs.lookups().len(),
                rows: format!("{} blocks laid out", s.capacity_blocks()),
                keygen_ms: t.vk_ms + t.pk_ms,
                timings: m,
            });
        }

        // The narrow circuit at the smallest k that holds the message.
        let k = (11..=20).find(|&k| narrow_capacity(k) >= blocks).expect("fits");
        let (s, t) = NarrowSetup::new(k).expect("narrow setup");
        let m = measure(runs, || s.prove(&msg).expect("prove"), &s);
        rows.push(Row {
            name: format!("narrow len={len}"),
            k,
            advice: s.advice_columns(),
            fixed: s.fixed_columns(),
            lookups: s.lookups(),
            rows: format!("{} of {} ({} blocks)", s.rows_used(), 1usize << k, s.capacity_blocks()),
            keygen_ms: t.vk_ms + t.pk_ms,
            timings: m,
        });
    }
    println!("| circuit | k | advice | fixed | lookups | rows | keygen ms | witness ms | prove ms (median) | verify ms (median) | proof B |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        println!(
            "| {} | {} | {} | {} | {} | {} | {:.0} | {:.1} | {:.0} | {:.1} | {} |",
            r.name,
            r.k,
            r.advice,
            r.fixed,
            r.lookups,
            r.rows,
            r.keygen_ms,
            r.timings.witness_ms,
            r.timings.prove_ms,
            r.timings.verify_ms,
            r.timings.proof_bytes
        );
    }
}
