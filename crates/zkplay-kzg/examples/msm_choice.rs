//! Which MSM for the blob ops' fixed bases (the setup's 4096 G1 powers, src/fixed_base.rs):
//! Pippenger over points taken as unknown (the library's g1_lincomb, blst; natively on blst's
//! own thread pool, so pin it with `taskset -c 0` for one thread) against blst's fixed-base MSM
//! with precomputed tables per window width: build time, table MiB, MSM median.
//! `cargo run --release -p zkplay-kzg --example msm_choice -- [runs]`.
use std::{hint::black_box, time::Instant};

use ekzg_bls12_381::{fixed_base_msm::FixedBaseMSMPrecompBLST, lincomb::g1_lincomb, G1Point};
use rust_eth_kzg::TrustedSetup;

fn median(mut f: impl FnMut(), runs: usize) -> f64 {
    let mut s: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    s.sort_by(|a, b| a.total_cmp(b));
    s[s.len() / 2]
}

fn main() {
    let runs = std::env::args().nth(1).map(|r| r.parse().expect("runs: a number")).unwrap_or(5);
    let g1s = TrustedSetup::default().g1_monomial;
    let n = g1s.len();
    let scalars: Vec<_> = (0..n as u32).map(|i| zkplay_kzg::thesis::scalar("msm", i)).collect();
    let want = g1_lincomb(&g1s, &scalars).expect("same lengths");
    println!("pippenger n={n}: msm {:.1} ms", median(|| _ = black_box(g1_lincomb(&g1s, &scalars)), runs));
    for w in 4..=9 {
        let t = Instant::now();
        let table = FixedBaseMSMPrecompBLST::new(&g1s, w);
        let build = t.elapsed().as_secs_f64() * 1e3;
        assert_eq!(table.msm(scalars.clone()), want);
        let ms = median(|| _ = black_box(table.msm(scalars.clone())), runs);
        let mib = (n << (w - 1)) as f64 * std::mem::size_of::<G1Point>() as f64 / 1048576.0;
        println!("fixed-base w={w}: build {build:.0} ms, {mib:.0} MiB, msm {ms:.1} ms");
    }
}
