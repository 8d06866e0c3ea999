//! Seeded fuzzing of the native verifier (`Prepared::verify` / `verify_bytes`).
//!
//! One honest proof per Merkle config (1-block circuit), then thousands of mutated inputs:
//! random bytes of random lengths, truncations and extensions, single and multi bit flips, byte
//! and field-element substitutions, edited Merkle-proof lengths and public-input counts,
//! public inputs rewritten inside the proof, out-of-range lengths (capacity + 1, 2^32 + L,
//! 2^53, p, p + L, p - 1, u64::MAX), wrong digests (and digests of the wrong size).
//! Asserts: no panic (the verifier's last-line `catch_unwind` must never fire either: in wasm a
//! panic would abort the worker), no input slower than a second, and `Ok` only for the honest
//! statement with the honest proof bytes. Set `ZKPLAY_FUZZ_SEED` to replay another seed.
//! Our own loop rather than proptest: the cases are structured edits of one proof, tallied by
//! kind and asserted per kind, which proptest's shrinking of independent inputs does not fit.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkplay_plonky2::{Error, MerkleHash, Prepared, ProofPart, PANIC_MARK};

const SEED: u64 = 0x7a6b_706c_6179_0001;
const P: u64 = 0xFFFF_FFFF_0000_0001;
const MSG: &[u8] = b"zkplay fuzz: the honest statement";

fn seed() -> u64 {
    std::env::var("ZKPLAY_FUZZ_SEED")
        .ok()
        .and_then(|s| s.strip_prefix("0x").map_or_else(|| s.parse().ok(), |h| u64::from_str_radix(h, 16).ok()))
        .unwrap_or(SEED)
}

/// One verifier input.
struct Case {
    kind: &'static str,
    proof: Vec<u8>,
    digest: Vec<u8>,
    length: u64,
}

/// Byte offset of the public-input count in a proof of `len` bytes (33 public inputs).
fn pi_offset(len: usize) -> usize {
    len - 8 - 33 * 8
}

/// Edits of the proof's structure, from its layout (every field element, hash, Merkle-proof
/// length and the public-input count): Merkle proofs with another sibling count (also
/// consistently shortened / lengthened, so that plonky2 itself could parse them), field elements
/// and hashes made non-canonical (x + p), other public-input counts (also with the public
/// inputs dropped / added to match).
fn structural(
    rng: &mut ChaCha20Rng,
    proof: &[u8],
    layout: &[(usize, usize, ProofPart)],
    digest: &[u8],
    len: u64,
    scale: usize,
) -> Vec<Case> {
    let of = |part| -> Vec<(usize, usize)> { layout.iter().filter(|m| m.2 == part).map(|m| (m.0, m.1)).collect() };
    let (merkle, fields, hashes) = (of(ProofPart::MerkleLength), of(ProofPart::Field), of(ProofPart::Hash));
    let (pic, _) = of(ProofPart::PublicInputCount)[0];
    let hash_size = hashes[0].1;
    let mut v = Vec::new();
    let mut push = |kind, proof: Vec<u8>| v.push(Case { kind, proof, digest: digest.to_vec(), length: len });
    for i in 0..scale * 3 {
        let (at, _) = merkle[rng.gen_range(0..merkle.len())];
        let n = proof[at] as usize;
        let mut b = proof.to_vec();
        match i % 3 {
            0 => {
                b[at] = [0, 1, n as u8 - 1, n as u8 + 1, 255, rng.gen()][i / 3 % 6];
                if b[at] as usize == n {
                    b[at] ^= 0x40;
                }
                push("Merkle length edited", b);
            }
            1 => {
                b[at] = n as u8 - 1;
                let end = at + 1 + n * hash_size;
                b.drain(end - hash_size..end);
                push("Merkle proof shortened consistently", b);
            }
            _ => {
                b[at] = n as u8 + 1;
                let end = at + 1 + n * hash_size;
                let extra: Vec<u8> = (0..hash_size).map(|_| rng.gen::<u8>() & 0x3f).collect();
                b.splice(end..end, extra);
                push("Merkle proof lengthened consistently", b);
            }
        }
    }
    for _ in 0..scale * 3 {
        let (at, _) = fields[rng.gen_range(0..fields.len())];
        let mut b = proof.to_vec();
        let x = u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
        let y = x.saturating_add(P);
        b[at..at + 8].copy_from_slice(&y.to_le_bytes());
        push("field element made non-canonical", b);
    }
    for i in 0..scale {
        let (at, size) = hashes[rng.gen_range(0..hashes.len())];
        let mut b = proof.to_vec();
        if size % 8 == 0 {
            // Poseidon: a hash is field elements; make one non-canonical.
            let k = at + 8 * (i % (size / 8));
            let x = u64::from_le_bytes(b[k..k + 8].try_into().unwrap());
            b[k..k + 8].copy_from_slice(&x.saturating_add(P).to_le_bytes());
            push("hash element made non-canonical", b);
        } else {
            b[at + i % size] ^= 0x80;
            push("hash byte flipped", b);
        }
    }
    for (i, count) in [0u64, 1, 32, 34, 66, 1 << 32, 1 << 60, u64::MAX].into_iter().enumerate() {
        let mut b = proof.to_vec();
        b[pic..pic + 8].copy_from_slice(&count.to_le_bytes());
        push("public-input count replaced", b.clone());
        // ...and the public inputs made to match it (32: drop one; 34, 66: add some).
        if count == 32 {
            b.truncate(b.len() - 8);
            push("public-input count and inputs consistent", b);
        } else if count == 34 || count == 66 {
            b.extend(std::iter::repeat_n(0u8, 8 * (count as usize - 33)));
            push("public-input count and inputs consistent", b);
        }
        let _ = i;
    }
    v
}

fn cases(rng: &mut ChaCha20Rng, proof: &[u8], digest: [u8; 32], len: u64, cap: u64, scale: usize) -> Vec<Case> {
    let n = proof.len();
    let d = digest.to_vec();
    let mut v = Vec::new();
    let mut push = |kind, proof: Vec<u8>, digest: Vec<u8>, length| v.push(Case { kind, proof, digest, length });
    let pick_len = |rng: &mut ChaCha20Rng| -> u64 {
        match rng.gen_range(0..4) {
            0 => len,
            1 => rng.gen_range(0..=cap),
            2 => len,
            _ => len,
        }
    };

    // Random bytes of random lengths (some exactly a proof's length).
    for i in 0..scale * 10 {
        let l = match i % 4 {
            0 => rng.gen_range(0..64),
            1 => rng.gen_range(0..2 * n),
            2 => n,
            _ => rng.gen_range(n - 16..n + 16),
        };
        let mut b = vec![0u8; l];
        rng.fill(&mut b[..]);
        let length = pick_len(rng);
        push("random bytes", b, d.clone(), length);
    }
    // Truncations and extensions of the valid proof.
    for i in 0..scale * 8 {
        let cut = if i < 40 { i } else { rng.gen_range(0..n) };
        push("truncated", proof[..cut].to_vec(), d.clone(), len);
        push("truncated by a few bytes", proof[..n - 1 - (i % 300)].to_vec(), d.clone(), len);
    }
    for i in 0..scale * 4 {
        let mut b = proof.to_vec();
        let extra = 1 + i % 64;
        for _ in 0..extra {
            b.push(if i % 2 == 0 { 0 } else { rng.gen() });
        }
        push("extended", b, d.clone(), len);
    }
    // Single bit flips: uniformly, and at the start / the end (caps, public inputs).
    for i in 0..scale * 25 {
        let pos = match i % 5 {
            0 => rng.gen_range(0..200.min(n)),
            1 => rng.gen_range(n - 400..n),
            _ => rng.gen_range(0..n),
        };
        let mut b = proof.to_vec();
        b[pos] ^= 1 << rng.gen_range(0..8);
        push("bit flip", b, d.clone(), len);
    }
    // Multi bit flips.
    for _ in 0..scale * 10 {
        let mut b = proof.to_vec();
        for _ in 0..rng.gen_range(2..=16) {
            let pos = rng.gen_range(0..n);
            b[pos] ^= 1 << rng.gen_range(0..8);
        }
        push("multi bit flip", b, d.clone(), len);
    }
    // Byte substitutions, and 8-byte words replaced by values around the field order.
    for i in 0..scale * 10 {
        let mut b = proof.to_vec();
        if i % 2 == 0 {
            let pos = rng.gen_range(0..n);
            b[pos] ^= rng.gen_range(1..=255u8);
            push("byte substitution", b, d.clone(), len);
        } else {
            let words = [0, 1, P - 1, P, P + 1, P + 5, u64::MAX, 1 << 32, rng.gen()];
            let w = words[rng.gen_range(0..words.len())];
            let pos = rng.gen_range(0..n - 8);
            b[pos..pos + 8].copy_from_slice(&w.to_le_bytes());
            push("word substitution", b, d.clone(), len);
        }
    }
    // Every byte value at a few fixed places of the header (the first Merkle cap / openings),
    // and in the public-input count.
    for i in 0..scale * 2 {
        let mut b = proof.to_vec();
        let at = pi_offset(n) + (i % 8);
        b[at] = rng.gen();
        push("public-input count edited", b, d.clone(), len);
    }
    for i in 0..scale * 2 {
        let mut b = proof.to_vec();
        let pos = (i * 37) % 1000;
        b[pos] = b[pos].wrapping_add(1 + (i % 255) as u8);
        push("header byte edited", b, d.clone(), len);
    }
    // Public inputs rewritten inside the proof (and verified against what they now say).
    let pis = pi_offset(n) + 8;
    for i in 0..scale * 3 {
        let mut b = proof.to_vec();
        match i % 3 {
            0 => {
                let l = (len + 1 + rng.gen_range(0..cap)) % (cap + 1);
                b[pis + 32 * 8..pis + 33 * 8].copy_from_slice(&l.to_le_bytes());
                push("public length rewritten", b, d.clone(), l);
            }
            1 => {
                let k = rng.gen_range(0..32);
                let mut dd = d.clone();
                dd[k] ^= 1 << rng.gen_range(0..8);
                b[pis + 8 * k..pis + 8 * k + 8].copy_from_slice(&u64::from(dd[k]).to_le_bytes());
                push("public digest byte rewritten", b, dd, len);
            }
            _ => {
                // Non-canonical encodings of the honest values: L + p, byte + p.
                let k = rng.gen_range(0..33);
                let old = u64::from_le_bytes(b[pis + 8 * k..pis + 8 * k + 8].try_into().unwrap());
                b[pis + 8 * k..pis + 8 * k + 8].copy_from_slice(&(old + P).to_le_bytes());
                push("public input + p (non-canonical)", b, d.clone(), len);
            }
        }
    }
    // The valid proof with lengths out of range.
    let fixed = [
        cap + 1,
        cap + 2,
        1 << 32,
        (1 << 32) + len,
        (1 << 33) + len,
        1 << 53,
        (1 << 53) + len,
        P - 1,
        P,
        P + len,
        u64::MAX,
        u64::MAX - 1,
    ];
    for i in 0..scale * 4 {
        let l = if i < fixed.len() { fixed[i] } else { rng.gen_range(cap + 1..=u64::MAX) };
        push("length out of range", proof.to_vec(), d.clone(), l);
        let mut junk = vec![0u8; rng.gen_range(0..n)];
        rng.fill(&mut junk[..]);
        push("length out of range, junk proof", junk, d.clone(), l);
    }
    // Wrong statements for the valid proof: other lengths, other digests, digests of other sizes.
    for l in 0..=cap {
        if l != len {
            push("wrong length", proof.to_vec(), d.clone(), l);
        }
    }
    for i in 0..scale * 3 {
        let mut dd = d.clone();
        if i % 2 == 0 {
            dd[rng.gen_range(0..32)] ^= 1 << rng.gen_range(0..8);
        } else {
            rng.fill(&mut dd[..]);
        }
        push("wrong digest", proof.to_vec(), dd, len);
    }
    for size in [0, 1, 31, 33, 64] {
        let mut dd = d.clone();
        dd.resize(size, 0);
        push("digest of the wrong size", proof.to_vec(), dd, len);
    }
    // The honest statement itself, a few times.
    for _ in 0..3 {
        push("honest", proof.to_vec(), d.clone(), len);
    }
    v
}

/// Runs the structural edits through plonky2 alone (no shape check, no `catch_unwind` in the
/// crate), catching panics here, and prints how many would have panicked: what
/// `Prepared::verify`'s shape check is for. Asserted: plonky2 alone accepts no edited proof (a
/// panic is tallied, not a failure; an `Ok` for bytes other than the honest proof would be a
/// soundness hole below our guard).
fn unguarded_plonky2(p: &Prepared, cases: &[Case], honest: &[u8], hash: MerkleHash) {
    let name = format!("plonky2-unguarded-{hash:?}");
    let prev = std::sync::Arc::new(std::panic::take_hook());
    {
        let prev = prev.clone();
        let quiet = name.clone();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(quiet.as_str()) {
                prev(info);
            }
        }));
    }
    let (tally, accepted) = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name(name)
            .spawn_scoped(s, || {
                let mut tally: BTreeMap<(&str, String), usize> = BTreeMap::new();
                let mut accepted: Vec<&str> = Vec::new();
                for c in cases {
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| p.plonky2_unguarded(&c.proof)));
                    if matches!(r, Ok(Ok(()))) && c.proof != honest {
                        accepted.push(c.kind);
                    }
                    let what = match r {
                        Ok(Ok(())) => "Ok".to_string(),
                        Ok(Err(e)) => class(&e).to_string(),
                        Err(e) => format!(
                            "PANIC: {}",
                            e.downcast_ref::<&str>()
                                .map(|s| s.to_string())
                                .or_else(|| e.downcast_ref::<String>().cloned())
                                .unwrap_or_default()
                        ),
                    };
                    *tally.entry((c.kind, what)).or_default() += 1;
                }
                (tally, accepted)
            })
            .unwrap()
            .join()
            .unwrap()
    });
    println!(
        "plonky2 1.1.0 alone (no shape check) on the structural edits ({hash:?}, {} builds):",
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
    for ((kind, what), n) in &tally {
        println!("  {kind:<42} {what:<40} {n}");
    }
    assert!(accepted.is_empty(), "plonky2 alone accepted edited proofs: {accepted:?}");
}

fn class(e: &Error) -> &'static str {
    match e {
        Error::InvalidInput(_) => "InvalidInput",
        Error::MalformedProof(_) => "MalformedProof",
        Error::PublicInputMismatch(_) => "PublicInputMismatch",
        Error::VerificationFailed(_) => "VerificationFailed",
        _ => "other",
    }
}

/// Longest a single verification may take before the input counts as a hang.
const HANG_GUARD: Duration = Duration::from_secs(10);

fn fuzz(hash: MerkleHash, scale: usize, stream: u64) -> usize {
    let seed = seed();
    println!("verifier fuzz {hash:?}: ChaCha20 seed {seed:#x}, stream {stream}");
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    let p = crate::circuits::circuit(1, hash);
    let cap = p.capacity_bytes() as u64;
    let out = p.prove(MSG).expect("prove");
    let (proof, digest, len) = (out.proof, out.digest, MSG.len() as u64);
    p.verify(&proof, &digest, len).expect("the honest proof verifies");

    let layout = p.proof_layout(&proof).expect("layout of the honest proof");
    let mut cases = cases(&mut rng, &proof, digest, len, cap, scale);
    let structural = structural(&mut rng, &proof, &layout, &digest, len, scale);
    unguarded_plonky2(p, &structural, &proof, hash);
    cases.extend(structural);
    let t0 = Instant::now();
    let mut slowest = (Duration::ZERO, "");
    let mut tally: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for (i, c) in cases.iter().enumerate() {
        let t = Instant::now();
        // Any panic here fails the test (no catch_unwind around the call).
        let r = p.verify_bytes(&c.proof, &c.digest, c.length);
        let dt = t.elapsed();
        if dt > slowest.0 {
            slowest = (dt, c.kind);
        }
        let honest = c.proof == proof && c.digest == digest && c.length == len;
        match &r {
            Ok(()) => assert!(honest, "case {i} ({}) verified but is not the honest statement", c.kind),
            Err(e) => {
                assert!(!honest, "the honest statement was refused: {e}");
                assert!(!e.to_string().contains(PANIC_MARK), "case {i} ({}): plonky2 panicked: {e}", c.kind);
                if c.length > cap || c.digest.len() != 32 {
                    assert!(matches!(e, Error::InvalidInput(_)), "case {i} ({}): {e}", c.kind);
                }
            }
        }
        // A hang guard, not a speed claim: a refusal or a verification takes milliseconds, so
        // only an input that sends the verifier into a long loop (a length or count it trusts)
        // comes near this bound, which is far above what a loaded machine adds.
        assert!(dt < HANG_GUARD, "case {i} ({}) took {dt:?}: the verifier nearly hangs on it", c.kind);
        *tally.entry((c.kind, r.as_ref().map_or_else(class, |_| "Ok"))).or_default() += 1;
    }
    let wall = t0.elapsed();
    for ((kind, res), n) in &tally {
        println!("  {kind:<36} {res:<20} {n}");
    }
    println!(
        "verifier fuzz {hash:?}: {} inputs in {:.1} s (slowest {:.1} ms: {}), proof {} bytes",
        cases.len(),
        wall.as_secs_f64(),
        slowest.0.as_secs_f64() * 1e3,
        slowest.1,
        proof.len()
    );
    cases.len()
}

/// Keccak Merkle trees (the default config).
#[test]
fn fuzz_verifier_keccak_merkle() {
    let n = fuzz(MerkleHash::Keccak, 100, 1);
    assert!(n >= 8_000, "{n} inputs");
}

/// Poseidon Merkle trees (hashes are field elements: non-canonical ones must be refused too).
#[test]
fn fuzz_verifier_poseidon_merkle() {
    let n = fuzz(MerkleHash::Poseidon, 25, 2);
    assert!(n >= 2_000, "{n} inputs");
}
