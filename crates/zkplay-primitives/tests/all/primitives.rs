//! Every primitive's check at a small scale on each curve, and each check catching a wrong answer.

use halo2curves_axiom::{
    bls12_381::{self, Bls12},
    bn256::{self, Bn256},
    ff::{Field, PrimeField},
    fft::best_fft,
    group::{prime::PrimeCurveAffine, Curve, Group},
    msm::msm_best,
    pairing::Engine,
    CurveAffine,
};
use plonky2_field::{fft::fft, goldilocks_field::GoldilocksField, polynomial::PolynomialCoeffs, types::Field as _};
use zkplay_primitives::*;

fn ok(op: &str, curve: &str, log_n: u32) -> PrimitiveResult {
    let r = measure(&Case::new(op, curve, log_n), 2, 1).unwrap_or_else(|e| panic!("{op} {curve} 2^{log_n}: {e}"));
    assert!(r.checked);
    assert_eq!((r.op.as_str(), r.curve.as_str(), r.log_n, r.warmup), (op, curve, log_n, 1));
    assert_eq!(r.ms.samples.len(), 2);
    assert!(r.threads >= 1);
    r
}

#[test]
fn every_primitive_checks_on_bn254_and_bls12_381() {
    for curve in ["bn254", "bls12-381"] {
        for n in [0, 1, 2, 6] {
            ok("fft-fr", curve, n);
        }
        for n in [0, 1, 4] {
            ok("fft-g1", curve, n);
        }
        // 2^13: large enough for halo2curves' bucketed MSM (window ≥ 10), not only msm_parallel.
        for n in [0, 1, 6, 13] {
            ok("msm-g1", curve, n);
        }
        ok("pairing", curve, 0);
        for n in [0, 10] {
            ok("fr-mul", curve, n);
        }
        assert_eq!(ok("pairing", curve, 0).library, "halo2curves");
    }
}

#[test]
fn every_primitive_checks_on_goldilocks() {
    for n in [1, 2, 10] {
        assert_eq!(ok("fft-fr", "goldilocks", n).library, "plonky2_field");
    }
    for n in [0, 10] {
        ok("fr-mul", "goldilocks", n);
    }
}

#[test]
fn unknown_or_unsupported_cases_are_errors_not_panics() {
    for (op, curve, log_n) in [
        ("msm-g1", "goldilocks", 4),
        ("fft-g1", "goldilocks", 4),
        ("pairing", "goldilocks", 0),
        ("fft", "bn254", 4),
        ("fft-fr", "secp256k1", 4),
        ("fft-fr", "bn254", 23),
    ] {
        assert!(measure(&Case::new(op, curve, log_n), 1, 0).is_err(), "{op} {curve} {log_n}");
    }
    assert!(measure(&Case::new("fr-mul", "bn254", 4), 0, 0).is_err(), "zero runs");
    // Size 1 everywhere it is accepted (FFTs of one element are the identity).
    ok("fft-fr", "goldilocks", 0);
}

#[test]
fn default_cases_follow_the_go_order() {
    let cs = default_cases(5, 4, 12);
    let names: Vec<String> = cs.iter().map(|c| format!("{}/{}/{}", c.op, c.curve, c.log_n)).collect();
    let mut want = Vec::new();
    for curve in ["bn254", "bls12-381"] {
        want.extend([
            format!("fft-fr/{curve}/4"),
            format!("fft-fr/{curve}/5"),
            format!("fft-g1/{curve}/4"),
            format!("msm-g1/{curve}/10"),
            format!("msm-g1/{curve}/12"),
            format!("pairing/{curve}/0"),
            format!("fr-mul/{curve}/20"),
        ]);
    }
    want.extend(["fft-fr/goldilocks/4".into(), "fft-fr/goldilocks/5".into(), "fr-mul/goldilocks/20".into()]);
    assert_eq!(names, want);
    // The thesis's scales: 12 + 7 + 4 + 2 per pairing curve, then 12 + 1.
    assert_eq!(default_cases(15, 10, 16).len(), 2 * 25 + 13);
}

#[test]
fn result_json_has_the_go_shape() {
    let r = ok("fr-mul", "bn254", 4);
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = ["library", "op", "curve", "logN", "threads", "ms", "warmup", "checked"];
    let mut got = keys.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    let ms: Vec<&str> = v["ms"].as_object().unwrap().keys().map(String::as_str).collect();
    let mut ms = ms.clone();
    ms.sort();
    assert_eq!(ms, ["max", "median", "min", "samples"]);
}

#[test]
fn stat_matches_runresult() {
    let s = Stat::new(&[3.0, 1.0, 2.0]).unwrap();
    assert_eq!((s.median, s.min, s.max, s.samples.clone()), (2.0, 1.0, 3.0, vec![3.0, 1.0, 2.0]));
    assert_eq!(Stat::new(&[4.0, 1.0, 2.0, 3.0]).unwrap().median, 2.5);
    assert!(Stat::new(&[]).is_err());
    assert!(Stat::new(&[f64::NAN]).is_err());
}

// --- the checks catch wrong answers -------------------------------------------------------------

fn rand_fr<F: Field>(n: usize) -> Vec<F> {
    let mut rng = rng();
    (0..n).map(|_| F::random(&mut rng)).collect()
}

fn fft_fr_check_catches<F: PrimeField>() {
    let input = rand_fr::<F>(64);
    let mut out = input.clone();
    fft_fr(&mut out).unwrap();
    check_fft_fr(&input, &out).unwrap();
    // Against a naive DFT, out[i] = Σ a[j]·ω^(ij).
    let w = root_of_unity::<F>(6, false).unwrap();
    for i in [0usize, 1, 17, 63] {
        let wi = w.pow_vartime([i as u64]);
        let naive = input.iter().rev().fold(F::ZERO, |acc, a| acc * wi + a);
        assert!(naive == out[i], "element {i} differs from the naive DFT");
    }
    let mut bad = out.clone();
    bad[5] += F::ONE;
    assert!(check_fft_fr(&input, &bad).is_err());
    assert!(check_fft_fr(&input, &input).is_err(), "the input is not its own FFT");
    assert!(check_fft_fr(&input, &out[..32]).is_err());
}

#[test]
fn fft_fr_check_catches_a_wrong_element() {
    fft_fr_check_catches::<bn256::Fr>();
    fft_fr_check_catches::<bls12_381::Fr>();
}

fn fft_g1_check_catches<G: Group>()
where
    G::Scalar: PrimeField,
{
    let (input, _) = points_with_logs::<G>(&mut rng(), 16);
    let mut out = input.clone();
    fft_g1(&mut out, root_of_unity::<G::Scalar>(4, false).unwrap());
    check_fft_g1(&input, &out).unwrap();
    // The same transform as halo2curves' generic best_fft over the group.
    let mut lib = input.clone();
    best_fft(&mut lib, root_of_unity::<G::Scalar>(4, false).unwrap(), 4);
    assert!(lib == out, "fft_g1 differs from best_fft over G1");
    let mut bad = out.clone();
    bad[3] += G::generator();
    assert!(check_fft_g1(&input, &bad).is_err());
}

#[test]
fn fft_g1_check_catches_a_wrong_point() {
    fft_g1_check_catches::<bn256::G1>();
    fft_g1_check_catches::<bls12_381::G1>();
}

fn msm_check_catches<C: CurveAffine>() {
    for n in [1usize, 64, 300] {
        let (proj, logs) = points_with_logs::<C::CurveExt>(&mut rng(), n);
        let mut points = vec![C::identity(); n];
        C::CurveExt::batch_normalize(&proj, &mut points);
        let scalars = rand_fr::<C::ScalarExt>(n);
        let got = msm_best(&scalars, &points);
        check_msm(&points, &scalars, &logs, &got).unwrap();
        assert!(check_msm(&points, &scalars, &logs, &(got + C::generator())).is_err(), "a wrong sum passes");
        assert!(check_msm(&points, &scalars, &logs, &got.double()).is_err());
        // A wrong logarithm (the claim behind the cheap full-size check) is caught too.
        let mut bad_logs = logs.clone();
        bad_logs[n - 1] += C::ScalarExt::ONE;
        assert!(check_msm(&points, &scalars, &bad_logs, &got).is_err());
    }
}

#[test]
fn msm_check_catches_a_wrong_sum() {
    msm_check_catches::<bn256::G1Affine>();
    msm_check_catches::<bls12_381::G1Affine>();
}

fn pairing_check_catches<E: Engine>() {
    let (p, q) = (E::G1Affine::generator(), E::G2Affine::generator());
    let got = E::pairing(&p, &q);
    check_pairing::<E>(&p, &q, &got).unwrap();
    assert!(check_pairing::<E>(&p, &q, &got.double()).is_err());
    assert!(check_pairing::<E>(&p, &q, &E::Gt::identity()).is_err());
}

#[test]
fn pairing_check_catches_a_wrong_value() {
    pairing_check_catches::<Bn256>();
    pairing_check_catches::<Bls12>();
}

#[test]
fn fr_mul_check_catches_a_wrong_product() {
    fn chain<F: Field>() {
        let v = rand_fr::<F>(2);
        let (x0, y) = (v[0], v[1]);
        let got = (0..1000).fold(x0, |x, _| x * y);
        check_fr_mul(x0, y, 1000, got).unwrap();
        assert!(check_fr_mul(x0, y, 999, got).is_err());
        assert!(check_fr_mul(x0, y, 1000, got + F::ONE).is_err());
    }
    chain::<bn256::Fr>();
    chain::<bls12_381::Fr>();
    let (x0, y) = (GoldilocksField::from_canonical_u64(7), GoldilocksField::from_noncanonical_u64(u64::MAX - 5));
    let got = (0..1000).fold(x0, |x, _| x * y);
    check_fr_mul_goldilocks(x0, y, 1000, got).unwrap();
    assert!(check_fr_mul_goldilocks(x0, y, 1000, got + GoldilocksField::ONE).is_err());
}

#[test]
fn goldilocks_fft_check_catches_a_wrong_element() {
    let input: Vec<GoldilocksField> = (0..64u64).map(|i| GoldilocksField::from_noncanonical_u64(i * i + 3)).collect();
    let out = fft(PolynomialCoeffs::new(input.clone())).values;
    check_fft_goldilocks(&input, &out).unwrap();
    let mut bad = out.clone();
    bad[63] += GoldilocksField::ONE;
    assert!(check_fft_goldilocks(&input, &bad).is_err());
    assert!(check_fft_goldilocks(&input, &out[1..]).is_err());
}
