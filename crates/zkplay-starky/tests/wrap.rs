//! The recursive wrap: one circuit for a range of table heights; its public inputs are the
//! statement.

use web_time::Instant;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::verifier::verify_for;
use zkplay_starky::wrap::{build, WrapRange};
use zkplay_starky::{stark_config, Tables};
use zkplay_wasm_runtime::statement::keccak256;

/// The slowest test of the crate (a 2^17-row wrapper, built once and wrapping two sizes), run by
/// every `npm test`: it also shows a wrapped proof refused for another digest or length.
#[test]
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
        let proof =
            prove_traces_for(&tables, &tr, &config, Some(range.max_bits()), &mut ProveReport::default()).unwrap();
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

/// A proof of a false statement from a weakened table (an all-dummy trace "proving" an arbitrary
/// digest) verifies natively against that weakened table, is not wrapped by the sound wrapper,
/// and is wrapped by a wrapper built from the weakened table: the wrapper checks exactly the
/// tables' constraints. The smallest range (2^5 rows a table) keeps its two wrappers cheap enough
/// for every `npm test`.
#[test]
fn sound_wrapper_refuses_all_dummy_forgery() {
    use plonky2::field::types::Field;
    use zkplay_starky::prover::public_inputs;
    use zkplay_starky::sponge_table as st;
    use zkplay_starky::{keccak_table as kt, SpongeStark, Weaken, F};

    let config = stark_config();
    let range = WrapRange { sponge: (5, 5), keccak: (5, 5) };
    let (digest, len) = ([0xAB; 32], 3u64);
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
    tr.public_inputs = public_inputs(&digest, len);
    let weak = Tables {
        sponge: SpongeStark::weakened(Weaken { first_row_real: true, ..Weaken::default() }),
        ..Tables::default()
    };
    let proof = prove_traces_for(&weak, &tr, &config, Some(range.max_bits()), &mut ProveReport::default()).unwrap();
    verify_for(&weak, &proof, &digest, len, &config, Some(range.max_bits())).unwrap();
    assert!(verify_for(&Tables::default(), &proof, &digest, len, &config, Some(range.max_bits())).is_err());

    let sound = build(&Tables::default(), &config, range, false);
    assert!(sound.wrap(&proof, &config).is_err(), "the sound wrapper wrapped a forged proof");
    let weak_wrapper = build(&weak, &config, range, false);
    let wrapped = weak_wrapper.wrap(&proof, &config).unwrap();
    weak_wrapper.verify(&wrapped, &digest, len).unwrap();
}
