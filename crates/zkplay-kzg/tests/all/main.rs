//! The integration tests of zkplay-kzg, as one test binary: one link of the crate and its
//! dependency tree, and one copy of the generic code they instantiate, for all of them. None
//! needs a process of its own: none sets a logger, an allocator or an environment variable.
//! What a module's tests share (circuits, keys, proofs) is a `OnceLock` in that module; the
//! loaded setup, which every module needs, is [`kzg`] here.

use std::sync::OnceLock;

use zkplay_kzg::Kzg;

mod bad_input;
mod consensus_vectors;
mod dispatch;
mod fixed_base;
mod measure;
mod never_panics;
mod opening;
mod thesis;

/// One loaded setup for the whole binary: loading builds the fixed-base and FK20 tables (~2 s).
pub fn kzg() -> &'static Kzg {
    static K: OnceLock<Kzg> = OnceLock::new();
    K.get_or_init(Kzg::new)
}
