//! BLS12-381's field products (bls12_381 0.9.0, bellman's curve) against a reference that shares
//! no code with them: double-and-add modulo p over plain 64-bit words, with p and q written out
//! here from the curve's definition.
//!
//! Built with `--cfg zkplay_wasm_patches` (the `rust-wasm-patches` suite of `npm test`,
//! scripts/lib/wasm-patches.mjs), bls12_381 carries crates/patches/bls12_381-0.9.0-wasm-mul29.patch
//! with its wasm32 products switched on, and exposes them raw (`bls12_381::zkplay_wasm_patches`:
//! Montgomery limbs in and out). Every product and square of `Fp` and `Scalar` is then checked on
//! limbs chosen at the edges: 0, 1, p - 1, p - 2, Montgomery's one (R mod p), powers of two and
//! runs of ones across the 29-bit limbs and the 64-bit words, words of all ones below p, and
//! seeded random values. The result must be below p and equal a * b / R mod p for upstream's R
//! (2^384 and 2^256): the same representation, bit for bit.
//!
//! Without the flag (and with it) the public API is checked too: `Scalar` products from and to
//! canonical bytes, and a pairing's bilinearity, which runs `Fp` products through Fp2, Fp6 and
//! Fp12.

use bls12_381::{pairing, G1Affine, G2Affine, Scalar};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// p of BLS12-381's base field, little-endian 64-bit words.
const P: [u64; 6] = [
    0xb9fe_ffff_ffff_aaab,
    0x1eab_fffe_b153_ffff,
    0x6730_d2a0_f6b0_f624,
    0x6477_4b84_f385_12bf,
    0x4b1b_a7b6_434b_acd7,
    0x1a01_11ea_397f_e69a,
];

/// q of its scalar field.
const Q: [u64; 4] = [0xffff_ffff_0000_0001, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48];

fn lt<const L: usize>(a: &[u64; L], b: &[u64; L]) -> bool {
    (0..L).rev().find(|&i| a[i] != b[i]).is_some_and(|i| a[i] < b[i])
}

/// a + b or a - b word by word (`op` is `u64::overflowing_add` or `overflowing_sub`), and the
/// carry or borrow out of the top word.
fn ripple<const L: usize>(a: &[u64; L], b: &[u64; L], op: fn(u64, u64) -> (u64, bool)) -> ([u64; L], bool) {
    let mut out = [0u64; L];
    let mut carry = false;
    for i in 0..L {
        let (t, c1) = op(a[i], b[i]);
        let (t, c2) = op(t, carry as u64);
        out[i] = t;
        carry = c1 || c2;
    }
    (out, carry)
}

/// a - b, for a >= b.
fn sub<const L: usize>(a: &[u64; L], b: &[u64; L]) -> [u64; L] {
    let (d, borrow) = ripple(a, b, u64::overflowing_sub);
    assert!(!borrow);
    d
}

/// (a + b) mod p for a, b < p, the carry out of the top word kept.
fn add_mod<const L: usize>(a: &[u64; L], b: &[u64; L], p: &[u64; L]) -> [u64; L] {
    let (s, carry) = ripple(a, b, u64::overflowing_add);
    if carry || !lt(&s, p) {
        ripple(&s, p, u64::overflowing_sub).0
    } else {
        s
    }
}

/// a * b mod p by double-and-add over b's bits, most significant first.
fn mul_mod<const L: usize>(a: &[u64; L], b: &[u64; L], p: &[u64; L]) -> [u64; L] {
    let mut acc = [0u64; L];
    for bit in (0..64 * L).rev() {
        acc = add_mod(&acc, &acc, p);
        if (b[bit / 64] >> (bit % 64)) & 1 == 1 {
            acc = add_mod(&acc, a, p);
        }
    }
    acc
}

/// 2^(64 L) mod p: upstream's Montgomery R.
fn r_mod<const L: usize>(p: &[u64; L]) -> [u64; L] {
    let mut r = [0u64; L];
    r[0] = 1;
    for _ in 0..64 * L {
        r = add_mod(&r, &r, p);
    }
    r
}

fn one<const L: usize>() -> [u64; L] {
    core::array::from_fn(|i| (i == 0) as u64)
}

/// 2^k.
fn pow2<const L: usize>(k: usize) -> [u64; L] {
    core::array::from_fn(|i| if i == k / 64 { 1 << (k % 64) } else { 0 })
}

/// 2^k - 1: k ones.
fn ones<const L: usize>(k: usize) -> [u64; L] {
    core::array::from_fn(|i| match (i * 64).cmp(&k) {
        core::cmp::Ordering::Less if k - i * 64 >= 64 => u64::MAX,
        core::cmp::Ordering::Less => (1 << (k - i * 64)) - 1,
        _ => 0,
    })
}

/// Limbs below p at the edges of p, of the 29-bit limbs and of the words, then seeded random ones.
fn operands<const L: usize>(p: &[u64; L], seed: u64) -> (Vec<[u64; L]>, usize) {
    let bits = 64 * L - p[L - 1].leading_zeros() as usize; // 381, 255
    let p1 = sub(p, &one());
    let mut v = vec![[0; L], one(), pow2(1), p1, sub(&p1, &one()), r_mod(p), sub(&r_mod(p), &one())];
    // (p - 1) / 2 and its neighbour, p - 2^k, and powers of two and runs of ones on each side of
    // the 29-bit limb edges (29 m) and the word edges (64 m).
    let half: [u64; L] = core::array::from_fn(|i| (p1[i] >> 1) | if i + 1 < L { p1[i + 1] << 63 } else { 0 });
    v.push(half);
    v.push(add_mod(&half, &one(), p));
    let mut edges: Vec<usize> = (1..=bits / 29).map(|m| 29 * m).chain((1..L).map(|m| 64 * m)).collect();
    edges.push(bits - 1);
    for e in edges {
        for k in [e - 1, e, e + 1] {
            if k < bits {
                v.push(pow2(k));
                v.push(ones(k));
                v.push(sub(p, &pow2(k)));
            }
        }
    }
    // Words of all ones (below p), and alternating halves of ones.
    let mut w = [u64::MAX; L];
    w[L - 1] = p[L - 1] - 1;
    v.push(w);
    v.push(core::array::from_fn(|i| if i + 1 < L { 0xffff_ffff_0000_0000 } else { p[L - 1] >> 1 }));
    v.push(core::array::from_fn(|i| if i + 1 < L { 0x0000_0000_ffff_ffff } else { p[L - 1] >> 1 }));
    // Every 29-bit limb all ones, up to the top.
    v.push(ones(29 * ((bits - 1) / 29)));
    for x in &v {
        assert!(lt(x, p), "{x:x?} is not below p");
    }
    let edge_count = v.len();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    while v.len() < edge_count + 400 {
        let mut x: [u64; L] = core::array::from_fn(|_| rng.next_u64());
        x[L - 1] %= p[L - 1] + 1;
        if lt(&x, p) {
            v.push(x);
        }
    }
    (v, edge_count)
}

/// `mul` and `square` (raw Montgomery limbs) give a * b / R mod p, below p, for every pair of
/// edge values and for each random value with a few neighbours.
#[cfg_attr(not(zkplay_wasm_patches), allow(dead_code))]
fn check_montgomery<const L: usize>(
    name: &str,
    p: &[u64; L],
    seed: u64,
    mul: impl Fn(&[u64; L], &[u64; L]) -> [u64; L],
    square: impl Fn(&[u64; L]) -> [u64; L],
) -> usize {
    let r = r_mod(p);
    // got = a * b / R  <=>  got * R = a * b (mod p), got < p
    let check = |got: [u64; L], a: &[u64; L], b: &[u64; L], what: &str| {
        assert!(lt(&got, p), "{name}: {what} of {a:x?}, {b:x?} is {got:x?}, not below p");
        assert_eq!(mul_mod(&got, &r, p), mul_mod(a, b, p), "{name}: {what} of {a:x?}, {b:x?}: {got:x?}");
    };
    let (values, edges) = operands(p, seed);
    let mut checked = 0;
    for (i, a) in values.iter().enumerate() {
        check(square(a), a, a, "square");
        let partners: Vec<&[u64; L]> =
            if i < edges { values[..edges].iter().collect() } else { values.iter().skip(i).take(4).collect() };
        for b in partners {
            check(mul(a, b), a, b, "product");
            checked += 1;
        }
    }
    checked
}

/// The reference itself, on products small enough for u128.
#[test]
fn the_reference_multiplies_small_values() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x726566);
    for _ in 0..200 {
        let (a, b) = (rng.next_u64(), rng.next_u64());
        let want = a as u128 * b as u128;
        let words = |x: u128| -> [u64; 6] { core::array::from_fn(|i| if i < 2 { (x >> (64 * i)) as u64 } else { 0 }) };
        assert_eq!(mul_mod(&words(a as u128), &words(b as u128), &P), words(want));
    }
    // R mod q is Scalar's one, in Montgomery form.
    assert_eq!(mul_mod(&r_mod(&Q), &one(), &Q), r_mod(&Q));
    assert_eq!((-Scalar::one()).to_bytes(), le_bytes(&sub(&Q, &one())));
}

#[cfg(zkplay_wasm_patches)]
#[test]
fn fp_products_match_the_reference() {
    use bls12_381::zkplay_wasm_patches::{fp_mul, fp_square};
    let checked = check_montgomery("Fp", &P, 0x6670, fp_mul, fp_square);
    assert!(checked > 5000, "Fp: only {checked} products checked");
}

/// Fp2 products go through `Fp::sum_of_products`: the patched sum of two products must equal
/// upstream's interleaved algorithm (which shares no code with it) limb for limb, and a·b + c·d
/// of the reference, on the edge values paired with each other and with random ones.
#[cfg(zkplay_wasm_patches)]
#[test]
fn fp_sums_of_products_match_upstream_and_the_reference() {
    use bls12_381::zkplay_wasm_patches::fp_sum_of_products;
    let (values, edges) = operands(&P, 0x736f70);
    let r = r_mod(&P);
    let mut checked = 0;
    for (i, a) in values.iter().enumerate() {
        for (j, b) in values.iter().enumerate().take(if i < edges { edges } else { 3 }) {
            let (c, d) = (&values[(i + j + 1) % values.len()], &values[(i + 2 * j + 5) % values.len()]);
            let (patched, upstream) = fp_sum_of_products(&[*a, *c], &[*b, *d]);
            assert_eq!(patched, upstream, "a {a:x?} b {b:x?} c {c:x?} d {d:x?}");
            assert!(lt(&patched, &P));
            let want = add_mod(&mul_mod(a, b, &P), &mul_mod(c, d, &P), &P);
            assert_eq!(mul_mod(&patched, &r, &P), want, "a {a:x?} b {b:x?} c {c:x?} d {d:x?}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} sums checked");
}

#[cfg(zkplay_wasm_patches)]
#[test]
fn scalar_products_match_the_reference() {
    use bls12_381::zkplay_wasm_patches::{scalar_mul, scalar_square};
    let checked = check_montgomery("Scalar", &Q, 0x7363, scalar_mul, scalar_square);
    assert!(checked > 3000, "Scalar: only {checked} products checked");
}

fn le_bytes(x: &[u64; 4]) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (i, w) in x.iter().enumerate() {
        b[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    b
}

/// Canonical values (from_bytes multiplies by R^2, to_bytes reduces) multiplied through the API.
#[test]
fn scalar_api_products_match_the_reference() {
    let (values, edges) = operands(&Q, 0x617069);
    for (i, a) in values.iter().enumerate() {
        let fa = Scalar::from_bytes(&le_bytes(a)).unwrap();
        assert_eq!(fa.square().to_bytes(), le_bytes(&mul_mod(a, a, &Q)), "square of {a:x?}");
        let partners: Vec<&[u64; 4]> =
            if i < edges { values[..edges].iter().collect() } else { values.iter().skip(i).take(2).collect() };
        for b in partners {
            let fb = Scalar::from_bytes(&le_bytes(b)).unwrap();
            assert_eq!((fa * fb).to_bytes(), le_bytes(&mul_mod(a, b, &Q)), "{a:x?} * {b:x?}");
        }
    }
}

/// e(a G1, b G2) = e(G1, G2)^(a b): Fp products through the towers, and G1/G2 scalar products.
#[test]
fn pairing_is_bilinear() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x706169);
    let mut scalar = || {
        let mut w = [0u8; 64];
        rng.fill_bytes(&mut w);
        Scalar::from_bytes_wide(&w)
    };
    let (g1, g2) = (G1Affine::generator(), G2Affine::generator());
    let base = pairing(&g1, &g2);
    for _ in 0..2 {
        let (a, b) = (scalar(), scalar());
        let left = pairing(&G1Affine::from(g1 * a), &G2Affine::from(g2 * b));
        assert_eq!(left, base * (a * b));
        assert_ne!(left, base * (a * b + Scalar::one()));
    }
}
