//! Field products against a reference that shares no code with them: schoolbook double-and-add
//! modulo p over plain integers. Natively this checks the upstream arithmetic; built with
//! `--cfg zkplay_wasm_patches` (the `rust-wasm-patches` suite of `npm test`, scripts/lib/wasm-patches.mjs)
//! it checks the wasm-only multiplications of crates/patches/ on this machine, where a wrong
//! product fails here instead of in a proof:
//! - halo2curves' 32-bit-limb Montgomery product (BN254 Fr and Fq, and secp256k1's "dense"
//!   fields, whose modulus is above 2^255 so the product's top carry is exercised);
//! - plonky2_field's Goldilocks product from four 32 x 32 multiplies.

use halo2curves_axiom::{bn256, ff::PrimeField, secp256k1};
use plonky2_field::{
    goldilocks_field::GoldilocksField,
    types::{Field as _, Field64, PrimeField64},
};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

type Limbs = [u64; 4];

fn limbs_of<F: PrimeField<Repr = [u8; 32]>>(x: &F) -> Limbs {
    let r = x.to_repr();
    core::array::from_fn(|i| u64::from_le_bytes(r[8 * i..8 * i + 8].try_into().unwrap()))
}

fn from_limbs<F: PrimeField<Repr = [u8; 32]>>(l: &Limbs) -> Option<F> {
    let mut r = [0u8; 32];
    for (i, w) in l.iter().enumerate() {
        r[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    F::from_repr(r).into()
}

/// (a + b) mod p for a, b < p, with the carry out of 256 bits kept.
fn add_mod(a: &Limbs, b: &Limbs, p: &Limbs) -> Limbs {
    let mut s = [0u64; 4];
    let mut carry = 0u128;
    for i in 0..4 {
        let t = a[i] as u128 + b[i] as u128 + carry;
        s[i] = t as u64;
        carry = t >> 64;
    }
    let geq = carry != 0 || (0..4).rev().find(|&i| s[i] != p[i]).is_none_or(|i| s[i] > p[i]);
    if geq {
        let mut borrow = 0i128;
        for i in 0..4 {
            let t = s[i] as i128 - p[i] as i128 + borrow;
            s[i] = t as u64;
            borrow = t >> 64;
        }
    }
    s
}

/// a * b mod p by double-and-add over b's bits, most significant first.
fn mul_mod(a: &Limbs, b: &Limbs, p: &Limbs) -> Limbs {
    let mut acc = [0u64; 4];
    for bit in (0..256).rev() {
        acc = add_mod(&acc, &acc, p);
        if (b[bit / 64] >> (bit % 64)) & 1 == 1 {
            acc = add_mod(&acc, a, p);
        }
    }
    acc
}

/// The field's products and squares of random elements and of edge values match the reference.
fn check_field<F: PrimeField<Repr = [u8; 32]>>(name: &str) {
    let p_minus_1 = limbs_of(&-F::ONE);
    let p = add_mod(&p_minus_1, &[1, 0, 0, 0], &[u64::MAX; 4]);
    let mut values: Vec<Limbs> =
        vec![[0; 4], [1, 0, 0, 0], [2, 0, 0, 0], p_minus_1, add_mod(&p_minus_1, &p_minus_1, &p)];
    // Below p, close to it, with limbs of all ones, and powers of two across the limbs.
    for k in [31u32, 32, 63, 64, 127, 128, 191, 192, 250] {
        values.push(core::array::from_fn(|i| if i == (k / 64) as usize { 1u64 << (k % 64) } else { 0 }));
    }
    values.push([u64::MAX, u64::MAX, u64::MAX, p[3] - 1]);
    values.push([0xffff_ffff, 0xffff_ffff_0000_0000, 0xffff_ffff, p[3] >> 1]);
    let mut rng = ChaCha20Rng::seed_from_u64(0x6d756c33);
    for _ in 0..400 {
        let mut l: Limbs = core::array::from_fn(|_| rng.next_u64());
        l[3] = l[3].checked_rem(p[3].wrapping_add(1)).unwrap_or(l[3]); // p[3] is all ones for secp256k1
        if from_limbs::<F>(&l).is_some() {
            values.push(l);
        }
    }
    let mut checked = 0;
    for (i, a) in values.iter().enumerate() {
        let fa = from_limbs::<F>(a).unwrap_or_else(|| panic!("{name}: {a:x?} is not below p"));
        assert_eq!(limbs_of(&fa.square()), mul_mod(a, a, &p), "{name}: square of {a:x?}");
        // every edge value against every value, random ones against a few neighbours
        let partners: Vec<&Limbs> =
            if i < 16 { values.iter().collect() } else { values.iter().skip(i).take(4).collect() };
        for b in partners {
            let fb = from_limbs::<F>(b).unwrap();
            assert_eq!(limbs_of(&(fa * fb)), mul_mod(a, b, &p), "{name}: {a:x?} * {b:x?}");
            checked += 1;
        }
    }
    assert!(checked > 1500, "{name}: only {checked} products checked");
}

#[test]
fn bn254_fr_products_match_the_reference() {
    check_field::<bn256::Fr>("BN254 Fr");
}

#[test]
fn bn254_fq_products_match_the_reference() {
    check_field::<bn256::Fq>("BN254 Fq");
}

#[test]
fn secp256k1_products_match_the_reference() {
    // Moduli above 2^255: the 32-bit product's result can reach 2^256 before its last subtraction.
    check_field::<secp256k1::Fp>("secp256k1 Fp");
    check_field::<secp256k1::Fq>("secp256k1 Fq");
}

#[test]
fn goldilocks_products_match_the_reference() {
    let p = GoldilocksField::ORDER;
    let mut values =
        vec![0, 1, 2, p - 1, p - 2, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, 0xffff_ffff_0000_0000, 1 << 63, p >> 1];
    let mut rng = ChaCha20Rng::seed_from_u64(0x676f6c64);
    values.extend((0..2000).map(|_| rng.next_u64() % p));
    for (i, &a) in values.iter().enumerate() {
        let partners: Vec<u64> = if i < 11 { values.clone() } else { values.iter().skip(i).take(4).copied().collect() };
        for b in partners {
            let got =
                (GoldilocksField::from_canonical_u64(a) * GoldilocksField::from_canonical_u64(b)).to_canonical_u64();
            assert_eq!(got as u128, (a as u128 * b as u128) % p as u128, "Goldilocks {a:#x} * {b:#x}");
        }
    }
}
