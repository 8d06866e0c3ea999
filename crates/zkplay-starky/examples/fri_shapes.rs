//! FRI shapes per degree bits (reduction arities, final polynomial length), for choosing the
//! wrapper's ranges.
fn main() {
    let c = zkplay_starky::stark_config();
    for bits in 3..=16 {
        let p = c.fri_params(bits);
        println!(
            "{bits}: arities {:?} final_len {}",
            p.reduction_arity_bits,
            plonky2::fri::prover::final_poly_coeff_len(p.degree_bits, &p.reduction_arity_bits)
        );
    }
}
