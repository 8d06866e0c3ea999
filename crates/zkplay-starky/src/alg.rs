//! One description of each table's constraints, evaluated three ways: on packed field values
//! (the prover's quotient and the native verifier), in a plonky2 circuit (the recursive
//! verifier), and on plain rows (the trace checker of [`crate::check`]). Writing the constraints
//! once keeps the three from drifting apart.

use plonky2::field::extension::Extendable;
use plonky2::field::packed::PackedField;
use plonky2::hash::hash_types::RichField;
use starky::constraint_consumer::{ConstraintConsumer, RecursiveConstraintConsumer};
/// The arithmetic is zkplay-plonky2's (its gates are written the same way): [`Num`] on values,
/// [`Circ`] on circuit targets, each carrying the constraint consumer as `with`.
pub use zkplay_plonky2::gates::{Arith, Circ, Num};

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
pub trait Alg: Arith {
    /// `e = 0` on `rows`.
    fn constrain(&mut self, rows: Rows, e: Self::V);

    fn every_row(&mut self, e: Self::V) {
        self.constrain(Rows::Every, e)
    }
    fn first_row(&mut self, e: Self::V) {
        self.constrain(Rows::First, e)
    }
    fn last_row(&mut self, e: Self::V) {
        self.constrain(Rows::Last, e)
    }
    fn transition(&mut self, e: Self::V) {
        self.constrain(Rows::Transition, e)
    }

    fn one_minus(&mut self, a: Self::V) -> Self::V {
        let one = self.cst(1);
        self.sub(one, a)
    }
    /// `a * (a - 1)`: zero iff `a` is a bit.
    fn not_bit(&mut self, a: Self::V) -> Self::V {
        let one = self.cst(1);
        let am1 = self.sub(a, one);
        self.mul(a, am1)
    }
    /// `a + b - 2ab`: the XOR of two bits (degree 2).
    fn xor(&mut self, a: Self::V, b: Self::V) -> Self::V {
        let s = self.add(a, b);
        let ab = self.mul(a, b);
        let two_ab = self.scale(ab, 2);
        self.sub(s, two_ab)
    }
    /// XOR of three bits (degree 3).
    fn xor3(&mut self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        let ab = self.xor(a, b);
        self.xor(ab, c)
    }
    /// `sum_i 2^i bits[i]`.
    fn le_bits(&mut self, bits: &[Self::V]) -> Self::V {
        let mut acc = self.cst(0);
        for (i, &b) in bits.iter().enumerate() {
            acc = self.scale_add(b, 1u64 << i, acc);
        }
        acc
    }
}

/// Packed evaluation (prover, native verifier, trace checker with `P = F`).
pub type PackedAlg<'a, P> = Num<P, &'a mut ConstraintConsumer<P>>;

impl<P: PackedField> Alg for PackedAlg<'_, P> {
    #[inline]
    fn constrain(&mut self, rows: Rows, e: P) {
        match rows {
            Rows::Every => self.with.constraint(e),
            Rows::First => self.with.constraint_first_row(e),
            Rows::Last => self.with.constraint_last_row(e),
            Rows::Transition => self.with.constraint_transition(e),
        }
    }
}

/// Circuit evaluation (the recursive verifier).
pub type CircuitAlg<'a, F, const D: usize> = Circ<'a, F, D, &'a mut RecursiveConstraintConsumer<F, D>>;

impl<F: RichField + Extendable<D>, const D: usize> Alg for CircuitAlg<'_, F, D> {
    fn constrain(&mut self, rows: Rows, e: Self::V) {
        match rows {
            Rows::Every => self.with.constraint(self.b, e),
            Rows::First => self.with.constraint_first_row(self.b, e),
            Rows::Last => self.with.constraint_last_row(self.b, e),
            Rows::Transition => self.with.constraint_transition(self.b, e),
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
                let ($this, $a) = (self, &mut $crate::alg::Num::<P, _>::new(yield_constr));
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
                let ($this, $a) = (self, &mut $crate::alg::Circ { b: builder, with: yield_constr });
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
