//! The memory a setup made in this process needs, estimated before it starts (not in params.rs:
//! the build's keys are cached by params.rs, and this changes nothing they are made from).
use crate::constraints;

/// What a wasm32 instance can address (the builds' `--max-memory`).
pub const WASM32_MEMORY: u64 = 4 << 30;

/// Peak memory of a setup made here for `blocks` blocks, then proving with it: 2,200 bytes per
/// constraint and 64 MiB, above every point examples/seed_table.rs measured natively (2,100-2,260
/// bytes per constraint from 67K to 1.08M constraints, web/public/bellman-seed-table.json;
/// groth16 writes 590 bytes of parameters per constraint, and the generator's and prover's
/// tables live beside them at the peak). Checked before the setup, so that a size that cannot fit
/// in wasm32 is refused with a reason instead of failing midway.
pub const fn estimated_peak_bytes(blocks: usize) -> u64 {
    2_200 * constraints(blocks) as u64 + (64 << 20)
}
