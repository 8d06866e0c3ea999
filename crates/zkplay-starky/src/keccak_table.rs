//! The Keccak-f[1600] table: one row per round, 24 rows per permutation.
//!
//! A row holds the round's input state `A` (25 lanes as 50 u32 limbs), the permutation's
//! input `PRE` (constant over its 24 rows), theta in bits (`C`, `C'`, `A'`), the chi output
//! `A''` (limbs, plus lane 0 in bits for iota) and the round output of lane 0. Round flags
//! (one-hot, 24 columns) say which round a row is; `REAL` marks permutations the sponge asked
//! for (padding permutations, of the zero state, have `REAL = 0` and are never looked up).
//!
//! Theta is checked as in the published designs: `C'[x] = C[x] ^ C[x-1] ^ rot(C[x+1], 1)`,
//! `sum_y A'[x][y] - C'[x]` in `{0, 2, 4}` (so `C'` is the parity of `A'` columns) and
//! `A = A' ^ C ^ C'` limb by limb. With every bit column boolean this forces `C` to be the
//! column parity of `A` and `A' = theta(A)`.

use core::marker::PhantomData;

use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::Field;

use crate::alg::{impl_stark, Alg};
use crate::keccak::{pi_target, round, RC, RHO};

pub const NUM_ROUNDS: usize = 24;

pub const FLAGS: usize = 0;
pub const REAL: usize = FLAGS + NUM_ROUNDS;
/// Permutation input, limbs `2 i` (low 32 bits) and `2 i + 1` of lane `i`.
pub const PRE: usize = REAL + 1;
/// Round input, same layout.
pub const A: usize = PRE + 50;
pub const C: usize = A + 50;
pub const C_PRIME: usize = C + 320;
pub const A_PRIME: usize = C_PRIME + 320;
/// Chi output limbs (lane 0 before iota).
pub const A_DPRIME: usize = A_PRIME + 1600;
/// Chi output lane 0 in bits.
pub const A_DPRIME_00_BITS: usize = A_DPRIME + 50;
/// Round output of lane 0 (after iota), 2 limbs.
pub const OUT_00: usize = A_DPRIME_00_BITS + 64;
pub const NUM_COLUMNS: usize = OUT_00 + 2;

pub const fn c(x: usize, z: usize) -> usize {
    C + 64 * x + z
}
pub const fn c_prime(x: usize, z: usize) -> usize {
    C_PRIME + 64 * x + z
}
pub const fn a_prime(x: usize, y: usize, z: usize) -> usize {
    A_PRIME + 64 * (x + 5 * y) + z
}
/// Column of limb `h` of the round output of lane `i` (the permutation output on round 23).
pub const fn out_limb(i: usize, h: usize) -> usize {
    if i == 0 {
        OUT_00 + h
    } else {
        A_DPRIME + 2 * i + h
    }
}

/// The bit `(x, y, z)` of `B = pi(rho(A'))`, as a column of `A'`.
fn b_bit(x: usize, y: usize, z: usize) -> usize {
    // B[x][y] = rot(A'[x0][y0], RHO[x0][y0]) where pi_target(x0, y0) = (x, y).
    let (mut x0, mut y0) = (0, 0);
    'find: for a in 0..5 {
        for b in 0..5 {
            if pi_target(a, b) == (x, y) {
                (x0, y0) = (a, b);
                break 'find;
            }
        }
    }
    let r = RHO[x0][y0];
    a_prime(x0, y0, (z + 64 - r) % 64)
}

#[derive(Clone, Copy, Debug, Default)]
pub struct KeccakStark<F, const D: usize> {
    _f: PhantomData<F>,
}

impl<F, const D: usize> KeccakStark<F, D> {
    pub const fn new() -> Self {
        Self { _f: PhantomData }
    }
}

/// The constraints (degree 3).
pub fn eval<A_: Alg>(a: &mut A_, l: &[A_::V], n: &[A_::V]) {
    // Round flags: row 0 is round 0; each row's flags are the previous row's, shifted.
    let one = a.cst(1);
    let e = a.sub(l[FLAGS], one);
    a.first_row(e);
    for r in 1..NUM_ROUNDS {
        a.first_row(l[FLAGS + r]);
    }
    for r in 0..NUM_ROUNDS {
        let e = a.sub(n[FLAGS + (r + 1) % NUM_ROUNDS], l[FLAGS + r]);
        a.transition(e);
    }
    let last = l[FLAGS + NUM_ROUNDS - 1];
    let not_last = a.one_minus(last);
    // REAL: a bit, constant over a permutation.
    let e = a.not_bit(l[REAL]);
    a.every_row(e);
    let d = a.sub(n[REAL], l[REAL]);
    let e = a.mul(not_last, d);
    a.transition(e);
    // Round 0 starts from PRE; PRE is constant over a permutation; round r + 1 starts from the
    // output of round r.
    for i in 0..50 {
        let d = a.sub(l[A + i], l[PRE + i]);
        let e = a.mul(l[FLAGS], d);
        a.every_row(e);
        let d = a.sub(n[PRE + i], l[PRE + i]);
        let e = a.mul(not_last, d);
        a.transition(e);
        let d = a.sub(n[A + i], l[out_limb(i / 2, i % 2)]);
        let e = a.mul(not_last, d);
        a.transition(e);
    }
    // Theta.
    for x in 0..5 {
        for z in 0..64 {
            let e = a.not_bit(l[c(x, z)]);
            a.every_row(e);
            let x3 = a.xor3(l[c(x, z)], l[c((x + 4) % 5, z)], l[c((x + 1) % 5, (z + 63) % 64)]);
            let e = a.sub(l[c_prime(x, z)], x3);
            a.every_row(e);
            let mut s = a.cst(0);
            for y in 0..5 {
                let e = a.not_bit(l[a_prime(x, y, z)]);
                a.every_row(e);
                s = a.add(s, l[a_prime(x, y, z)]);
            }
            let diff = a.sub(s, l[c_prime(x, z)]);
            let two = a.cst(2);
            let four = a.cst(4);
            let d2 = a.sub(diff, two);
            let d4 = a.sub(diff, four);
            let p = a.mul(diff, d2);
            let e = a.mul(p, d4);
            a.every_row(e);
        }
    }
    for x in 0..5 {
        for y in 0..5 {
            for h in 0..2 {
                let bits: Vec<A_::V> =
                    (32 * h..32 * h + 32).map(|z| a.xor3(l[a_prime(x, y, z)], l[c(x, z)], l[c_prime(x, z)])).collect();
                let limb = a.le_bits(&bits);
                let e = a.sub(l[A + 2 * (x + 5 * y) + h], limb);
                a.every_row(e);
            }
        }
    }
    // Rho, pi (wiring) and chi.
    for x in 0..5 {
        for y in 0..5 {
            for h in 0..2 {
                let bits: Vec<A_::V> = (32 * h..32 * h + 32)
                    .map(|z| {
                        let b0 = l[b_bit(x, y, z)];
                        let b1 = l[b_bit((x + 1) % 5, y, z)];
                        let b2 = l[b_bit((x + 2) % 5, y, z)];
                        let nb1 = a.one_minus(b1);
                        let and = a.mul(nb1, b2);
                        a.xor(b0, and)
                    })
                    .collect();
                let limb = a.le_bits(&bits);
                let e = a.sub(l[A_DPRIME + 2 * (x + 5 * y) + h], limb);
                a.every_row(e);
            }
        }
    }
    // Iota on lane 0.
    for z in 0..64 {
        let e = a.not_bit(l[A_DPRIME_00_BITS + z]);
        a.every_row(e);
    }
    for h in 0..2 {
        let bits = &l[A_DPRIME_00_BITS + 32 * h..A_DPRIME_00_BITS + 32 * h + 32];
        let limb = a.le_bits(bits);
        let e = a.sub(l[A_DPRIME + h], limb);
        a.every_row(e);
        let out_bits: Vec<A_::V> = (32 * h..32 * h + 32)
            .map(|z| {
                let mut rc = a.cst(0);
                for (r, k) in RC.iter().enumerate() {
                    if (k >> z) & 1 == 1 {
                        rc = a.add(rc, l[FLAGS + r]);
                    }
                }
                a.xor(l[A_DPRIME_00_BITS + z], rc)
            })
            .collect();
        let limb = a.le_bits(&out_bits);
        let e = a.sub(l[OUT_00 + h], limb);
        a.every_row(e);
    }
}

impl_stark!(KeccakStark, columns: NUM_COLUMNS, public_inputs: 0, |_table, a, local, next, _public| {
    eval(a, local, next)
});

/// Rows for `perms` permutations (their inputs), padded with permutations of the zero state
/// (`REAL = 0`) to `rows` rows. Written column by column (no row-major copy).
pub fn generate_trace<F: Field>(perms: &[[u64; 25]], rows: usize) -> Vec<PolynomialValues<F>> {
    assert!(rows.is_power_of_two() && rows >= perms.len() * NUM_ROUNDS);
    let mut cols = vec![vec![F::ZERO; rows]; NUM_COLUMNS];
    let mut set = |col: usize, row: usize, v: u64| cols[col][row] = F::from_canonical_u64(v);
    let limbs = |lanes: &[u64; 25], i: usize| [lanes[i] & 0xFFFF_FFFF, lanes[i] >> 32];
    let n_perms = rows.div_ceil(NUM_ROUNDS);
    let zero = [0u64; 25];
    for p in 0..n_perms {
        let (input, real) = match perms.get(p) {
            Some(s) => (s, 1),
            None => (&zero, 0),
        };
        let mut state = *input;
        for r in 0..NUM_ROUNDS {
            let row = p * NUM_ROUNDS + r;
            if row >= rows {
                break;
            }
            let v = round(&state, r);
            set(FLAGS + r, row, 1);
            set(REAL, row, real);
            for i in 0..25 {
                for h in 0..2 {
                    set(PRE + 2 * i + h, row, limbs(input, i)[h]);
                    set(A + 2 * i + h, row, limbs(&state, i)[h]);
                    set(A_DPRIME + 2 * i + h, row, limbs(&v.a_dprime, i)[h]);
                }
            }
            for x in 0..5 {
                for z in 0..64 {
                    set(c(x, z), row, (v.c[x] >> z) & 1);
                    set(c_prime(x, z), row, (v.c_prime[x] >> z) & 1);
                    for y in 0..5 {
                        set(a_prime(x, y, z), row, (v.a_prime[x + 5 * y] >> z) & 1);
                    }
                }
            }
            for z in 0..64 {
                set(A_DPRIME_00_BITS + z, row, (v.a_dprime[0] >> z) & 1);
            }
            set(OUT_00, row, v.out[0] & 0xFFFF_FFFF);
            set(OUT_00 + 1, row, v.out[0] >> 32);
            state = v.out;
        }
    }
    cols.into_iter().map(PolynomialValues::new).collect()
}
