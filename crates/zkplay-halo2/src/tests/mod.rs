//! Native tests. Setups are shared per (k, rows_per_round) through `OnceLock`s, and so are
//! honest proofs (see [`proven`]).
//! Run with `cargo test --release -p zkplay-halo2`.

use crate::circuit::*;
use crate::halo2::dev::MockProver;
use crate::halo2::halo2curves::bn256::Fr;
use crate::narrow::NarrowSetup;
use crate::params::*;
use crate::*;
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};
use zkevm_hashes::keccak::vanilla::witness::multi_keccak;

/// Small shape: k = 10, 12 rows per round (the default for short messages).
pub(crate) fn small() -> &'static Setup {
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

/// The narrow circuit at k = 11 (one block), for its own tests and the two-circuit ones.
pub(crate) fn narrow11() -> &'static NarrowSetup {
    static S: OnceLock<NarrowSetup> = OnceLock::new();
    S.get_or_init(|| NarrowSetup::new(11).expect("narrow k=11").0)
}

pub(crate) fn msg(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 7 + 3) as u8).collect()
}

fn prove_verify(s: &Setup, m: &[u8]) -> ProofOutput {
    let out = s.prove(m).unwrap_or_else(|e| panic!("prove {} bytes: {e}", m.len()));
    assert_eq!(out.digest, keccak256(m));
    s.verify(&out.proof, &out.digest, m.len() as u64).unwrap_or_else(|e| panic!("verify {} bytes: {e}", m.len()));
    out
}

/// The honest proof of `m` under the setup at `setup` (an address: every setup here lives in a
/// `static`), made by `prove` once per test binary: the first test to ask makes it, the others
/// (also those running meanwhile) wait for it. A proof costs the same for any message of a
/// shape, so tests that only need some valid proof of a setup (to tamper with it, to offer it to
/// the other circuit, to read its layout) share one, and the same message proven under the same
/// setup by two tests (a boundary length that is also a shared vector) is proven once.
fn proven_by(setup: usize, m: &[u8], prove: impl FnOnce() -> ProofOutput) -> &'static ProofOutput {
    type Cells = BTreeMap<(usize, Vec<u8>), &'static OnceLock<ProofOutput>>;
    static CELLS: Mutex<Cells> = Mutex::new(BTreeMap::new());
    let cell = *CELLS.lock().unwrap().entry((setup, m.to_vec())).or_insert_with(|| Box::leak(Box::default()));
    cell.get_or_init(prove)
}

/// `m` proven and verified under the zkEVM setup `s`, once per test binary (see [`proven_by`]).
pub(crate) fn proven(s: &'static Setup, m: &[u8]) -> &'static ProofOutput {
    proven_by(s as *const Setup as usize, m, || prove_verify(s, m))
}

/// `m` proven and verified under the narrow setup `s`, once per test binary.
pub(crate) fn proven_narrow(s: &'static NarrowSetup, m: &[u8]) -> &'static ProofOutput {
    proven_by(s as *const NarrowSetup as usize, m, || {
        let out = s.prove(m).unwrap_or_else(|e| panic!("prove {} bytes (narrow): {e}", m.len()));
        assert_eq!(out.digest, keccak256(m));
        s.verify(&out.proof, &out.digest, m.len() as u64).unwrap_or_else(|e| panic!("verify (narrow): {e}"));
        out
    })
}

/// The message of the zkEVM circuit's shared honest proof ([`hello`]): 5 bytes, the length the
/// wasm length-wrap test needs.
pub(crate) const HELLO: &[u8] = b"hello";

/// The honest proof of [`HELLO`] at the small shape, which the tests that tamper with a proof,
/// its statement or its key (and the fuzzer) all start from.
pub(crate) fn hello() -> &'static ProofOutput {
    proven(small(), HELLO)
}

/// One vector of test-vectors/keccak256.json.
struct Vector {
    name: String,
    message: Vec<u8>,
    digest: [u8; 32],
    length: u64,
    blocks: u64,
}

/// The shared test vectors, read once.
fn vectors() -> &'static [Vector] {
    static V: OnceLock<Vec<Vector>> = OnceLock::new();
    V.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/keccak256.json");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("read vectors")).unwrap();
        let hex = |v: &serde_json::Value, key: &str| hex::decode(v[key].as_str().unwrap()).unwrap();
        json["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| Vector {
                name: v["name"].as_str().unwrap().to_string(),
                message: hex(v, "message_hex"),
                digest: hex(v, "digest_hex").try_into().unwrap(),
                length: v["length"].as_u64().unwrap(),
                blocks: v["blocks"].as_u64().unwrap(),
            })
            .collect()
    })
}

/// A message of `len` bytes: the shared vector of that length if there is one (so that a
/// boundary length proves the very message [`shared_vectors`] proves), else [`msg`].
fn message_of_len(len: usize) -> Vec<u8> {
    vectors().iter().find(|v| v.message.len() == len).map_or_else(|| msg(len), |v| v.message.clone())
}

/// A malicious key file: flipping a bit of every `step`-th byte (and of the last) of a valid key
/// file `vk` of `config` is refused, or `proof` (honest under `vk`) does not verify under it;
/// never a panic, never `ok: true`. Both outcomes must occur (the sample reaches the key's points).
pub(crate) fn tampered_keys_never_verify(
    config: &str,
    vk: &[u8],
    proof: &[u8],
    digest: &[u8],
    length: f64,
    step: usize,
) {
    use zkplay_wasm_runtime::ErrorCode;
    let (mut refused, mut rejected) = (0, 0);
    for i in (0..vk.len()).step_by(step).chain([vk.len() - 1]) {
        let mut bad = vk.to_vec();
        bad[i] ^= 0x04;
        match contract::verify_with_key_json(config, &bad, proof, digest, length) {
            Ok(v) if v.ok => panic!("byte {i} flipped: verified"),
            Ok(_) => rejected += 1,
            Err(e) => {
                assert!(matches!(e.code, ErrorCode::CorruptArtifact | ErrorCode::CorruptProof), "byte {i}: {e}");
                refused += 1
            }
        }
    }
    assert!(refused > 0 && rejected > 0, "refused {refused}, rejected {rejected}");
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
    let vectors = vectors();
    assert!(!vectors.is_empty());
    let mut proven_blocks = std::collections::BTreeSet::new();
    for v in vectors {
        let (name, m) = (&v.name, &v.message);
        assert_eq!(m.len() as u64, v.length, "{name}");
        let blocks = blocks_for_len(m.len());
        assert_eq!(blocks as u64, v.blocks, "{name}");
        assert_eq!(keccak256(m), v.digest, "tiny-keccak vs vector {name}");
        if !proven_blocks.insert(blocks) {
            continue;
        }
        let out = proven(smallest_holding(blocks), m);
        assert_eq!(out.digest, v.digest, "{name}");
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

/// Lengths 0, 135, 136, 271, 272 prove at the smallest shape holding them (the shared vectors of
/// those lengths); at k = 10 (two blocks) the longer one is refused as over capacity.
#[test]
fn boundary_lengths() {
    let s = small();
    let cap = s.capacity_blocks();
    for len in [0usize, 135, 136, 271, 272] {
        if blocks_for_len(len) > cap {
            assert!(matches!(s.prove(&msg(len)), Err(Error::OverCapacity { .. })));
        }
        proven(smallest_holding(blocks_for_len(len)), &message_of_len(len));
    }
}

/// The capacity reported proves its largest message; one block more is refused with a clear
/// message; a circuit laid out with one more block does not fit in 2^k rows.
fn capacity_is_exact(s: &'static Setup) {
    let cap = s.capacity_blocks();
    let p = s.params();
    proven(s, &message_of_len(max_message_bytes(cap)));
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
        let rows = multi_keccak::<Fr>(std::slice::from_ref(&m), Some(cap + 1), shape.keccak).0;
        let c = PreimageCircuit::new(shape, Some(rows));
        MockProver::run(p.k, &c, vec![public_inputs(&keccak256(&m), m.len() as u64)])
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
    let out = hello();
    let len = HELLO.len() as u64;
    let mut d = out.digest;
    d[31] ^= 1;
    assert!(matches!(s.verify(&out.proof, &d, len), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &keccak256(b""), len), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &out.digest, len + 1), Err(Error::VerificationFailed(_))));
    assert!(matches!(s.verify(&out.proof, &out.digest, 0), Err(Error::VerificationFailed(_))));
    // Flipped bytes at many places: always an error (malformed point or failed check), no panic.
    for pos in (0..out.proof.len()).step_by(out.proof.len() / 13 + 1).chain([out.proof.len() - 1]) {
        let mut p = out.proof.clone();
        p[pos] ^= 0x5a;
        assert!(s.verify(&p, &out.digest, len).is_err(), "flip at {pos}");
    }
    // Truncated, empty and extended proofs are malformed.
    for cut in [1usize, 32, 64, 96] {
        let short = &out.proof[..out.proof.len() - cut];
        let r = s.verify(short, &out.digest, len);
        assert!(matches!(r, Err(Error::MalformedProof(_))), "cut {cut}: {r:?}");
    }
    assert!(matches!(s.verify(&[], &out.digest, len), Err(Error::MalformedProof(_))));
    let mut long = out.proof.clone();
    long.push(0);
    assert!(matches!(s.verify(&long, &out.digest, len), Err(Error::MalformedProof(_))));
    long.extend([0u8; 31]);
    assert!(matches!(s.verify(&long, &out.digest, len), Err(Error::MalformedProof(_))));
    // Garbage of the right length.
    let garbage = vec![0xffu8; out.proof.len()];
    assert!(matches!(s.verify(&garbage, &out.digest, len), Err(Error::MalformedProof(_))));
}

// ---- Public inputs the verifier refuses before reading the proof ----------------------------

/// JavaScript's ToUint32 (what a wasm `usize`/`u32` parameter does to a JS number): truncate
/// toward zero, then wrap modulo 2^32. Non-finite numbers become 0.
fn js_to_uint32(x: f64) -> u32 {
    if !x.is_finite() {
        return 0;
    }
    (x.trunc().rem_euclid(4294967296.0)) as u32
}

/// The hole this closes: the old wasm `verify(proof, digest, length: usize)` received a JS
/// number converted with ToUint32, so a proof for a 5-byte message verified as length
/// 4294967301, 8589934597 or 5.5 (all become 5). This replays that conversion natively: the
/// old path (`length as usize` after the wrap) accepts; the new entry points refuse each of them
/// with `invalid input: ` before looking at the proof.
#[test]
fn wasm_length_wrap_is_refused() {
    let s = small();
    let out = hello();
    assert_eq!(HELLO.len(), 5);
    for js in [4294967301.0f64, 8589934597.0, 5.5, 5.000000001] {
        let old = js_to_uint32(js) as u64;
        assert_eq!(old, 5, "{js}");
        // What the old wasm ended up calling (the proof is valid for length 5).
        assert_eq!(s.verify(&out.proof, &out.digest, old), Ok(()));
        let err = s.length_from_js(js).unwrap_err();
        assert!(err.to_string().starts_with("invalid input: length "), "{err}");
        if js.fract() == 0.0 {
            // A u64 caller cannot wrap it: the native range check refuses it too.
            let err = s.verify(&out.proof, &out.digest, js as u64).unwrap_err();
            assert!(matches!(err, Error::InvalidInput(_)), "{err}");
        }
    }
    assert_eq!(s.length_from_js(5.0), Ok(5));
    assert_eq!(s.length_from_js(-0.0), Ok(0));
    let cap = s.max_message_bytes();
    assert_eq!(
        s.verify(&out.proof, &out.digest, 4294967301).unwrap_err().to_string(),
        format!(
            "invalid input: length 4294967301 is outside 0..={cap} (k=10, 12 rows per round holds at most {cap} bytes)"
        )
    );
    assert_eq!(
        s.length_from_js(4294967301.0).unwrap_err().to_string(),
        format!(
            "invalid input: length 4294967301 is outside 0..={cap} (k=10, 12 rows per round holds at most {cap} bytes)"
        )
    );
}

/// Range and digest checks come before anything looks at the proof: an out-of-range length or a
/// digest of the wrong size is `InvalidInput` even with garbage (or no) proof bytes.
#[test]
fn public_inputs_checked_before_the_proof() {
    let s = small();
    let cap = s.max_message_bytes() as u64;
    let d = keccak256(b"x");
    for len in [cap + 1, 4294967301, 1 << 32, u64::MAX, u64::MAX - 1] {
        for proof in [&[][..], &[0xffu8; 7][..]] {
            let e = s.verify(proof, &d, len).unwrap_err();
            assert!(matches!(e, Error::InvalidInput(_)), "{len}: {e}");
        }
    }
    for n in [0usize, 1, 31, 33, 64] {
        let e = s.verify(&[], &vec![7u8; n], 1).unwrap_err();
        assert_eq!(e, Error::InvalidInput(format!("digest is {n} bytes, expected 32")));
        assert!(e.to_string().starts_with("invalid input: "));
    }
    // In range, right digest size: now the proof is looked at.
    assert!(matches!(s.verify(&[], &d, cap), Err(Error::MalformedProof(_))));
    assert!(matches!(s.verify(&[], &d, 0), Err(Error::MalformedProof(_))));
}

/// The proof layout computed from the verifying key matches real proofs (at both shapes), and
/// every element of an honest proof is where the layout says (points parse as points).
#[test]
fn proof_layout_matches_proofs() {
    for (s, out) in [(small(), hello()), (big(), proven(big(), &message_of_len(272)))] {
        assert_eq!(out.proof.len(), s.proof_bytes(), "k={}", s.params().k);
        assert_eq!(s.layout.check(&out.proof), Ok(()));
        println!(
            "k={} proof: {} bytes = {} points, {} scalars, {} points",
            s.params().k,
            s.proof_bytes(),
            s.layout.points_before,
            s.layout.scalars,
            s.layout.points_after
        );
    }
}

/// Encoding malleability of halo2curves' compressed G1 points: the top bit of the last byte is
/// the infinity flag, and it is ignored for a point with x != 0, so setting it gives a second
/// byte string for the same point. halo2's transcript hashes coordinates, not bytes, so the bare
/// verifier accepts the altered proof; `verify` refuses it (non-canonical encoding). Likewise a
/// scalar plus the modulus (still < 2^256) is refused.
#[test]
fn proof_encoding_is_canonical() {
    let s = small();
    let (m, out) = (HELLO, hello());
    let inst = public_inputs(&out.digest, m.len() as u64);
    let mut alt = out.proof.clone();
    assert_eq!(alt[31] & 0x80, 0);
    alt[31] |= 0x80; // element 0 is the first advice commitment
    assert_ne!(alt, out.proof);
    assert_eq!(s.verify_instances(&alt, &inst), Ok(()), "bare halo2 verifier accepts the second encoding");
    let e = s.verify(&alt, &out.digest, m.len() as u64).unwrap_err();
    assert_eq!(e, Error::MalformedProof("element 0 (bytes 0..32) is not a canonical point encoding".into()));
    // A scalar plus the modulus r (element right after the first block of points).
    let i = s.layout.points_before;
    let mut alt = out.proof.clone();
    let mut limbs = [0u64; 4];
    for (k, l) in limbs.iter_mut().enumerate() {
        *l = u64::from_le_bytes(alt[32 * i + 8 * k..32 * i + 8 * k + 8].try_into().unwrap());
    }
    let r: [u64; 4] = [0x43e1f593f0000001, 0x2833e84879b97091, 0xb85045b68181585d, 0x30644e72e131a029];
    let mut carry = 0u128;
    for k in 0..4 {
        let t = limbs[k] as u128 + r[k] as u128 + carry;
        limbs[k] = t as u64;
        carry = t >> 64;
    }
    assert_eq!(carry, 0, "scalar + r fits in 256 bits");
    for (k, l) in limbs.iter().enumerate() {
        alt[32 * i + 8 * k..32 * i + 8 * k + 8].copy_from_slice(&l.to_le_bytes());
    }
    let e = s.verify(&alt, &out.digest, m.len() as u64).unwrap_err();
    assert!(matches!(&e, Error::MalformedProof(t) if t.contains("not a scalar below the field modulus")), "{e}");
}

// ---- The capacity table the page uses -------------------------------------------------------

// The `k` and `rows_per_round` options the page offers (backends/halo2/index.ts reads them from
// the table below): the crate's, for which the build ships keys.
const OFFERED_ROWS: [usize; 5] = OFFERED_ROWS_PER_ROUND;

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
    let narrow: Vec<serde_json::Value> = narrow::OFFERED_NARROW_K
        .iter()
        .map(|&k| {
            serde_json::json!({
                "k": k,
                "usableRows": narrow::narrow_usable_rows(k),
                "blocks": narrow::narrow_capacity(k),
            })
        })
        .collect();
    serde_json::json!({
        "comment": "Written by `ZKPLAY_WRITE_GENERATED=1 cargo test --release -p zkplay-halo2 capacity_table`, which fails when it is stale; the page and the worker look capacities up here (backends/halo2/capacity.ts). `entries`: the zkEVM circuit's (k, rows per round); `narrow`: the narrow circuit's k, the default wherever one of them holds the message.",
        "defaultCircuit": "narrow",
        "k": OFFERED_K,
        "rowsPerRound": OFFERED_ROWS,
        "defaultRowsPerRound": DEFAULT_ROWS_PER_ROUND,
        "entries": entries,
        "narrow": { "k": narrow::OFFERED_NARROW_K, "entries": narrow },
    })
}

/// backends/halo2/capacity.json is what the Rust capacity gives for every offered option: the
/// page looks capacities up in it, so it states this formula's results and no formula of its own.
#[test]
fn capacity_table_matches_backend_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../backends/halo2/capacity.json");
    let want = capacity_table();
    zkplay_wasm_runtime::generated::check_or_write(path, &want);
    // Every offered option holds at least one block, and the default k for 8 blocks is offered.
    for e in want["entries"].as_array().unwrap() {
        assert!(e["blocks"].as_u64().unwrap() >= 1, "{e}");
    }
    assert!(OFFERED_K.contains(&default_params(max_message_bytes(8)).k));
}

mod attacks;
mod circuits;
mod fuzz;
