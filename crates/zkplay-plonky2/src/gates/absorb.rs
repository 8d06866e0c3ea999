//! `state ^= block` on one bit-slice, with the new column parities.

use super::*;

/// One bit-slice of `A = S ^ M` over the 17 rate lanes, with the column parities of `A`
/// computed from the column parities of `S` (capacity lanes are unchanged).
///
/// Wires: `S` rate bits (17), `M` bits (17), `C(S)` (5) in; `A` rate bits (17), `C(A)` (5) out;
/// 5 internal partial parities. Degree 3.
#[derive(Debug, Clone, Copy, Default)]
pub struct AbsorbGate;

wire_layout!(AbsorbGate { S_IN: RATE_LANES, M_IN: RATE_LANES, C_IN: 5, A_OUT: RATE_LANES, C_OUT: 5, PARTIAL: 5 });

impl AbsorbGate {
    const NUM_CONSTANTS: usize = 0;
    const DEGREE: usize = 3;

    /// The bits whose parity is the new `C[x]`: old `C[x]` and the message bits of column x
    /// (5 for x < 2, 4 otherwise), as wire indices.
    fn column(x: usize) -> ([usize; 5], usize) {
        let mut bits = [Self::C_IN + x; 5];
        let mut n = 1;
        for y in 0..5 {
            if lane(x, y) < RATE_LANES {
                bits[n] = Self::M_IN + lane(x, y);
                n += 1;
            }
        }
        (bits, n)
    }
}

impl Constraints for AbsorbGate {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, _k: impl Wires<A::V>, mut emit: impl FnMut(A::V)) {
        for l in 0..RATE_LANES {
            let x = a.xor(w(Self::S_IN + l), w(Self::M_IN + l));
            let c = a.sub(w(Self::A_OUT + l), x);
            emit(c);
        }
        for x in 0..5 {
            let (bits, n) = Self::column(x);
            let u = w(Self::PARTIAL + x);
            let p = a.xor3(w(bits[0]), w(bits[1]), w(bits[2]));
            let c = a.sub(u, p);
            emit(c);
            let p = if n == 5 { a.xor3(u, w(bits[3]), w(bits[4])) } else { a.xor(u, w(bits[3])) };
            let c = a.sub(w(Self::C_OUT + x), p);
            emit(c);
        }
    }
}

impl_gate!(AbsorbGate, id: "ZkplayKeccakAbsorbGate", constraints: RATE_LANES + 10);

impl RowWitness for AbsorbGate {
    const GENERATOR_ID: &'static str = "ZkplayKeccakAbsorbGenerator";
    fn inputs() -> Vec<usize> {
        (0..Self::A_OUT).collect()
    }
    fn fill<F: RichField>(get: Get<F>, set: Set<F>) -> anyhow::Result<()> {
        let g = |i: usize| bit_of(get(i));
        for l in 0..RATE_LANES {
            set(Self::A_OUT + l, F::from_canonical_u64(g(Self::S_IN + l) ^ g(Self::M_IN + l)))?;
        }
        for x in 0..5 {
            let (bits, n) = Self::column(x);
            let u = g(bits[0]) ^ g(bits[1]) ^ g(bits[2]);
            let p = bits[3..n].iter().fold(u, |acc, &i| acc ^ g(i));
            set(Self::PARTIAL + x, F::from_canonical_u64(u))?;
            set(Self::C_OUT + x, F::from_canonical_u64(p))?;
        }
        Ok(())
    }
}
