//! One bit-slice of a Keccak-f round: theta, rho, pi, chi, iota and the next parities.

use super::*;

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

wire_layout!(RoundGate { A_IN: 25, C_IN: 50, OUT: 25, C_OUT: 5, THETA: 25, PARTIAL: 5 });

impl RoundGate {
    /// Wires before the theta outputs are routed (copy-constrained); the rest are internal.
    pub const NUM_ROUTED: usize = Self::THETA;
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
    fn gate_generators<F: RichField + Extendable<D>, const D: usize>(
        &self,
        row: usize,
        _consts: &[F],
    ) -> Vec<WitnessGeneratorRef<F, D>> {
        vec![WitnessGeneratorRef::new(
            RoundGenerator::<F, D> { row, rc: u64::from(self.rc), _p: PhantomData }.adapter(),
        )]
    }
}

impl Constraints for RoundGate {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, _k: impl Wires<A::V>, mut emit: impl FnMut(A::V)) {
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

impl_gate!(@fixed RoundGate, constraints: 60);
impl_gate!(RoundGate { rc }, id: "ZkplayKeccakRoundGate");

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
        (0..RoundGate::C_IN + 50).map(|i| Target::wire(self.row, i)).collect()
    }
    fn run_once(&self, wit: &PartitionWitness<F>, out: &mut GeneratedValues<F>) -> anyhow::Result<()> {
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
            set(out, RoundGate::C_OUT + xx, u ^ res[lane(xx, 3)] ^ res[lane(xx, 4)])?;
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
        Ok(Self { row, rc, _p: PhantomData })
    }
}
