//! The cross-table lookup: each real sponge row sends `(permutation input, permutation output)`
//! (100 u32 limbs); the Keccak table receives it on the last-round row of each real permutation.

use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::{Field, PrimeField64};
use starky::cross_table_lookup::{CrossTableLookup, TableWithColumns};
use starky::lookup::{Column, Filter};

use crate::{keccak_table as kt, sponge_table as st};

pub const SPONGE: usize = 0;
pub const KECCAK: usize = 1;
pub const NUM_TABLES: usize = 2;

fn sponge_columns<F: Field>() -> Vec<Column<F>> {
    let mut cols: Vec<Column<F>> = (0..2 * crate::keccak::RATE_LANES).map(|k| Column::single(st::XOR + k)).collect();
    cols.extend((0..16).map(|k| Column::single(st::SIN_CAP + k)));
    cols.extend((0..50).map(|k| Column::single(st::SOUT + k)));
    cols
}

fn keccak_columns<F: Field>() -> Vec<Column<F>> {
    let mut cols: Vec<Column<F>> = (0..50).map(|k| Column::single(kt::PRE + k)).collect();
    cols.extend((0..50).map(|k| Column::single(kt::out_limb(k / 2, k % 2))));
    cols
}

/// The one CTL of the system.
pub fn ctls<F: Field>() -> Vec<CrossTableLookup<F>> {
    let sponge_filter =
        Filter::new_simple(Column::linear_combination_with_constant([(st::IS_DUMMY, F::NEG_ONE)], F::ONE));
    let keccak_filter =
        Filter::new(vec![(Column::single(kt::REAL), Column::single(kt::FLAGS + kt::NUM_ROUNDS - 1))], vec![]);
    vec![CrossTableLookup::new(
        vec![TableWithColumns::new(SPONGE, sponge_columns(), sponge_filter)],
        TableWithColumns::new(KECCAK, keccak_columns(), keccak_filter),
    )]
}

/// The tuples each side puts in the lookup, sorted (a plain check of the CTL on traces, for
/// tests; the proof checks it with logUp sums).
pub fn ctl_multisets<F: PrimeField64>(
    sponge: &[PolynomialValues<F>],
    keccak: &[PolynomialValues<F>],
) -> (Vec<Vec<u64>>, Vec<Vec<u64>>) {
    let rows = |t: &[PolynomialValues<F>], cols: &[usize], filter: &dyn Fn(usize) -> F| {
        let mut out: Vec<Vec<u64>> = Vec::new();
        for r in 0..t[0].len() {
            let f = filter(r);
            if f == F::ZERO {
                continue;
            }
            let mut v: Vec<u64> = cols.iter().map(|&c| t[c].values[r].to_canonical_u64()).collect();
            v.push(f.to_canonical_u64());
            out.push(v);
        }
        out.sort();
        out
    };
    let mut sc: Vec<usize> = (0..34).map(|k| st::XOR + k).collect();
    sc.extend((0..16).map(|k| st::SIN_CAP + k));
    sc.extend((0..50).map(|k| st::SOUT + k));
    let mut kc: Vec<usize> = (0..50).map(|k| kt::PRE + k).collect();
    kc.extend((0..50).map(|k| kt::out_limb(k / 2, k % 2)));
    let a = rows(sponge, &sc, &|r| F::ONE - sponge[st::IS_DUMMY].values[r]);
    let b = rows(keccak, &kc, &|r| keccak[kt::REAL].values[r] * keccak[kt::FLAGS + kt::NUM_ROUNDS - 1].values[r]);
    (a, b)
}
