//! The batch-affine G1 multi-scalar multiplication that crates/patches/bls12_381-0.9.0-wasm-mul29.patch
//! adds to bls12_381 for bellman's prover on wasm32 (`bls12_381::zkplay_msm`), against a sum of
//! one scalar multiplication at a time (upstream's double-and-add: no code shared).
//!
//! Compiled only with `--cfg zkplay_wasm_patches` (the `rust-wasm-patches` suite of `npm test`).
//! The inputs aim at the cases the batch-affine additions treat apart or can get wrong: a point
//! added to a bucket holding the same point (a doubling) or its negation (the bucket empties),
//! many points in one bucket (additions deferred to later batches, again and again), points at
//! infinity, scalars 0, 1, q - 1 and (q - 1) / 2 (the largest signed digits and the top window's
//! carry), and every window width the code allows.

use bls12_381::zkplay_msm::{combine, msm, signed_digits, window_sum, windows};
use bls12_381::{G1Affine, G1Projective, Scalar};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::hash_map::{Entry, HashMap};

fn random_scalar(rng: &mut ChaCha20Rng) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_wide(&wide)
}

fn random_point(rng: &mut ChaCha20Rng) -> G1Affine {
    G1Affine::from(G1Affine::generator() * random_scalar(rng))
}

/// The sum of `s_i * P_i`, one scalar multiplication per distinct base: the scalars of equal
/// bases are added first (Σ s_i·P = (Σ s_i)·P). Under the patch's 29-bit limbs a scalar
/// multiplication costs milliseconds natively, and the crowded-bucket cases repeat a few bases
/// thousands of times: one per input cost ~10 of this binary's ~55 s of CPU. The MSM still gets
/// every input, repeats included; the reference shares no code with it either way.
fn naive(bases: &[G1Affine], scalars: &[Scalar]) -> G1Projective {
    let mut grouped: Vec<(G1Affine, Scalar)> = Vec::new();
    let mut index: HashMap<[u8; 48], usize> = HashMap::new();
    for (p, s) in bases.iter().zip(scalars) {
        match index.entry(p.to_compressed()) {
            Entry::Occupied(at) => grouped[*at.get()].1 += s,
            Entry::Vacant(at) => {
                at.insert(grouped.len());
                grouped.push((*p, *s));
            }
        }
    }
    grouped.iter().fold(G1Projective::identity(), |acc, (p, s)| acc + p * s)
}

/// The MSM with window width `c`, through the per-window API the prover uses.
fn msm_with(bases: &[G1Affine], scalars: &[Scalar], c: u32) -> G1Projective {
    let sums: Vec<G1Projective> = signed_digits(scalars, c).iter().map(|d| window_sum(bases, d, c)).collect();
    combine(&sums, c)
}

fn edge_scalars() -> Vec<Scalar> {
    let minus_one = -Scalar::one();
    let half = minus_one * Scalar::from(2).invert().unwrap();
    vec![Scalar::zero(), Scalar::one(), minus_one, half, half + Scalar::one(), Scalar::from(u64::MAX), -Scalar::from(2)]
}

#[test]
fn signed_digits_add_up_to_the_scalar_and_stay_in_range() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut scalars = edge_scalars();
    scalars.extend((0..50).map(|_| random_scalar(&mut rng)));
    for c in 2..=16u32 {
        let digits = signed_digits(&scalars, c);
        assert_eq!(digits.len(), windows(c));
        for (i, s) in scalars.iter().enumerate() {
            let mut acc = Scalar::zero();
            for w in (0..digits.len()).rev() {
                let d = digits[w][i];
                assert!(d.unsigned_abs() <= 1 << (c - 1), "c = {c}: digit {d} out of range");
                acc *= Scalar::from(1u64 << c);
                acc += if d >= 0 { Scalar::from(d as u64) } else { -Scalar::from(d.unsigned_abs() as u64) };
            }
            assert_eq!(acc, *s, "c = {c}, scalar {i}");
        }
    }
}

#[test]
fn random_inputs_at_every_window_width() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for n in [1usize, 2, 3, 100, 700] {
        let bases: Vec<G1Affine> = (0..n).map(|_| random_point(&mut rng)).collect();
        let scalars: Vec<Scalar> = (0..n).map(|_| random_scalar(&mut rng)).collect();
        let want = naive(&bases, &scalars);
        assert_eq!(msm(&bases, &scalars), want, "n = {n}, default width");
        for c in [2u32, 3, 5, 8, 13, 16] {
            assert_eq!(msm_with(&bases, &scalars, c), want, "n = {n}, c = {c}");
        }
    }
}

#[test]
fn doublings_negations_infinity_and_crowded_buckets() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let p = random_point(&mut rng);
    let q = random_point(&mut rng);
    let minus_p = G1Affine::from(-G1Projective::from(p));
    let cases: Vec<(&str, Vec<G1Affine>, Vec<Scalar>)> = vec![
        // The same point and digit 3000 times: every batch addition after the first is a doubling
        // or a point the bucket already holds a multiple of; most wait for later batches.
        ("one point, one scalar, 3000 times", vec![p; 3000], vec![Scalar::from(5); 3000]),
        ("a point then its negation", vec![p, minus_p, p, minus_p, q], vec![Scalar::from(7); 5]),
        (
            "p and -p with random scalars",
            [p, minus_p].repeat(600),
            (0..1200).map(|_| random_scalar(&mut rng)).collect(),
        ),
        ("points at infinity", vec![G1Affine::identity(), p, G1Affine::identity(), q], vec![Scalar::from(9); 4]),
        ("edge scalars", (0..7).map(|_| random_point(&mut rng)).collect(), edge_scalars()),
        ("all scalars zero", vec![p, q, p], vec![Scalar::zero(); 3]),
        ("nothing", vec![], vec![]),
    ];
    for (what, bases, scalars) in cases {
        let want = naive(&bases, &scalars);
        assert_eq!(msm(&bases, &scalars), want, "{what}");
        for c in [2u32, 4, 13] {
            assert_eq!(msm_with(&bases, &scalars, c), want, "{what}, c = {c}");
        }
    }
}

/// More points than one batch holds, several windows' worth, with repeats: the deferral and the
/// batch boundaries on a realistic mix.
#[test]
fn many_points_with_repeats() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let distinct: Vec<G1Affine> = (0..64).map(|_| random_point(&mut rng)).collect();
    let bases: Vec<G1Affine> = (0..5000).map(|i| distinct[(i * 7 + i / 13) % 64]).collect();
    let scalars: Vec<Scalar> =
        (0..5000).map(|i| if i % 3 == 0 { Scalar::from((i % 17) as u64) } else { random_scalar(&mut rng) }).collect();
    let want = naive(&bases, &scalars);
    for c in [4u32, 9, 12] {
        assert_eq!(msm_with(&bases, &scalars, c), want, "c = {c}");
    }
}
