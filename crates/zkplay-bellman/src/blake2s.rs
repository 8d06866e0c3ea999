//! One BLAKE2s compression (RFC 7693, section 3.2) over bellman's `UInt32` gadgets, with the
//! offset counter `t` and the final-block flag `f` as circuit values instead of constants.
//!
//! bellman's own `gadgets::blake2s` hashes a message whose length is fixed when the circuit is
//! built (its compression takes `t: u64, f: bool`), so a circuit built for N blocks could only
//! hash messages of exactly N blocks. Here the circuit decides per proof which block is the
//! final one and what its counter is (see `circuit.rs`). Both cost nothing beyond their bits:
//! `v[12] ^ t` and `v[14] ^ (f ? 0xFFFFFFFF : 0)` XOR a variable into a constant, which
//! bellman's `Boolean::xor` resolves without a constraint.
use bellman::gadgets::boolean::Boolean;
use bellman::gadgets::multieq::MultiEq;
use bellman::gadgets::uint32::UInt32;
use bellman::{ConstraintSystem, SynthesisError};
use ff::PrimeField;

/// The BLAKE2s initialisation vector (the SHA-256 IV).
pub const IV: [u32; 8] =
    [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];

/// h\[0..8\] before the first block: IV with the parameter block of a 32-byte digest, no key,
/// no salt or personalisation (`0x0101_0000 ^ 32` into h\[0\]).
pub fn initial_state() -> [u32; 8] {
    let mut h = IV;
    h[0] ^= 0x0101_0000 ^ 32;
    h
}

const SIGMA: [[usize; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// The mixing function G on v\[a\], v\[b\], v\[c\], v\[d\] with message words x and y.
fn mix<S, CS, M>(
    mut cs: M,
    v: &mut [UInt32; 16],
    (a, b, c, d): (usize, usize, usize, usize),
    x: &UInt32,
    y: &UInt32,
) -> Result<(), SynthesisError>
where
    S: PrimeField,
    CS: ConstraintSystem<S>,
    M: ConstraintSystem<S, Root = MultiEq<S, CS>>,
{
    v[a] = UInt32::addmany(cs.namespace(|| "a + b + x"), &[v[a].clone(), v[b].clone(), x.clone()])?;
    v[d] = v[d].xor(cs.namespace(|| "d ^ a"), &v[a])?.rotr(16);
    v[c] = UInt32::addmany(cs.namespace(|| "c + d"), &[v[c].clone(), v[d].clone()])?;
    v[b] = v[b].xor(cs.namespace(|| "b ^ c"), &v[c])?.rotr(12);
    v[a] = UInt32::addmany(cs.namespace(|| "a + b + y"), &[v[a].clone(), v[b].clone(), y.clone()])?;
    v[d] = v[d].xor(cs.namespace(|| "d ^ a again"), &v[a])?.rotr(8);
    v[c] = UInt32::addmany(cs.namespace(|| "c + d again"), &[v[c].clone(), v[d].clone()])?;
    v[b] = v[b].xor(cs.namespace(|| "b ^ c again"), &v[c])?.rotr(7);
    Ok(())
}

/// F(h, m, t, f): the state after one block. `t` is the low word of the byte counter (the high
/// word is 0: no circuit here holds 2^32 bytes); `last` is the final-block flag.
pub fn compress<S: PrimeField, CS: ConstraintSystem<S>>(
    mut cs: CS,
    h: &[UInt32; 8],
    m: &[UInt32; 16],
    t: &UInt32,
    last: &Boolean,
) -> Result<[UInt32; 8], SynthesisError> {
    let iv = |i: usize| UInt32::constant(IV[i]);
    let mut v: [UInt32; 16] = std::array::from_fn(|i| if i < 8 { h[i].clone() } else { iv(i - 8) });
    v[12] = v[12].xor(cs.namespace(|| "v12 ^ t"), t)?;
    // v[14] ^ (f ? 0xFFFFFFFF : 0): each constant bit of the IV XOR the flag.
    let flag_word = UInt32::from_bits(&vec![last.clone(); 32]);
    v[14] = v[14].xor(cs.namespace(|| "v14 ^ f"), &flag_word)?;
    {
        let mut cs = MultiEq::new(&mut cs);
        for (round, s) in (0..10).map(|r| (r, SIGMA[r])) {
            let mut cs = cs.namespace(|| format!("round {round}"));
            const LANES: [(usize, usize, usize, usize); 8] = [
                (0, 4, 8, 12),
                (1, 5, 9, 13),
                (2, 6, 10, 14),
                (3, 7, 11, 15),
                (0, 5, 10, 15),
                (1, 6, 11, 12),
                (2, 7, 8, 13),
                (3, 4, 9, 14),
            ];
            for (i, lane) in LANES.into_iter().enumerate() {
                mix(cs.namespace(|| format!("G {i}")), &mut v, lane, &m[s[2 * i]], &m[s[2 * i + 1]])?;
            }
        }
    }
    let mut out = h.clone();
    for i in 0..8 {
        let mut cs = cs.namespace(|| format!("h{i} ^ v{i} ^ v{}", i + 8));
        out[i] = out[i].xor(cs.namespace(|| "h ^ v"), &v[i])?.xor(cs.namespace(|| "^ v+8"), &v[i + 8])?;
    }
    Ok(out)
}
