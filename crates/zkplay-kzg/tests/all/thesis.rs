//! The thesis's operations (src/thesis/) against the naive computation, at small sizes (2^4..2^6;
//! large ones are for benchmarks), a malicious prover's openings refused, and bad sizes refused
//! with their codes.

use ekzg_bls12_381::{traits::*, Scalar};
use rust_eth_kzg::TrustedSetup;
use zkplay_kzg::thesis::{
    fft::{DasExtension, Fft},
    fk20::Fk20,
    g1_points,
    kzg10::Kzg10,
    measure::{self, eval},
    polynomial, scalar, size_of_log,
};
use zkplay_kzg::Code;

fn setup() -> TrustedSetup {
    TrustedSetup::default()
}

#[test]
fn kzg10_opens_and_verifies_and_refuses_false_openings() {
    let s = setup();
    let k = Kzg10::new(&s, 32).unwrap();
    let p = polynomial(32);
    let c = k.commit(&p).unwrap();
    let z = scalar("t", 1);
    let (proof, y) = k.open(&p, z).unwrap();
    assert_eq!(y, eval(&p, z));
    assert!(k.verify(c, z, y, proof));
    // A malicious prover: another value, another point, a proof for another polynomial.
    assert!(!k.verify(c, z, y + Scalar::ONE, proof));
    assert!(!k.verify(c, z + Scalar::ONE, y, proof));
    let other = polynomial(31);
    let (proof2, y2) = k.open(&other, z).unwrap();
    assert!(!k.verify(c, z, y2, proof2));
    assert!(!k.verify(c, z, y, proof2));
}

#[test]
fn batch_verify_takes_all_true_openings_and_refuses_one_false() {
    let s = setup();
    let k = Kzg10::new(&s, 16).unwrap();
    let polys: Vec<Vec<Scalar>> = (0..4).map(|i| polynomial(16 - i)).collect();
    let zs: Vec<Scalar> = (0..4).map(|i| scalar("z", i)).collect();
    let cs: Vec<_> = polys.iter().map(|p| k.commit(p).unwrap()).collect();
    let (mut proofs, mut ys) = (vec![], vec![]);
    for (p, z) in polys.iter().zip(&zs) {
        let (pr, y) = k.open(p, *z).unwrap();
        proofs.push(pr);
        ys.push(y);
    }
    assert!(k.batch_verify(&cs, &zs, &ys, &proofs).unwrap());
    let mut bad = ys.clone();
    bad[2] += Scalar::ONE;
    assert!(!k.batch_verify(&cs, &zs, &bad, &proofs).unwrap());
    let mut swapped = proofs.clone();
    swapped.swap(0, 1);
    assert!(!k.batch_verify(&cs, &zs, &ys, &swapped).unwrap());
    assert_eq!(k.batch_verify(&cs, &zs[..3], &ys, &proofs).unwrap_err().code, Code::LengthMismatch);
    assert_eq!(k.batch_verify(&[], &[], &[], &[]).unwrap_err().code, Code::SizeOutOfRange);
}

#[test]
fn fk20_proofs_are_the_naive_openings() {
    let s = setup();
    for n in [16, 32, 64] {
        for ell in [1, 16] {
            if n <= ell {
                continue;
            }
            let f = Fk20::new(&s, n, ell).unwrap();
            let p = polynomial(n);
            let fk = f.all_proofs(&p).unwrap();
            assert_eq!(fk.len(), 2 * n / ell);
            for (k, proof) in fk.iter().enumerate() {
                assert_eq!(*proof, f.naive_proof(&p, k).unwrap(), "n {n}, ell {ell}, proof {k}");
            }
            let coset = f.coset(0);
            assert_eq!(coset.len(), ell);
            if ell == 1 {
                // Each single-point proof verifies at its own point, not at the next one's.
                let c = f.kzg().commit(&p).unwrap();
                let ys = f.values(&p).unwrap();
                for k in 0..fk.len() {
                    let z = f.coset(k)[0];
                    assert_eq!(ys[k], eval(&p, z));
                    assert!(f.kzg().verify(c, z, ys[k], fk[k]));
                    let next = (k + 1) % fk.len();
                    assert!(!f.kzg().verify(c, f.coset(next)[0], ys[next], fk[k]));
                }
            } else {
                // The coset is h·⟨μ⟩: its points' 16th powers are all h^16.
                let h16 = coset[0].pow_vartime([16]);
                assert!(coset.iter().all(|x| x.pow_vartime([16]) == h16));
            }
        }
    }
}

#[test]
fn fft_g1_inverse_is_identity_and_fft_fr_evaluates() {
    for n in [16, 32, 64] {
        let f = Fft::new(n).unwrap();
        let pts = g1_points(n);
        let back = f.ifft_g1(f.fft_g1(pts.clone()).unwrap()).unwrap();
        assert!(back.iter().zip(&pts).all(|(a, b)| a == b));
        assert!(f.fft_g1(pts.clone()).unwrap() != pts);
        let p = polynomial(n);
        let e = f.fft_fr(p.clone()).unwrap();
        for (i, w) in f.domain.roots.iter().enumerate() {
            assert_eq!(e[i], eval(&p, *w));
        }
    }
}

#[test]
fn das_extension_matches_evaluating_the_polynomial() {
    for width in [16, 32, 64] {
        let d = DasExtension::new(width).unwrap();
        let p = polynomial(width / 2);
        let evens: Vec<Scalar> = roots(width / 2).iter().map(|w| eval(&p, *w)).collect();
        let odd = d.extend(evens).unwrap();
        for (x, y) in d.odd_points().iter().zip(&odd) {
            assert_eq!(*y, eval(&p, *x));
        }
        // The odd points are the 2n-th roots that are not n-th roots.
        assert!(d.odd_points().iter().all(|x| x.pow_vartime([width as u64 / 2]) == -Scalar::ONE));
    }
}

fn roots(n: usize) -> Vec<Scalar> {
    ekzg_polynomial::domain::Domain::new(n).roots
}

#[test]
fn bad_sizes_get_codes() {
    let s = setup();
    assert_eq!(Kzg10::new(&s, 24).err().unwrap().code, Code::SizeNotPowerOfTwo);
    assert_eq!(Kzg10::new(&s, 8).err().unwrap().code, Code::SizeOutOfRange);
    assert_eq!(Kzg10::new(&s, 8192).err().unwrap().code, Code::SizeOutOfRange);
    assert_eq!(Fk20::new(&s, 16, 16).err().unwrap().code, Code::SizeOutOfRange);
    assert_eq!(Fk20::new(&s, 32, 4).err().unwrap().code, Code::SizeOutOfRange);
    assert_eq!(Fft::new(0).err().unwrap().code, Code::SizeNotPowerOfTwo);
    assert_eq!(Fft::new(1 << 16).err().unwrap().code, Code::SizeOutOfRange);
    assert_eq!(DasExtension::new(48).err().unwrap().code, Code::SizeNotPowerOfTwo);
    assert_eq!(size_of_log(99, (4, 15), "x").unwrap_err().code, Code::SizeOutOfRange);
    let k = Kzg10::new(&s, 16).unwrap();
    assert_eq!(k.commit(&polynomial(17)).unwrap_err().code, Code::SizeOutOfRange);
    assert_eq!(k.commit(&[]).unwrap_err().code, Code::SizeOutOfRange);
    let f = Fk20::new(&s, 32, 1).unwrap();
    assert_eq!(f.all_proofs(&polynomial(16)).unwrap_err().code, Code::SizeOutOfRange);
    assert_eq!(f.naive_proof(&polynomial(32), 64).unwrap_err().code, Code::SizeOutOfRange);
    let fft = Fft::new(16).unwrap();
    assert_eq!(fft.fft_g1(g1_points(8)).unwrap_err().code, Code::SizeOutOfRange);
    assert_eq!(measure::measure("fft_g1", 3, 1).unwrap_err().code, Code::SizeOutOfRange);
    assert_eq!(measure::measure("kzg10_commit", 13, 1).unwrap_err().code, Code::SizeOutOfRange);
    assert_eq!(measure::measure("nope", 4, 1).unwrap_err().code, Code::Library);
}

#[test]
fn every_op_measures_at_the_smallest_size() {
    for op in measure::OPS {
        let log = if op.ends_with("16") { 5 } else { 4 };
        let m = measure::measure(op, log, 2).unwrap_or_else(|e| panic!("{op}: {e}"));
        assert_eq!(m.samples_ms.len(), 2);
        assert!(m.to_json().contains(op));
    }
}
