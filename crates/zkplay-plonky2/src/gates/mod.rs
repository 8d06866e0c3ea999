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
    EvaluationTargets, EvaluationVars, EvaluationVarsBase, EvaluationVarsBaseBatch,
    EvaluationVarsBasePacked,
};
use plonky2::util::serialization::{Buffer, IoResult, Read, Write};

/// Keccak rotation offsets `ROT[x][y]` (rho).
pub const ROT: [[usize; 5]; 5] = [
    [0, 36, 3, 41, 18],
    [1, 44, 10, 45, 2],
    [62, 6, 43, 15, 61],
    [28, 55, 25, 21, 56],
    [27, 20, 39, 8, 14],
];

/// Keccak-f[1600] round constants (iota).
pub const RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808A,
    0x8000000080008000,
    0x000000000000808B,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008A,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000A,
    0x000000008000808B,
    0x800000000000008B,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800A,
    0x800000008000000A,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

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

/// Operations needed to state constraints; implemented by numbers and by circuit targets.
pub(crate) trait Alg {
    type V: Copy;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn cst(&mut self, c: u64) -> Self::V;

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

/// Plain (possibly packed) field arithmetic.
pub(crate) struct Num<P>(PhantomData<P>);

impl<P> Num<P> {
    pub(crate) fn new() -> Self {
        Num(PhantomData)
    }
}

impl<P: PackedField> Alg for Num<P> {
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
}

/// In-circuit arithmetic (recursive verification).
struct Circ<'a, F: RichField + Extendable<D>, const D: usize> {
    b: &'a mut CircuitBuilder<F, D>,
}

impl<F: RichField + Extendable<D>, const D: usize> Alg for Circ<'_, F, D> {
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
        self.b
            .constant_extension(F::Extension::from_canonical_u64(c))
    }
}

/// A gate whose constraints are stated over [`Alg`].
pub(crate) trait Constraints {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        k: impl Fn(usize) -> A::V,
        emit: impl FnMut(A::V),
    );
}

/// Implements `Gate` and `PackedEvaluableBase` for a type implementing `Constraints` plus
/// `gate_id`, `gate_generators`, `NUM_WIRES`, `NUM_CONSTANTS`, `DEGREE`, `NUM_CONSTRAINTS`.
macro_rules! impl_gate {
    ($t:ty) => {
        impl<F: RichField + Extendable<D>, const D: usize> Gate<F, D> for $t {
            fn id(&self) -> String {
                self.gate_id()
            }
            fn serialize(
                &self,
                dst: &mut Vec<u8>,
                _common_data: &CommonCircuitData<F, D>,
            ) -> IoResult<()> {
                self.write(dst)
            }
            fn deserialize(
                src: &mut Buffer,
                _common_data: &CommonCircuitData<F, D>,
            ) -> IoResult<Self> {
                Self::read(src)
            }
            fn eval_unfiltered(&self, vars: EvaluationVars<F, D>) -> Vec<F::Extension> {
                let mut out = Vec::with_capacity(self.num_constraints_impl());
                self.eval(
                    &mut Num::<F::Extension>::new(),
                    |i| vars.local_wires[i],
                    |i| vars.local_constants[i],
                    |c| out.push(c),
                );
                out
            }
            fn eval_unfiltered_base_one(
                &self,
                vars: EvaluationVarsBase<F>,
                mut yield_constr: StridedConstraintConsumer<F>,
            ) {
                self.eval(
                    &mut Num::<F>::new(),
                    |i| vars.local_wires[i],
                    |i| vars.local_constants[i],
                    |c| yield_constr.one(c),
                );
            }
            fn eval_unfiltered_base_batch(&self, vars_base: EvaluationVarsBaseBatch<F>) -> Vec<F> {
                self.eval_unfiltered_base_batch_packed(vars_base)
            }
            fn eval_unfiltered_circuit(
                &self,
                builder: &mut CircuitBuilder<F, D>,
                vars: EvaluationTargets<D>,
            ) -> Vec<ExtensionTarget<D>> {
                let mut out = Vec::with_capacity(self.num_constraints_impl());
                self.eval(
                    &mut Circ { b: builder },
                    |i| vars.local_wires[i],
                    |i| vars.local_constants[i],
                    |c| out.push(c),
                );
                out
            }
            fn generators(
                &self,
                row: usize,
                local_constants: &[F],
            ) -> Vec<WitnessGeneratorRef<F, D>> {
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
                self.eval(
                    &mut Num::<P>::new(),
                    |i| vars.local_wires[i],
                    |i| vars.local_constants[i],
                    |c| yield_constr.one(c),
                );
            }
        }
    };
}

fn bit<F: RichField>(w: &PartitionWitness<F>, t: Target) -> u64 {
    let v = w.get_target(t).to_canonical_u64();
    debug_assert!(v <= 1, "non-boolean value {v} where a bit was expected");
    v & 1
}

// ---------------------------------------------------------------------------------------------
// RoundGate

/// One bit-slice of a Keccak-f round.
///
/// Inputs (routed), for each lane `(x, y)` of the round's input state `A` with `z' = z - ROT[x][y]`:
/// `A[x][y][z']`, `C[x-1][z']` and `C[x+1][z'-1]`, where `C` are the input's column parities.
/// Outputs (routed): the 25 bits of slice `z` of the round output, and its 5 column parities.
/// Internal (unrouted): the 25 theta outputs `A ^ D`, and 5 partial parities.
/// `rc` is bit `z` of the round constant (applied to lane (0,0)): two gate types.
/// All constraints have degree 3.
#[derive(Debug, Clone, Copy, Default)]
pub struct RoundGate {
    pub rc: bool,
}

impl RoundGate {
    pub const A_IN: usize = 0;
    pub const C_IN: usize = 25;
    pub const OUT: usize = 75;
    pub const C_OUT: usize = 100;
    pub const THETA: usize = 105;
    pub const PARTIAL: usize = 130;
    pub const NUM_ROUTED: usize = 105;
    pub const NUM_WIRES: usize = 135;
    const NUM_CONSTANTS: usize = 0;
    const DEGREE: usize = 3;

    /// Wire holding `C[x-1][z - ROT[x][y]]` for lane `l = lane(x, y)`.
    pub const fn c_minus(l: usize) -> usize {
        Self::C_IN + 2 * l
    }
    /// Wire holding `C[x+1][z - ROT[x][y] - 1]` for lane `l = lane(x, y)`.
    pub const fn c_plus(l: usize) -> usize {
        Self::C_IN + 2 * l + 1
    }
    fn gate_id(&self) -> String {
        format!("ZkplayKeccakRoundGate(rc={})", u8::from(self.rc))
    }
    fn write(&self, dst: &mut Vec<u8>) -> IoResult<()> {
        dst.write_bool(self.rc)
    }
    fn read(src: &mut Buffer) -> IoResult<Self> {
        Ok(Self {
            rc: src.read_bool()?,
        })
    }
    fn num_wires_impl(&self) -> usize {
        Self::NUM_WIRES
    }
    fn num_constraints_impl(&self) -> usize {
        60
    }
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        _consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        vec![WitnessGeneratorRef::new(
            RoundGenerator::<F, D> {
                row,
                rc: u64::from(self.rc),
                _p: PhantomData,
            }
            .adapter(),
        )]
    }
}

impl Constraints for RoundGate {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        _k: impl Fn(usize) -> A::V,
        mut emit: impl FnMut(A::V),
    ) {
        // theta
        for l in 0..25 {
            let t = a.xor3(w(Self::A_IN + l), w(Self::c_minus(l)), w(Self::c_plus(l)));
            let c = a.sub(w(Self::THETA + l), t);
            emit(c);
        }
        // rho + pi (wiring) + chi + iota
        let b = |xx: usize, yy: usize| {
            let (x, y) = pi_source(xx % 5, yy);
            w(Self::THETA + lane(x, y))
        };
        for yy in 0..5 {
            for xx in 0..5 {
                let mut v = a.chi(b(xx, yy), b(xx + 1, yy), b(xx + 2, yy));
                if xx == 0 && yy == 0 && self.rc {
                    let one = a.cst(1);
                    v = a.sub(one, v);
                }
                let c = a.sub(w(Self::OUT + lane(xx, yy)), v);
                emit(c);
            }
        }
        // column parities of the output, in two degree-3 steps
        for xx in 0..5 {
            let o = |yy: usize| w(Self::OUT + lane(xx, yy));
            let u = w(Self::PARTIAL + xx);
            let p = a.xor3(o(0), o(1), o(2));
            let c = a.sub(u, p);
            emit(c);
            let p = a.xor3(u, o(3), o(4));
            let c = a.sub(w(Self::C_OUT + xx), p);
            emit(c);
        }
    }
}

impl_gate!(RoundGate);

#[derive(Debug, Clone, Default)]
struct RoundGenerator<F, const D: usize> {
    row: usize,
    rc: u64,
    _p: PhantomData<F>,
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for RoundGenerator<F, D> {
    fn id(&self) -> String {
        "ZkplayKeccakRoundGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        (0..RoundGate::C_IN + 50)
            .map(|i| Target::wire(self.row, i))
            .collect()
    }
    fn run_once(
        &self,
        wit: &PartitionWitness<F>,
        out: &mut GeneratedValues<F>,
    ) -> anyhow::Result<()> {
        let g = |i: usize| bit(wit, Target::wire(self.row, i));
        let mut theta = [0u64; 25];
        for (l, t) in theta.iter_mut().enumerate() {
            *t = g(RoundGate::A_IN + l) ^ g(RoundGate::c_minus(l)) ^ g(RoundGate::c_plus(l));
        }
        let b = |xx: usize, yy: usize| {
            let (x, y) = pi_source(xx % 5, yy);
            theta[lane(x, y)]
        };
        let mut res = [0u64; 25];
        for yy in 0..5 {
            for xx in 0..5 {
                let mut v = b(xx, yy) ^ ((b(xx + 1, yy) ^ 1) & b(xx + 2, yy));
                if xx == 0 && yy == 0 {
                    v ^= self.rc;
                }
                res[lane(xx, yy)] = v;
            }
        }
        let set = |out: &mut GeneratedValues<F>, i: usize, v: u64| {
            out.set_target(Target::wire(self.row, i), F::from_canonical_u64(v))
        };
        for l in 0..25 {
            set(out, RoundGate::THETA + l, theta[l])?;
            set(out, RoundGate::OUT + l, res[l])?;
        }
        for xx in 0..5 {
            let u = res[lane(xx, 0)] ^ res[lane(xx, 1)] ^ res[lane(xx, 2)];
            set(out, RoundGate::PARTIAL + xx, u)?;
            set(
                out,
                RoundGate::C_OUT + xx,
                u ^ res[lane(xx, 3)] ^ res[lane(xx, 4)],
            )?;
        }
        Ok(())
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)?;
        dst.write_usize(self.rc as usize)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        let row = src.read_usize()?;
        let rc = src.read_usize()? as u64;
        Ok(Self {
            row,
            rc,
            _p: PhantomData,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// AbsorbGate

/// One bit-slice of `A = S ^ M` over the 17 rate lanes, with the column parities of `A`
/// computed from the column parities of `S` (capacity lanes are unchanged).
///
/// Wires: `S` rate bits (17), `M` bits (17), `C(S)` (5) in; `A` rate bits (17), `C(A)` (5) out;
/// 5 internal partial parities. Degree 3.
#[derive(Debug, Clone, Copy, Default)]
pub struct AbsorbGate;

impl AbsorbGate {
    pub const S_IN: usize = 0;
    pub const M_IN: usize = 17;
    pub const C_IN: usize = 34;
    pub const A_OUT: usize = 39;
    pub const C_OUT: usize = 56;
    pub const PARTIAL: usize = 61;
    pub const NUM_WIRES: usize = 66;
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

    fn gate_id(&self) -> String {
        "ZkplayKeccakAbsorbGate".into()
    }
    fn write(&self, _dst: &mut Vec<u8>) -> IoResult<()> {
        Ok(())
    }
    fn read(_src: &mut Buffer) -> IoResult<Self> {
        Ok(Self)
    }
    fn num_wires_impl(&self) -> usize {
        Self::NUM_WIRES
    }
    fn num_constraints_impl(&self) -> usize {
        RATE_LANES + 10
    }
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        _consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        vec![WitnessGeneratorRef::new(
            AbsorbGenerator::<F, D> {
                row,
                _p: PhantomData,
            }
            .adapter(),
        )]
    }
}

impl Constraints for AbsorbGate {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        _k: impl Fn(usize) -> A::V,
        mut emit: impl FnMut(A::V),
    ) {
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
            let p = if n == 5 {
                a.xor3(u, w(bits[3]), w(bits[4]))
            } else {
                a.xor(u, w(bits[3]))
            };
            let c = a.sub(w(Self::C_OUT + x), p);
            emit(c);
        }
    }
}

impl_gate!(AbsorbGate);

#[derive(Debug, Clone, Default)]
struct AbsorbGenerator<F, const D: usize> {
    row: usize,
    _p: PhantomData<F>,
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for AbsorbGenerator<F, D> {
    fn id(&self) -> String {
        "ZkplayKeccakAbsorbGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        (0..AbsorbGate::A_OUT)
            .map(|i| Target::wire(self.row, i))
            .collect()
    }
    fn run_once(
        &self,
        wit: &PartitionWitness<F>,
        out: &mut GeneratedValues<F>,
    ) -> anyhow::Result<()> {
        let g = |i: usize| bit(wit, Target::wire(self.row, i));
        for l in 0..RATE_LANES {
            let v = g(AbsorbGate::S_IN + l) ^ g(AbsorbGate::M_IN + l);
            out.set_target(
                Target::wire(self.row, AbsorbGate::A_OUT + l),
                F::from_canonical_u64(v),
            )?;
        }
        for x in 0..5 {
            let (bits, n) = AbsorbGate::column(x);
            let u = g(bits[0]) ^ g(bits[1]) ^ g(bits[2]);
            let p = bits[3..n].iter().fold(u, |acc, &i| acc ^ g(i));
            let set = |out: &mut GeneratedValues<F>, i: usize, v: u64| {
                out.set_target(Target::wire(self.row, i), F::from_canonical_u64(v))
            };
            set(out, AbsorbGate::PARTIAL + x, u)?;
            set(out, AbsorbGate::C_OUT + x, p)?;
        }
        Ok(())
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        Ok(Self {
            row: src.read_usize()?,
            _p: PhantomData,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// PadGate

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

impl PadGate {
    pub const T: usize = 0;
    pub const BEFORE: usize = 1;
    pub const LT: usize = 2;
    pub const BITS: usize = 11;
    pub const IS_MSG: usize = 75;
    pub const NUM_WIRES: usize = 83;
    const NUM_CONSTANTS: usize = 1;
    const DEGREE: usize = 3;

    fn gate_id(&self) -> String {
        "ZkplayKeccakPadGate".into()
    }
    fn write(&self, _dst: &mut Vec<u8>) -> IoResult<()> {
        Ok(())
    }
    fn read(_src: &mut Buffer) -> IoResult<Self> {
        Ok(Self)
    }
    fn num_wires_impl(&self) -> usize {
        Self::NUM_WIRES
    }
    fn num_constraints_impl(&self) -> usize {
        64 + 4 * 8
    }
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        _consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        vec![WitnessGeneratorRef::new(
            PadGenerator::<F, D> {
                row,
                _p: PhantomData,
            }
            .adapter(),
        )]
    }
}

impl Constraints for PadGate {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        k: impl Fn(usize) -> A::V,
        mut emit: impl FnMut(A::V),
    ) {
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

impl_gate!(PadGate);

#[derive(Debug, Clone, Default)]
struct PadGenerator<F, const D: usize> {
    row: usize,
    _p: PhantomData<F>,
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for PadGenerator<F, D> {
    fn id(&self) -> String {
        "ZkplayKeccakPadGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        (0..PadGate::BITS)
            .map(|i| Target::wire(self.row, i))
            .collect()
    }
    fn run_once(
        &self,
        wit: &PartitionWitness<F>,
        out: &mut GeneratedValues<F>,
    ) -> anyhow::Result<()> {
        let get = |i: usize| wit.get_target(Target::wire(self.row, i));
        let (t, before) = (get(PadGate::T), get(PadGate::BEFORE));
        for b in 0..8 {
            let m = before + t * get(PadGate::LT + b + 1);
            out.set_target(Target::wire(self.row, PadGate::IS_MSG + b), m)?;
        }
        Ok(())
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        Ok(Self {
            row: src.read_usize()?,
            _p: PhantomData,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// DigestGate

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
    fn gate_id(&self) -> String {
        format!("ZkplayKeccakDigestGate{}", Self::BYTES)
    }
    fn write(&self, _dst: &mut Vec<u8>) -> IoResult<()> {
        Ok(())
    }
    fn read(_src: &mut Buffer) -> IoResult<Self> {
        Ok(Self)
    }
    fn num_wires_impl(&self) -> usize {
        Self::NUM_WIRES
    }
    fn num_constraints_impl(&self) -> usize {
        Self::BYTES
    }
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        _consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        vec![WitnessGeneratorRef::new(
            DigestGenerator::<F, D> {
                row,
                _p: PhantomData,
            }
            .adapter(),
        )]
    }
}

impl Constraints for DigestGate {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        _k: impl Fn(usize) -> A::V,
        mut emit: impl FnMut(A::V),
    ) {
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

impl_gate!(DigestGate);

#[derive(Debug, Clone, Default)]
struct DigestGenerator<F, const D: usize> {
    row: usize,
    _p: PhantomData<F>,
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for DigestGenerator<F, D> {
    fn id(&self) -> String {
        "ZkplayKeccakDigestGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        let mut v = vec![Target::wire(self.row, DigestGate::T)];
        for i in 0..DigestGate::BYTES {
            v.push(Target::wire(self.row, DigestGate::d_in(i)));
            for b in 0..8 {
                v.push(Target::wire(self.row, DigestGate::bit(i, b)));
            }
        }
        v
    }
    fn run_once(
        &self,
        wit: &PartitionWitness<F>,
        out: &mut GeneratedValues<F>,
    ) -> anyhow::Result<()> {
        let get = |i: usize| wit.get_target(Target::wire(self.row, i));
        let t = get(DigestGate::T);
        for i in 0..DigestGate::BYTES {
            let byte = (0..8).fold(0u64, |acc, b| {
                acc | (bit(wit, Target::wire(self.row, DigestGate::bit(i, b))) << b)
            });
            let v = get(DigestGate::d_in(i)) + t * F::from_canonical_u64(byte);
            out.set_target(Target::wire(self.row, DigestGate::d_out(i)), v)?;
        }
        Ok(())
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        Ok(Self {
            row: src.read_usize()?,
            _p: PhantomData,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Poseidon rounds (for hashing the public inputs without plonky2's degree-7 PoseidonGate)

/// Entry `(r, j)` of plonky2's Poseidon MDS matrix over Goldilocks
/// (circulant `MDS_MATRIX_CIRC` plus diagonal `MDS_MATRIX_DIAG`).
fn mds(r: usize, j: usize) -> u64 {
    let circ = <GoldilocksField as Poseidon>::MDS_MATRIX_CIRC;
    let diag = <GoldilocksField as Poseidon>::MDS_MATRIX_DIAG;
    circ[(j + SPONGE_WIDTH - r) % SPONGE_WIDTH] + if j == r { diag[r] } else { 0 }
}

/// One round of plonky2's Poseidon permutation (naive form: add round constants, S-box `x^7`
/// on all 12 elements (`full`) or on element 0 only (partial round), then the MDS matrix),
/// with degree-3 constraints through `cube = (x + c)^3` wires. The 12 round constants are gate
/// constants, so two gate types cover all 30 rounds.
///
/// Wires: 12 inputs, 12 outputs, then 12 (full) or 1 (partial) cubes.
#[derive(Debug, Clone, Copy, Default)]
pub struct PoseidonRoundGate {
    pub full: bool,
}

impl PoseidonRoundGate {
    pub const IN: usize = 0;
    pub const OUT: usize = SPONGE_WIDTH;
    pub const CUBE: usize = 2 * SPONGE_WIDTH;
    const NUM_CONSTANTS: usize = SPONGE_WIDTH;
    const DEGREE: usize = 3;

    fn num_sboxes(&self) -> usize {
        if self.full {
            SPONGE_WIDTH
        } else {
            1
        }
    }
    fn gate_id(&self) -> String {
        format!("ZkplayPoseidonRoundGate(full={})", u8::from(self.full))
    }
    fn write(&self, dst: &mut Vec<u8>) -> IoResult<()> {
        dst.write_bool(self.full)
    }
    fn read(src: &mut Buffer) -> IoResult<Self> {
        Ok(Self {
            full: src.read_bool()?,
        })
    }
    fn num_wires_impl(&self) -> usize {
        Self::CUBE + self.num_sboxes()
    }
    fn num_constraints_impl(&self) -> usize {
        SPONGE_WIDTH + self.num_sboxes()
    }
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        let mut rc = [F::ZERO; SPONGE_WIDTH];
        rc.copy_from_slice(&consts[..SPONGE_WIDTH]);
        vec![WitnessGeneratorRef::new(
            PoseidonRoundGenerator::<F, D> {
                row,
                full: self.full,
                rc,
            }
            .adapter(),
        )]
    }
}

impl Constraints for PoseidonRoundGate {
    fn eval<A: Alg>(
        &self,
        a: &mut A,
        w: impl Fn(usize) -> A::V,
        k: impl Fn(usize) -> A::V,
        mut emit: impl FnMut(A::V),
    ) {
        let mut sb = [w(Self::IN); SPONGE_WIDTH];
        for (j, v) in sb.iter_mut().enumerate() {
            let s = a.add(w(Self::IN + j), k(j));
            if j < self.num_sboxes() {
                let cube = w(Self::CUBE + j);
                let s2 = a.mul(s, s);
                let s3 = a.mul(s2, s);
                let c = a.sub(cube, s3);
                emit(c);
                let c2 = a.mul(cube, cube);
                *v = a.mul(c2, s);
            } else {
                *v = s;
            }
        }
        for r in 0..SPONGE_WIDTH {
            let mut acc = a.cst(0);
            for (j, &v) in sb.iter().enumerate() {
                let m = a.cst(mds(r, j));
                let t = a.mul(m, v);
                acc = a.add(acc, t);
            }
            let c = a.sub(w(Self::OUT + r), acc);
            emit(c);
        }
    }
}

impl_gate!(PoseidonRoundGate);

#[derive(Debug, Clone)]
struct PoseidonRoundGenerator<F, const D: usize> {
    row: usize,
    full: bool,
    rc: [F; SPONGE_WIDTH],
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D>
    for PoseidonRoundGenerator<F, D>
{
    fn id(&self) -> String {
        "ZkplayPoseidonRoundGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        (0..SPONGE_WIDTH)
            .map(|i| Target::wire(self.row, PoseidonRoundGate::IN + i))
            .collect()
    }
    fn run_once(
        &self,
        wit: &PartitionWitness<F>,
        out: &mut GeneratedValues<F>,
    ) -> anyhow::Result<()> {
        let n = if self.full { SPONGE_WIDTH } else { 1 };
        let mut sb = [F::ZERO; SPONGE_WIDTH];
        for (j, v) in sb.iter_mut().enumerate() {
            let s = wit.get_target(Target::wire(self.row, PoseidonRoundGate::IN + j)) + self.rc[j];
            if j < n {
                let cube = s * s * s;
                out.set_target(Target::wire(self.row, PoseidonRoundGate::CUBE + j), cube)?;
                *v = cube * cube * s;
            } else {
                *v = s;
            }
        }
        for r in 0..SPONGE_WIDTH {
            let o = sb.iter().enumerate().fold(F::ZERO, |acc, (j, &v)| {
                acc + F::from_canonical_u64(mds(r, j)) * v
            });
            out.set_target(Target::wire(self.row, PoseidonRoundGate::OUT + r), o)?;
        }
        Ok(())
    }
    fn serialize(&self, dst: &mut Vec<u8>, _c: &CommonCircuitData<F, D>) -> IoResult<()> {
        dst.write_usize(self.row)?;
        dst.write_bool(self.full)?;
        dst.write_field_vec(&self.rc)
    }
    fn deserialize(src: &mut Buffer, _c: &CommonCircuitData<F, D>) -> IoResult<Self> {
        let row = src.read_usize()?;
        let full = src.read_bool()?;
        let v = src.read_field_vec(SPONGE_WIDTH)?;
        let mut rc = [F::ZERO; SPONGE_WIDTH];
        rc.copy_from_slice(&v);
        Ok(Self { row, full, rc })
    }
}

/// Poseidon permutation (plonky2's, Goldilocks) in 30 rows of [`PoseidonRoundGate`].
pub fn poseidon_circuit<F: RichField + Extendable<D>, const D: usize>(
    b: &mut CircuitBuilder<F, D>,
    mut state: [Target; SPONGE_WIDTH],
) -> [Target; SPONGE_WIDTH] {
    let half = HALF_N_FULL_ROUNDS;
    for round in 0..N_ROUNDS {
        let full = round < half || round >= half + N_PARTIAL_ROUNDS;
        let consts = (0..SPONGE_WIDTH)
            .map(|i| F::from_noncanonical_u64(ALL_ROUND_CONSTANTS[SPONGE_WIDTH * round + i]))
            .collect();
        let row = b.add_gate(PoseidonRoundGate { full }, consts);
        for (i, &s) in state.iter().enumerate() {
            b.connect(s, Target::wire(row, PoseidonRoundGate::IN + i));
        }
        state = core::array::from_fn(|i| Target::wire(row, PoseidonRoundGate::OUT + i));
    }
    state
}

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
pub fn first_violation<F: RichField>(
    kind: Kind,
    wires: &[F],
    consts: &[F],
) -> Option<usize> {
    let mut res = Vec::new();
    let mut num = Num::<F>::new();
    let w = |i: usize| wires[i];
    let k = |i: usize| consts.get(i).copied().unwrap_or(F::ZERO);
    match kind {
        Kind::Round => RoundGate {
            rc: consts.first().is_some_and(|c| c.is_one()),
        }
        .eval(&mut num, w, k, |c| res.push(c)),
        Kind::Absorb => AbsorbGate.eval(&mut num, w, k, |c| res.push(c)),
        Kind::Pad => PadGate.eval(&mut num, w, k, |c| res.push(c)),
        Kind::Digest => DigestGate.eval(&mut num, w, k, |c| res.push(c)),
    }
    res.iter().position(|c| !c.is_zero())
}
