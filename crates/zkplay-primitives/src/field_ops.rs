//! Field arithmetic on operands chosen by the caller, for checking a wasm build's arithmetic
//! against a reference that shares no code with it (e2e/wide-arithmetic.spec.ts computes the
//! same with JavaScript BigInts). The wide-arithmetic builds run the crates' upstream 64-bit code
//! lowered to `i64.mul_wide_u` / `i64.add128`, which native tests cannot reach: only a browser
//! that has the instructions runs it.
//!
//! Every element crosses the boundary as little-endian bytes of its field's width and must be
//! canonical (below the modulus). For each pair (a, b) of `operands` the output holds a·b, a²,
//! a + b and a − b, in that order. `bellman-g1` is the exception: its operands are single
//! scalars k and its output [k]G, bls12_381's compressed encoding of 48 bytes (the bls12_381
//! crate keeps its base field private, so its products are reached through the curve).

use halo2curves_axiom::{bls12_381, bn256, ff::PrimeField};
use plonky2_field::{
    goldilocks_field::GoldilocksField,
    ops::Square as _,
    types::{Field as _, Field64 as _, PrimeField64 as _},
};

/// The fields, by the names the check uses: the crate, then the field.
pub const FIELDS: [&str; 7] =
    ["goldilocks", "bn254-fr", "bn254-fq", "bls12-381-fr", "bls12-381-fq", "bellman-fr", "bellman-g1"];

/// The byte width of one operand of `field`.
pub fn operand_width(field: &str) -> Result<usize, String> {
    Ok(match field {
        "goldilocks" => 8,
        "bn254-fr" | "bn254-fq" | "bls12-381-fr" | "bellman-fr" | "bellman-g1" => 32,
        "bls12-381-fq" => 48,
        _ => return Err(format!("unknown field {field:?} (known: {})", FIELDS.join(", "))),
    })
}

/// The results for `operands` (see the module's comment), or an error naming the first operand
/// that is not canonical or a length that is not whole operands.
pub fn field_ops(field: &str, operands: &[u8]) -> Result<Vec<u8>, String> {
    let width = operand_width(field)?;
    let per_item = if field == "bellman-g1" { width } else { 2 * width };
    if !operands.len().is_multiple_of(per_item) {
        return Err(format!(
            "{} bytes of operands is not a whole number of {per_item}-byte items for {field}",
            operands.len()
        ));
    }
    let items = operands.chunks_exact(per_item);
    match field {
        "goldilocks" => pairs(items, width, goldilocks),
        "bn254-fr" => pairs(items, width, halo2::<bn256::Fr>),
        "bn254-fq" => pairs(items, width, halo2::<bn256::Fq>),
        "bls12-381-fr" => pairs(items, width, halo2::<bls12_381::Fr>),
        "bls12-381-fq" => pairs(items, width, halo2::<bls12_381::Fq>),
        "bellman-fr" => pairs(items, width, bellman_scalar),
        _ => items
            .enumerate()
            .map(|(i, k)| bellman_g1(k).ok_or_else(|| not_canonical(field, i)))
            .collect::<Result<Vec<_>, _>>()
            .map(|v| v.concat()),
    }
}

fn not_canonical(field: &str, item: usize) -> String {
    format!("operand {item} is not a canonical {field} element (at least the modulus)")
}

/// One field's operations on a pair of operands: the four results, or which operand is not canonical.
type PairOp = fn(&[u8], &[u8]) -> Result<[Vec<u8>; 4], usize>;

/// Runs `op` on each pair, the error naming the pair's first operand that is not canonical.
fn pairs<'a>(items: impl Iterator<Item = &'a [u8]>, width: usize, op: PairOp) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for (i, pair) in items.enumerate() {
        let (a, b) = pair.split_at(width);
        let results =
            op(a, b).map_err(|which| format!("pair {i}, operand {which}: not canonical (at least the modulus)"))?;
        for r in results {
            out.extend(r);
        }
    }
    Ok(out)
}

fn goldilocks(a: &[u8], b: &[u8]) -> Result<[Vec<u8>; 4], usize> {
    let read = |bytes: &[u8], which: usize| {
        let n = u64::from_le_bytes(bytes.try_into().expect("8-byte operand"));
        if n < GoldilocksField::ORDER {
            Ok(GoldilocksField::from_canonical_u64(n))
        } else {
            Err(which)
        }
    };
    let (a, b) = (read(a, 0)?, read(b, 1)?);
    Ok([a * b, a.square(), a + b, a - b].map(|x| x.to_canonical_u64().to_le_bytes().to_vec()))
}

/// halo2curves-axiom's fields: their `Repr` is little-endian (checked by tests/field_ops.rs).
fn halo2<F: PrimeField>(a: &[u8], b: &[u8]) -> Result<[Vec<u8>; 4], usize> {
    let read = |bytes: &[u8], which: usize| {
        let mut repr = F::Repr::default();
        repr.as_mut().copy_from_slice(bytes);
        Option::<F>::from(F::from_repr(repr)).ok_or(which)
    };
    let (a, b) = (read(a, 0)?, read(b, 1)?);
    Ok([a * b, a.square(), a + b, a - b].map(|x| x.to_repr().as_ref().to_vec()))
}

/// bellman's scalar field: the bls12_381 crate's own code, not halo2curves'.
fn bellman_scalar(a: &[u8], b: &[u8]) -> Result<[Vec<u8>; 4], usize> {
    let read = |bytes: &[u8], which: usize| bellman_scalar_from(bytes).ok_or(which);
    let (a, b) = (read(a, 0)?, read(b, 1)?);
    Ok([a * b, a.square(), a + b, a - b].map(|x| x.to_bytes().to_vec()))
}

fn bellman_scalar_from(bytes: &[u8]) -> Option<::bls12_381::Scalar> {
    ::bls12_381::Scalar::from_bytes(bytes.try_into().expect("32-byte operand")).into()
}

fn bellman_g1(k: &[u8]) -> Option<Vec<u8>> {
    let k = bellman_scalar_from(k)?;
    Some(::bls12_381::G1Affine::from(::bls12_381::G1Affine::generator() * k).to_compressed().to_vec())
}
