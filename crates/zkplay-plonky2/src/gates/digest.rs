//! The digest bytes, taken from the block that holds the length.

use super::*;

/// Eight digest bytes of one block: `d_out = d_in + t * sum_i 2^i bit_i`.
///
/// Wires: `t`, then per byte `d_in`, `d_out`, 8 bits (LSB first).
#[derive(Debug, Clone, Copy, Default)]
pub struct DigestGate;

impl DigestGate {
    pub const T: usize = 0;
    pub const BYTES: usize = 8;
    pub const NUM_WIRES: usize = 1 + 10 * Self::BYTES;
    const NUM_CONSTANTS: usize = 0;
    const DEGREE: usize = 2;

    pub const fn d_in(i: usize) -> usize {
        1 + 10 * i
    }
    pub const fn d_out(i: usize) -> usize {
        2 + 10 * i
    }
    pub const fn bit(i: usize, b: usize) -> usize {
        3 + 10 * i + b
    }
}

impl Constraints for DigestGate {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, _k: impl Wires<A::V>, mut emit: impl FnMut(A::V)) {
        let t = w(Self::T);
        for i in 0..Self::BYTES {
            let mut byte = w(Self::bit(i, 7));
            for b in (0..7).rev() {
                byte = a.add(byte, byte);
                byte = a.add(byte, w(Self::bit(i, b)));
            }
            let tb = a.mul(t, byte);
            let s = a.add(w(Self::d_in(i)), tb);
            let c = a.sub(w(Self::d_out(i)), s);
            emit(c);
        }
    }
}

impl_gate!(DigestGate, id: format!("ZkplayKeccakDigestGate{}", Self::BYTES), constraints: Self::BYTES);

impl RowWitness for DigestGate {
    const GENERATOR_ID: &'static str = "ZkplayKeccakDigestGenerator";
    fn inputs() -> Vec<usize> {
        let per_byte = |i| [Self::d_in(i)].into_iter().chain((0..8).map(move |b| Self::bit(i, b)));
        [Self::T].into_iter().chain((0..Self::BYTES).flat_map(per_byte)).collect()
    }
    fn fill<F: RichField>(get: Get<F>, set: Set<F>) -> anyhow::Result<()> {
        let t = get(Self::T);
        for i in 0..Self::BYTES {
            let byte = (0..8).fold(0u64, |acc, b| acc | (bit_of(get(Self::bit(i, b))) << b));
            set(Self::d_out(i), get(Self::d_in(i)) + t * F::from_canonical_u64(byte))?;
        }
        Ok(())
    }
}
