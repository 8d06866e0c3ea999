//! A narrow Keccak-256 preimage circuit of our own, built for few blocks: one bit per cell, one
//! row per bit position, no lookups, gates of degree <= 4, and the same public statement as
//! [`crate::circuit`]: "I know `M` with `|M| = L` and `Keccak-256(M) = D`", instance column
//! `[L, D_hi, D_lo]` (digest bytes `0..16` / `16..32` as big-endian `u128`s).
//!
//! # Layout
//! Row `z` of a 64-row region holds bit `z` of every lane (lane `i = x + 5y`, bit `z` is
//! `(lane >> z) & 1`). Block `j` takes rows `1600j .. 1600(j+1)`: an absorb region, then one
//! region per round (see [`layout`]). Advice columns (63): `a[25]` (state at the start of the
//! region), `b[25]` (the round's ρπ output), `c[5]` (θ's column parities), `d[5]` (θ's `D`), `M`
//! (message bits), `P` (padding flag of the bit's byte), `LEN` (non-padding bytes so far in the
//! block). Rounds (selector `q_round`, all 64 rows of a round region):
//! * `c[x]` is a bit and `Σ_y a[x+5y] - c[x] ∈ {0, 2, 4}`: `c` is the parity (the sum is 0..5);
//! * `d[x] = c[x-1] ⊕ c[x+1]` read one row up (row 63 at `z = 0`, by the fixed wrap column `w1`);
//! * `b[π(i)] = a[i] ⊕ d[x]` read `r = ρ(i)` rows up, or `64 - r` rows down where `z < r` (fixed
//!   wrap column `w_r`): that is `rotl(a[i] ⊕ D[x], r)`;
//! * `a[i]` 64 rows down (the next region) `= χ(b)[i]`, with ι's constant bit (fixed `rc`) on lane 0.
//!
//! `xor(u, v) = u + v - 2uv` is only XOR on bits: `a` starts at 0 and then only ever takes values
//! these gates compute from bits (`M` and `c` are constrained to bits), so every cell of the
//! Keccak-f trace is a bit and the rounds compute Keccak-f exactly.
//!
//! # Sponge and padding
//! * Every absorb region: the next region's `a[i] = keep·a[i] ⊕ M` for lanes `i < 17` (rate 136
//!   bytes), `= keep·a[i]` for the capacity lanes, with the fixed `keep` 0 for block 0 (the
//!   sponge starts from zero; block 0's absorb-region `a` is never read) and 1 after.
//!   The block's message bit `k` of byte `n` is `M` at row `8n + k` of the block, which is bit
//!   `8(n mod 8) + k` of lane `n / 8`: the Keccak byte order.
//! * Message rows (`q_msg`, rows `0..1088` of each block): `M` and `P` are bits; `P` is
//!   constant within a byte and never falls from one byte to the next (so the flagged bytes are
//!   a suffix of the block); in a flagged byte every bit is 0 except bit 0 of the first flagged
//!   byte (the `0x01`) and bit 7 of byte 135 (the `0x80`; both give `0x81`). `LEN` counts the
//!   unflagged bytes, so at row 1087 it is the number of message bytes in the block.
//! * The block is *final* iff byte 135 is flagged (`P` at row 1087): then its padding is exactly
//!   `0x01 0x00.. 0x80` after its message bytes; if not, no byte of it is flagged (monotone) and
//!   all 136 bytes are message.
//!
//! # Binding (why `D` and `L` cannot be moved)
//! The state after block `j` is `a` in the region at `1600(j+1)`; a gate accumulates
//! `HH = Σ a[0][z]·w_e(z) + a[1][z]·w_o(z)` and `HL` the same of lanes 2, 3 over its 64 rows,
//! with fixed weights that put each digest byte where `D_hi`/`D_lo` have it (both < 2^128, so no
//! wrap-around in the field). On that region's last row (block `j`'s summary row) with
//! `f_j = P` and `ℓ_j = LEN` at the block's row 1087:
//! * `take_j = (1 - done_{j-1}) f_j`, `done_j = done_{j-1} + take_j` (`done_{-1} = 0`),
//! * `Lacc_j = Lacc_{j-1} + (1 - done_{j-1}) ℓ_j`, `Dacc_j = Dacc_{j-1} + take_j (HH, HL)`.
//!
//! `f_j` is a bit, so `done` is a bit and `take` is 1 exactly on the first final block `F`.
//! On the last summary row, `done = 1` (a final block exists; without it the first blocks of a
//! longer message would prove "Keccak-256 = 0", see the test
//! `no_final_block_attack_needs_the_done_gate`) and `(Lacc, Dacc)` equal the instance rows
//! 0, 1, 2 (gate queries of the instance column, so there is no copy constraint at all).
//! Blocks before `F` are not final, so all their 136 bytes are message: `L = Lacc = 136 F + ℓ_F`
//! is the length of the message absorbed by blocks `0..=F` with its padding in block `F`, and
//! `D = Dacc` is the Keccak-256 of that message. Blocks after `F` (the honest prover absorbs
//! empty-message blocks) only change states that are never selected.
//!
//! Hence instances `(L, D)` are satisfiable only with a message `M`, `|M| = L`,
//! `Keccak-256(M) = D`; the tests in `tests.rs` play the malicious prover against each step.

mod choice;
pub mod circuit;
pub mod layout;
mod prover;
pub mod witness;

pub use choice::{AnySetup, CircuitChoice, OFFERED_NARROW_K};
pub use circuit::{NarrowCircuit, NarrowParams};
pub use prover::{narrow_capacity, narrow_usable_rows, NarrowSetup, NARROW_MAX_K, NARROW_MIN_K};

#[cfg(test)]
mod tests;
