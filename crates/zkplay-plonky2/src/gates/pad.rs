//! Message bytes and the padding rule derived from the length.

use super::*;

/// Eight bytes `j0..j0+8` of message block `k` (a block holds bytes `136k .. 136k+136`).
///
/// With `t = [k == K]`, `before = [k < K]` (K = the block holding the length L) and
/// `lt_j = [j < r]` (r = L mod 136), byte `136k + j` is a message byte iff
/// `m_j = before + t * lt_j` is 1; otherwise it must equal the padding:
/// `t * (lt_{j-1} - lt_j)` (0x01 at position L) `+ 128 * t * [j == 135]` (0x80 at the block's end).
/// The gate also checks that the 64 message bits and its `lt` bits are boolean and that `lt` is
/// non-increasing. Degree 3.
///
/// Wires: `t`, `before`, `lt_{j0-1} .. lt_{j0+7}` (9), 64 bits (byte-major, LSB first), then the
/// 8 internal `m_j`. Constant 0: 1 if this chunk holds the block's last byte (j = 135), else 0.
/// Every routed wire is an input set by the prover; the generator only computes `m_j`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PadGate;

wire_layout!(PadGate { T: 1, BEFORE: 1, LT: 9, BITS: 64, IS_MSG: 8 });

impl PadGate {
    const NUM_CONSTANTS: usize = 1;
    const DEGREE: usize = 3;
}

impl Constraints for PadGate {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, k: impl Wires<A::V>, mut emit: impl FnMut(A::V)) {
        for i in 0..64 {
            let c = a.boolean(w(Self::BITS + i));
            emit(c);
        }
        let one = a.cst(1);
        let t = w(Self::T);
        let before = w(Self::BEFORE);
        for b in 0..8 {
            let prev = w(Self::LT + b);
            let cur = w(Self::LT + b + 1);
            let c = a.boolean(cur);
            emit(c);
            // monotone: cur = 1 implies prev = 1
            let np = a.sub(one, prev);
            let c = a.mul(cur, np);
            emit(c);
            // m = before + t * cur
            let m = w(Self::IS_MSG + b);
            let tc = a.mul(t, cur);
            let e = a.add(before, tc);
            let c = a.sub(m, e);
            emit(c);
            // padding: (1 - m) * (byte - expected) = 0
            let mut byte = w(Self::BITS + 8 * b + 7);
            for i in (0..7).rev() {
                byte = a.add(byte, byte);
                byte = a.add(byte, w(Self::BITS + 8 * b + i));
            }
            let d = a.sub(prev, cur);
            let mut expected = a.mul(t, d);
            if b == 7 {
                let c128 = a.cst(128);
                let e = a.mul(c128, k(0));
                let e = a.mul(e, t);
                expected = a.add(expected, e);
            }
            let not_msg = a.sub(one, m);
            let diff = a.sub(byte, expected);
            let c = a.mul(not_msg, diff);
            emit(c);
        }
    }
}

impl_gate!(PadGate, id: "ZkplayKeccakPadGate", constraints: 64 + 4 * 8);

impl RowWitness for PadGate {
    const GENERATOR_ID: &'static str = "ZkplayKeccakPadGenerator";
    fn inputs() -> Vec<usize> {
        (0..Self::BITS).collect()
    }
    /// Every routed wire is an input: only `m_j` is computed.
    fn fill<F: RichField>(get: Get<F>, set: Set<F>) -> anyhow::Result<()> {
        let (t, before) = (get(Self::T), get(Self::BEFORE));
        for b in 0..8 {
            set(Self::IS_MSG + b, before + t * get(Self::LT + b + 1))?;
        }
        Ok(())
    }
}
