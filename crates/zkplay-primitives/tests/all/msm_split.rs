//! halo2curves' parallel MSM against a sum of one scalar multiplication at a time, on inputs
//! whose work is far from uniform (as a prover's columns are): zeros, bits, bytes and full
//! scalars, bunched at either end or alternating, with 2, 3 and 4 threads. The threaded halo2
//! wasm splits the points between threads by work (crates/patches/
//! halo2curves-axiom-0.7.3-msm-balanced-split.patch), which can leave a thread's part empty;
//! the `rust-wasm-patches` suite runs this against the patched crate, plain `cargo test`
//! against upstream.

use halo2curves_axiom::{
    bn256::{Fr, G1Affine, G1},
    ff::Field,
    group::{Curve, Group},
    msm::msm_parallel,
};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

fn naive(scalars: &[Fr], points: &[G1Affine]) -> G1 {
    scalars.iter().zip(points).fold(G1::identity(), |acc, (s, p)| acc + *p * *s)
}

/// Scalars of each kind a prover commits to.
fn scalar(kind: u64, rng: &mut ChaCha20Rng) -> Fr {
    match kind {
        0 => Fr::ZERO,
        1 => Fr::from(rng.next_u64() & 1),
        2 => Fr::from(rng.next_u64() & 0xff),
        3 => -Fr::ONE,
        _ => Fr::random(&mut *rng),
    }
}

#[test]
fn parallel_msm_equals_the_naive_sum_on_skewed_inputs() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let n = 300;
    let points: Vec<G1Affine> = (0..n).map(|_| (G1::generator() * Fr::random(&mut rng)).to_affine()).collect();
    #[allow(clippy::type_complexity, reason = "a table of named scalar layouts, read right below")]
    let layouts: [(&str, Box<dyn Fn(usize) -> u64>); 6] = [
        ("full scalars first, zeros after", Box::new(|i| if i < 20 { 4 } else { 0 })),
        ("zeros first, full scalars last", Box::new(|i| if i >= n - 3 { 4 } else { 0 })),
        ("one full scalar", Box::new(|i| if i == 150 { 4 } else { 0 })),
        ("all zero", Box::new(|_| 0)),
        ("bits and bytes, then full", Box::new(|i| if i < 200 { 1 + (i as u64 % 2) } else { 4 })),
        ("every kind in turn", Box::new(|i| i as u64 % 5)),
    ];
    for threads in [2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        for (name, kind) in &layouts {
            let scalars: Vec<Fr> = (0..n).map(|i| scalar(kind(i), &mut rng)).collect();
            let got = pool.install(|| msm_parallel(&scalars, &points));
            assert_eq!(got, naive(&scalars, &points), "{name}, {threads} threads");
        }
        // Fewer points than threads: one serial MSM.
        let few: Vec<Fr> = (0..threads).map(|_| Fr::random(&mut rng)).collect();
        assert_eq!(pool.install(|| msm_parallel(&few, &points[..threads])), naive(&few, &points[..threads]));
    }
}
