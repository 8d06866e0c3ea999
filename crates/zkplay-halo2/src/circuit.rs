//! The wrapper circuit: Axiom's vanilla zkEVM Keccak circuit (`zkevm-hashes` 0.3.0) plus an
//! instance column and the gates that bind the public digest and length to the message that
//! is actually absorbed.
//!
//! # Public instances
//! One instance column with three rows:
//!
//! | row | value |
//! |-----|-------|
//! | 0   | `L`, the message length in bytes |
//! | 1   | `D_hi`: digest bytes `0..16` read as a big-endian `u128` |
//! | 2   | `D_lo`: digest bytes `16..32` read as a big-endian `u128` |
//!
//! (`D_hi`/`D_lo` are exactly the `hash_hi`/`hash_lo` cells of the Keccak table.)
//!
//! # Layout of the Keccak circuit (rows)
//! `R = rows_per_round`. Row `0..R` is a dummy round (`q_first` on row 0, which also has
//! `q_absorb`, so the sponge state is reset for the first block). Keccak-f number `j`
//! (`j = 0..capacity`) occupies rows `R*(1+25j) .. R*(1+25j+25)`: the first rows of rounds
//! `0..24` (`R*(1+25j+r)`) carry the round logic, rounds `0..17` absorb one 8-byte word each,
//! and the first row of round 24, `S_j = 25*R*(j+1)`, is the "squeeze" row of that block, which
//! is also the absorb row of the next block. `is_final` at `S_j` is constrained to be the last
//! padding flag of block `j`; when it is 1, `hash_lo/hi` at `S_j` are constrained to the
//! squeezed state, and the next block starts a new hash. `multi_keccak` fills all blocks after
//! the real inputs with hashes of the empty message (each with `is_final = 1`).
//!
//! # Binding (why the instance cannot point at another hash or another length)
//! Our message is the first input (the one starting at block 0, forced by `q_first`).
//! Let `F` be the first squeeze row `S_j` with `is_final = 1`.
//!
//! *Digest.* Extra advice columns `take`, `done`, `acc_lo`, `acc_hi` are used on the squeeze
//! rows only (fixed selectors `q_sq_first` on `S_0`, `q_sq_rest` on `S_1..S_{cap-1}`,
//! `q_last` on `S_{cap-1}`; consecutive squeeze rows are `25*R` rows apart):
//! * `S_0`: `take = is_final`, `done = take`, `acc = take * hash`;
//! * `S_j`, `j > 0`: `take = (1 - done_prev) * is_final`, `done = done_prev + take`,
//!   `acc = acc_prev + take * hash`;
//! * `S_{cap-1}`: `done = 1`; `acc_hi`, `acc_lo` there are copy-constrained to instance rows 1, 2.
//!
//! `is_final` is boolean on these rows (Keccak "input checks" gate), so by induction `done` is
//! boolean and `take` is 1 exactly at `F` and 0 elsewhere: `acc = hash(F)`, and `done = 1` at
//! the end means such an `F` exists. The dummy hashes after `F` (or any second message) can
//! never be selected, because `take` is 0 once `done` is 1. (Without `done = 1` at the end, the
//! first blocks of a longer message with no final block in the capacity would prove "a message
//! of length L hashes to 0": test `attacks::no_final_block_within_capacity`.)
//!
//! *Length.* The Keccak table's `bytes_left` is a per-round countdown: on input rounds
//! `bytes_left[r] = bytes_left[r+R] + word_len` with `word_len = 8 - #padding bytes`, on other
//! rounds it is copied unless `start_new_hash = q_first + is_final` holds at the row, and
//! `is_final => bytes_left = 0`. Padding flags are monotone within a block, start with byte
//! `0x01`, end with `0x80` (or `0x81`), and a block is final iff its last byte is padding; so
//! the number of non-padding bytes of blocks `0..=j(F)` is the length of the message hashed at
//! `F`. We copy-constrain `bytes_left` at row `R` (first round of block 0, a fixed position) to
//! instance row 0. **But** the vanilla circuit lets `is_final` be 1 on the first row of *any*
//! round (it is only meaningful on squeeze rows); such a row cuts the countdown, so a prover
//! could claim e.g. `L = 136` for a two-block message by setting `is_final = 1` on round 17 of
//! block 0. We close this with one more gate: a fixed selector `q_mid` on the first row of
//! rounds `0..24` of every block forces `is_final = 0` there. Then no row in `[R, F)` starts a
//! new hash, the countdown from row `R` runs unbroken to `F` where it is 0, and
//! `bytes_left[R] = L`. (The test `attacks::mid_round_is_final_attack` shows the attack passing
//! without this gate and failing with it.)
//!
//! Hence a satisfying assignment with instances `(L, D)` exists only if the message `M`
//! absorbed from block 0 up to the first final block has `|M| = L` and `Keccak-256(M) = D`.

use crate::halo2::{
    circuit::{Layouter, Region, SimpleFloorPlanner, Value},
    halo2curves::bn256::Fr,
    plonk::{Advice, Circuit, Column, ConstraintSystem, Error, Expression, Fixed, Instance},
    poly::Rotation,
};
use halo2_base::SKIP_FIRST_PASS;
use zkevm_hashes::keccak::vanilla::{
    keccak_packed_multi::KeccakRow, param::NUM_ROUNDS, witness::multi_keccak, KeccakCircuitConfig, KeccakConfigParams,
};

/// Rounds per Keccak-f in the layout (24 permutation rounds + 1 squeeze/absorb round).
pub(crate) const ROUNDS_PER_BLOCK: usize = NUM_ROUNDS + 1;

/// Circuit parameters (shape of the circuit: fixes the verifying key).
#[derive(Clone, Copy, Debug, Default)]
pub struct WrapperParams {
    pub keccak: KeccakConfigParams,
    /// Number of Keccak-f blocks laid out.
    pub capacity: usize,
    /// Only `false` in the test that demonstrates the attack the `q_mid` gate prevents.
    pub(crate) mid_round_guard: bool,
    /// Only `false` in the test that demonstrates the attack the `q_last` gate prevents.
    pub(crate) final_guard: bool,
}

/// An advice column a malicious prover may fill as it likes (see [`Tamper`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) enum Col {
    /// Keccak table: `is_final` (`is_enabled`).
    IsFinal,
    /// Keccak table: `bytes_left`.
    BytesLeft,
    /// Keccak table: `word_value`.
    WordValue,
    /// Keccak table: the digest limbs.
    HashLo,
    HashHi,
    /// Our binding columns.
    Take,
    Done,
    AccLo,
    AccHi,
    /// Any advice column by index (e.g. the Keccak cell manager's `is_padding` cells).
    Advice(usize),
}

/// Witness-level tampering, for adversarial tests only: cell overrides applied after the honest
/// assignment of the rows (the last override of a cell wins). The binding columns are then
/// computed from the tampered `is_final`/hash cells, with overrides of `take`/`done`/`acc_*`
/// taking effect in the running selection (so a forged `take` also moves `done` and `acc`
/// consistently, and only the constraint on `take` itself can catch it).
#[derive(Clone, Debug, Default)]
pub(crate) struct Tamper {
    pub cells: Vec<(Col, usize, Fr)>,
}

impl Tamper {
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn set(&mut self, col: Col, row: usize, v: Fr) -> &mut Self {
        self.cells.push((col, row, v));
        self
    }

    fn get(&self, col: Col, row: usize) -> Option<Fr> {
        self.cells.iter().rev().find(|(c, r, _)| *c == col && *r == row).map(|&(_, _, v)| v)
    }
}

#[derive(Clone, Debug)]
pub struct WrapperConfig {
    keccak: KeccakCircuitConfig<Fr>,
    instance: Column<Instance>,
    q_mid: Column<Fixed>,
    q_sq_first: Column<Fixed>,
    q_sq_rest: Column<Fixed>,
    q_last: Column<Fixed>,
    take: Column<Advice>,
    done: Column<Advice>,
    acc_lo: Column<Advice>,
    acc_hi: Column<Advice>,
    /// Every advice column by index (for [`Col::Advice`] tampering in tests).
    all_advice: Vec<Column<Advice>>,
}

/// The circuit. `rows == None` means "no witness" (key generation).
#[derive(Clone, Debug, Default)]
pub struct PreimageCircuit {
    pub(crate) params: WrapperParams,
    pub(crate) rows: Option<Vec<KeccakRow<Fr>>>,
    pub(crate) tamper: Option<Tamper>,
}

impl PreimageCircuit {
    pub(crate) fn new(params: WrapperParams, rows: Option<Vec<KeccakRow<Fr>>>) -> Self {
        Self { params, rows, tamper: None }
    }
}

/// Witness generation: Keccak rows for `msg` followed by empty-message hashes up to capacity.
pub(crate) fn keccak_rows(msg: &[u8], p: &WrapperParams) -> Vec<KeccakRow<Fr>> {
    multi_keccak::<Fr>(&[msg.to_vec()], Some(p.capacity), p.keccak).0
}

/// Row of the squeeze round of block `j` (0-based).
pub(crate) fn squeeze_row(rows_per_round: usize, j: usize) -> usize {
    ROUNDS_PER_BLOCK * rows_per_round * (j + 1)
}

fn q(meta: &mut crate::halo2::plonk::VirtualCells<'_, Fr>, c: Column<Fixed>) -> Expression<Fr> {
    meta.query_fixed(c, Rotation::cur())
}

impl Circuit<Fr> for PreimageCircuit {
    type Config = WrapperConfig;
    type FloorPlanner = SimpleFloorPlanner;
    type Params = WrapperParams;

    fn without_witnesses(&self) -> Self {
        Self { params: self.params, rows: None, tamper: None }
    }

    fn params(&self) -> Self::Params {
        self.params
    }

    fn configure(_: &mut ConstraintSystem<Fr>) -> Self::Config {
        unreachable!("configure_with_params is used")
    }

    fn configure_with_params(meta: &mut ConstraintSystem<Fr>, p: Self::Params) -> Self::Config {
        let rpr = p.keccak.rows_per_round;
        let keccak = KeccakCircuitConfig::new(meta, p.keccak);
        let instance = meta.instance_column();
        meta.enable_equality(instance);
        let [q_mid, q_sq_first, q_sq_rest, q_last] = [(); 4].map(|_| meta.fixed_column());
        let [take, done, acc_lo, acc_hi] = [(); 4].map(|_| meta.advice_column());
        meta.enable_equality(acc_lo);
        meta.enable_equality(acc_hi);
        let is_final = keccak.keccak_table.is_enabled;
        let hash_lo = keccak.keccak_table.output.lo();
        let hash_hi = keccak.keccak_table.output.hi();
        let prev = Rotation(-((ROUNDS_PER_BLOCK * rpr) as i32));

        if p.mid_round_guard {
            meta.create_gate("zkplay: is_final = 0 on non-squeeze rounds", |meta| {
                vec![q(meta, q_mid) * meta.query_advice(is_final, Rotation::cur())]
            });
        }
        meta.create_gate("zkplay: first squeeze row", |meta| {
            let s = q(meta, q_sq_first);
            let f = meta.query_advice(is_final, Rotation::cur());
            let t = meta.query_advice(take, Rotation::cur());
            let d = meta.query_advice(done, Rotation::cur());
            let al = meta.query_advice(acc_lo, Rotation::cur());
            let ah = meta.query_advice(acc_hi, Rotation::cur());
            let hl = meta.query_advice(hash_lo, Rotation::cur());
            let hh = meta.query_advice(hash_hi, Rotation::cur());
            vec![
                s.clone() * (t.clone() - f),
                s.clone() * (d - t.clone()),
                s.clone() * (al - t.clone() * hl),
                s * (ah - t * hh),
            ]
        });
        meta.create_gate("zkplay: later squeeze rows", |meta| {
            let s = q(meta, q_sq_rest);
            let f = meta.query_advice(is_final, Rotation::cur());
            let t = meta.query_advice(take, Rotation::cur());
            let d = meta.query_advice(done, Rotation::cur());
            let d_prev = meta.query_advice(done, prev);
            let al = meta.query_advice(acc_lo, Rotation::cur());
            let al_prev = meta.query_advice(acc_lo, prev);
            let ah = meta.query_advice(acc_hi, Rotation::cur());
            let ah_prev = meta.query_advice(acc_hi, prev);
            let hl = meta.query_advice(hash_lo, Rotation::cur());
            let hh = meta.query_advice(hash_hi, Rotation::cur());
            let one = Expression::Constant(Fr::from(1u64));
            vec![
                s.clone() * (t.clone() - (one - d_prev.clone()) * f),
                s.clone() * (d - d_prev - t.clone()),
                s.clone() * (al - al_prev - t.clone() * hl),
                s * (ah - ah_prev - t * hh),
            ]
        });
        if p.final_guard {
            meta.create_gate("zkplay: a final block exists", |meta| {
                let s = q(meta, q_last);
                let d = meta.query_advice(done, Rotation::cur());
                vec![s * (d - Expression::Constant(Fr::from(1u64)))]
            });
        }
        // Column handles by index (a column is its index and phase; all of these are phase 0).
        let mut scratch = ConstraintSystem::<Fr>::default();
        let all_advice = (0..meta.num_advice_columns()).map(|_| scratch.advice_column()).collect();

        WrapperConfig { keccak, instance, q_mid, q_sq_first, q_sq_rest, q_last, take, done, acc_lo, acc_hi, all_advice }
    }

    fn synthesize(&self, config: Self::Config, mut layouter: impl Layouter<Fr>) -> Result<(), Error> {
        let p = self.params;
        let rpr = p.keccak.rows_per_round;
        let cap = p.capacity;
        config.keccak.load_aux_tables(&mut layouter, p.keccak.k)?;

        let public_cells = assign_region_once(&mut layouter, "keccak + binding", |mut region| {
            // Key generation needs the fixed columns, which the Keccak config assigns from
            // the rows: lay out the empty message (same fixed pattern for any input).
            let keygen_rows;
            let rows = match &self.rows {
                Some(r) => r,
                None => {
                    keygen_rows = keccak_rows(&[], &p);
                    &keygen_rows
                }
            };
            let assigned = config.keccak.assign(&mut region, rows);

            let tamper = self.tamper.clone().unwrap_or_default();
            for &(col, row, v) in &tamper.cells {
                let table = &config.keccak.keccak_table;
                let column = match col {
                    Col::IsFinal => table.is_enabled,
                    Col::BytesLeft => table.bytes_left,
                    Col::WordValue => table.word_value,
                    Col::HashLo => table.output.lo(),
                    Col::HashHi => table.output.hi(),
                    Col::Advice(i) => config.all_advice[i],
                    Col::Take | Col::Done | Col::AccLo | Col::AccHi => continue,
                };
                region.assign_advice(column, row, Value::known(v));
            }
            let cell = |col: Col, row: usize, honest: Value<Fr>| -> Value<Fr> {
                tamper.get(col, row).map_or(honest, Value::known)
            };

            // Fixed selectors.
            for j in 0..cap {
                for r in 0..NUM_ROUNDS {
                    region.assign_fixed(config.q_mid, rpr * (1 + ROUNDS_PER_BLOCK * j + r), Fr::from(1u64));
                }
                let s = squeeze_row(rpr, j);
                let sel = if j == 0 { config.q_sq_first } else { config.q_sq_rest };
                region.assign_fixed(sel, s, Fr::from(1u64));
                if j == cap - 1 {
                    region.assign_fixed(config.q_last, s, Fr::from(1u64));
                }
            }

            // Running selection of the first final squeeze row.
            let mut done = Value::known(Fr::from(0u64));
            let (mut acc_lo, mut acc_hi) = (Value::known(Fr::from(0u64)), Value::known(Fr::from(0u64)));
            let mut last_acc_cells = None;
            for j in 0..cap {
                let s = squeeze_row(rpr, j);
                let f = cell(Col::IsFinal, s, assigned[s].is_final.value().map(|v| v.evaluate()));
                let hl = cell(Col::HashLo, s, assigned[s].hash_lo.value().map(|v| v.evaluate()));
                let hh = cell(Col::HashHi, s, assigned[s].hash_hi.value().map(|v| v.evaluate()));
                let take = cell(Col::Take, s, done.zip(f).map(|(d, f)| (Fr::from(1u64) - d) * f));
                done = cell(Col::Done, s, done + take);
                acc_lo = cell(Col::AccLo, s, acc_lo + take * hl);
                acc_hi = cell(Col::AccHi, s, acc_hi + take * hh);
                region.assign_advice(config.take, s, take);
                region.assign_advice(config.done, s, done);
                let cl = region.assign_advice(config.acc_lo, s, acc_lo);
                let ch = region.assign_advice(config.acc_hi, s, acc_hi);
                last_acc_cells = Some((cl.cell(), ch.cell()));
            }
            let (lo_cell, hi_cell) = last_acc_cells.expect("capacity >= 1");
            Ok([assigned[rpr].bytes_left.cell(), hi_cell, lo_cell])
        })?;
        if let Some(cells) = public_cells {
            for (row, cell) in cells.into_iter().enumerate() {
                layouter.constrain_instance(cell, config.instance, row);
            }
        }
        Ok(())
    }
}

/// Lays out one region with `assign`, skipping the floor planner's first pass when halo2-base
/// says to (`SKIP_FIRST_PASS`: that pass only measures the region, and the zkEVM Keccak config
/// assigns its cells by absolute row). `Ok(None)` when no pass assigned; else what the last did.
pub(crate) fn assign_region_once<L: Layouter<Fr>, T>(
    layouter: &mut L,
    name: &'static str,
    mut assign: impl FnMut(Region<'_, Fr>) -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    let mut first_pass = SKIP_FIRST_PASS;
    let mut out = None;
    layouter.assign_region(
        || name,
        |region| {
            if first_pass {
                first_pass = false;
                return Ok(());
            }
            out = Some(assign(region)?);
            Ok(())
        },
    )?;
    Ok(out)
}

/// `(advice column index, rotation from the first row of a round)` of the Keccak circuit's eight
/// `is_padding` cells (byte 0..8 of the round's word), read off the "is_padding boolean"
/// constraints of its "padding" gate (the cell manager that places them is private).
#[cfg(test)]
pub(crate) fn padding_cells(p: WrapperParams) -> Vec<(usize, i32)> {
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = PreimageCircuit::configure_with_params(&mut cs, p);
    let gate = cs.gates().iter().find(|g| g.name() == "padding").expect("padding gate");
    let mut cells = vec![];
    for (i, poly) in gate.polynomials().iter().enumerate() {
        if gate.constraint_name(i) != "is_padding boolean" {
            continue;
        }
        let mut q = advice_queries(poly);
        q.dedup();
        assert_eq!(q.len(), 1, "one advice cell in an is_padding boolean constraint: {q:?}");
        cells.push(q[0]);
    }
    assert_eq!(cells.len(), 8);
    cells
}

#[cfg(test)]
fn advice_queries(e: &Expression<Fr>) -> Vec<(usize, i32)> {
    let mut v = e.evaluate(
        &|_| vec![],
        &|_| vec![],
        &|_| vec![],
        &|q| vec![(q.column_index(), q.rotation().0)],
        &|_| vec![],
        &|_| vec![],
        &|a| a,
        &|mut a, b| {
            a.extend(b);
            a
        },
        &|mut a, b| {
            a.extend(b);
            a
        },
        &|a, _| a,
    );
    v.sort();
    v
}

/// Index of the advice column behind `col` (not for [`Col::Advice`]), for tests that name the
/// cell a failure is reported in.
#[cfg(test)]
pub(crate) fn advice_index(p: WrapperParams, col: Col) -> usize {
    let mut cs = ConstraintSystem::<Fr>::default();
    let c = PreimageCircuit::configure_with_params(&mut cs, p);
    let t = &c.keccak.keccak_table;
    match col {
        Col::IsFinal => t.is_enabled,
        Col::BytesLeft => t.bytes_left,
        Col::WordValue => t.word_value,
        Col::HashLo => t.output.lo(),
        Col::HashHi => t.output.hi(),
        Col::Take => c.take,
        Col::Done => c.done,
        Col::AccLo => c.acc_lo,
        Col::AccHi => c.acc_hi,
        Col::Advice(i) => return i,
    }
    .index()
}
