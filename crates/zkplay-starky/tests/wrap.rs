//! The recursive wrap: one circuit for a range of table heights; its public inputs are the
//! statement.

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::verifier::verify_for;
use zkplay_starky::wrap::{build, WrapRange};
use zkplay_starky::{stark_config, Tables};
use zkplay_wasm_runtime::statement::keccak256;

/// Slow (a 2^17-row wrapper: ~40 s to build, ~75 s per wrap on the shared 2-core machine):
/// `cargo test -p zkplay-starky --release --test wrap -- --ignored --nocapture`.
#[test]
#[ignore]
fn one_wrapper_for_several_sizes() {
    let config = stark_config();
    let tables = Tables::default();
    let range = WrapRange { sponge: (5, 7), keccak: (5, 11) };
    let t = Instant::now();
    let w = build(&tables, &config, range, false);
    eprintln!("wrapper build {:.1} s, degree bits {}", t.elapsed().as_secs_f64(), w.data.common.degree_bits());
    for len in [3usize, 1000] {
        let m: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let (tr, digest) = generate_traces(&m);
        assert_eq!(digest, keccak256(&m));
        let proof = prove_traces_for(&tables, &tr, &config, Some(range.max_bits()), &mut ProveReport::default()).unwrap();
        verify_for(&tables, &proof, &digest, len as u64, &config, Some(range.max_bits())).unwrap();
        let t = Instant::now();
        let wrapped = w.wrap(&proof, &config).unwrap();
        let wrap_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        w.verify(&wrapped, &digest, len as u64).unwrap();
        eprintln!(
            "len {len}: wrap {wrap_s:.1} s, verify {:.1} ms, wrapped proof {} bytes",
            t.elapsed().as_secs_f64() * 1e3,
            wrapped.to_bytes().len()
        );
        let mut d = digest;
        d[5] ^= 1;
        assert!(w.verify(&wrapped, &d, len as u64).is_err());
        assert!(w.verify(&wrapped, &digest, len as u64 + 1).is_err());
    }
}
