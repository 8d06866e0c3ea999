//! The circuit: "I know M of length L with BLAKE2s-256(M) = D" for every L in `0..=64 * blocks`.
//!
//! Public inputs, in order: L, then D as bellman's `multipack` packs it (the digest's bits, each
//! byte least-significant bit first, in chunks of 254 bits: two field elements). M is private.
//!
//! How one circuit of `blocks` compressions hashes a message of any length up to its capacity.
//! BLAKE2s (RFC 7693) has no padding byte: a message of L bytes is ceil(L/64) blocks (one for
//! L = 0), the last one filled up with zeros; each compression takes the byte counter t (all the
//! bytes so far, L for the last block) and the final flag f, set on the last block only. The
//! circuit runs every block and takes the digest after the one flagged final. What makes that
//! the hash of the first L bytes, and nothing else:
//! - **The mask.** One bit per byte position, `in_j = [j < L]`: boolean, non-increasing
//!   (`in_{j+1} * (1 - in_j) = 0`) and summing to L. A non-increasing run of booleans is ones
//!   then zeros, so it is exactly `[j < L]`, and L cannot exceed 64 * blocks (the sum of that
//!   many booleans): an L beyond the capacity has no satisfying witness.
//! - **Zeros after the message.** Each byte times `(1 - in_j)` is 0, so the bytes the final
//!   block holds past L are zero as BLAKE2s requires (bytes in later blocks are zero too; those
//!   blocks are computed and ignored).
//! - **The final flag from the mask.** `final_i = in_{64i} - in_{64(i+1)}` (with `in_0` read as
//!   1 and `in_{64 * blocks}` as 0): 1 exactly for the block holding byte L-1 (block 0 for the
//!   empty message), so one block is final and it is the right one. The flag goes into v\[14\]
//!   of every compression, and selects the digest.
//! - **The counter from the mask.** `t_i = sum of in_j for j < 64(i+1) = min(L, 64(i+1))`: 64
//!   per full block before the final one and L for the final one, range checked by its 16 bits.
//! - **The digest from the final block only.** Each digest bit is `sum_i final_i * h_{i+1}`
//!   (one AND per block and bit), then packed into the public inputs.
//!
//! Each rule has an attack test in tests/attacks.rs that breaks it with a forged witness and
//! shows the circuit refuse it, and a circuit without the rule accept it.
use bellman::gadgets::boolean::{AllocatedBit, Boolean};
use bellman::gadgets::multipack;
use bellman::gadgets::uint32::UInt32;
use bellman::{Circuit, ConstraintSystem, LinearCombination, SynthesisError, Variable};
use bls12_381::Scalar;
use ff::{Field, PrimeField};

use crate::blake2s::{compress, initial_state};
use crate::params::{BLOCK_BYTES, MAX_BLOCKS};

/// Bits of each block's counter: 64 * MAX_BLOCKS < 2^16.
const COUNTER_BITS: usize = 16;

/// What the prover knows: the message and the hints the circuit checks. [`Witness::honest`]
/// computes them; the attack tests change them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// L, also the first public input.
    pub length: u64,
    /// 64 * blocks bytes: the message, then zeros.
    pub bytes: Vec<u8>,
    /// `[j < L]` for every byte position j.
    pub in_message: Vec<bool>,
    /// One flag per block: the block that holds the last byte.
    pub final_block: Vec<bool>,
    /// Each block's byte counter t: min(L, 64(i+1)).
    pub counters: Vec<u64>,
}

impl Witness {
    /// The hints for `message` in a circuit of `blocks` blocks (`message.len() <= 64 * blocks`).
    pub fn honest(message: &[u8], blocks: usize) -> Self {
        let len = message.len();
        assert!(len <= blocks * BLOCK_BYTES, "the caller checks the capacity");
        let mut bytes = message.to_vec();
        bytes.resize(blocks * BLOCK_BYTES, 0);
        let last = len.div_ceil(BLOCK_BYTES).max(1) - 1;
        Witness {
            length: len as u64,
            bytes,
            in_message: (0..blocks * BLOCK_BYTES).map(|j| j < len).collect(),
            final_block: (0..blocks).map(|i| i == last).collect(),
            counters: (0..blocks).map(|i| len.min(BLOCK_BYTES * (i + 1)) as u64).collect(),
        }
    }
}

/// A rule of the circuit that a deliberately weakened copy leaves out (tests only: they show that
/// each attack in tests/attacks.rs needs its rule to be refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The mask bits are booleans.
    MaskBoolean,
    /// Bytes past L are zero.
    ZerosAfterMessage,
    /// The final flags come from the mask.
    FinalFromMask,
    /// The counters come from the mask.
    CounterFromMask,
}

/// The circuit for messages of up to `blocks` * 64 bytes. `witness: None` when making keys.
#[derive(Clone, Debug)]
pub struct PreimageCircuit {
    pub blocks: usize,
    pub witness: Option<Witness>,
    /// A rule left out: `None` in every circuit but the attack tests' weakened copies.
    pub(crate) without: Option<Rule>,
}

impl PreimageCircuit {
    pub fn new(blocks: usize, witness: Option<Witness>) -> Self {
        assert!((1..=MAX_BLOCKS).contains(&blocks), "blocks in 1..={MAX_BLOCKS} (checked by params)");
        PreimageCircuit { blocks, witness, without: None }
    }

    /// This circuit without `rule` (the attack tests' weakened circuit).
    #[cfg(feature = "test-support")]
    pub fn without(mut self, rule: Rule) -> Self {
        self.without = Some(rule);
        self
    }

    fn keeps(&self, rule: Rule) -> bool {
        self.without != Some(rule)
    }
}

/// `sum coeff * bit` over allocated bits.
fn sum(terms: impl IntoIterator<Item = (Scalar, Variable)>) -> LinearCombination<Scalar> {
    terms.into_iter().fold(LinearCombination::zero(), |lc, (c, v)| lc + (c, v))
}

/// A witness value, or the error bellman expects while keys are made (no witness).
fn known<T: Copy>(w: Option<&Witness>, f: impl FnOnce(&Witness) -> T) -> Result<T, SynthesisError> {
    w.map(f).ok_or(SynthesisError::AssignmentMissing)
}

impl Circuit<Scalar> for PreimageCircuit {
    fn synthesize<CS: ConstraintSystem<Scalar>>(self, cs: &mut CS) -> Result<(), SynthesisError> {
        let n = self.blocks;
        let bytes_total = n * BLOCK_BYTES;
        let w = self.witness.as_ref();
        let length = cs.alloc_input(|| "length", || known(w, |w| Scalar::from(w.length)))?;

        // The mask in_j = [j < L].
        let mut mask: Vec<Variable> = Vec::with_capacity(bytes_total);
        for j in 0..bytes_total {
            let value = w.map(|w| w.in_message[j]);
            let bit = if self.keeps(Rule::MaskBoolean) {
                AllocatedBit::alloc(cs.namespace(|| format!("in {j}")), value)?.get_variable()
            } else {
                cs.alloc(|| format!("in {j}"), || known(w, |w| Scalar::from(w.in_message[j] as u64)))?
            };
            if j > 0 {
                let prev = mask[j - 1];
                cs.enforce(
                    || format!("in {j} implies in {}", j - 1),
                    |lc| lc + bit,
                    |lc| lc + CS::one() - prev,
                    |lc| lc,
                );
            }
            mask.push(bit);
        }
        cs.enforce(
            || "the mask counts L bytes",
            |lc| lc + &sum(mask.iter().map(|&v| (Scalar::ONE, v))),
            |lc| lc + CS::one(),
            |lc| lc + length,
        );
        // in_j as a linear combination, with in_{64n} = 0 past the end.
        let mask_at = |j: usize| -> LinearCombination<Scalar> {
            if j < bytes_total {
                LinearCombination::zero() + mask[j]
            } else {
                LinearCombination::zero()
            }
        };

        // The message bits, and zeros after the message.
        let mut message_bits: Vec<Boolean> = Vec::with_capacity(bytes_total * 8);
        #[allow(clippy::needless_range_loop, reason = "j names the byte's namespace and indexes the witness bytes too")]
        for j in 0..bytes_total {
            let mut cs = cs.namespace(|| format!("byte {j}"));
            let bits: Vec<AllocatedBit> = (0..8)
                .map(|k| {
                    AllocatedBit::alloc(cs.namespace(|| format!("bit {k}")), w.map(|w| (w.bytes[j] >> k) & 1 == 1))
                })
                .collect::<Result<_, _>>()?;
            if self.keeps(Rule::ZerosAfterMessage) {
                let value = sum(bits.iter().enumerate().map(|(k, b)| (Scalar::from(1u64 << k), b.get_variable())));
                let inside = mask[j];
                cs.enforce(|| "zero after the message", |lc| lc + &value, |lc| lc + CS::one() - inside, |lc| lc);
            }
            message_bits.extend(bits.into_iter().map(Boolean::from));
        }

        let mut h: [UInt32; 8] = initial_state().map(UInt32::constant);
        let mut digest_terms: Vec<Vec<Variable>> = (0..256).map(|_| Vec::with_capacity(n)).collect();
        let mut digest_values = [false; 256];
        for i in 0..n {
            let mut cs = cs.namespace(|| format!("block {i}"));
            // final_i = in_{64i} - in_{64(i+1)}, in_0 read as 1.
            let is_final = AllocatedBit::alloc(cs.namespace(|| "final"), w.map(|w| w.final_block[i]))?;
            if self.keeps(Rule::FinalFromMask) {
                let start = if i == 0 { LinearCombination::zero() + CS::one() } else { mask_at(BLOCK_BYTES * i) };
                let end = mask_at(BLOCK_BYTES * (i + 1));
                cs.enforce(
                    || "final from the mask",
                    |lc| lc + &start - &end,
                    |lc| lc + CS::one(),
                    |lc| lc + is_final.get_variable(),
                );
            }
            // t_i = min(L, 64(i+1)) = sum of in_j for j < 64(i+1), in 16 bits.
            let t_bits: Vec<AllocatedBit> = (0..COUNTER_BITS)
                .map(|k| {
                    AllocatedBit::alloc(cs.namespace(|| format!("t bit {k}")), w.map(|w| (w.counters[i] >> k) & 1 == 1))
                })
                .collect::<Result<_, _>>()?;
            let t_value = sum(t_bits.iter().enumerate().map(|(k, b)| (Scalar::from(1u64 << k), b.get_variable())));
            if self.keeps(Rule::CounterFromMask) {
                let bytes_so_far = sum(mask[..BLOCK_BYTES * (i + 1)].iter().map(|&v| (Scalar::ONE, v)));
                cs.enforce(
                    || "counter from the mask",
                    |lc| lc + &t_value,
                    |lc| lc + CS::one(),
                    |lc| lc + &bytes_so_far,
                );
            }
            let mut t_word: Vec<Boolean> = t_bits.into_iter().map(Boolean::from).collect();
            t_word.resize(32, Boolean::constant(false));

            let words: [UInt32; 16] = std::array::from_fn(|k| {
                let at = (i * BLOCK_BYTES + 4 * k) * 8;
                UInt32::from_bits(&message_bits[at..at + 32])
            });
            let last = Boolean::from(is_final.clone());
            h = compress(cs.namespace(|| "compress"), &h, &words, &UInt32::from_bits(&t_word), &last)?;

            // This block's output, kept only if it is the final one.
            for (b, bit) in h.iter().flat_map(|word| word.clone().into_bits()).enumerate() {
                let kept = Boolean::and(cs.namespace(|| format!("digest bit {b}")), &last, &bit)?;
                if kept.get_value() == Some(true) {
                    digest_values[b] = true;
                }
                match kept {
                    Boolean::Is(ref a) => digest_terms[b].push(a.get_variable()),
                    // Only constants remain (no compression output is constant): not taken.
                    _ => unreachable!("a compression output bit ANDed with the final flag is a variable"),
                }
            }
        }

        // D: one allocated bit per digest bit, equal to the sum of its per-block terms.
        let mut digest_bits = Vec::with_capacity(256);
        for (b, terms) in digest_terms.iter().enumerate() {
            let bit = AllocatedBit::alloc(cs.namespace(|| format!("digest {b}")), w.map(|_| digest_values[b]))?;
            cs.enforce(
                || format!("digest {b} from the final block"),
                |lc| lc + &sum(terms.iter().map(|&v| (Scalar::ONE, v))),
                |lc| lc + CS::one(),
                |lc| lc + bit.get_variable(),
            );
            digest_bits.push(Boolean::from(bit));
        }
        multipack::pack_into_inputs(cs.namespace(|| "digest"), &digest_bits)
    }
}

/// The public inputs of (L, D) in the circuit's order: L, then D packed as `multipack` packs it.
pub fn public_inputs(length: u64, digest: &[u8; 32]) -> Vec<Scalar> {
    let mut inputs = vec![Scalar::from(length)];
    inputs.extend(multipack::compute_multipacking::<Scalar>(&multipack::bytes_to_bits_le(digest)));
    inputs
}

/// Number of public inputs (without bellman's constant one): L and two digest elements.
pub const PUBLIC_INPUTS: usize = 1 + 256usize.div_ceil(Scalar::CAPACITY as usize);
