//! Native tests. Setups are shared per (k, rows_per_round) through `OnceLock`s.
//! Run with `cargo test --release -p zkplay-halo2`.

use super::*;
use crate::circuit::{squeeze_row, Tamper};
use halo2::dev::MockProver;
use std::sync::OnceLock;
use zkevm_hashes::keccak::vanilla::witness::multi_keccak;

/// Small shape: k = 10, 12 rows per round (the default for short messages).
fn small() -> &'static Setup {
    static S: OnceLock<Setup> = OnceLock::new();
    S.get_or_init(|| setup(&Params { k: 10, rows_per_round: 12 }).expect("setup k=10").0)
}

/// Bigger shape that holds every shared vector (8 blocks) : smallest k for 8 blocks at 12 rows.
fn big() -> &'static Setup {
    static S: OnceLock<Setup> = OnceLock::new();
    S.get_or_init(|| {
        let p = default_params(1087);
        setup(&p).expect("setup big").0
    })
}

fn msg(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 7 + 3) as u8).collect()
}

fn prove_verify(s: &Setup, m: &[u8]) -> ProofOutput {
    let out = s.prove(m).unwrap_or_else(|e| panic!("prove {} bytes: {e}", m.len()));
    assert_eq!(out.digest, keccak256(m));
    s.verify(&out.proof, &out.digest, m.len())
        .unwrap_or_else(|e| panic!("verify {} bytes: {e}", m.len()));
    out
}

#[test]
fn capacities_and_defaults() {
    // One block fits k = 10 with 12 rows per round; k = 9 has no room.
    assert!(capacity_blocks(10, 12) >= 1);
    assert_eq!(capacity_blocks(9, 12), 0);
    assert_eq!(default_params(0), Params { k: 10, rows_per_round: 12 });
    assert_eq!(capacity_blocks(3, 12), 0);
    assert_eq!(capacity_blocks(10, 0), 0);
    for len in [0usize, 135, 136, 1087, 5000] {
        let p = default_params(len);
        assert!(capacity_blocks(p.k, p.rows_per_round) >= blocks_for_len(len));
        assert!(p.k == MIN_K || capacity_blocks(p.k - 1, p.rows_per_round) < blocks_for_len(len));
    }
    assert!(matches!(setup(&Params { k: 9, rows_per_round: 12 }), Err(Error::InvalidParams(_))));
    assert!(matches!(setup(&Params { k: 30, rows_per_round: 12 }), Err(Error::InvalidParams(_))));
}

/// Every vector's digest is checked; one vector per block count is proven (at the smallest
/// shape that holds it): proving more of the same block count adds time, not coverage.
#[test]
fn shared_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/keccak256.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read vectors")).unwrap();
    let vectors = json["vectors"].as_array().unwrap();
    assert!(!vectors.is_empty());
    let mut proven_blocks = std::collections::BTreeSet::new();
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let m = hex::decode(v["message_hex"].as_str().unwrap()).unwrap();
        let d: [u8; 32] = hex::decode(v["digest_hex"].as_str().unwrap()).unwrap().try_into().unwrap();
        assert_eq!(m.len() as u64, v["length"].as_u64().unwrap(), "{name}");
        let blocks = blocks_for_len(m.len());
        assert_eq!(blocks as u64, v["blocks"].as_u64().unwrap(), "{name}");
        assert_eq!(keccak256(&m), d, "tiny-keccak vs vector {name}");
        if !proven_blocks.insert(blocks) {
            continue;
        }
        let s = smallest_holding(blocks);
        let out = prove_verify(s, &m);
        assert_eq!(out.digest, d, "{name}");
    }
    assert!(proven_blocks.len() >= 4, "vectors of 1, 2, 3 and 8 blocks");
}

/// The smaller of the two shapes that holds `blocks`.
fn smallest_holding(blocks: usize) -> &'static Setup {
    if blocks <= small().capacity_blocks() {
        small()
    } else {
        assert!(blocks <= big().capacity_blocks());
        big()
    }
}

/// Lengths 0, 135, 136, 271, 272 prove at the smallest shape holding them; at k = 10 (one
/// block) the longer ones are refused as over capacity.
#[test]
fn boundary_lengths() {
    let s = small();
    let cap = s.capacity_blocks();
    for len in [0usize, 135, 136, 271, 272] {
        if blocks_for_len(len) > cap {
            assert!(matches!(s.prove(&msg(len)), Err(Error::OverCapacity { .. })));
        }
        prove_verify(smallest_holding(blocks_for_len(len)), &msg(len));
    }
}

/// The capacity reported proves its largest message; one block more is refused with a clear
/// message; a circuit laid out with one more block does not fit in 2^k rows.
fn capacity_is_exact(s: &Setup) {
    let cap = s.capacity_blocks();
    let p = s.params();
    prove_verify(s, &msg(max_message_bytes(cap)));
    let too_long = max_message_bytes(cap) + 1;
    let err = s.prove(&msg(too_long)).unwrap_err();
    let text = err.to_string();
    println!("{text}");
    assert!(matches!(err, Error::OverCapacity { .. }));
    let expect = format!(
        "message is {too_long} bytes = {} blocks; k={} with {} rows per round holds {cap} block",
        cap + 1,
        p.k,
        p.rows_per_round
    );
    assert!(text.starts_with(&expect), "{text}");
    assert!(text.contains(&format!("at most {} bytes", max_message_bytes(cap))), "{text}");
    let sk = min_k_for_blocks(cap + 1, p.rows_per_round).unwrap();
    assert!(sk > p.k);
    assert!(text.contains(&format!("use k >= {sk}")), "{text}");

    // One more block laid out does not satisfy the circuit (rows run into the blinding area).
    let shape = wrapper_params(p.k, p.rows_per_round, cap + 1);
    let m = msg(max_message_bytes(cap + 1));
    let r = std::panic::catch_unwind(|| {
        let rows = multi_keccak::<Fr>(&[m.clone()], Some(cap + 1), shape.keccak).0;
        let c = PreimageCircuit::new(shape, Some(rows));
        MockProver::run(p.k, &c, vec![public_inputs(&keccak256(&m), m.len())])
            .map(|mp| mp.verify().is_ok())
            .unwrap_or(false)
    });
    assert!(!matches!(r, Ok(true)), "capacity + 1 blocks must not fit");
}

#[test]
fn capacity_exact_small() {
    capacity_is_exact(small());
}

#[test]
fn capacity_exact_big() {
    capacity_is_exact(big());
}

#[test]
fn wrong_digest_length_and_tampered_proof_fail() {
    let s = small();
    let m = b"zkplay halo2".to_vec();
    let out = prove_verify(s, &m);
    let mut d = out.digest;
    d[31] ^= 1;
    assert!(matches!(s.verify(&out.proof, &d, m.len()), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &keccak256(b""), m.len()), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &out.digest, m.len() + 1), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &out.digest, 0), Err(Error::VerificationFailed(_))));
    // Flipped bytes at many places: always an error (malformed point or failed check), no panic.
    for pos in (0..out.proof.len()).step_by(out.proof.len() / 13 + 1).chain([out.proof.len() - 1]) {
        let mut p = out.proof.clone();
        p[pos] ^= 0x5a;
        assert!(s.verify(&p, &out.digest, m.len()).is_err(), "flip at {pos}");
    }
    // Truncated, empty and extended proofs are malformed.
    for cut in [1usize, 32, 64, 96] {
        let short = &out.proof[..out.proof.len() - cut];
        let r = s.verify(short, &out.digest, m.len());
        assert!(matches!(r, Err(Error::MalformedProof(_))), "cut {cut}: {r:?}");
    }
    assert!(matches!(s.verify(&[], &out.digest, m.len()), Err(Error::MalformedProof(_))));
    let mut long = out.proof.clone();
    long.push(0);
    assert!(matches!(s.verify(&long, &out.digest, m.len()), Err(Error::MalformedProof(_))));
    long.extend([0u8; 31]);
    assert!(matches!(s.verify(&long, &out.digest, m.len()), Err(Error::MalformedProof(_))));
    // Garbage of the right length.
    let garbage = vec![0xffu8; out.proof.len()];
    assert!(s.verify(&garbage, &out.digest, m.len()).is_err());
}

// ---- MockProver: a prover who points the instances elsewhere -------------------------------

const K: u32 = 10;
const R: usize = 12;

fn mock(shape: WrapperParams, c: &PreimageCircuit, inst: Vec<Fr>) -> bool {
    MockProver::run(shape.keccak.k, c, vec![inst]).unwrap().verify().is_ok()
}

fn shape(guard: bool) -> WrapperParams {
    let mut p = wrapper_params(K, R, capacity_blocks(K, R));
    p.mid_round_guard = guard;
    p
}

#[test]
fn mock_honest_and_dummy_hash_instances() {
    let sh = shape(true);
    assert!(sh.capacity >= 2);
    let m = msg(100);
    let c = PreimageCircuit::new(sh, Some(multi_keccak::<Fr>(&[m.clone()], Some(sh.capacity), sh.keccak).0));
    assert!(mock(sh, &c, public_inputs(&keccak256(&m), m.len())), "honest witness must satisfy");
    // Instances pointed at the dummy empty-message hash that fills the capacity.
    assert!(!mock(sh, &c, public_inputs(&keccak256(b""), m.len())));
    assert!(!mock(sh, &c, public_inputs(&keccak256(b""), 0)));
    // Right digest, wrong length.
    assert!(!mock(sh, &c, public_inputs(&keccak256(&m), m.len() - 1)));
    assert!(!mock(sh, &c, public_inputs(&keccak256(&m), m.len() + 1)));
    // Digest limbs swapped.
    let d = keccak256(&m);
    let mut inst = public_inputs(&d, m.len());
    inst.swap(1, 2);
    assert!(!mock(sh, &c, inst));
}

#[test]
fn mock_second_message_cannot_be_claimed() {
    let sh = shape(true);
    let (m1, m2) = (msg(10), b"the message I claim".to_vec());
    let rows = multi_keccak::<Fr>(&[m1.clone(), m2.clone()], Some(sh.capacity), sh.keccak).0;
    let c = PreimageCircuit::new(sh, Some(rows));
    assert!(mock(sh, &c, public_inputs(&keccak256(&m1), m1.len())));
    assert!(!mock(sh, &c, public_inputs(&keccak256(&m2), m2.len())));
    assert!(!mock(sh, &c, public_inputs(&keccak256(&m2), m1.len())));
}

/// The vanilla circuit allows `is_final = 1` on the first row of any round; on a non-squeeze
/// round that cuts the `bytes_left` countdown. Attack: a 200-byte (2-block) message, claim
/// L = 136 by setting `is_final = 1` on round 17 of block 0 and shifting block 0's `bytes_left`
/// down by 64. Passes without our `q_mid` gate, fails with it.
#[test]
fn mid_round_is_final_attack() {
    let m = msg(200);
    let d = keccak256(&m);
    let mut t = Tamper::default();
    for r in 0..17usize {
        t.bytes_left.push((R * (1 + r), (136 - 8 * r) as u64));
    }
    t.bytes_left.push((R * 18, 0));
    t.is_final.push((R * 18, 1));
    assert!(R * 18 < squeeze_row(R, 0));
    for guard in [false, true] {
        let sh = shape(guard);
        let rows = multi_keccak::<Fr>(&[m.clone()], Some(sh.capacity), sh.keccak).0;
        let honest = PreimageCircuit::new(sh, Some(rows.clone()));
        assert!(mock(sh, &honest, public_inputs(&d, 200)));
        assert!(!mock(sh, &honest, public_inputs(&d, 136)));
        let attack = PreimageCircuit { params: sh, rows: Some(rows), tamper: Some(t.clone()) };
        let accepted = mock(sh, &attack, public_inputs(&d, 136));
        assert_eq!(accepted, !guard, "guard={guard}: attack accepted={accepted}");
    }
}

// ---- The capacity table the page uses -------------------------------------------------------

/// The `k` and `rows_per_round` options the page offers (workers/halo2/index.ts reads them from
/// the table below).
const OFFERED_K: [u32; 6] = [10, 11, 12, 13, 14, 15];
const OFFERED_ROWS: [usize; 5] = [6, 9, 12, 16, 20];

fn capacity_table() -> serde_json::Value {
    let entries: Vec<serde_json::Value> = OFFERED_K
        .iter()
        .flat_map(|&k| OFFERED_ROWS.iter().map(move |&r| (k, r)))
        .map(|(k, r)| {
            serde_json::json!({
                "k": k,
                "rowsPerRound": r,
                "usableRows": usable_rows(k, r),
                "blocks": capacity_blocks(k, r),
            })
        })
        .collect();
    serde_json::json!({
        "comment": "Written by `ZKPLAY_WRITE_CAPACITY=1 cargo test --release -p zkplay-halo2 capacity_table`; checked by that test and by workers/halo2/capacity.test.ts against the TypeScript capacity().",
        "k": OFFERED_K,
        "rowsPerRound": OFFERED_ROWS,
        "defaultRowsPerRound": DEFAULT_ROWS_PER_ROUND,
        "entries": entries,
    })
}

/// workers/halo2/capacity.json is what the Rust capacity gives for every offered option, so the
/// TypeScript capacity() (tested against the same file) cannot drift from it.
#[test]
fn capacity_table_matches_workers_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../workers/halo2/capacity.json");
    let want = capacity_table();
    if std::env::var_os("ZKPLAY_WRITE_CAPACITY").is_some() {
        std::fs::write(path, serde_json::to_string_pretty(&want).unwrap() + "\n").unwrap();
    }
    let got: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read workers/halo2/capacity.json")).unwrap();
    assert_eq!(got, want, "workers/halo2/capacity.json is stale: rerun with ZKPLAY_WRITE_CAPACITY=1");
    // Every offered option holds at least one block, and the default k for 8 blocks is offered.
    for e in want["entries"].as_array().unwrap() {
        assert!(e["blocks"].as_u64().unwrap() >= 1, "{e}");
    }
    assert!(OFFERED_K.contains(&default_params(max_message_bytes(8)).k));
}

