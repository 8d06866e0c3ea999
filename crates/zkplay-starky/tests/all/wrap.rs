//! The recursive wrap: one circuit for a range of table heights; its public inputs are the
//! statement. Run by every `npm test`, at the production STARK configuration.
//!
//! The sound wrapper here is the production one (zk off, 2^16 rows), the very wrapper
//! contract.rs's fixture prepares from the key and prover data it builds: one build serves both
//! modules (whichever test asks first builds it, the others wait for it). It wraps Keccak tables
//! of 2^5 rows and of 2^8 rows, two heights of its multiple-heights FRI. A wrapper of its own
//! would be a second 2^16-row build in this binary (26-42 s of CPU) and would test a wrapper the
//! page never uses.

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport, Traces};
use zkplay_starky::verifier::verify_for;
use zkplay_starky::wrap::{build, WrapRange, Wrapper};
use zkplay_starky::{production_config, table_rows, Tables, RANGE};
use zkplay_wasm_runtime::statement::keccak256;

/// The two message sizes of `one_wrapper_for_several_sizes`: 1 block (sponge 2^5, Keccak 2^5
/// rows) and 8 blocks (sponge 2^5, Keccak 2^8 rows).
const LENGTHS: [usize; 2] = [3, 1000];

/// The production wrapper (range `RANGE`: sponge 2^5..2^11, Keccak 2^5..2^15), shared with
/// contract.rs.
fn sound_wrapper() -> &'static Wrapper {
    let w = &crate::contract::fixture().prover.wrapper;
    assert!(w.range == RANGE && w.data.common.degree_bits() == 16);
    w
}

/// The wrapper's range covers the test's lengths: two Keccak heights, one the least.
#[test]
fn range_is_what_the_lengths_need() {
    let rows: Vec<(usize, usize)> = LENGTHS.iter().map(|&l| table_rows(l)).collect();
    assert_eq!(rows, [(32, 32), (32, 256)]);
    assert!(RANGE.sponge.0 == 5 && RANGE.sponge.1 >= 5);
    assert!(RANGE.keccak.0 == 5 && RANGE.keccak.1 >= 8);
}

/// One wrapper wraps two heights of the Keccak table; a wrapped proof is refused for another
/// digest or length.
#[test]
fn one_wrapper_for_several_sizes() {
    let config = production_config();
    let tables = Tables::default();
    let w = sound_wrapper();
    for len in LENGTHS {
        let m: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let (tr, digest) = generate_traces(&m);
        assert_eq!(digest, keccak256(&m));
        let proof =
            prove_traces_for(&tables, &tr, &config, Some(RANGE.max_bits()), &mut ProveReport::default()).unwrap();
        verify_for(&tables, &proof, &digest, len as u64, &config, Some(RANGE.max_bits())).unwrap();
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

/// The all-dummy forgery: every sponge row dummy, no real permutation, an arbitrary digest.
/// Only the "row 0 is real" constraint stops it.
fn all_dummy_forgery(digest: &[u8; 32], len: u64) -> Traces {
    use plonky2::field::types::Field;
    use zkplay_starky::prover::public_inputs;
    use zkplay_starky::sponge_table as st;
    use zkplay_starky::{keccak_table as kt, F};

    let (mut tr, _) = generate_traces(&[]);
    let rows = tr.sponge[0].len();
    for c in tr.sponge.iter_mut() {
        c.values.iter_mut().for_each(|v| *v = F::ZERO);
    }
    for r in 0..rows {
        tr.sponge[st::IS_DUMMY].values[r] = F::ONE;
        tr.sponge[st::BLK].values[r] = F::from_canonical_usize(r);
        tr.sponge[st::LEN].values[r] = F::from_canonical_u64(len);
    }
    tr.keccak = kt::generate_trace(&[], tr.keccak[0].len());
    tr.public_inputs = public_inputs(digest, len);
    tr
}

/// A proof of a false statement from a weakened table (the all-dummy trace "proving" an
/// arbitrary digest) verifies natively against that weakened table, is not wrapped by the sound
/// wrapper, and is wrapped by a wrapper built from the weakened table: the wrapper checks exactly
/// the tables' constraints. The weakened wrapper takes 2^5-row tables only (the cheapest).
#[test]
fn sound_wrapper_refuses_all_dummy_forgery() {
    use zkplay_starky::{SpongeStark, Weaken};

    let config = production_config();
    let (digest, len) = ([0xAB; 32], 3u64);
    let tr = all_dummy_forgery(&digest, len);
    let weak = Tables {
        sponge: SpongeStark::weakened(Weaken { first_row_real: true, ..Weaken::default() }),
        ..Tables::default()
    };

    // Against the sound wrapper: a proof shaped for its range.
    let proof = prove_traces_for(&weak, &tr, &config, Some(RANGE.max_bits()), &mut ProveReport::default()).unwrap();
    verify_for(&weak, &proof, &digest, len, &config, Some(RANGE.max_bits())).unwrap();
    assert!(verify_for(&Tables::default(), &proof, &digest, len, &config, Some(RANGE.max_bits())).is_err());
    assert!(sound_wrapper().wrap(&proof, &config).is_err(), "the sound wrapper wrapped a forged proof");

    // The weakened wrapper wraps it (a proof shaped for its own, smallest range).
    let small = WrapRange { sponge: (5, 5), keccak: (5, 5) };
    let proof = prove_traces_for(&weak, &tr, &config, Some(small.max_bits()), &mut ProveReport::default()).unwrap();
    let weak_wrapper = build(&weak, &config, small, false);
    let wrapped = weak_wrapper.wrap(&proof, &config).unwrap();
    weak_wrapper.verify(&wrapped, &digest, len).unwrap();
}
