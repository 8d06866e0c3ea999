//! Poseidon rounds, for hashing the public inputs without plonky2's degree-7 PoseidonGate.

use super::*;

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
        vec![WitnessGeneratorRef::new(PoseidonRoundGenerator::<F, D> { row, full: self.full, rc }.adapter())]
    }
}

impl Constraints for PoseidonRoundGate {
    fn eval<A: Alg>(&self, a: &mut A, w: impl Wires<A::V>, k: impl Wires<A::V>, mut emit: impl FnMut(A::V)) {
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

impl_gate!(PoseidonRoundGate { full }, id: "ZkplayPoseidonRoundGate");

#[derive(Debug, Clone)]
struct PoseidonRoundGenerator<F, const D: usize> {
    row: usize,
    full: bool,
    rc: [F; SPONGE_WIDTH],
}

impl<F: RichField + Extendable<D>, const D: usize> SimpleGenerator<F, D> for PoseidonRoundGenerator<F, D> {
    fn id(&self) -> String {
        "ZkplayPoseidonRoundGenerator".into()
    }
    fn dependencies(&self) -> Vec<Target> {
        (0..SPONGE_WIDTH).map(|i| Target::wire(self.row, PoseidonRoundGate::IN + i)).collect()
    }
    fn run_once(&self, wit: &PartitionWitness<F>, out: &mut GeneratedValues<F>) -> anyhow::Result<()> {
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
            let o = sb.iter().enumerate().fold(F::ZERO, |acc, (j, &v)| acc + F::from_canonical_u64(mds(r, j)) * v);
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
