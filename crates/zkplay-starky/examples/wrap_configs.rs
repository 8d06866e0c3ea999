//! Wrapper gates for candidate STARK configurations (blow-up, grinding, cap height), each at
//! 100 conjectured bits: counted before `build`, so a list of candidates takes seconds.
//!
//! `cargo run -p zkplay-starky --release --example wrap_configs -- 2/16/4 3/20/4 4/20/4`
//! (`rate_bits/pow_bits/cap_height`).

use zkplay_starky::wrap::gate_counts;
use zkplay_starky::{conjectured_security_bits, stark_config_with, Tables, RANGE};

fn main() {
    let tables = Tables::default();
    println!("| rate_bits | queries | pow_bits | cap_height | bits | gates before build | sponge + Keccak STARKs |");
    println!("|---|---|---|---|---|---|---|");
    for spec in std::env::args().skip(1) {
        let p: Vec<usize> = spec.split('/').map(|x| x.parse().expect("rate/pow/cap")).collect();
        let config = stark_config_with(p[0], p[1] as u32, p[2]);
        let (gates, [s, k]) = gate_counts(&tables, &config, RANGE);
        println!(
            "| {} | {} | {} | {} | {} | {gates} | {s} + {k} |",
            p[0],
            config.fri_config.num_query_rounds,
            p[1],
            p[2],
            conjectured_security_bits(&config)
        );
    }
}
