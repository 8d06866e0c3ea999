//! Per-phase native timings. Usage:
//!   RAYON_NUM_THREADS=1 cargo run --release -p zkplay-halo2 --example timings [LEN ...] [--rows R]
//! Default lengths: 135 (1 block) and 1087 (8 blocks), each with `default_params(len)`.
use zkplay_halo2::*;

fn main() {
    let mut lens = Vec::new();
    let mut rows: Option<usize> = None;
    let mut k_override: Option<u32> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rows" => rows = args.next().and_then(|v| v.parse().ok()),
            "--k" => k_override = args.next().and_then(|v| v.parse().ok()),
            _ => lens.push(a.parse::<usize>().expect("length")),
        }
    }
    if lens.is_empty() {
        lens = vec![135, 1087];
    }
    let threads = std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "default".into());
    for len in lens {
        let mut p = default_params(len);
        if let Some(r) = rows {
            p.rows_per_round = r;
            p.k = min_k_for_blocks(blocks_for_len(len), r).expect("fits");
        }
        if let Some(k) = k_override {
            p.k = k;
        }
        let (s, t) = setup(&p).expect("setup");
        let msg: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let out = s.prove(&msg).expect("prove");
        let v = web_time::Instant::now();
        s.verify(&out.proof, &out.digest, len as u64).expect("verify");
        let verify_ms = v.elapsed().as_secs_f64() * 1000.0;
        let (pb, vb, kb) = s.sizes();
        println!(
            "threads={threads} len={len} blocks={} k={} rows_per_round={} capacity={} advice_cols={} fixed_cols={} | params_ms={:.0} vk_ms={:.0} pk_ms={:.0} witness_ms={:.0} prove_ms={:.0} verify_ms={:.1} | proof_bytes={} params_bytes={} vk_bytes={} pk_bytes={}",
            blocks_for_len(len), p.k, p.rows_per_round, s.capacity_blocks(), s.advice_columns(), s.fixed_columns(),
            t.params_ms, t.vk_ms, t.pk_ms, out.witness_ms, out.prove_ms, verify_ms,
            out.proof.len(), pb, vb, kb
        );
    }
}
