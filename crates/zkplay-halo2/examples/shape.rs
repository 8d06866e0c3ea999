//! The circuit's shape, the design input for a new Keccak circuit (docs/benchmarks.md, issue 40):
//! columns, lookups, the permutation, the gates' degree and the rows a block uses. Usage:
//!   cargo run --release -p zkplay-halo2 --example shape [K ROWS_PER_ROUND]
use halo2_base::halo2_proofs::{
    halo2curves::bn256::Fr,
    plonk::{Circuit, ConstraintSystem},
};
use zkplay_halo2::{capacity_blocks, circuit::PreimageCircuit, shape, Params};

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let p = match args[..] {
        [k, r] => Params { k, rows_per_round: r as usize },
        _ => default_one_block(),
    };
    let wp = shape(&p).expect("a configuration with room for a block");
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = PreimageCircuit::configure_with_params(&mut cs, wp);
    let blinding = cs.blinding_factors();
    let usable = (1usize << p.k) - blinding - 1;
    // One block: a dummy round, 25 rounds per block (24 + the absorb/squeeze one), and 17 rounds
    // the absorb gate of the last block looks ahead.
    let rows_one_block = p.rows_per_round * (1 + 25 + 17);
    println!(
        "k={} rows_per_round={} capacity_blocks={} | rows 2^k={} usable={} one block needs {} ({:.0}%) | advice={} fixed={} instance={} selectors={} challenges={} | lookups={} permutation_columns={} gates={} degree={} advice_queries={} fixed_queries={} blinding_factors={}",
        p.k,
        p.rows_per_round,
        capacity_blocks(p.k, p.rows_per_round),
        1usize << p.k,
        usable,
        rows_one_block,
        100.0 * rows_one_block as f64 / (1usize << p.k) as f64,
        cs.num_advice_columns(),
        cs.num_fixed_columns(),
        cs.num_instance_columns(),
        cs.num_selectors(),
        cs.num_challenges(),
        cs.lookups().len(),
        cs.permutation().get_columns().len(),
        cs.gates().len(),
        cs.degree(),
        cs.advice_queries().len(),
        cs.fixed_queries().len(),
        blinding,
    );
}

fn default_one_block() -> Params {
    zkplay_halo2::default_params(135)
}
