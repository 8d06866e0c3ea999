//! Verifying against shipped verifier data (`verify_with_key`, what the verifier-only wasm runs):
//! the honest proof verifies; a tampered proof, another digest or length do not; a statement out
//! of range is refused before the proof is read; a key of another configuration or a damaged
//! container is refused as a corrupt key, and never panics.
use zkplay_plonky2::{verify_with_key, CircuitConfig, Error, MerkleHash};
use zkplay_wasm_runtime::statement::keccak256;
use zkplay_wasm_runtime::xorshift::XorShift;

/// The 1-block Keccak-tree configuration, its shipped verifier-data file, and an honest proof of
/// `msg` with its digest.
fn honest(msg: &[u8]) -> (CircuitConfig, Vec<u8>, Vec<u8>, [u8; 32]) {
    let cfg = CircuitConfig::new(1, MerkleHash::Keccak);
    let prepared = crate::circuits::circuit(1, MerkleHash::Keccak);
    let key = prepared.verifier_data_file().unwrap();
    let proof = prepared.prove(msg).unwrap().proof;
    (cfg, key, proof, keccak256(msg))
}

#[test]
fn verifies_against_shipped_verifier_data_and_refuses_the_rest() {
    let msg = b"hello, zkplay";
    let (cfg, key, proof, digest) = honest(msg);
    let len = msg.len() as u64;
    verify_with_key(&cfg, &key, &proof, &digest, len).expect("the honest proof verifies");

    // Another statement: the proof is about (digest, len).
    let mut other = digest;
    other[0] ^= 1;
    assert!(matches!(verify_with_key(&cfg, &key, &proof, &other, len), Err(Error::PublicInputMismatch(_))));
    for l in [len - 1, len + 1] {
        assert!(matches!(verify_with_key(&cfg, &key, &proof, &digest, l), Err(Error::PublicInputMismatch(_))), "{l}");
    }
    // Out of range, refused before the proof is read.
    assert!(matches!(verify_with_key(&cfg, &key, &proof, &digest, 136), Err(Error::InvalidInput(_))));
    assert!(matches!(verify_with_key(&cfg, &key, &proof, &digest[..31], len), Err(Error::InvalidInput(_))));
    // Tampered proofs: never verified.
    for at in [0, proof.len() / 3, proof.len() / 2, proof.len() - 1] {
        let mut p = proof.clone();
        p[at] ^= 1;
        assert!(verify_with_key(&cfg, &key, &p, &digest, len).is_err(), "bit flipped at {at}");
    }
    assert!(matches!(
        verify_with_key(&cfg, &key, &proof[..proof.len() - 1], &digest, len),
        Err(Error::MalformedProof(_))
    ));

    // The key of another configuration, for this configuration: refused, whatever the proof.
    let other_cfg = CircuitConfig::new(2, MerkleHash::Keccak);
    let other_key = crate::circuits::circuit(2, MerkleHash::Keccak).verifier_data_file().unwrap();
    assert!(matches!(verify_with_key(&cfg, &other_key, &proof, &digest, len), Err(Error::CorruptKey(_))));
    // ... and this key presented as the other configuration's.
    assert!(matches!(verify_with_key(&other_cfg, &key, &proof, &digest, len), Err(Error::CorruptKey(_))));
}

/// Seeded damage to the container (magic, version, configuration, section lengths, truncation,
/// extension): always `CorruptKey` (or another refusal), never a panic, never Ok.
#[test]
fn damaged_containers_are_refused_without_panicking() {
    let msg = b"abc";
    let (cfg, key, proof, digest) = honest(msg);
    let header = 11 + 4 + 4 + 1 + 1 + 4; // magic, version, blocks, hash, zk, common length
    let common_len = u32::from_le_bytes(key[header - 4..header].try_into().unwrap()) as usize;
    let vo_len_at = header + common_len;
    let mut cases: Vec<Vec<u8>> =
        vec![vec![], key[..10].to_vec(), key[..key.len() - 1].to_vec(), [key.clone(), vec![0]].concat()];
    let mut rng = XorShift(0x5eed);
    for _ in 0..2000 {
        let mut k = key.clone();
        // Damage the container's fields: header bytes and both section lengths.
        let fields: Vec<usize> = (0..header).chain(vo_len_at..vo_len_at + 4).collect();
        let at = fields[rng.below(fields.len())];
        k[at] = rng.next_u64() as u8;
        if k != key {
            cases.push(k);
        }
    }
    for (i, k) in cases.iter().enumerate() {
        let r = std::panic::catch_unwind(|| verify_with_key(&cfg, k, &proof, &digest, msg.len() as u64));
        let r = r.unwrap_or_else(|_| panic!("case {i} panicked"));
        assert!(r.is_err(), "case {i} verified");
    }
}
