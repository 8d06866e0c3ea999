//! The production wrapper (sponge 2^5..2^11 rows, Keccak 2^5..2^15 rows: up to 1,365 blocks):
//! build once, then prove, wrap and verify each length given.
//!
//! `[STARKY_RATE_BITS=2] cargo run -p zkplay-starky --release --example wrap_bench -- [--zk] 135 136000`

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::wrap::build;
use zkplay_starky::{stark_config_with_rate, Tables, RANGE};

fn main() {
    let _ = env_logger::try_init();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let zk = args.first().map(|a| a == "--zk").unwrap_or(false);
    if zk {
        args.remove(0);
    }
    // STARKY_RATE_BITS=1..3: another blow-up (default: the production STARK_RATE_BITS).
    let rate_bits =
        std::env::var("STARKY_RATE_BITS").ok().and_then(|v| v.parse().ok()).unwrap_or(zkplay_starky::STARK_RATE_BITS);
    let config = stark_config_with_rate(rate_bits);
    println!("rate_bits {rate_bits}, {} queries", config.fri_config.num_query_rounds);
    let tables = Tables::default();
    let t = Instant::now();
    let w = build(&tables, &config, RANGE, zk);
    println!(
        "wrapper (zk {zk}): build {:.1} s, 2^{} rows, {} gate types, {} + {} gates verify the sponge + Keccak STARKs",
        t.elapsed().as_secs_f64(),
        w.data.common.degree_bits(),
        w.data.common.gates.len(),
        w.table_gates[0],
        w.table_gates[1]
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
