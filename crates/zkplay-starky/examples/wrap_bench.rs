//! The production wrapper (sponge 2^5..2^11 rows, Keccak 2^5..2^15 rows: up to 1,365 blocks):
//! build once, then prove, wrap and verify each length given.
//!
//! `[STARKY_CONFIG=2/16/4] cargo run -p zkplay-starky --release --example wrap_bench -- [--zk] 135 136000`
//! (`STARKY_CONFIG=rate_bits/pow_bits/cap_height`, queries for 100 conjectured bits; default:
//! the production configuration).

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::wrap::build;
use zkplay_starky::{conjectured_security_bits, production_config, stark_config_with, Tables, RANGE};

fn main() {
    let _ = env_logger::try_init();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let zk = args.first().map(|a| a == "--zk").unwrap_or(false);
    if zk {
        args.remove(0);
    }
    let config = match std::env::var("STARKY_CONFIG") {
        Ok(spec) => {
            let p: Vec<usize> = spec.split('/').map(|x| x.parse().expect("STARKY_CONFIG=rate/pow/cap")).collect();
            stark_config_with(p[0], p[1] as u32, p[2])
        }
        Err(_) => production_config(),
    };
    let f = &config.fri_config;
    println!(
        "rate_bits {}, {} queries, {} PoW bits, cap height {}: {} conjectured bits",
        f.rate_bits,
        f.num_query_rounds,
        f.proof_of_work_bits,
        f.cap_height,
        conjectured_security_bits(&config)
    );
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
