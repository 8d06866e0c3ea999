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

/// The rows a constraint holds on: the four kinds of constraint starky knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    Every,
    First,
    Last,
    /// Every row but the last (the constraint relates a row to the next).
    Transition,
}

/// Arithmetic on trace values and the constraints on them.
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
    /// `e = 0` on `rows`.
    fn constrain(&mut self, rows: Rows, e: Self::E);

    fn every_row(&mut self, e: Self::E) {
        self.constrain(Rows::Every, e)
    }
    fn first_row(&mut self, e: Self::E) {
        self.constrain(Rows::First, e)
    }
    fn last_row(&mut self, e: Self::E) {
        self.constrain(Rows::Last, e)
    }
    fn transition(&mut self, e: Self::E) {
        self.constrain(Rows::Transition, e)
    }

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
    fn constrain(&mut self, rows: Rows, e: P) {
        match rows {
            Rows::Every => self.cc.constraint(e),
            Rows::First => self.cc.constraint_first_row(e),
            Rows::Last => self.cc.constraint_last_row(e),
            Rows::Transition => self.cc.constraint_transition(e),
        }
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
    fn constrain(&mut self, rows: Rows, e: Self::E) {
        match rows {
            Rows::Every => self.cc.constraint(self.b, e),
            Rows::First => self.cc.constraint_first_row(self.b, e),
            Rows::Last => self.cc.constraint_last_row(self.b, e),
            Rows::Transition => self.cc.constraint_transition(self.b, e),
        }
    }
}

/// starky's `Stark` for a table whose constraints are one function over [`Alg`]: its packed and
/// circuit evaluations are then that function with [`PackedAlg`] and with [`CircuitAlg`], so
/// the two cannot differ. `|table, alg, local, next, public_inputs| body` names what the body
/// reads; every table here has degree 3 and takes part in the cross-table lookup.
macro_rules! impl_stark {
    ($t:ident, columns: $cols:expr, public_inputs: $pis:expr,
     |$this:ident, $a:ident, $local:ident, $next:ident, $public:ident| $body:expr) => {
        impl<F, const D: usize> ::starky::stark::Stark<F, D> for $t<F, D>
        where
            F: ::plonky2::hash::hash_types::RichField + ::plonky2::field::extension::Extendable<D>,
        {
            type EvaluationFrame<FE, P, const D2: usize>
                = ::starky::evaluation_frame::StarkFrame<P, P::Scalar, $cols, $pis>
            where
                FE: ::plonky2::field::extension::FieldExtension<D2, BaseField = F>,
                P: ::plonky2::field::packed::PackedField<Scalar = FE>;
            type EvaluationFrameTarget = ::starky::evaluation_frame::StarkFrame<
                ::plonky2::iop::ext_target::ExtensionTarget<D>,
                ::plonky2::iop::ext_target::ExtensionTarget<D>,
                $cols,
                $pis,
            >;

            fn eval_packed_generic<FE, P, const D2: usize>(
                &self,
                vars: &Self::EvaluationFrame<FE, P, D2>,
                yield_constr: &mut ::starky::constraint_consumer::ConstraintConsumer<P>,
            ) where
                FE: ::plonky2::field::extension::FieldExtension<D2, BaseField = F>,
                P: ::plonky2::field::packed::PackedField<Scalar = FE>,
            {
                use ::starky::evaluation_frame::StarkEvaluationFrame;
                let pis: Vec<P> = vars.get_public_inputs().iter().map(|&x| P::from(x)).collect();
                let ($this, $a) = (self, &mut $crate::alg::PackedAlg { cc: yield_constr });
                let ($local, $next, $public) = (vars.get_local_values(), vars.get_next_values(), &pis[..]);
                $body
            }

            fn eval_ext_circuit(
                &self,
                builder: &mut ::plonky2::plonk::circuit_builder::CircuitBuilder<F, D>,
                vars: &Self::EvaluationFrameTarget,
                yield_constr: &mut ::starky::constraint_consumer::RecursiveConstraintConsumer<F, D>,
            ) {
                use ::starky::evaluation_frame::StarkEvaluationFrame;
                let ($this, $a) = (self, &mut $crate::alg::CircuitAlg { b: builder, cc: yield_constr });
                let ($local, $next) = (vars.get_local_values(), vars.get_next_values());
                let $public = vars.get_public_inputs();
                $body
            }

            fn constraint_degree(&self) -> usize {
                3
            }

            fn requires_ctls(&self) -> bool {
                true
            }
        }
    };
}
pub(crate) use impl_stark;
