//! src/field_ops.rs natively: the byte order it promises, and its refusals. Its arithmetic is
//! checked against JavaScript BigInts in each wasm build (e2e/wide-arithmetic.spec.ts).

use zkplay_primitives::field_ops::{field_ops, operand_width, FIELDS};

fn le(n: u64, width: usize) -> Vec<u8> {
    let mut v = n.to_le_bytes().to_vec();
    v.resize(width, 0);
    v
}

#[test]
fn elements_are_little_endian() {
    // 2 · 3 = 6, 2² = 4 and 2 + 3 = 5 in the low bytes; 2 − 3 = p − 1, so adding 1 gives 0.
    for field in FIELDS.iter().filter(|f| **f != "bellman-g1") {
        let w = operand_width(field).unwrap();
        let out = field_ops(field, &[le(2, w), le(3, w)].concat()).unwrap();
        assert_eq!(out.len(), 4 * w, "{field}");
        assert_eq!(out[..w], le(6, w)[..], "{field}: 2·3");
        assert_eq!(out[w..2 * w], le(4, w)[..], "{field}: 2²");
        assert_eq!(out[2 * w..3 * w], le(5, w)[..], "{field}: 2+3");
        // 2 − 3 = p − 1: adding 1 back must give 0.
        let back = field_ops(field, &[out[3 * w..].to_vec(), le(1, w)].concat()).unwrap();
        assert_eq!(back[2 * w..3 * w], le(0, w)[..], "{field}: (2−3)+1");
    }
}

#[test]
fn g1_of_one_is_the_generator() {
    let out = field_ops("bellman-g1", &le(1, 32)).unwrap();
    assert_eq!(out, bls12_381::G1Affine::generator().to_compressed().to_vec());
    let zero = field_ops("bellman-g1", &le(0, 32)).unwrap();
    assert_eq!(zero, bls12_381::G1Affine::identity().to_compressed().to_vec());
}

#[test]
fn refuses_what_is_not_whole_canonical_operands() {
    let e = field_ops("bn254-fr", &[0u8; 63]).unwrap_err();
    assert!(e.contains("not a whole number"), "{e}");
    let e = field_ops("goldilocks", &[[0u8; 8], [0xff; 8]].concat()).unwrap_err();
    assert!(e.contains("pair 0, operand 1: not canonical"), "{e}");
    let e = field_ops("bellman-g1", &[le(5, 32), vec![0xff; 32]].concat()).unwrap_err();
    assert!(e.contains("operand 1"), "{e}");
    let e = field_ops("p-256", &[]).unwrap_err();
    assert!(e.contains("unknown field"), "{e}");
}
