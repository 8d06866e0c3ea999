//! groth16 0.2's prover, written out for this backend so that the queries whose exponents are
//! bits are plain sums of their bases instead of bellman multi-exponentiations.
//!
//! Why: bellman's `multiexp` cuts every exponent into ceil(255 / c) windows (22 at this circuit's
//! size) and, in each window, folds its 2^c - 1 buckets with complete projective additions,
//! whether or not any exponent has a bit there. Every auxiliary variable of this circuit is a bit
//! (the compressions' sum, XOR and AND bits, the message bits, the mask, the counters, the
//! digest), so the L, A and B queries come down to "add the bases whose variable is 1", the 1s
//! all in window 0. bellman still folds 21 windows of empty buckets for each of them: about
//! 180,000 projective additions per G1 query, and as many in G2 for B. Only the H query (the
//! quotient's coefficients, full-width scalars) needs Pippenger's windows: bellman's natively,
//! and on wasm32 a batch-affine one ([`HQuery`]).
//!
//! Everything else is groth16's `create_proof`: the same assignment and densities (which bases a
//! query consumes), the same quotient (computed by `fft.rs`, with fewer products than bellman's
//! FFTs) and the same assembly, so for the same r and s this makes the
//! very proof groth16 makes (tests/prove_verify.rs checks it byte for byte). A query
//! with exponents that are not bits still works: those terms are multiplied out one by one.
use std::io;
use std::sync::Arc;

use bellman::multicore::{Waiter, Worker};
#[cfg(not(target_arch = "wasm32"))]
use bellman::multiexp::{multiexp, Exponent, FullDensity};
use bellman::{Circuit, ConstraintSystem, Index, LinearCombination, SynthesisError, Variable};
use bls12_381::{Bls12, G1Affine, G1Projective, G2Projective, Scalar};
use ff::Field;
use groth16::{Parameters, Proof};
use group::prime::PrimeCurve;
use group::Curve;

/// What synthesis leaves: each constraint's A, B and C evaluated at the witness, the
/// assignment, and which variables A and B use (a query holds bases for those only).
#[derive(Default)]
struct Assignment {
    a: Vec<Scalar>,
    b: Vec<Scalar>,
    c: Vec<Scalar>,
    inputs: Vec<Scalar>,
    aux: Vec<Scalar>,
    a_aux_density: Vec<bool>,
    b_input_density: Vec<bool>,
    b_aux_density: Vec<bool>,
}

/// `lc` at the witness, marking in the densities every variable it uses with a non-zero
/// coefficient (groth16's rule, which its key generator follows too).
fn eval(
    lc: &LinearCombination<Scalar>,
    (inputs, aux): (&[Scalar], &[Scalar]),
    mut input_density: Option<&mut Vec<bool>>,
    mut aux_density: Option<&mut Vec<bool>>,
) -> Scalar {
    let mut acc = Scalar::ZERO;
    for &(var, coeff) in lc.as_ref() {
        if coeff.is_zero_vartime() {
            continue;
        }
        let value = match var.get_unchecked() {
            Index::Input(i) => {
                if let Some(d) = input_density.as_deref_mut() {
                    d[i] = true;
                }
                inputs[i]
            }
            Index::Aux(i) => {
                if let Some(d) = aux_density.as_deref_mut() {
                    d[i] = true;
                }
                aux[i]
            }
        };
        acc += if coeff == Scalar::ONE { value } else { value * coeff };
    }
    acc
}

/// Appends a variable of value `value` to `values`, unused as yet by the queries whose
/// `densities` may use it (`eval` marks it when a constraint does); returns its index.
fn new_variable(values: &mut Vec<Scalar>, densities: &mut [&mut Vec<bool>], value: Scalar) -> usize {
    values.push(value);
    for density in densities {
        density.push(false);
    }
    values.len() - 1
}

impl ConstraintSystem<Scalar> for Assignment {
    type Root = Self;

    fn alloc<F, A, AR>(&mut self, _: A, f: F) -> Result<Variable, SynthesisError>
    where
        F: FnOnce() -> Result<Scalar, SynthesisError>,
        A: FnOnce() -> AR,
        AR: Into<String>,
    {
        let i = new_variable(&mut self.aux, &mut [&mut self.a_aux_density, &mut self.b_aux_density], f()?);
        Ok(Variable::new_unchecked(Index::Aux(i)))
    }

    fn alloc_input<F, A, AR>(&mut self, _: A, f: F) -> Result<Variable, SynthesisError>
    where
        F: FnOnce() -> Result<Scalar, SynthesisError>,
        A: FnOnce() -> AR,
        AR: Into<String>,
    {
        let i = new_variable(&mut self.inputs, &mut [&mut self.b_input_density], f()?);
        Ok(Variable::new_unchecked(Index::Input(i)))
    }

    fn enforce<A, AR, LA, LB, LC>(&mut self, _: A, a: LA, b: LB, c: LC)
    where
        A: FnOnce() -> AR,
        AR: Into<String>,
        LA: FnOnce(LinearCombination<Scalar>) -> LinearCombination<Scalar>,
        LB: FnOnce(LinearCombination<Scalar>) -> LinearCombination<Scalar>,
        LC: FnOnce(LinearCombination<Scalar>) -> LinearCombination<Scalar>,
    {
        let values = (&self.inputs[..], &self.aux[..]);
        let a = eval(&a(LinearCombination::zero()), values, None, Some(&mut self.a_aux_density));
        let b =
            eval(&b(LinearCombination::zero()), values, Some(&mut self.b_input_density), Some(&mut self.b_aux_density));
        let c = eval(&c(LinearCombination::zero()), values, None, None);
        self.a.push(a);
        self.b.push(b);
        self.c.push(c);
    }

    fn push_namespace<NR: Into<String>, N: FnOnce() -> NR>(&mut self, _: N) {}

    fn pop_namespace(&mut self) {}

    fn get_root(&mut self) -> &mut Self {
        self
    }
}

/// One query's part: the bases from `start` on, one per variable whose density is true (all of
/// them without a density), against those variables' values.
struct Query<G: PrimeCurve> {
    bases: Arc<Vec<G::Affine>>,
    start: usize,
    density: Option<Arc<Vec<bool>>>,
    exponents: Arc<Vec<Scalar>>,
}

impl<G: PrimeCurve<Scalar = Scalar>> Query<G> {
    /// sum of base * exponent: bases whose exponent is 1 are added, 0 skipped, and the rest
    /// multiplied out. In this circuit the rest are the three public inputs of the A query
    /// (L and the digest): a circuit with many variables that are not bits would want a
    /// multi-exponentiation there instead (not bellman's from inside this task: its `Waiter`
    /// panics when waited on from a pool thread). Refuses a base at infinity and a query
    /// shorter than its variables, as bellman does.
    fn sum(self) -> Result<G, SynthesisError> {
        let mut acc = G::identity();
        let mut next = self.start;
        for (i, exponent) in self.exponents.iter().enumerate() {
            if let Some(d) = &self.density {
                if !d[i] {
                    continue;
                }
            }
            let base = self.bases.get(next).ok_or_else(|| {
                SynthesisError::IoError(io::Error::new(io::ErrorKind::UnexpectedEof, "expected more bases"))
            })?;
            next += 1;
            if bool::from(group::CurveAffine::is_identity(base)) {
                return Err(SynthesisError::UnexpectedIdentity);
            }
            if exponent.is_zero_vartime() {
                continue;
            }
            if *exponent == Scalar::ONE {
                acc += base;
            } else {
                acc += *base * exponent;
            }
        }
        Ok(acc)
    }

    /// The sum of the query part (`bases` from `start` on) on bellman's pool, beside the others.
    fn spawn(
        worker: &Worker,
        bases: &Arc<Vec<G::Affine>>,
        start: usize,
        density: Option<&Arc<Vec<bool>>>,
        exponents: &Arc<Vec<Scalar>>,
    ) -> Waiter<Result<G, SynthesisError>>
    where
        G: Send + 'static,
        G::Affine: Send + Sync,
    {
        let query = Query::<G> { bases: bases.clone(), start, density: density.cloned(), exponents: exponents.clone() };
        worker.compute(move || query.sum())
    }
}

/// The H query's multi-exponentiation (full-width scalars), started on bellman's pool: natively
/// bellman's `multiexp`; on wasm32 the batch-affine one of crates/patches/
/// bls12_381-0.9.0-batch-affine-msm.patch, one task per window. Why only on wasm32: the patch
/// is applied to the wasm builds only, and the native reference stays upstream's bellman.
enum HQuery {
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Bellman(Waiter<Result<G1Projective, SynthesisError>>),
    #[cfg(target_arch = "wasm32")]
    Windows { c: u32, sums: Vec<Waiter<G1Projective>> },
}

impl HQuery {
    /// Refuses, as bellman does, a query with fewer bases than scalars or a base at infinity
    /// (a subverted key; bellman refuses those it reaches, this any of them).
    fn spawn(worker: &Worker, bases: &Arc<Vec<G1Affine>>, scalars: Vec<Scalar>) -> Result<Self, SynthesisError> {
        if bases.len() < scalars.len() {
            return Err(SynthesisError::IoError(io::Error::new(io::ErrorKind::UnexpectedEof, "expected more bases")));
        }
        if bases[..scalars.len()].iter().any(|p| bool::from(p.is_identity())) {
            return Err(SynthesisError::UnexpectedIdentity);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let exponents: Vec<Exponent<Scalar>> = scalars.iter().map(Exponent::from).collect();
            Ok(HQuery::Bellman(multiexp::<FullDensity, _, G1Projective, _>(
                worker,
                (bases.clone(), 0),
                FullDensity,
                Arc::new(exponents),
            )))
        }
        #[cfg(target_arch = "wasm32")]
        {
            use bls12_381::zkplay_msm::{signed_digits, window_bits, window_sum};
            let c = window_bits(scalars.len());
            let n = scalars.len();
            let digits = Arc::new(signed_digits(&scalars, c));
            let sums = (0..digits.len())
                .map(|w| {
                    let (bases, digits) = (bases.clone(), digits.clone());
                    worker.compute(move || window_sum(&bases[..n], &digits[w], c))
                })
                .collect();
            Ok(HQuery::Windows { c, sums })
        }
    }

    fn wait(self) -> Result<G1Projective, SynthesisError> {
        match self {
            HQuery::Bellman(w) => w.wait(),
            #[cfg(target_arch = "wasm32")]
            HQuery::Windows { c, sums } => {
                let sums: Vec<G1Projective> = sums.into_iter().map(Waiter::wait).collect();
                Ok(bls12_381::zkplay_msm::combine(&sums, c))
            }
        }
    }
}

/// A Groth16 proof of `circuit` with blinding (r, s): groth16 0.2's `create_proof` for Bls12,
/// with the L, A and B queries summed as [`Query::sum`] says.
pub fn create_proof<C: Circuit<Scalar>>(
    circuit: C,
    params: &Parameters<Bls12>,
    r: Scalar,
    s: Scalar,
) -> Result<Proof<Bls12>, SynthesisError> {
    let mut cs = Assignment::default();
    cs.alloc_input(|| "", || Ok(Scalar::ONE))?;
    circuit.synthesize(&mut cs)?;
    // Each input times 1 is a constraint: this makes the input polynomials independent.
    for i in 0..cs.inputs.len() {
        cs.enforce(|| "", |lc| lc + Variable::new_unchecked(Index::Input(i)), |lc| lc, |lc| lc);
    }

    let worker = Worker::new();
    let vk = &params.vk;
    if bool::from(vk.delta_g1.is_identity() | vk.delta_g2.is_identity()) {
        // A delta at infinity would be a subverted key (groth16 refuses it too).
        return Err(SynthesisError::UnexpectedIdentity);
    }

    // H: (A * B - C) / Z on a coset, back to coefficients, against the H query.
    let h = {
        let (a, b, c) = (std::mem::take(&mut cs.a), std::mem::take(&mut cs.b), std::mem::take(&mut cs.c));
        let mut coeffs = crate::fft::quotient(&worker, a, b, c)?;
        // H has degree n - 2: its top coefficient is zero, and the H query has n - 1 bases.
        coeffs.pop();
        HQuery::spawn(&worker, &params.h, coeffs)?
    };

    let n_inputs = cs.inputs.len();
    let inputs = Arc::new(std::mem::take(&mut cs.inputs));
    let aux = Arc::new(std::mem::take(&mut cs.aux));
    let a_aux_density = Arc::new(std::mem::take(&mut cs.a_aux_density));
    let b_input_density = Arc::new(std::mem::take(&mut cs.b_input_density));
    let b_aux_density = Arc::new(std::mem::take(&mut cs.b_aux_density));
    let b_inputs_used = b_input_density.iter().filter(|&&d| d).count();

    // The layouts groth16's ParameterSource gives: A holds every input, then the aux it uses; B
    // (G1 and G2) the inputs it uses, then the aux it uses.
    let w = &worker;
    let l = Query::<G1Projective>::spawn(w, &params.l, 0, None, &aux);
    let a_inputs = Query::<G1Projective>::spawn(w, &params.a, 0, None, &inputs);
    let a_aux = Query::<G1Projective>::spawn(w, &params.a, n_inputs, Some(&a_aux_density), &aux);
    let b_g1_inputs = Query::<G1Projective>::spawn(w, &params.b_g1, 0, Some(&b_input_density), &inputs);
    let b_g1_aux = Query::<G1Projective>::spawn(w, &params.b_g1, b_inputs_used, Some(&b_aux_density), &aux);
    let b_g2_inputs = Query::<G2Projective>::spawn(w, &params.b_g2, 0, Some(&b_input_density), &inputs);
    let b_g2_aux = Query::<G2Projective>::spawn(w, &params.b_g2, b_inputs_used, Some(&b_aux_density), &aux);

    // The assembly of groth16's create_proof: A = alpha + sum a + r delta, B = beta + sum b +
    // s delta, C = sum l + h + s A + r B1 - r s delta (with r, s as blinding).
    let mut g_a = vk.delta_g1 * r + vk.alpha_g1;
    let mut g_b = vk.delta_g2 * s + vk.beta_g2;
    let mut g_c = vk.delta_g1 * (r * s) + vk.alpha_g1 * s + vk.beta_g1 * r;
    let a_answer = a_inputs.wait()? + a_aux.wait()?;
    g_a += a_answer;
    g_c += a_answer * s;
    let b1_answer = b_g1_inputs.wait()? + b_g1_aux.wait()?;
    g_b += b_g2_inputs.wait()? + b_g2_aux.wait()?;
    g_c += b1_answer * r;
    g_c += h.wait()?;
    g_c += l.wait()?;
    Ok(Proof { a: g_a.to_affine(), b: g_b.to_affine(), c: g_c.to_affine() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeededRng;

    fn same_proof<C: Circuit<Scalar> + Clone>(circuit: C, params: &Parameters<Bls12>) {
        let (r, s) = (Scalar::from(0x1234_5678u64).square(), Scalar::from(987_654_321u64).invert().unwrap());
        let ours = create_proof(circuit.clone(), params, r, s).unwrap();
        let theirs = groth16::create_proof(circuit, params, r, s).unwrap();
        assert!(ours == theirs, "the proof differs from groth16's for the same r, s");
    }

    /// x^3 + x + 5 = y with x private: variables that are not bits, in every query.
    #[derive(Clone)]
    struct Cubic(Option<u64>);

    impl Circuit<Scalar> for Cubic {
        fn synthesize<CS: ConstraintSystem<Scalar>>(self, cs: &mut CS) -> Result<(), SynthesisError> {
            let value =
                |f: fn(Scalar) -> Scalar| self.0.map(|x| f(Scalar::from(x))).ok_or(SynthesisError::AssignmentMissing);
            let x = cs.alloc(|| "x", || value(|x| x))?;
            let x2 = cs.alloc(|| "x^2", || value(|x| x.square()))?;
            let x3 = cs.alloc(|| "x^3", || value(|x| x.square() * x))?;
            let y = cs.alloc_input(|| "y", || value(|x| x.square() * x + x + Scalar::from(5)))?;
            cs.enforce(|| "x * x", |lc| lc + x, |lc| lc + x, |lc| lc + x2);
            cs.enforce(|| "x^2 * x", |lc| lc + x2, |lc| lc + x, |lc| lc + x3);
            cs.enforce(|| "y", |lc| lc + x3 + x + (Scalar::from(5), CS::one()), |lc| lc + CS::one(), |lc| lc + y);
            Ok(())
        }
    }

    #[test]
    fn same_proof_as_groth16_with_variables_that_are_not_bits() {
        let params =
            groth16::generate_random_parameters::<Bls12, _, _>(Cubic(None), &mut SeededRng::from_system().unwrap())
                .unwrap();
        for x in [0, 1, 2, 3, 1 << 40] {
            same_proof(Cubic(Some(x)), &params);
        }
    }
}
