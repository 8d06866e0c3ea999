//! The test circuits, each built once per test binary and shared by every module that proves
//! with it: attacks, keccak, fuzz_verifier and verify_with_key all start from the 1-block Keccak
//! circuit, and a build is seconds of work each time. (keys.rs builds its own on purpose: it
//! compares two builds of one configuration.)

use std::sync::OnceLock;

use zkplay_plonky2::{build, CircuitConfig, MerkleHash, Prepared};

pub fn circuit(blocks: usize, hash: MerkleHash) -> &'static Prepared {
    static K1: OnceLock<Prepared> = OnceLock::new();
    static K2: OnceLock<Prepared> = OnceLock::new();
    static K3: OnceLock<Prepared> = OnceLock::new();
    static P1: OnceLock<Prepared> = OnceLock::new();
    let cell = match (blocks, hash) {
        (1, MerkleHash::Keccak) => &K1,
        (2, MerkleHash::Keccak) => &K2,
        (3, MerkleHash::Keccak) => &K3,
        (1, MerkleHash::Poseidon) => &P1,
        _ => panic!("no such test circuit"),
    };
    cell.get_or_init(|| build(&CircuitConfig::new(blocks, hash)).expect("build"))
}
