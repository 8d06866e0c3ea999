//! The shipped verifier-data file: deterministic, round-trips through plonky2's deserializers
//! with this crate's gate serializer, and differs between configurations.
use plonky2::field::goldilocks_field::GoldilocksField;
use plonky2::plonk::circuit_data::CommonCircuitData;
use zkplay_plonky2::keys::{file_name, ZkplayGateSerializer, MAGIC, VERSION};
use zkplay_plonky2::{build, CircuitConfig, MerkleHash};

fn cfg(blocks: usize, hash: MerkleHash, zk: bool) -> CircuitConfig {
    let mut c = CircuitConfig::new(blocks, hash);
    c.zero_knowledge = zk;
    c
}

fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize
}

/// (common data bytes, verifier-only bytes) of a well-formed file.
fn sections(file: &[u8]) -> (&[u8], &[u8]) {
    assert_eq!(&file[..11], MAGIC);
    assert_eq!(u32_at(file, 11), VERSION as usize);
    let common_len = u32_at(file, 21);
    let common = &file[25..25 + common_len];
    let vo_at = 25 + common_len;
    let vo_len = u32_at(file, vo_at);
    assert_eq!(file.len(), vo_at + 4 + vo_len, "no trailing bytes");
    (common, &file[vo_at + 4..])
}

#[test]
fn verifier_data_is_deterministic_and_round_trips() {
    for c in [cfg(1, MerkleHash::Keccak, false), cfg(1, MerkleHash::Poseidon, true)] {
        let a = build(&c).unwrap().verifier_data_file().unwrap();
        let b = build(&c).unwrap().verifier_data_file().unwrap();
        assert_eq!(a, b, "{c:?}: two builds give the same verifier data");
        let (common, verifier_only) = sections(&a);
        assert_eq!(u32_at(&a, 15), c.max_blocks);
        assert!(!verifier_only.is_empty());
        let parsed = CommonCircuitData::<GoldilocksField, 2>::from_bytes(common.to_vec(), &ZkplayGateSerializer)
            .expect("common data parses");
        assert_eq!(parsed.to_bytes(&ZkplayGateSerializer).unwrap(), common, "{c:?}: round trip");
    }
}

#[test]
fn configurations_have_distinct_verifier_data() {
    let configs = [
        cfg(1, MerkleHash::Keccak, false),
        cfg(1, MerkleHash::Keccak, true),
        cfg(1, MerkleHash::Poseidon, false),
        cfg(2, MerkleHash::Keccak, false),
    ];
    let files: Vec<Vec<u8>> = configs.iter().map(|c| build(c).unwrap().verifier_data_file().unwrap()).collect();
    for i in 0..files.len() {
        for j in i + 1..files.len() {
            assert_ne!(files[i], files[j], "{:?} vs {:?}", configs[i], configs[j]);
            // Not just the header: the circuit parts differ too.
            assert_ne!(sections(&files[i]), sections(&files[j]), "{:?} vs {:?}", configs[i], configs[j]);
        }
    }
    assert_eq!(file_name(&configs[1]), "vk-b1-keccak-zkon.bin");
}
