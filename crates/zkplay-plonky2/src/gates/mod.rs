//! Custom plonky2 gates for Keccak-f[1600] over bits.
//!
//! All values are bits held in Goldilocks elements. Every output is a polynomial
//! function of its inputs that maps booleans to booleans (`xor(a,b) = a+b-2ab`,
//! `xor3`, `chi(a,b,c) = a ^ (!b & c)`), so only the message bits need booleanity
//! checks (done in [`PadGate`]). Every constraint has degree <= 3 (intermediate
//! unrouted wires where needed), so that with at most two gate types per selector
//! group the filtered constraints stay within degree 5 = `max_quotient_degree_factor + 1`
//! for the blow-up-4 configuration of [`crate::config`].
//!
//! Each gate's constraints are written once, against the small [`Alg`] trait, and
//! evaluated three ways: on (packed) base-field values for the prover, on extension
//! values for the verifier, and on targets for recursive verification.
//!
//! Gates:
//! - [`RoundGate`]: one bit-slice `z` of a full Keccak round (theta, rho, pi, chi,
//!   iota) plus the column parities of its output (the next round's theta input).
//!   Rho and pi are pure wiring (copy constraints).
//! - [`AbsorbGate`]: one bit-slice `z` of `state ^= block` and its column parities.
//! - [`PadGate`]: 8 message bytes: booleanity, and the padding rule derived from the
//!   length.
//! - [`DigestGate`]: 8 digest bytes: packs bits into bytes and accumulates
//!   `digest += t_k * candidate_k` over the blocks (one-hot `t`).
//! - [`PoseidonRoundGate`]: one Poseidon round, used to hash the public inputs
//!   (see [`crate::config::ZkPoseidonHash`]).

#[cfg(not(feature = "std"))]
extern crate alloc;
#[cfg(not(feature = "std"))]
use alloc::{format, string::String, vec, vec::Vec};
use core::marker::PhantomData;

use plonky2::field::extension::Extendable;
use plonky2::field::goldilocks_field::GoldilocksField;
use plonky2::field::packed::PackedField;
use plonky2::field::types::Field;
use plonky2::gates::gate::Gate;
use plonky2::gates::packed_util::PackedEvaluableBase;
use plonky2::gates::util::StridedConstraintConsumer;
use plonky2::hash::hash_types::RichField;
use plonky2::hash::poseidon::{
    Poseidon, ALL_ROUND_CONSTANTS, HALF_N_FULL_ROUNDS, N_PARTIAL_ROUNDS, N_ROUNDS, SPONGE_WIDTH,
};
use plonky2::iop::ext_target::ExtensionTarget;
use plonky2::iop::generator::{GeneratedValues, SimpleGenerator, WitnessGeneratorRef};
use plonky2::iop::target::Target;
use plonky2::iop::witness::{PartitionWitness, Witness, WitnessWrite};
use plonky2::plonk::circuit_builder::CircuitBuilder;
use plonky2::plonk::circuit_data::CommonCircuitData;
use plonky2::plonk::vars::{
    EvaluationTargets, EvaluationVars, EvaluationVarsBase, EvaluationVarsBaseBatch, EvaluationVarsBasePacked,
};
use plonky2::util::serialization::{Buffer, IoResult, Read, Write};

/// Keccak rotation offsets `ROT[x][y]` (rho).
pub const ROT: [[usize; 5]; 5] =
    [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]];

/// Keccak-f[1600] round constants (iota).
pub use zkplay_wasm_runtime::keccak_f::RC;

/// Lanes of the rate (Keccak-256: 17 lanes = 136 bytes).
pub const RATE_LANES: usize = 17;

#[inline]
pub const fn lane(x: usize, y: usize) -> usize {
    x + 5 * y
}

/// For the chi input position `(X, Y)` (after pi), the theta-output lane `(x, y)` it comes from.
/// pi: `B[y][2x+3y] = A[x][y]`, so `X = y` and `Y = 2x + 3y (mod 5)`.
pub const fn pi_source(xx: usize, yy: usize) -> (usize, usize) {
    let y = xx;
    // 2x = Y - 3y (mod 5); 2^-1 = 3 (mod 5).
    let x = ((yy + 5 * 3 - 3 * y) * 3) % 5;
    (x, y)
}

// ---------------------------------------------------------------------------------------------
// A tiny algebra abstraction, so that each constraint system is written once.

/// Field arithmetic on (packed) values and on circuit targets: what constraints are written in.
/// Public because zkplay-starky states its tables' constraints in it too (carrying its constraint
/// consumer as `with`), so that one definition of each evaluation serves both crates.
pub trait Arith {
    type V: Copy;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(&mut self, a: Self::V, b: Self::V) -> Self::V;
    /// The constant `c` (a canonical value).
    fn cst(&mut self, c: u64) -> Self::V;
    /// `c * a`.
    fn scale(&mut self, a: Self::V, c: u64) -> Self::V;
    /// `acc + c * a`.
    fn scale_add(&mut self, a: Self::V, c: u64, acc: Self::V) -> Self::V;
}

/// Operations needed to state the Keccak gates' constraints.
pub(crate) trait Alg: Arith {
    /// `a ^ b` for bits: `a + b - 2ab`.
    fn xor(&mut self, a: Self::V, b: Self::V) -> Self::V {
        let s = self.add(a, b);
        let p = self.mul(a, b);
        let p2 = self.add(p, p);
        self.sub(s, p2)
    }
    /// `a ^ b ^ c` for bits: `a + b + c - 2(ab + bc + ca) + 4abc` (degree 3).
    fn xor3(&mut self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        let ab = self.xor(a, b);
        self.xor(ab, c)
    }
    /// `a ^ (!b & c)` for bits (degree 3).
    fn chi(&mut self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        let one = self.cst(1);
        let nb = self.sub(one, b);
        let t = self.mul(nb, c);
        self.xor(a, t)
    }
    /// Constraint `b (b - 1) = 0`.
    fn boolean(&mut self, b: Self::V) -> Self::V {
        let one = self.cst(1);
        let bm = self.sub(b, one);
        self.mul(b, bm)
    }
}

impl<T: Arith> Alg for T {}

/// Plain (possibly packed) field arithmetic, with `with` alongside (`()` for the gates).
pub struct Num<P, W = ()> {
    pub with: W,
    _p: PhantomData<P>,
}

impl<P, W> Num<P, W> {
    pub fn new(with: W) -> Self {
        Num { with, _p: PhantomData }
    }
}

impl<P: PackedField, W> Arith for Num<P, W> {
    type V = P;
    #[inline(always)]
    fn add(&mut self, a: P, b: P) -> P {
        a + b
    }
    #[inline(always)]
    fn sub(&mut self, a: P, b: P) -> P {
        a - b
    }
    #[inline(always)]
    fn mul(&mut self, a: P, b: P) -> P {
        a * b
    }
    #[inline(always)]
    fn cst(&mut self, c: u64) -> P {
        P::from(P::Scalar::from_canonical_u64(c))
    }
    #[inline(always)]
    fn scale(&mut self, a: P, c: u64) -> P {
        a * P::Scalar::from_canonical_u64(c)
    }
    #[inline(always)]
    fn scale_add(&mut self, a: P, c: u64, acc: P) -> P {
        acc + a * P::Scalar::from_canonical_u64(c)
    }
}

/// In-circuit arithmetic (recursive verification), with `with` alongside (`()` for the gates).
pub struct Circ<'a, F: RichField + Extendable<D>, const D: usize, W = ()> {
    pub b: &'a mut CircuitBuilder<F, D>,
    pub with: W,
}

impl<F: RichField + Extendable<D>, const D: usize, W> Arith for Circ<'_, F, D, W> {
    type V = ExtensionTarget<D>;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V {
        self.b.add_extension(a, b)
    }
    fn sub(&mut self, a: Self::V, b: Self::V) -> Self::V {
        self.b.sub_extension(a, b)
    }
    fn mul(&mut self, a: Self::V, b: Self::V) -> Self::V {
        self.b.mul_extension(a, b)
    }
    fn cst(&mut self, c: u64) -> Self::V {
        self.b.constant_extension(F::Extension::from_canonical_u64(c))
    }
    fn scale(&mut self, a: Self::V, c: u64) -> Self::V {
        self.b.mul_const_extension(F::from_canonical_u64(c), a)
    }
    fn scale_add(&mut self, a: Self::V, c: u64, acc: Self::V) -> Self::V {
        self.b.mul_const_add_extension(F::from_canonical_u64(c), a, acc)
    }
}

/// A gate whose constraints are stated over [`Alg`].
pub(crate) trait Constraints {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, k: impl Wires<A::V>, emit: impl FnMut(A::V));

    /// Every constraint of the row, in order.
    fn constraints<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, k: impl Wires<A::V>) -> Vec<A::V> {
        let mut out = Vec::new();
        self.eval(a, w, k, |c| out.push(c));
        out
    }
}

/// A row's wires (or constants) by index, as values of the algebra being evaluated.
pub(crate) trait Wires<V>: Fn(usize) -> V {}
impl<V, T: Fn(usize) -> V> Wires<V> for T {}

/// A gate's wire layout from the width of each group, in order: each group's first wire is a
/// `pub const` at the sum of the widths before it, and `NUM_WIRES` is the total, so that no
/// offset is written by hand.
macro_rules! wire_layout {
    ($t:ty { $($name:ident: $width:expr),+ $(,)? }) => {
        impl $t {
            wire_layout!(@at 0usize; $($name: $width),+);
        }
    };
    (@at $at:expr; $name:ident: $width:expr $(, $rest:ident: $rw:expr)*) => {
        pub const $name: usize = $at;
        wire_layout!(@at $at + $width; $($rest: $rw),*);
    };
    (@at $at:expr;) => {
        pub const NUM_WIRES: usize = $at;
    };
}

/// Implements `Gate` and `PackedEvaluableBase` for a type implementing `Constraints` plus
/// `gate_id`, `gate_generators`, `NUM_WIRES`, `NUM_CONSTANTS`, `DEGREE`, `NUM_CONSTRAINTS`.
macro_rules! impl_gate {
    // A gate with no state (its type is its only value) whose witness is a [`RowWitness`]: the
    // serialization, sizes and generator follow from the type, only the id and count differ.
    ($t:ident, id: $id:expr, constraints: $n:expr) => {
        impl $t {
            fn gate_id(&self) -> String {
                $id.into()
            }
            fn write(&self, _dst: &mut Vec<u8>) -> IoResult<()> {
                Ok(())
            }
            fn read(_src: &mut Buffer) -> IoResult<Self> {
                Ok(Self)
            }
            fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
                &self,
                row: usize,
                _consts: &[F],
            ) -> Vec<WitnessGeneratorRef<F, D>> {
                vec![WitnessGeneratorRef::new(RowGenerator::<$t, F, D>::new(row).adapter())]
            }
        }
        impl_gate!(@fixed $t, constraints: $n);
        impl_gate!($t);
    };
    // The sizes of a gate whose rows all have the same wires and constraints.
    (@fixed $t:ident, constraints: $n:expr) => {
        impl $t {
            fn num_wires_impl(&self) -> usize {
                Self::NUM_WIRES
            }
            fn num_constraints_impl(&self) -> usize {
                $n
            }
        }
    };
    // A gate whose one state is a flag (two gate types): serialized as that bool, and its id says it.
    ($t:ident { $flag:ident }, id: $id:literal) => {
        impl $t {
            fn gate_id(&self) -> String {
                format!(concat!($id, "(", stringify!($flag), "={})"), u8::from(self.$flag))
            }
            fn write(&self, dst: &mut Vec<u8>) -> IoResult<()> {
                dst.write_bool(self.$flag)
            }
            fn read(src: &mut Buffer) -> IoResult<Self> {
                Ok(Self { $flag: src.read_bool()? })
            }
        }
        impl_gate!($t);
    };
    ($t:ty) => {
        impl<F: RichField + Extendable<D>, const D: usize> Gate<F, D> for $t {
            fn id(&self) -> String {
                self.gate_id()
            }
            fn serialize(&self, dst: &mut Vec<u8>, _common_data: &CommonCircuitData<F, D>) -> IoResult<()> {
                self.write(dst)
            }
            fn deserialize(src: &mut Buffer, _common_data: &CommonCircuitData<F, D>) -> IoResult<Self> {
                Self::read(src)
            }
            fn eval_unfiltered(&self, vars: EvaluationVars<F, D>) -> Vec<F::Extension> {
                self.constraints(&mut Num::<F::Extension>::new(()), |i| vars.local_wires[i], |i| vars.local_constants[i])
            }
            fn eval_unfiltered_base_one(
                &self,
                vars: EvaluationVarsBase<F>,
                mut yield_constr: StridedConstraintConsumer<F>,
            ) {
                let (w, k) = (vars.local_wires, vars.local_constants);
                self.eval(&mut Num::<F>::new(()), |i| w[i], |i| k[i], |c| yield_constr.one(c));
            }
            fn eval_unfiltered_base_batch(&self, vars_base: EvaluationVarsBaseBatch<F>) -> Vec<F> {
                self.eval_unfiltered_base_batch_packed(vars_base)
            }
            fn eval_unfiltered_circuit(
                &self,
                builder: &mut CircuitBuilder<F, D>,
                vars: EvaluationTargets<D>,
            ) -> Vec<ExtensionTarget<D>> {
                self.constraints(&mut Circ { b: builder, with: () }, |i| vars.local_wires[i], |i| vars.local_constants[i])
            }
            fn generators(&self, row: usize, local_constants: &[F]) -> Vec<WitnessGeneratorRef<F, D>> {
                self.gate_generators(row, local_constants)
            }
            fn num_wires(&self) -> usize {
                self.num_wires_impl()
            }
            fn num_constants(&self) -> usize {
                Self::NUM_CONSTANTS
            }
            fn degree(&self) -> usize {
                Self::DEGREE
            }
            fn num_constraints(&self) -> usize {
                self.num_constraints_impl()
            }
        }

        impl<F: RichField + Extendable<D>, const D: usize> PackedEvaluableBase<F, D> for $t {
            fn eval_unfiltered_base_packed<P: PackedField<Scalar = F>>(
                &self,
                vars: EvaluationVarsBasePacked<P>,
                mut yield_constr: StridedConstraintConsumer<P>,
            ) {
                let (w, k) = (vars.local_wires, vars.local_constants);
                self.eval(&mut Num::<P>::new(()), |i| w[i], |i| k[i], |c| yield_constr.one(c));
            }
        }
    };
}

fn bit<F: RichField>(w: &PartitionWitness<F>, t: Target) -> u64 {
    bit_of(w.get_target(t))
}

/// A wire value the honest witness holds as a bit.
fn bit_of<F: RichField>(v: F) -> u64 {
    let v = v.to_canonical_u64();
    debug_assert!(v <= 1, "non-boolean value {v} where a bit was expected");
    v & 1
}

/// The witness of one row of a stateless gate: the wires it reads (set by the circuit or by
/// other rows) and how it computes the rest of its row from them.
pub(crate) trait RowWitness: core::fmt::Debug + Send + Sync + 'static {
    const GENERATOR_ID: &'static str;
    fn inputs() -> Vec<usize>;
    fn fill<F: RichField>(get: Get<F>, set: Set<F>) -> anyhow::Result<()>;
}

/// A row's wire value by index, for [`RowWitness::fill`].
pub(crate) type Get<'a, F> = &'a dyn Fn(usize) -> F;
/// Sets a wire of the row, for [`RowWitness::fill`].
pub(crate) type Set<'a, F> = &'a mut dyn FnMut(usize, F) -> anyhow::Result<()>;

/// The one witness generator of every [`RowWitness`] gate: plonky2 runs it once its row's
/// inputs are known.
#[derive(Debug)]
struct RowGenerator<G, F, const D: usize> {
    row: usize,
    _p: PhantomData<(G, F)>,
}

impl<G, F, const D: usize> RowGenerator<G, F, D> {
    fn new(row: usize) -> Self {
        Self { row, _p: PhantomData }
    }
}

impl<G: RowWitness, F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for RowGenerator<G, F, D> {
    fn id(&self) -> String {
        G::GENERATOR_ID.into()
    }
    fn dependencies(&self) -> Vec<Target> {
        G::inputs().into_iter().map(|i| Target::wire(self.row, i)).collect()
    }
    fn run_once(&self, wit: &PartitionWitness<F>, out: &mut GeneratedValues<F>) -> anyhow::Result<()> {
        let get = |i: usize| wit.get_target(Target::wire(self.row, i));
        G::fill(&get, &mut |i, v| out.set_target(Target::wire(self.row, i), v))
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        Ok(Self::new(src.read_usize()?))
    }
}

mod absorb;
mod digest;
mod pad;
mod poseidon;
mod round;

pub use absorb::AbsorbGate;
pub use digest::DigestGate;
pub use pad::PadGate;
pub use poseidon::{poseidon_circuit, PoseidonRoundGate};
pub use round::RoundGate;

/// Which of this crate's Keccak gates sits on a row (for the witness self-check).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Round,
    Absorb,
    Pad,
    Digest,
}

/// Evaluates this crate's constraints for one row on base-field values (`consts[0]` is the
/// gate's constant: the round-constant bit for [`Kind::Round`], the "last chunk" flag for
/// [`Kind::Pad`]); returns the index of the first non-zero constraint, if any.
pub fn first_violation<F: RichField>(kind: Kind, wires: &[F], consts: &[F]) -> Option<usize> {
    let mut res = Vec::new();
    let mut num = Num::<F>::new(());
    let w = |i: usize| wires[i];
    let k = |i: usize| consts.get(i).copied().unwrap_or(F::ZERO);
    match kind {
        Kind::Round => {
            RoundGate { rc: consts.first().is_some_and(|c| c.is_one()) }.eval(&mut num, w, k, |c| res.push(c))
        }
        Kind::Absorb => AbsorbGate.eval(&mut num, w, k, |c| res.push(c)),
        Kind::Pad => PadGate.eval(&mut num, w, k, |c| res.push(c)),
        Kind::Digest => DigestGate.eval(&mut num, w, k, |c| res.push(c)),
    }
    res.iter().position(|c| !c.is_zero())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layouts `wire_layout!` derives are the ones the shipped keys were made with.
    #[test]
    fn wire_layouts_keep_their_offsets() {
        let round = [RoundGate::A_IN, RoundGate::C_IN, RoundGate::OUT, RoundGate::C_OUT, RoundGate::THETA];
        assert_eq!(round, [0, 25, 75, 100, 105]);
        assert_eq!((RoundGate::PARTIAL, RoundGate::NUM_ROUTED, RoundGate::NUM_WIRES), (130, 105, 135));
        let absorb = [AbsorbGate::S_IN, AbsorbGate::M_IN, AbsorbGate::C_IN, AbsorbGate::A_OUT, AbsorbGate::C_OUT];
        assert_eq!(absorb, [0, 17, 34, 39, 56]);
        assert_eq!((AbsorbGate::PARTIAL, AbsorbGate::NUM_WIRES), (61, 66));
        let pad = [PadGate::T, PadGate::BEFORE, PadGate::LT, PadGate::BITS, PadGate::IS_MSG, PadGate::NUM_WIRES];
        assert_eq!(pad, [0, 1, 2, 11, 75, 83]);
    }
}
