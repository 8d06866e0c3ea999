//! One description of each table's constraints, evaluated three ways: on packed field values
//! (the prover's quotient and the native verifier), in a plonky2 circuit (the recursive
//! verifier), and on plain rows (the trace checker of [`crate::check`]). Writing the constraints
//! once keeps the three from drifting apart.

use plonky2::field::extension::Extendable;
use plonky2::field::packed::PackedField;
use plonky2::field::types::Field;
use plonky2::hash::hash_types::RichField;
use plonky2::iop::ext_target::ExtensionTarget;
use plonky2::plonk::circuit_builder::CircuitBuilder;
use starky::constraint_consumer::{ConstraintConsumer, RecursiveConstraintConsumer};

/// Arithmetic on trace values and the four kinds of constraint starky knows.
pub trait Alg {
    type E: Copy;
    fn add(&mut self, a: Self::E, b: Self::E) -> Self::E;
    fn sub(&mut self, a: Self::E, b: Self::E) -> Self::E;
    fn mul(&mut self, a: Self::E, b: Self::E) -> Self::E;
    /// The constant `c` (a canonical value).
    fn konst(&mut self, c: u64) -> Self::E;
    /// `c * a`.
    fn scale(&mut self, a: Self::E, c: u64) -> Self::E;
    /// `acc + c * a`.
    fn scale_add(&mut self, a: Self::E, c: u64, acc: Self::E) -> Self::E;
    /// Holds on every row.
    fn every_row(&mut self, e: Self::E);
    /// Holds on row 0.
    fn first_row(&mut self, e: Self::E);
    /// Holds on the last row.
    fn last_row(&mut self, e: Self::E);
    /// Holds on every row but the last (it relates a row to the next).
    fn transition(&mut self, e: Self::E);

    fn one_minus(&mut self, a: Self::E) -> Self::E {
        let one = self.konst(1);
        self.sub(one, a)
    }
    /// `a * (a - 1)`: zero iff `a` is a bit.
    fn not_bit(&mut self, a: Self::E) -> Self::E {
        let one = self.konst(1);
        let am1 = self.sub(a, one);
        self.mul(a, am1)
    }
    /// `a + b - 2ab`: the XOR of two bits (degree 2).
    fn xor(&mut self, a: Self::E, b: Self::E) -> Self::E {
        let s = self.add(a, b);
        let ab = self.mul(a, b);
        let two_ab = self.scale(ab, 2);
        self.sub(s, two_ab)
    }
    /// XOR of three bits (degree 3).
    fn xor3(&mut self, a: Self::E, b: Self::E, c: Self::E) -> Self::E {
        let ab = self.xor(a, b);
        self.xor(ab, c)
    }
    /// `sum_i 2^i bits[i]`.
    fn le_bits(&mut self, bits: &[Self::E]) -> Self::E {
        let mut acc = self.konst(0);
        for (i, &b) in bits.iter().enumerate() {
            acc = self.scale_add(b, 1u64 << i, acc);
        }
        acc
    }
}

/// Packed evaluation (prover, native verifier, trace checker with `P = F`).
pub struct PackedAlg<'a, P: PackedField> {
    pub cc: &'a mut ConstraintConsumer<P>,
}

impl<P: PackedField> Alg for PackedAlg<'_, P> {
    type E = P;
    #[inline]
    fn add(&mut self, a: P, b: P) -> P {
        a + b
    }
    #[inline]
    fn sub(&mut self, a: P, b: P) -> P {
        a - b
    }
    #[inline]
    fn mul(&mut self, a: P, b: P) -> P {
        a * b
    }
    #[inline]
    fn konst(&mut self, c: u64) -> P {
        P::from(P::Scalar::from_canonical_u64(c))
    }
    #[inline]
    fn scale(&mut self, a: P, c: u64) -> P {
        a * P::Scalar::from_canonical_u64(c)
    }
    #[inline]
    fn scale_add(&mut self, a: P, c: u64, acc: P) -> P {
        acc + a * P::Scalar::from_canonical_u64(c)
    }
    #[inline]
    fn every_row(&mut self, e: P) {
        self.cc.constraint(e)
    }
    #[inline]
    fn first_row(&mut self, e: P) {
        self.cc.constraint_first_row(e)
    }
    #[inline]
    fn last_row(&mut self, e: P) {
        self.cc.constraint_last_row(e)
    }
    #[inline]
    fn transition(&mut self, e: P) {
        self.cc.constraint_transition(e)
    }
}

/// Circuit evaluation (the recursive verifier).
pub struct CircuitAlg<'a, F: RichField + Extendable<D>, const D: usize> {
    pub b: &'a mut CircuitBuilder<F, D>,
    pub cc: &'a mut RecursiveConstraintConsumer<F, D>,
}

impl<F: RichField + Extendable<D>, const D: usize> Alg for CircuitAlg<'_, F, D> {
    type E = ExtensionTarget<D>;
    fn add(&mut self, a: Self::E, b: Self::E) -> Self::E {
        self.b.add_extension(a, b)
    }
    fn sub(&mut self, a: Self::E, b: Self::E) -> Self::E {
        self.b.sub_extension(a, b)
    }
    fn mul(&mut self, a: Self::E, b: Self::E) -> Self::E {
        self.b.mul_extension(a, b)
    }
    fn konst(&mut self, c: u64) -> Self::E {
        self.b.constant_extension(F::Extension::from_canonical_u64(c))
    }
    fn scale(&mut self, a: Self::E, c: u64) -> Self::E {
        self.b.mul_const_extension(F::from_canonical_u64(c), a)
    }
    fn scale_add(&mut self, a: Self::E, c: u64, acc: Self::E) -> Self::E {
        self.b.mul_const_add_extension(F::from_canonical_u64(c), a, acc)
    }
    fn every_row(&mut self, e: Self::E) {
        self.cc.constraint(self.b, e)
    }
    fn first_row(&mut self, e: Self::E) {
        self.cc.constraint_first_row(self.b, e)
    }
    fn last_row(&mut self, e: Self::E) {
        self.cc.constraint_last_row(self.b, e)
    }
    fn transition(&mut self, e: Self::E) {
        self.cc.constraint_transition(self.b, e)
    }
}
