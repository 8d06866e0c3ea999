//! The prover contract natively, with the production wrapper (zk off): one wrapper build and one
//! honest wrapped proof shared by every test here and wrap.rs's (~30 s), then
//! - the key file pins the wrapper: a key for the other zk setting, a damaged key and the key of
//!   a wrapper built from a weakened table are refused before any proof is made;
//! - the memory estimate refuses what wasm32 cannot hold, before any work;
//! - seeded fuzzing of the verifier (>= 10,000 inputs): random bytes, truncations, extensions,
//!   bit flips, byte substitutions, field elements made non-canonical (x + p), Merkle-proof
//!   lengths and the public-input count edited, public inputs rewritten inside the proof, wrong
//!   digests and lengths (in range, out of range, at and above p). Asserts: no panic (the
//!   verifier's `catch_unwind` never fires), `Ok` only for the honest proof and statement, and
//!   every refusal one of the contract's texts. `ZKPLAY_FUZZ_SEED` replays another seed.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkplay_plonky2::shape::{self, HashBytes, Part};
use zkplay_starky::contract::{key_info, verify_with_key_json, StarkyProver, PROVER_DATA};
use zkplay_starky::memory::{estimated_peak_bytes, max_message_bytes, WASM32_MEMORY};
use zkplay_starky::{keys, production_config, prover_data, wrap, Tables, Weaken, MAX_MESSAGE_BYTES, RANGE};
use zkplay_wasm_runtime::statement::keccak256;
use zkplay_wasm_runtime::{Artifacts, ErrorCode, Prover};

const MSG: &[u8] = b"zkplay starky: the honest statement";
const P: u64 = 0xFFFF_FFFF_0000_0001;

pub(crate) struct Fixture {
    /// Prepared as the page prepares: from the key and the shipped prover data.
    pub(crate) prover: StarkyProver,
    vk: Vec<u8>,
    /// The prover data file of the wrapper built in full here (what the keys example ships).
    pd: Vec<u8>,
    proof: Vec<u8>,
}

/// Built by the first test of this binary that needs it; wrap.rs wraps with its prover's wrapper.
pub(crate) fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let w = wrap::build(&Tables::default(), &production_config(), RANGE, false);
        let vk = keys::encode(&w, key_info(false)).unwrap();
        let pd = prover_data::encode(&w.data, false).unwrap();
        drop(w);
        let config = zkplay_wasm_runtime::serde_json::json!({ "zk": "off" });
        let files = Artifacts::new().with("vk", vk.clone()).with(PROVER_DATA, pd.clone());
        let (prover, report) = StarkyProver::prepare(&config, &files).unwrap();
        assert_eq!(report.capacity_bytes, MAX_MESSAGE_BYTES as usize);
        let proof = prover.prove(MSG).unwrap().proof;
        Fixture { prover, vk, pd, proof }
    })
}

fn verify(f: &Fixture, proof: &[u8], digest: &[u8], length: f64) -> Result<(), String> {
    match verify_with_key_json(r#"{"zk":"off"}"#, &f.vk, proof, digest, length) {
        Ok(r) if r.ok => Ok(()),
        Ok(r) => Err(r.reason.unwrap_or_default()),
        Err(e) => Err(e.message),
    }
}

#[test]
fn honest_proof_verifies_with_the_prover_and_the_key_file() {
    let f = fixture();
    let d = keccak256(MSG);
    assert!(f.prover.verify(&f.proof, &d, MSG.len() as f64).unwrap().ok);
    assert_eq!(verify(f, &f.proof, &d, MSG.len() as f64), Ok(()));
}

#[test]
fn the_key_file_pins_the_wrapper() {
    let f = fixture();
    let config = zkplay_wasm_runtime::serde_json::json!({ "zk": "off" });
    let prepare =
        |vk: Vec<u8>| StarkyProver::prepare(&config, &Artifacts::new().with("vk", vk)).map(|_| ()).unwrap_err();
    // The key this test built is the one the build pins (wrapper-keys.json): else every shipped
    // key would be refused.
    keys::check_pinned(&f.vk, false).expect("wrapper-keys.json is stale: see the keys example");
    // The honest key's header claiming zk on: another wrapper than the one asked for.
    let mut on = f.vk.clone();
    on[keys::MAGIC.len() + 4] = 1;
    let e = prepare(on);
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
    assert!(e.message.contains("is not this build's wrapper key"), "{e}");
    // A wrapper of a weakened sponge table (no "row 0 is real": the all-dummy forgery) has
    // another circuit digest: its key is refused, so a page can never prove with it.
    let weak = Tables {
        sponge: zkplay_starky::SpongeStark::weakened(Weaken { first_row_real: true, ..Weaken::default() }),
        ..Tables::default()
    };
    let w = wrap::build(&weak, &production_config(), RANGE, false);
    let weak_key = keys::encode(&w, key_info(false)).unwrap();
    let e = prepare(weak_key.clone());
    assert_eq!(e.code, ErrorCode::CorruptArtifact, "{e}");
    assert!(e.message.contains("is not this build's wrapper key"), "{e}");
    // And a verifier given that key refuses it before parsing it.
    let d = keccak256(MSG);
    let r = verify_with_key_json(r#"{"zk":"off"}"#, &weak_key, &f.proof, &d, MSG.len() as f64);
    assert_eq!(r.unwrap_err().code, ErrorCode::CorruptArtifact);
    // A damaged file.
    let mut bad = f.vk.clone();
    let n = bad.len();
    bad[n - 3] ^= 1;
    assert_eq!(prepare(bad).code, ErrorCode::CorruptArtifact);
    assert_eq!(prepare(f.vk[..40].to_vec()).code, ErrorCode::CorruptArtifact);
    // Every bit of the key matters to the verifier: each flip is refused as a corrupt key, never
    // parsed (unpinned, a flipped FRI parameter made plonky2 index out of bounds: a panic).
    for i in 0..f.vk.len() * 8 {
        let mut k = f.vk.clone();
        k[i / 8] ^= 1 << (i % 8);
        let r = verify_with_key_json(r#"{"zk":"off"}"#, &k, &f.proof, &d, MSG.len() as f64);
        assert_eq!(r.unwrap_err().code, ErrorCode::CorruptArtifact, "bit {i}");
    }
}

/// The page's wrapper comes from the shipped prover data: a file that is not the build's is
/// refused (`corrupt-artifact`) before it is parsed, and one that passed the pin but is not this
/// wrapper's (a damaged copy given to the parser directly) is refused by its shape checks or by
/// the leaves checked against the key's cap: an error, never a panic or another wrapper.
#[test]
fn the_prover_data_is_pinned_and_checked() {
    let f = fixture();
    // The file made here is the one the build pins (wrapper-keys.json).
    keys::check_pinned_prover_data(&f.pd, false).expect("wrapper-keys.json is stale: see the keys example");
    let config = zkplay_wasm_runtime::serde_json::json!({ "zk": "off" });
    let prepare = |pd: Vec<u8>| {
        let files = Artifacts::new().with("vk", f.vk.clone()).with(PROVER_DATA, pd);
        StarkyProver::prepare(&config, &files).map(|_| ()).unwrap_err()
    };
    let n = f.pd.len();
    let mut flipped = f.pd.clone();
    flipped[n / 2] ^= 0x10;
    let mut header = f.pd.clone();
    header[prover_data::MAGIC.len() + 4] = 1; // claims zk on
    for (what, pd) in
        [("truncated", f.pd[..n - 1].to_vec()), ("extended", [&f.pd[..], &[0]].concat()), ("flipped", flipped.clone())]
    {
        let e = prepare(pd);
        assert_eq!(e.code, ErrorCode::CorruptArtifact, "{what}: {e}");
        assert!(e.message.contains("is not this build's wrapper prover data for zk off"), "{what}: {e}");
    }
    // zk on: the build ships no prover data (the page proves zk off only).
    let on = Artifacts::new().with("vk", f.vk.clone()).with(PROVER_DATA, f.pd.clone());
    let e =
        StarkyProver::prepare(&zkplay_wasm_runtime::serde_json::json!({ "zk": "on" }), &on).map(|_| ()).unwrap_err();
    assert!(matches!(e.code, ErrorCode::CorruptArtifact | ErrorCode::OutOfMemory), "{e}");

    // Past the pin: the parser and the leaf checks alone.
    let data = &f.prover.wrapper.data;
    let cap = &data.verifier_only.constants_sigmas_cap;
    let refused = |pd: &[u8]| match prover_data::commitment(data, pd, false, cap) {
        Ok(_) => panic!("a damaged prover data file was taken"),
        Err(e) => e.to_string(),
    };
    // The honest file gives the prepared wrapper's commitment.
    let honest = prover_data::commitment(data, &f.pd, false, cap).expect("honest file");
    assert!(honest == data.prover_only.constants_sigmas_commitment);
    drop(honest);
    for cut in [0, 10, prover_data::MAGIC.len() + 8, n / 3, n - 32, n - 1] {
        assert!(refused(&f.pd[..cut]).contains("prover data file"), "cut at {cut}");
    }
    assert!(refused(&header).contains("made for (zk, degree, rate, cap)"));
    // A constant changed (the constants section starts after the header and its length): every
    // leaf changes, and the spot checks find it.
    let mut constant = f.pd.clone();
    constant[prover_data::MAGIC.len() + 8 + 4 + 8] ^= 1;
    assert!(refused(&constant).contains("is not in its tree"), "{}", refused(&constant));
    // A non-canonical element.
    let mut big = f.pd.clone();
    big[prover_data::MAGIC.len() + 8 + 4..][..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(refused(&big).contains("is not a Goldilocks element"));
    // Another wrapper's cap (the key of a wrapper of different constants) refuses the honest file.
    let mut other = cap.clone();
    other.0[0].elements[0] += plonky2::field::types::Field::ONE;
    let e = prover_data::commitment(data, &f.pd, false, &other).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("is not in its tree"), "{e}");
}

#[test]
fn memory_estimate_refuses_before_any_work() {
    // wasm32: 341 blocks (a 2^13-row Keccak table) fit the estimate, 342 do not.
    let max = max_message_bytes(WASM32_MEMORY, false).unwrap();
    assert_eq!(max, 341 * 136 - 1);
    assert!(estimated_peak_bytes(max, false) <= WASM32_MEMORY);
    assert!(estimated_peak_bytes(max + 1, false) > WASM32_MEMORY);
    // zk on: the 2^17-row wrapper alone would not fit.
    assert_eq!(max_message_bytes(WASM32_MEMORY, true), None);
    // Natively there is no limit but the wrapper's: one byte more is `capacity`.
    let f = fixture();
    let e = f.prover.prove(&vec![0u8; MAX_MESSAGE_BYTES as usize + 1]).unwrap_err();
    assert_eq!(e.code, ErrorCode::Capacity, "{e}");
}

/// One verifier input.
struct Case {
    kind: &'static str,
    proof: Vec<u8>,
    digest: Vec<u8>,
    length: f64,
}

fn seed() -> u64 {
    std::env::var("ZKPLAY_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x7374_6b79_0001)
}

fn cases(rng: &mut ChaCha20Rng, f: &Fixture, n: usize) -> Vec<Case> {
    let proof = &f.proof;
    let digest = keccak256(MSG).to_vec();
    let len = MSG.len() as f64;
    let common = &f.prover.wrapper.data.common;
    let layout = shape::layout(proof, common, HashBytes::Fields(4)).unwrap();
    let of = |part: Part| -> Vec<usize> { layout.iter().filter(|m| m.2 == part).map(|m| m.0).collect() };
    let (fields, merkle, pic) = (of(Part::Field), of(Part::MerkleLength), of(Part::PublicInputCount)[0]);
    let at_pi = proof.len() - 33 * 8;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let mut p = proof.clone();
        let (mut d, mut l) = (digest.clone(), len);
        let kind = match i % 14 {
            0 => {
                p = (0..rng.gen_range(0..2 * proof.len())).map(|_| rng.gen()).collect();
                "random bytes"
            }
            1 => {
                p.truncate(rng.gen_range(0..proof.len()));
                "truncated"
            }
            2 => {
                p.extend((0..rng.gen_range(1..64)).map(|_| rng.gen::<u8>()));
                "extended"
            }
            3 => {
                let k = rng.gen_range(0..p.len());
                p[k] ^= 1 << rng.gen_range(0..8);
                "bit flip"
            }
            4 => {
                for _ in 0..rng.gen_range(2..16) {
                    let k = rng.gen_range(0..p.len());
                    p[k] ^= 1 << rng.gen_range(0..8);
                }
                "multi bit flip"
            }
            5 => {
                let k = fields[rng.gen_range(0..fields.len())];
                let x = u64::from_le_bytes(p[k..k + 8].try_into().unwrap());
                match x.checked_add(P) {
                    Some(y) => p[k..k + 8].copy_from_slice(&y.to_le_bytes()),
                    None => p[k..k + 8].copy_from_slice(&u64::MAX.to_le_bytes()),
                }
                "field element + p"
            }
            6 => {
                let k = merkle[rng.gen_range(0..merkle.len())];
                p[k] = p[k].wrapping_add(rng.gen_range(1..=255));
                "Merkle length edited"
            }
            7 => {
                let c = rng.gen_range(0..100u64);
                p[pic..pic + 8].copy_from_slice(&(if c == 33 { 34 } else { c }).to_le_bytes());
                "public-input count edited"
            }
            8 => {
                // A digest byte in the proof changed, and the statement with it: only the proof
                // system can refuse this one.
                let j = rng.gen_range(0..32);
                let b = (d[j] as u64 + rng.gen_range(1..256)) % 256;
                p[at_pi + 8 * j..at_pi + 8 * j + 8].copy_from_slice(&b.to_le_bytes());
                d[j] = b as u8;
                "public digest rewritten"
            }
            9 => {
                let other = (MSG.len() as u64 + rng.gen_range(1..1000)) % (MAX_MESSAGE_BYTES + 1);
                p[at_pi + 256..].copy_from_slice(&other.to_le_bytes());
                l = other as f64;
                "public length rewritten"
            }
            10 => {
                d[rng.gen_range(0..32)] ^= 1 << rng.gen_range(0..8);
                "wrong digest"
            }
            11 => {
                l = ((MSG.len() as u64 + rng.gen_range(1..=MAX_MESSAGE_BYTES)) % (MAX_MESSAGE_BYTES + 1)) as f64;
                "wrong length in range"
            }
            12 => {
                l = [
                    MAX_MESSAGE_BYTES as f64 + 1.0,
                    4294967301.0,
                    P as f64,
                    (P as f64) + len,
                    -1.0,
                    0.5,
                    f64::NAN,
                    f64::INFINITY,
                    1e300,
                ][rng.gen_range(0..9)];
                "length out of range"
            }
            _ => {
                d = (0..[0, 31, 33, 64][rng.gen_range(0..4)]).map(|_| rng.gen()).collect();
                "digest of another size"
            }
        };
        out.push(Case { kind, proof: p, digest: d, length: l });
    }
    out
}

#[test]
fn fuzzed_verifier_refuses_every_mutation() {
    let f = fixture();
    let mut rng = ChaCha20Rng::seed_from_u64(seed());
    let mut tally: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let n = 10_000;
    for c in cases(&mut rng, f, n) {
        let honest = c.proof == f.proof && c.digest == keccak256(MSG) && c.length == MSG.len() as f64;
        let r = verify(f, &c.proof, &c.digest, c.length);
        if honest {
            assert_eq!(r, Ok(()), "{}: the honest input was refused", c.kind);
            continue;
        }
        let e = r.unwrap_err_or_else(|| panic!("{}: a mutated input verified", c.kind));
        assert!(!e.contains("panicked"), "{}: plonky2 panicked: {e}", c.kind);
        let prefix = ["invalid input: ", "malformed proof: ", "proof rejected: "]
            .into_iter()
            .find(|p| e.starts_with(p))
            .unwrap_or_else(|| panic!("{}: unexpected refusal {e}", c.kind));
        *tally.entry((c.kind, prefix.trim_end_matches(": ").to_string())).or_default() += 1;
    }
    let total: usize = tally.values().sum();
    for ((kind, prefix), count) in &tally {
        eprintln!("{count:6} {kind}: {prefix}");
    }
    assert!(total >= n - 50, "{total} refused of {n}");
    // Statement edits are refused before the proof is read.
    for (kind, prefix) in tally.keys() {
        if kind.starts_with("length out") || kind.starts_with("digest of") {
            assert_eq!(prefix, "invalid input", "{kind}");
        }
    }
}

trait UnwrapErrOr<E> {
    fn unwrap_err_or_else(self, f: impl FnOnce()) -> E;
}
impl<E> UnwrapErrOr<E> for Result<(), E> {
    fn unwrap_err_or_else(self, f: impl FnOnce()) -> E {
        match self {
            Ok(()) => {
                f();
                unreachable!()
            }
            Err(e) => e,
        }
    }
}
