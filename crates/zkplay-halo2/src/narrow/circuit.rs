//! The narrow Keccak circuit's gates and their fixed columns (see the module documentation for
//! the layout and the soundness argument).

use super::layout::*;
use super::witness::Witness;
use crate::circuit::assign_region_once;
use crate::halo2::{
    circuit::{Layouter, SimpleFloorPlanner, Value},
    halo2curves::{bn256::Fr, ff::PrimeField},
    plonk::{Advice, Circuit, Column, ConstraintSystem, Error, Expression, Fixed, Instance, Selector, VirtualCells},
    poly::Rotation,
};

/// Shape of the circuit (fixes the verifying key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrowParams {
    pub k: u32,
    /// Keccak-f blocks laid out.
    pub capacity: usize,
    /// Only `false` in the test that shows the attack the "a final block exists" gate stops.
    pub(crate) final_guard: bool,
}

impl Default for NarrowParams {
    fn default() -> Self {
        NarrowParams { k: 11, capacity: 1, final_guard: true }
    }
}

#[derive(Clone, Debug)]
pub struct NarrowConfig {
    advice: Vec<Column<Advice>>,
    q_round: Selector,
    q_absorb: Selector,
    q_msg: Selector,
    q_in_byte: Selector,
    q_sq: Selector,
    q_sum: Selector,
    q_last: Selector,
    /// `wrap[r]`: 1 on rows `z < r` of round regions (where ρ's rotation by `r` wraps).
    wrap: Vec<Option<Column<Fixed>>>,
    /// ι: bit `z` of the round constant on round regions' rows (0 everywhere else).
    rc: Column<Fixed>,
    /// Message rows: first row of the block / first row of a later byte / bit 7 of byte 135.
    msg_first: Column<Fixed>,
    byte_start: Column<Fixed>,
    last_bit: Column<Fixed>,
    /// Squeeze regions: first row; digest weights of lanes 0/2 and 1/3.
    sq_first: Column<Fixed>,
    w_even: Column<Fixed>,
    w_odd: Column<Fixed>,
    /// Absorb regions of blocks 1.. (the state before block 0 is zero).
    keep: Column<Fixed>,
    /// Summary row of block 0.
    sum_first: Column<Fixed>,
}

/// The circuit. `witness == None` for key generation.
#[derive(Clone, Debug)]
pub struct NarrowCircuit {
    pub params: NarrowParams,
    pub witness: Option<Witness>,
}

fn xor(a: Expression<Fr>, b: Expression<Fr>) -> Expression<Fr> {
    a.clone() + b.clone() - a * b * Fr::from(2)
}

fn one() -> Expression<Fr> {
    Expression::Constant(Fr::from(1))
}

fn k(v: u64) -> Expression<Fr> {
    Expression::Constant(Fr::from(v))
}

impl Circuit<Fr> for NarrowCircuit {
    type Config = NarrowConfig;
    type FloorPlanner = SimpleFloorPlanner;
    type Params = NarrowParams;

    fn without_witnesses(&self) -> Self {
        NarrowCircuit { params: self.params, witness: None }
    }

    fn params(&self) -> Self::Params {
        self.params
    }

    fn configure(_: &mut ConstraintSystem<Fr>) -> Self::Config {
        unreachable!("configure_with_params is used")
    }

    fn configure_with_params(meta: &mut ConstraintSystem<Fr>, p: Self::Params) -> Self::Config {
        let advice: Vec<Column<Advice>> = (0..NUM_ADVICE).map(|_| meta.advice_column()).collect();
        let instance: Column<Instance> = meta.instance_column();
        // `q_round` is complex: the χι gate adds a term outside it (see there).
        let q_round = meta.complex_selector();
        let [q_absorb, q_msg, q_in_byte, q_sq, q_sum, q_last] = [(); 6].map(|_| meta.selector());
        let mut wrap = vec![None; LANE_BITS];
        for &r in RHO.iter().filter(|&&r| r > 0) {
            wrap[r] = Some(meta.fixed_column());
        }
        let [rc, msg_first, byte_start, last_bit, sq_first, w_even, w_odd, sum_first, keep] =
            [(); 9].map(|_| meta.fixed_column());
        let cfg = NarrowConfig {
            advice: advice.clone(),
            q_round,
            q_absorb,
            q_msg,
            q_in_byte,
            q_sq,
            q_sum,
            q_last,
            wrap,
            rc,
            msg_first,
            byte_start,
            last_bit,
            sq_first,
            w_even,
            w_odd,
            sum_first,
            keep,
        };
        let adv = move |m: &mut VirtualCells<'_, Fr>, col: usize, rot: i32| m.query_advice(advice[col], Rotation(rot));
        let fix = |m: &mut VirtualCells<'_, Fr>, col: Column<Fixed>| m.query_fixed(col, Rotation::cur());
        let z64 = LANE_BITS as i32;

        // θ, first half: c[x] = a[x,0] ^ .. ^ a[x,4], as "c is a bit and sum - c is 0, 2 or 4".
        meta.create_gate("theta: column parity c", |m| {
            let q = m.query_selector(q_round);
            let mut out = vec![];
            for x in 0..5 {
                let s = (0..5).fold(k(0), |acc, y| acc + adv(m, a(x + 5 * y), 0));
                let cx = adv(m, c(x), 0);
                out.push((format!("c{x} bit"), q.clone() * cx.clone() * (cx.clone() - one())));
                let e = s - cx;
                out.push((format!("c{x} parity"), q.clone() * e.clone() * (e.clone() - k(2)) * (e - k(4))));
            }
            out
        });
        // θ, second half: d[x][z] = c[x-1][z] ^ c[x+1][z-1 mod 64] (row z = 0 reads row 63).
        let w1 = cfg.wrap[1].expect("rho offset 1 exists");
        meta.create_gate("theta: d", |m| {
            let q = m.query_selector(q_round);
            let w = fix(m, w1);
            (0..5)
                .map(|x| {
                    let cl = adv(m, c((x + 4) % 5), 0);
                    let cr =
                        (one() - w.clone()) * adv(m, c((x + 1) % 5), -1) + w.clone() * adv(m, c((x + 1) % 5), z64 - 1);
                    (format!("d{x}"), q.clone() * (adv(m, d(x), 0) - xor(cl, cr)))
                })
                .collect::<Vec<_>>()
        });
        // θ applied, ρ and π: b[pi(i)][z] = (a[i] ^ d[x])[z - r mod 64].
        let wrap = cfg.wrap.clone();
        meta.create_gate("theta-rho-pi: b", |m| {
            let q = m.query_selector(q_round);
            (0..25)
                .map(|i| {
                    let r = RHO[i] as i32;
                    let out = adv(m, b(pi(i)), 0);
                    let e = |m: &mut VirtualCells<'_, Fr>, rot: i32| xor(adv(m, a(i), rot), adv(m, d(i % 5), rot));
                    let val = if r == 0 {
                        e(m, 0)
                    } else {
                        let w = fix(m, wrap[r as usize].unwrap());
                        (one() - w.clone()) * e(m, -r) + w * e(m, z64 - r)
                    };
                    (format!("b{} from lane {i}", pi(i)), q.clone() * (out - val))
                })
                .collect::<Vec<_>>()
        });
        // χ and ι: the next round's state, written 64 rows down.
        meta.create_gate("chi-iota: next state", |m| {
            let q = m.query_selector(q_round);
            let rc = fix(m, rc);
            (0..25)
                .map(|i| {
                    let (x, y) = (i % 5, i / 5);
                    let b0 = adv(m, b(i), 0);
                    let b1 = adv(m, b((x + 1) % 5 + 5 * y), 0);
                    let b2 = adv(m, b((x + 2) % 5 + 5 * y), 0);
                    let t = (one() - b1) * b2;
                    let chi = b0.clone() + t.clone() - b0 * t * Fr::from(2);
                    let mut e = q.clone() * (adv(m, a(i), z64) - chi.clone());
                    if i == 0 {
                        // a' = chi ⊕ rc, with rc outside the selector: `rc` is 0 off round rows,
                        // and this keeps every gate at degree 4 (3 quotient pieces, not 4).
                        e = e - rc.clone() * (one() - chi * Fr::from(2));
                    }
                    (format!("chi lane {i}"), e)
                })
                .collect::<Vec<_>>()
        });
        // Sponge: a block's bytes are XORed into the first 17 lanes of the state before it, which
        // is zero for block 0 (`keep = 0` there, so block 0's absorb-region `a` is never read).
        meta.create_gate("sponge: absorb", |m| {
            let q = m.query_selector(q_absorb);
            (0..25)
                .map(|i| {
                    let next = adv(m, a(i), z64);
                    let cur = fix(m, keep) * adv(m, a(i), 0);
                    let val = if i < RATE_LANES { xor(cur, adv(m, M, z64 * i as i32)) } else { cur };
                    (format!("absorb lane {i}"), q.clone() * (next - val))
                })
                .collect::<Vec<_>>()
        });
        // Message rows (byte n, bit k at row 8n + k of the block): bits, padding flags, length.
        meta.create_gate("message: bits, padding, length", |m| {
            let q = m.query_selector(q_msg);
            let (mb, pf, pp) = (adv(m, M, 0), adv(m, P, 0), adv(m, P, -1));
            let (first, start, last) = (fix(m, msg_first), fix(m, byte_start), fix(m, last_bit));
            // The bit a padding byte must have here: 1 on bit 0 of the first padding byte (flag
            // rises here, or is set on the block's first byte), 1 on bit 7 of byte 135, else 0.
            let expect = start.clone() * (pf.clone() - pp.clone()) + first.clone() * pf.clone() + last;
            let len_prev = (one() - first.clone()) * adv(m, LEN, -1);
            vec![
                ("M bit", q.clone() * mb.clone() * (mb.clone() - one())),
                ("P bit", q.clone() * pf.clone() * (pf.clone() - one())),
                ("P monotone", q.clone() * start * (pf.clone() - pp.clone()) * (pf.clone() - pp - one())),
                ("padding bits", q.clone() * pf.clone() * (mb - expect)),
                ("LEN count", q * (adv(m, LEN, 0) - len_prev - (first + fix(m, byte_start)) * (one() - pf))),
            ]
        });
        meta.create_gate("message: flag constant within a byte", |m| {
            let q = m.query_selector(q_in_byte);
            vec![("P constant in byte", q * (adv(m, P, 0) - adv(m, P, -1)))]
        });
        // Digest limbs of the state after a block, accumulated over the 64 rows.
        meta.create_gate("squeeze: digest limbs", |m| {
            let q = m.query_selector(q_sq);
            let first = fix(m, sq_first);
            let (we, wo) = (fix(m, w_even), fix(m, w_odd));
            let acc = |m: &mut VirtualCells<'_, Fr>, col: usize, l0: usize, l1: usize| {
                adv(m, col, 0)
                    - (one() - first.clone()) * adv(m, col, -1)
                    - adv(m, a(l0), 0) * we.clone()
                    - adv(m, a(l1), 0) * wo.clone()
            };
            vec![("HH", q.clone() * acc(m, HH, 0, 1)), ("HL", q * acc(m, HL, 2, 3))]
        });
        // Selection of the first final block (summary row of every block).
        let back = SUMMARY_TO_MSG_END as i32;
        let prev_block = BLOCK_ROWS as i32;
        meta.create_gate("summary: first final block", |m| {
            let q = m.query_selector(q_sum);
            let later = one() - fix(m, sum_first);
            let f = adv(m, P, -back);
            let len = adv(m, LEN, -back);
            let prev = |m: &mut VirtualCells<'_, Fr>, col: usize| later.clone() * adv(m, col, -prev_block);
            let (take, done, lacc, dhi, dlo) =
                (adv(m, TAKE, 0), adv(m, DONE, 0), adv(m, LACC, 0), adv(m, DHI, 0), adv(m, DLO, 0));
            let open = one() - prev(m, DONE);
            vec![
                ("take", q.clone() * (take.clone() - open.clone() * f)),
                ("done", q.clone() * (done - prev(m, DONE) - take.clone())),
                ("Lacc", q.clone() * (lacc - prev(m, LACC) - open * len)),
                ("Dacc hi", q.clone() * (dhi - prev(m, DHI) - take.clone() * adv(m, HH, 0))),
                ("Dacc lo", q * (dlo - prev(m, DLO) - take * adv(m, HL, 0))),
            ]
        });
        // Last summary row: a final block exists; (L, D_hi, D_lo) are the instance rows 0, 1, 2.
        let s = summary_row(p.capacity.max(1) - 1) as i32;
        let final_guard = p.final_guard;
        meta.create_gate("summary: public inputs", |m| {
            let q = m.query_selector(q_last);
            let inst = |m: &mut VirtualCells<'_, Fr>, row: i32| m.query_instance(instance, Rotation(row - s));
            let mut v = vec![
                ("L = instance 0", q.clone() * (adv(m, LACC, 0) - inst(m, 0))),
                ("D_hi = instance 1", q.clone() * (adv(m, DHI, 0) - inst(m, 1))),
                ("D_lo = instance 2", q.clone() * (adv(m, DLO, 0) - inst(m, 2))),
            ];
            if final_guard {
                v.push(("done = 1", q * (adv(m, DONE, 0) - one())));
            }
            v
        });
        cfg
    }

    fn synthesize(&self, cfg: Self::Config, mut layouter: impl Layouter<Fr>) -> Result<(), Error> {
        let cap = self.params.capacity;
        assign_region_once(&mut layouter, "narrow keccak", |mut region| {
            let one = Fr::from(1);
            for j in 0..cap {
                let base = block_start(j);
                for z in 0..LANE_BITS {
                    if j > 0 {
                        region.assign_fixed(cfg.keep, base + z, one);
                    }
                    cfg.q_absorb.enable(&mut region, base + z)?;
                }
                for (t, rc) in RC.iter().enumerate() {
                    let start = round_start(j, t);
                    for z in 0..LANE_BITS {
                        cfg.q_round.enable(&mut region, start + z)?;
                        if (rc >> z) & 1 == 1 {
                            region.assign_fixed(cfg.rc, start + z, one);
                        }
                        for (r, col) in cfg.wrap.iter().enumerate() {
                            if let (Some(col), true) = (col, z < r) {
                                region.assign_fixed(*col, start + z, one);
                            }
                        }
                    }
                }
                for r in 0..MSG_ROWS {
                    let row = base + r;
                    cfg.q_msg.enable(&mut region, row)?;
                    if r == 0 {
                        region.assign_fixed(cfg.msg_first, row, one);
                    } else if r % 8 == 0 {
                        region.assign_fixed(cfg.byte_start, row, one);
                    } else {
                        cfg.q_in_byte.enable(&mut region, row)?;
                    }
                    if r == MSG_ROWS - 1 {
                        region.assign_fixed(cfg.last_bit, row, one);
                    }
                }
                let sq = squeeze_start(j);
                for z in 0..LANE_BITS {
                    cfg.q_sq.enable(&mut region, sq + z)?;
                    if z == 0 {
                        region.assign_fixed(cfg.sq_first, sq, one);
                    }
                    region.assign_fixed(cfg.w_even, sq + z, Fr::from_u128(weight_even(z)));
                    region.assign_fixed(cfg.w_odd, sq + z, Fr::from_u128(weight_odd(z)));
                }
                let s = summary_row(j);
                cfg.q_sum.enable(&mut region, s)?;
                if j == 0 {
                    region.assign_fixed(cfg.sum_first, s, one);
                }
                if j + 1 == cap {
                    cfg.q_last.enable(&mut region, s)?;
                }
            }
            if let Some(w) = &self.witness {
                for (col, values) in cfg.advice.iter().zip(&w.cells) {
                    for (row, v) in values.iter().enumerate() {
                        region.assign_advice(*col, row, Value::known(*v));
                    }
                }
            }
            Ok(())
        })?;
        Ok(())
    }
}
