//! The production wrapper (sponge 2^5..2^11 rows, Keccak 2^5..2^15 rows: up to 1,365 blocks):
//! build once, then prove, wrap and verify each length given.
//!
//! `[STARKY_RATE_BITS=2] cargo run -p zkplay-starky --release --example wrap_bench -- [--zk] 135 136000`

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::wrap::{build, WrapRange};
use zkplay_starky::{stark_config_with_rate, Tables};

pub const RANGE: WrapRange = WrapRange { sponge: (5, 11), keccak: (5, 15) };

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let zk = args.first().map(|a| a == "--zk").unwrap_or(false);
    if zk {
        args.remove(0);
    }
    // STARKY_RATE_BITS=2 or 3: a larger blow-up, fewer queries (default 1: the crate's config).
    let rate_bits = std::env::var("STARKY_RATE_BITS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let config = stark_config_with_rate(rate_bits);
    println!("rate_bits {rate_bits}, {} queries", config.fri_config.num_query_rounds);
    let tables = Tables::default();
    let t = Instant::now();
    let w = build(&tables, &config, RANGE, zk);
    println!(
        "wrapper (zk {zk}): build {:.1} s, 2^{} rows, {} gates types",
        t.elapsed().as_secs_f64(),
        w.data.common.degree_bits(),
        w.data.common.gates.len()
    );
    for len in args.iter().map(|a| a.parse::<usize>().unwrap()) {
        let m: Vec<u8> = (0..len).map(|i| (i * 131 + 7) as u8).collect();
        let t = Instant::now();
        let (tr, digest) = generate_traces(&m);
        let mut r = ProveReport::default();
        let proof = prove_traces_for(&tables, &tr, &config, Some(RANGE.max_bits()), &mut r).unwrap();
        let stark_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let wrapped = w.wrap(&proof, &config).unwrap();
        let wrap_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        w.verify(&wrapped, &digest, len as u64).unwrap();
        let (s1, s2) = proof.sizes();
        println!(
            "len {len}: rows {:?}, STARKs {stark_s:.1} s ({} + {} bytes), wrap {wrap_s:.1} s, wrapped {} bytes, verify {:.1} ms",
            r.rows,
            s1,
            s2,
            wrapped.to_bytes().len(),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
