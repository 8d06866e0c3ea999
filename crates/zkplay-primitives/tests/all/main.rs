//! The integration tests of zkplay-primitives, as one test binary: one link of the crate and its
//! dependency tree, and one copy of the generic code they instantiate, for all of them. None
//! needs a process of its own: none sets a logger, an allocator or an environment variable.
//! What a module's tests share (circuits, keys, proofs) is a `OnceLock` in that module.

// Only with `--cfg zkplay_wasm_patches`: the patched bls12_381 (scripts/lib/wasm-patches.mjs).
#[cfg(zkplay_wasm_patches)]
mod bls12_381_msm;
mod bls12_381_mul;
mod field_mul;
mod field_ops;
mod msm_split;
mod primitives;
