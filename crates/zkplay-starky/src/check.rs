//! Constraint checks on plain traces, row by row, without proving: the malicious-prover tests
//! use them to say WHICH row a forgery breaks (a proof only says that something failed).

use plonky2::field::goldilocks_field::GoldilocksField as F;
use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::{Field, Sample};
use starky::constraint_consumer::ConstraintConsumer;
use starky::evaluation_frame::StarkEvaluationFrame;
use starky::stark::Stark;

/// The first row where some constraint of `stark` fails on `trace` (columns), if any.
pub fn first_failing_row<S: Stark<F, 2>>(stark: &S, trace: &[PolynomialValues<F>], pis: &[F]) -> Option<usize> {
    let n = trace[0].len();
    let alpha = F::rand();
    for row in 0..n {
        let local: Vec<F> = trace.iter().map(|c| c.values[row]).collect();
        let next: Vec<F> = trace.iter().map(|c| c.values[(row + 1) % n]).collect();
        let frame = S::EvaluationFrame::<F, F, 1>::from_values(&local, &next, pis);
        let is = |b: bool| if b { F::ONE } else { F::ZERO };
        let mut cc = ConstraintConsumer::<F>::new(vec![alpha], is(row != n - 1), is(row == 0), is(row == n - 1));
        stark.eval_packed_base(&frame, &mut cc);
        if cc.accumulators()[0] != F::ZERO {
            return Some(row);
        }
    }
    None
}
