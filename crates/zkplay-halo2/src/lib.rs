//! zkplay halo2 backend: prove "I know a message `M` of length `L` with `Keccak-256(M) = D`"
//! (Ethereum Keccak padding) with Axiom's zkEVM Keccak circuit (`zkevm-hashes` 0.3.0,
//! halo2-axiom, KZG over BN254, SHPLONK multi-open, Blake2b transcript).
//!
//! Public inputs: one instance column `[L, D_hi, D_lo]` where `D_hi` / `D_lo` are digest bytes
//! `0..16` / `16..32` read as big-endian `u128`s. `M` is private and of variable length up to the
//! capacity of the circuit. How the instances are bound to the absorbed message is explained in
//! [`circuit`].
//!
//! Verifying ([`Setup::verify`], and the wasm `verify`) refuses out-of-range lengths and
//! wrong-size digests, then proofs that are not exactly a canonical encoding of a proof of this
//! circuit, before any cryptography; see the crate's README.md for what is checked and tested.
//!
//! Knobs: `k` (circuit has `2^k` rows) and `rows_per_round` (rows per Keccak-f round; fewer rows
//! means more advice columns). Capacity in Keccak-f blocks: [`capacity_blocks`]. A message of `n`
//! bytes needs `n / 136 + 1` blocks.
//!
//! Keys: the build makes one KZG setup from a random secret natively (`examples/keys.rs`),
//! ships parameters for every offered k and a verifying key for every offered configuration, and
//! the page reads them ([`Setup::from_files`]) instead of making its own; a verifier needs only
//! the verifying-key file ([`Verifier::from_vk_file`]). See [`keys`]. It is still a TEST SETUP,
//! not for production: whoever knew the secret could forge proofs (the build discards it, but a
//! real deployment needs parameters from a multi-party ceremony). [`setup`] makes a fresh one in
//! process, for tests.
//!
//! Wasm notes: no `std::time::Instant` (uses `web-time`), no filesystem, no threads of its own
//! (halo2-axiom / zkevm-hashes use rayon; a single-threaded wasm32 build needs halo2-axiom
//! without `multicore`, see the project notes).

pub mod circuit;
pub mod contract;
pub mod keys;
#[cfg(feature = "verifier-wasm")]
pub mod verifier_wasm;
#[cfg(feature = "wasm")]
pub mod wasm;

pub(crate) use halo2_base::halo2_proofs as halo2;

use circuit::{keccak_rows, PreimageCircuit, WrapperParams};
use halo2::{
    halo2curves::{
        bn256::{Bn256, Fr, G1Affine, G2Affine},
        ff::PrimeField,
    },
    plonk::{create_proof, keygen_pk, keygen_vk, verify_proof, Circuit, ConstraintSystem, ProvingKey, VerifyingKey},
    poly::{
        commitment::{Params as _, ParamsProver},
        kzg::{
            commitment::{KZGCommitmentScheme, ParamsKZG},
            multiopen::{ProverSHPLONK, VerifierSHPLONK},
            strategy::SingleStrategy,
        },
    },
    transcript::{Blake2bRead, Blake2bWrite, Challenge255, TranscriptReadBuffer, TranscriptWriterBuffer},
    SerdeCurveAffine, SerdeFormat,
};
use rand_core::OsRng;
use web_time::Instant;
use zkevm_hashes::keccak::vanilla::{param::NUM_WORDS_TO_ABSORB, KeccakConfigParams};

/// Keccak-256 rate in bytes (one Keccak-f block absorbs this many bytes).
pub const RATE: usize = 136;
/// Smallest `k` accepted (the Keccak lookup tables need at least 2^9 + 31 rows anyway).
pub const MIN_K: u32 = 9;
/// Largest `k` accepted (BN254's 2-adicity is 28; beyond ~22 a browser is hopeless anyway).
pub const MAX_K: u32 = 24;
/// Accepted range for `rows_per_round`.
pub const MIN_ROWS_PER_ROUND: usize = 3;
pub const MAX_ROWS_PER_ROUND: usize = 50;
/// Default rows per round (one block fits k = 10 with 12 rows per round).
pub const DEFAULT_ROWS_PER_ROUND: usize = 12;
/// The `k` and `rows_per_round` options the page offers: the build ships keys for each pair
/// (workers/halo2/capacity.json lists them for the page; a test keeps it in step).
pub const OFFERED_K: [u32; 6] = [10, 11, 12, 13, 14, 15];
pub const OFFERED_ROWS_PER_ROUND: [usize; 5] = [6, 9, 12, 16, 20];

/// Circuit shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub k: u32,
    pub rows_per_round: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// `k` / `rows_per_round` out of range, or a circuit with no room for a block.
    InvalidParams(String),
    /// The message needs more Keccak-f blocks than the circuit holds. Display says what fits.
    OverCapacity {
        len: usize,
        blocks: usize,
        k: u32,
        rows_per_round: usize,
        capacity: usize,
        /// Smallest `k` (same `rows_per_round`) that would hold the message, if any <= MAX_K.
        suggested_k: Option<u32>,
    },
    /// The proof bytes cannot be parsed (bad length, bad point encoding, trailing bytes).
    MalformedProof(String),
    /// The proof parses but does not verify for these public inputs.
    VerificationFailed(String),
    /// Any other halo2 error (key generation, proving).
    Halo2(String),
    /// Public inputs the verifier refuses before looking at the proof: a length that is not an
    /// integer in `0..=max_message_bytes()` of the setup, or a digest that is not 32 bytes.
    InvalidInput(String),
    /// A shipped key or parameters file that cannot be read, is for another configuration, or
    /// does not belong with the other file.
    CorruptKey(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::InvalidParams(s) => write!(f, "invalid parameters: {s}"),
            Error::OverCapacity { len, blocks, k, rows_per_round, capacity, suggested_k } => {
                write!(
                    f,
                    "message is {len} bytes = {blocks} block{}; k={k} with {rows_per_round} rows per round holds {capacity} block{} (at most {} bytes); ",
                    if *blocks == 1 { "" } else { "s" },
                    if *capacity == 1 { "" } else { "s" },
                    max_message_bytes(*capacity),
                )?;
                match suggested_k {
                    Some(sk) => write!(f, "use k >= {sk} with {rows_per_round} rows per round"),
                    None => write!(f, "no k <= {MAX_K} with {rows_per_round} rows per round holds it"),
                }
            }
            Error::MalformedProof(s) => write!(f, "malformed proof: {s}"),
            Error::VerificationFailed(s) => write!(f, "proof rejected: {s}"),
            Error::Halo2(s) => write!(f, "halo2 error: {s}"),
            Error::InvalidInput(s) => write!(f, "invalid input: {s}"),
            Error::CorruptKey(s) => write!(f, "corrupt key: {s}"),
        }
    }
}

impl std::error::Error for Error {}

/// Keccak-f blocks needed for a message of `len` bytes (padding always adds at least one byte).
pub fn blocks_for_len(len: usize) -> usize {
    len / RATE + 1
}

/// Longest message (bytes) that fits in `blocks` Keccak-f blocks (0 blocks: none; returns 0).
pub fn max_message_bytes(blocks: usize) -> usize {
    (blocks * RATE).saturating_sub(1)
}

fn check_params(k: u32, rows_per_round: usize) -> Result<(), Error> {
    if !(MIN_K..=MAX_K).contains(&k) {
        return Err(Error::InvalidParams(format!("k={k} is outside {MIN_K}..={MAX_K}")));
    }
    if !(MIN_ROWS_PER_ROUND..=MAX_ROWS_PER_ROUND).contains(&rows_per_round) {
        return Err(Error::InvalidParams(format!(
            "rows_per_round={rows_per_round} is outside {MIN_ROWS_PER_ROUND}..={MAX_ROWS_PER_ROUND}"
        )));
    }
    Ok(())
}

fn wrapper_params(k: u32, rows_per_round: usize, capacity: usize) -> WrapperParams {
    WrapperParams {
        keccak: KeccakConfigParams { k, rows_per_round },
        capacity,
        mid_round_guard: true,
        final_guard: true,
    }
}

/// Number of usable rows (2^k minus blinding rows) of the wrapper circuit.
fn usable_rows(k: u32, rows_per_round: usize) -> usize {
    let mut cs = ConstraintSystem::<Fr>::default();
    let _ = PreimageCircuit::configure_with_params(&mut cs, wrapper_params(k, rows_per_round, 0));
    (1usize << k).saturating_sub(cs.blinding_factors() + 1)
}

/// Capacity in Keccak-f blocks of the circuit with `2^k` rows and `rows_per_round` rows per
/// round: `(usable_rows / rows_per_round - 1 - 17) / 25` (one dummy round at the top; the
/// absorb gate of the last block looks 17 rounds ahead; 25 rounds per block), as in
/// zkevm-hashes' `get_keccak_capacity`, with `usable_rows = 2^k - blinding_factors - 1` of this
/// circuit. Returns 0 for out-of-range parameters.
pub fn capacity_blocks(k: u32, rows_per_round: usize) -> usize {
    if check_params(k, rows_per_round).is_err() {
        return 0;
    }
    let rounds = usable_rows(k, rows_per_round) / rows_per_round;
    rounds.saturating_sub(1 + NUM_WORDS_TO_ABSORB) / circuit::ROUNDS_PER_BLOCK
}

/// Smallest `k` in `MIN_K..=MAX_K` whose capacity (with `rows_per_round`) holds `blocks`.
pub fn min_k_for_blocks(blocks: usize, rows_per_round: usize) -> Option<u32> {
    (MIN_K..=MAX_K).find(|&k| capacity_blocks(k, rows_per_round) >= blocks)
}

/// Default parameters for a message of `message_len` bytes: 12 rows per round and the smallest
/// `k` that fits the message's blocks (falls back to `MAX_K` if nothing fits).
pub fn default_params(message_len: usize) -> Params {
    let rows_per_round = DEFAULT_ROWS_PER_ROUND;
    let k = min_k_for_blocks(blocks_for_len(message_len), rows_per_round).unwrap_or(MAX_K);
    Params { k, rows_per_round }
}

/// Public instance column `[L, D_hi, D_lo]`. Makes the field elements only: it does not check
/// `length` against a circuit's capacity ([`Setup::verify`] does, before it calls this).
pub fn public_inputs(digest: &[u8; 32], length: u64) -> Vec<Fr> {
    let hi = u128::from_be_bytes(digest[..16].try_into().unwrap());
    let lo = u128::from_be_bytes(digest[16..].try_into().unwrap());
    vec![Fr::from(length), Fr::from_u128(hi), Fr::from_u128(lo)]
}

/// A JavaScript number as JavaScript would print it (for error messages).
fn js_number(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.abs() >= 1e21 {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// The message length a JavaScript caller passed, as an exact `u64` in `0..=capacity` bytes, or
/// `Err(InvalidInput)` for NaN, ±Infinity, fractions, negatives and anything above `capacity`.
/// JavaScript numbers are doubles: converting them to an integer type (as wasm-bindgen does for
/// `usize`/`u32`/`u64` parameters) wraps modulo 2^32 or 2^64 and truncates fractions, so the
/// wasm `verify` takes an `f64` and converts it only through this function.
pub fn length_from_js(x: f64, capacity: usize) -> Result<u64, Error> {
    length_from_js_noted(x, capacity, None)
}

fn length_from_js_noted(x: f64, capacity: usize, note: Option<&str>) -> Result<u64, Error> {
    let shown = js_number(x);
    if x.is_nan() {
        return Err(Error::InvalidInput(format!("length {shown} is not a number")));
    }
    if x.is_infinite() {
        return Err(Error::InvalidInput(format!("length {shown} is not finite")));
    }
    if x.fract() != 0.0 {
        return Err(Error::InvalidInput(format!("length {shown} is not an integer")));
    }
    // -0 is 0 (JavaScript treats them as equal); everything else below 0 or above the capacity
    // is out of range. `capacity` is far below 2^53, so the comparison is exact.
    if x < 0.0 || x > capacity as f64 {
        return Err(out_of_range(&shown, capacity, note));
    }
    Ok(x as u64)
}

fn out_of_range(shown: &str, capacity: usize, note: Option<&str>) -> Error {
    Error::InvalidInput(match note {
        Some(n) => format!("length {shown} is outside 0..={capacity} ({n})"),
        None => format!("length {shown} is outside 0..={capacity}"),
    })
}

/// Reference Keccak-256 (Ethereum padding).
pub fn keccak256(msg: &[u8]) -> [u8; 32] {
    use tiny_keccak::{Hasher, Keccak};
    let mut h = Keccak::v256();
    h.update(msg);
    let mut out = [0u8; 32];
    h.finalize(&mut out);
    out
}

/// Wall-clock milliseconds of each phase of [`setup`] (a test setup made in process).
#[derive(Clone, Copy, Debug, Default)]
pub struct SetupTimings {
    /// KZG parameter generation (random secret: TEST SETUP).
    pub params_ms: f64,
    /// Verifying key generation.
    pub vk_ms: f64,
    /// Proving key generation.
    pub pk_ms: f64,
}

/// Wall-clock milliseconds of each phase of [`Setup::from_files`] (shipped keys).
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadTimings {
    /// Reading the KZG parameters and the verifying key.
    pub load_ms: f64,
    /// Proving key generation (from the verifying key and the circuit's fixed columns).
    pub pk_ms: f64,
}

/// A proof and its timings.
#[derive(Clone, Debug)]
pub struct ProofOutput {
    pub proof: Vec<u8>,
    pub digest: [u8; 32],
    pub length: usize,
    /// Keccak witness generation (zkevm-hashes `multi_keccak`, all blocks up to capacity).
    pub witness_ms: f64,
    /// `create_proof` (region assignment + commitments + SHPLONK opening).
    pub prove_ms: f64,
}

/// What checking a proof needs: the three points of the KZG setup a verifier uses (g\[0\], g2,
/// s_g2), the verifying key and the circuit's shape. Made from a shipped verifying-key file
/// ([`Verifier::from_vk_file`]) or as part of a [`Setup`].
pub struct Verifier {
    /// Verifier-side parameters: `g` holds g\[0\] only (halo2's KZG verifiers read nothing else of it).
    params: ParamsKZG<Bn256>,
    vk: VerifyingKey<G1Affine>,
    shape: WrapperParams,
    layout: ProofLayout,
}

/// Keys and parameters for one circuit shape: a [`Verifier`] plus what proving needs (it
/// dereferences to its verifier, so `setup.verify(..)` checks a proof).
pub struct Setup {
    params: ParamsKZG<Bn256>,
    pk: ProvingKey<G1Affine>,
    verifier: Verifier,
}

impl std::ops::Deref for Setup {
    type Target = Verifier;
    fn deref(&self) -> &Verifier {
        &self.verifier
    }
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// The circuit's shape for `p`, or why `p` is not a configuration with room for a block.
pub fn shape(p: &Params) -> Result<WrapperParams, Error> {
    check_params(p.k, p.rows_per_round)?;
    let capacity = capacity_blocks(p.k, p.rows_per_round);
    if capacity == 0 {
        return Err(Error::InvalidParams(format!(
            "k={} with {} rows per round has no room for a single Keccak-f block (try k >= {})",
            p.k,
            p.rows_per_round,
            min_k_for_blocks(1, p.rows_per_round).map_or("?".into(), |k| k.to_string()),
        )));
    }
    Ok(wrapper_params(p.k, p.rows_per_round, capacity))
}

/// A TEST SETUP made in process: KZG parameters from a random secret, verifying key and proving
/// key. The page and the verifiers use the build's shipped keys instead ([`Setup::from_files`]).
pub fn setup(p: &Params) -> Result<(Setup, SetupTimings), Error> {
    let shape = shape(p)?;
    let t = Instant::now();
    let params = ParamsKZG::<Bn256>::setup(p.k, OsRng);
    let params_ms = ms_since(t);
    let circuit = PreimageCircuit::new(shape, None);
    let t = Instant::now();
    let vk = keygen_vk(&params, &circuit).map_err(|e| Error::Halo2(format!("keygen_vk: {e:?}")))?;
    let vk_ms = ms_since(t);
    let verifier = Verifier::new(shape, params.get_g()[0], params.g2(), params.s_g2(), vk.clone());
    let t = Instant::now();
    let pk = keygen_pk(&params, vk, &circuit).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
    let pk_ms = ms_since(t);
    Ok((Setup { params, pk, verifier }, SetupTimings { params_ms, vk_ms, pk_ms }))
}

impl Setup {
    /// The setup of configuration `p` from the build's shipped files (see [`keys`]): the KZG
    /// parameters for `p.k` and the configuration's verifying-key file. Both are checked to be
    /// for `p` and to come from the same KZG setup (the key's g\[0\], g2 and s_g2 are the
    /// parameters'); only the proving key is computed. `Err(CorruptKey)` says what is wrong.
    pub fn from_files(p: &Params, params_file: &[u8], vk_file: &[u8]) -> Result<(Setup, LoadTimings), Error> {
        let shape = shape(p)?;
        let t = Instant::now();
        let key = keys::read_vk_file(vk_file, p)?;
        let params = keys::read_params(params_file, p.k)?;
        if params.get_g()[0] != key.g0 || params.g2() != key.g2 || params.s_g2() != key.s_g2 {
            return Err(Error::CorruptKey("the verifying key was made with other KZG parameters than these".into()));
        }
        let verifier = Verifier::new(shape, key.g0, key.g2, key.s_g2, key.vk.clone());
        let load_ms = ms_since(t);
        let t = Instant::now();
        let circuit = PreimageCircuit::new(shape, None);
        let pk = keygen_pk(&params, key.vk, &circuit).map_err(|e| Error::Halo2(format!("keygen_pk: {e:?}")))?;
        let pk_ms = ms_since(t);
        Ok((Setup { params, pk, verifier }, LoadTimings { load_ms, pk_ms }))
    }

    /// The KZG parameters (for writing them: see [`keys::params_file`]).
    pub fn kzg_params(&self) -> &ParamsKZG<Bn256> {
        &self.params
    }

    /// This configuration's verifying-key file (see [`keys::vk_file`]).
    pub fn vk_file(&self) -> Vec<u8> {
        keys::vk_file(&self.params(), &self.params, self.pk.get_vk())
    }

    /// Advice columns of the whole circuit (Keccak + 4 binding columns).
    pub fn advice_columns(&self) -> usize {
        self.pk.get_vk().cs().num_advice_columns()
    }

    pub fn fixed_columns(&self) -> usize {
        self.pk.get_vk().cs().num_fixed_columns()
    }

    fn check_fits(&self, len: usize) -> Result<(), Error> {
        let blocks = blocks_for_len(len);
        if blocks > self.shape.capacity {
            let rpr = self.shape.keccak.rows_per_round;
            return Err(Error::OverCapacity {
                len,
                blocks,
                k: self.shape.keccak.k,
                rows_per_round: rpr,
                capacity: self.shape.capacity,
                suggested_k: min_k_for_blocks(blocks, rpr),
            });
        }
        Ok(())
    }

    /// Prove knowledge of `msg` with public `(keccak256(msg), msg.len())`.
    pub fn prove(&self, msg: &[u8]) -> Result<ProofOutput, Error> {
        self.check_fits(msg.len())?;
        let digest = keccak256(msg);
        let t = Instant::now();
        let rows = keccak_rows(msg, &self.shape);
        let witness_ms = ms_since(t);
        let circuit = PreimageCircuit::new(self.shape, Some(rows));
        let instance = public_inputs(&digest, msg.len() as u64);
        let t = Instant::now();
        let mut transcript = Blake2bWrite::<_, G1Affine, Challenge255<_>>::init(vec![]);
        create_proof::<KZGCommitmentScheme<Bn256>, ProverSHPLONK<'_, Bn256>, Challenge255<G1Affine>, _, _, _>(
            &self.params,
            &self.pk,
            &[circuit],
            &[&[&instance]],
            OsRng,
            &mut transcript,
        )
        .map_err(|e| Error::Halo2(format!("create_proof: {e:?}")))?;
        let proof = transcript.finalize();
        let prove_ms = ms_since(t);
        Ok(ProofOutput { proof, digest, length: msg.len(), witness_ms, prove_ms })
    }

    /// Serialized sizes in bytes: (KZG params, verifying key, proving key), raw-bytes format.
    /// (Serializes the proving key into memory once: takes a moment for big k.)
    pub fn sizes(&self) -> (usize, usize, usize) {
        let mut counter = CountingWriter(0);
        let _ = self.params.write(&mut counter);
        let params_bytes = counter.0;
        let mut counter = CountingWriter(0);
        let _ = self.pk.get_vk().write(&mut counter, SerdeFormat::RawBytes);
        let vk_bytes = counter.0;
        let mut counter = CountingWriter(0);
        let _ = self.pk.write(&mut counter, SerdeFormat::RawBytes);
        (params_bytes, vk_bytes, counter.0)
    }
}

impl Verifier {
    fn new(shape: WrapperParams, g0: G1Affine, g2: G2Affine, s_g2: G2Affine, vk: VerifyingKey<G1Affine>) -> Self {
        let k = shape.keccak.k;
        // `ParamsKZG::from_parts` is a method: call it on a one-point parameter set read from
        // bytes (k = 0: one g, one g_lagrange, g2, s_g2), which costs nothing and needs no secret.
        let mut tiny = 0u32.to_le_bytes().to_vec();
        for _ in 0..2 {
            g0.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        }
        g2.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        s_g2.write(&mut tiny, SerdeFormat::RawBytes).expect("Vec");
        let tiny = ParamsKZG::<Bn256>::read_custom(&mut &tiny[..], SerdeFormat::RawBytes).expect("valid points just written");
        let params = tiny.from_parts(k, vec![g0], Some(vec![]), g2, s_g2);
        let layout = ProofLayout::of(&vk);
        Verifier { params, vk, shape, layout }
    }

    /// The verifier of configuration `p` from its shipped verifying-key file (see [`keys`]);
    /// `Err(InvalidParams)` for a configuration out of range, `Err(CorruptKey)` for a file that
    /// is not this configuration's key. Never panics.
    pub fn from_vk_file(p: &Params, vk_file: &[u8]) -> Result<Verifier, Error> {
        let shape = shape(p)?;
        let key = keys::read_vk_file(vk_file, p)?;
        Ok(Verifier::new(shape, key.g0, key.g2, key.s_g2, key.vk))
    }

    pub fn params(&self) -> Params {
        Params { k: self.shape.keccak.k, rows_per_round: self.shape.keccak.rows_per_round }
    }

    /// Keccak-f blocks the circuit holds.
    pub fn capacity_blocks(&self) -> usize {
        self.shape.capacity
    }

    /// Longest message (bytes) that can be proven.
    pub fn max_message_bytes(&self) -> usize {
        max_message_bytes(self.shape.capacity)
    }

    /// "k=10, 12 rows per round holds at most 271 bytes": what the length range comes from.
    fn capacity_note(&self) -> String {
        let p = self.params();
        format!("k={}, {} rows per round holds at most {} bytes", p.k, p.rows_per_round, self.max_message_bytes())
    }

    /// [`length_from_js`] against this setup's capacity (the wasm `verify` uses it).
    pub fn length_from_js(&self, x: f64) -> Result<u64, Error> {
        length_from_js_noted(x, self.max_message_bytes(), Some(&self.capacity_note()))
    }

    /// The public inputs as the verifier accepts them: `length` in `0..=max_message_bytes()`
    /// and a 32-byte digest; `Err(InvalidInput)` otherwise.
    pub fn check_public_inputs(&self, digest: &[u8], length: u64) -> Result<[u8; 32], Error> {
        let cap = self.max_message_bytes();
        if length > cap as u64 {
            return Err(out_of_range(&length.to_string(), cap, Some(&self.capacity_note())));
        }
        digest
            .try_into()
            .map_err(|_| Error::InvalidInput(format!("digest is {} bytes, expected 32", digest.len())))
    }

    /// Exact size in bytes of every proof of this circuit.
    pub fn proof_bytes(&self) -> usize {
        self.layout.bytes()
    }

    /// Verify `proof` for public `(digest, length)`. In this order, each before any
    /// cryptography: `Err(InvalidInput)` unless `length <= max_message_bytes()` and `digest` is
    /// 32 bytes; `Err(MalformedProof)` unless the proof has exactly [`Verifier::proof_bytes`] bytes
    /// and every 32-byte element is the canonical encoding of what the verifier reads there (a
    /// compressed G1 point other than infinity, or a scalar below the field modulus). Then the
    /// halo2 verifier: `Err(VerificationFailed)` if the proof is invalid for these inputs.
    pub fn verify(&self, proof: &[u8], digest: &[u8], length: u64) -> Result<(), Error> {
        let digest = self.check_public_inputs(digest, length)?;
        self.layout.check(proof)?;
        self.verify_instances(proof, &public_inputs(&digest, length))
    }

    /// The bare halo2 verifier on raw instances, with only a "multiple of 32 bytes" check (tests
    /// use it to show what the checks in [`Verifier::verify`] add).
    pub(crate) fn verify_instances(&self, proof: &[u8], instance: &[Fr]) -> Result<(), Error> {
        // Every element of a BN254 halo2 proof (compressed G1 point or scalar) is 32 bytes.
        if proof.is_empty() || proof.len() % 32 != 0 {
            return Err(Error::MalformedProof(format!(
                "length {} is not a positive multiple of 32",
                proof.len()
            )));
        }
        let mut reader = ProofReader { bytes: proof, pos: 0, hit_end: false };
        let mut transcript = Blake2bRead::<_, G1Affine, Challenge255<_>>::init(&mut reader);
        let strategy = SingleStrategy::new(&self.params);
        let res = verify_proof::<
            KZGCommitmentScheme<Bn256>,
            VerifierSHPLONK<'_, Bn256>,
            Challenge255<G1Affine>,
            _,
            SingleStrategy<'_, Bn256>,
        >(self.params.verifier_params(), &self.vk, strategy, &[&[instance]], &mut transcript);
        drop(transcript);
        // (The SHPLONK opening phase maps read errors to `Opening`, hence the end-of-input flag.)
        if reader.hit_end {
            return Err(Error::MalformedProof("proof is too short for this circuit".into()));
        }
        match res {
            Err(halo2::plonk::Error::Transcript(e)) => Err(Error::MalformedProof(e.to_string())),
            Err(e) => Err(Error::VerificationFailed(format!("{e:?}"))),
            Ok(_) if reader.pos != proof.len() => Err(Error::MalformedProof(format!(
                "{} trailing bytes after the proof",
                proof.len() - reader.pos
            ))),
            Ok(_) => Ok(()),
        }
    }
}

/// Where a proof of this circuit has points and where scalars. halo2's verifier reads, for one
/// proof (KZG, SHPLONK, no instance evaluations in the proof): the advice commitments, each
/// lookup's two permuted commitments, one permutation product commitment per chunk of
/// `degree - 2` permutation columns, each lookup's product commitment, the vanishing argument's
/// random commitment and `quotient_poly_degree` h pieces (all points); then the advice and
/// fixed evaluations, the random polynomial's evaluation, one per permutation column, 2 per
/// permutation chunk plus 1 for all chunks but the last, and 5 per lookup (all scalars); then
/// SHPLONK's two points. (halo2-axiom 0.5.3, `plonk/verifier.rs`; the test
/// `proof_layout_matches_proofs` checks it against real proofs.) The sizes depend on the
/// verifying key only, never on the proof bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ProofLayout {
    points_before: usize,
    scalars: usize,
    points_after: usize,
}

impl ProofLayout {
    fn of(vk: &VerifyingKey<G1Affine>) -> Self {
        let cs = vk.cs();
        let lookups = cs.lookups().len();
        let perm_columns = cs.permutation().get_columns().len();
        let perm_chunks = perm_columns.div_ceil(cs.degree() - 2);
        let points_before = cs.num_advice_columns()
            + 2 * lookups
            + perm_chunks
            + lookups
            + 1
            + vk.get_domain().get_quotient_poly_degree();
        let scalars = cs.advice_queries().len()
            + cs.fixed_queries().len()
            + 1
            + vk.permutation().commitments().len()
            + (3 * perm_chunks).saturating_sub(1)
            + 5 * lookups;
        ProofLayout { points_before, scalars, points_after: 2 }
    }

    fn elements(&self) -> usize {
        self.points_before + self.scalars + self.points_after
    }

    fn bytes(&self) -> usize {
        32 * self.elements()
    }

    fn is_point(&self, i: usize) -> bool {
        i < self.points_before || i >= self.points_before + self.scalars
    }

    /// Exact length, then every element canonical: cheap (one square root per point), and
    /// what lets the halo2 verifier run only on well-formed input.
    fn check(&self, proof: &[u8]) -> Result<(), Error> {
        use halo2::halo2curves::group::{prime::PrimeCurveAffine, GroupEncoding};
        if proof.len() != self.bytes() {
            return Err(Error::MalformedProof(format!(
                "{} bytes; a proof of this circuit has exactly {} ({} elements of 32 bytes)",
                proof.len(),
                self.bytes(),
                self.elements()
            )));
        }
        let at = |i: usize| format!("element {i} (bytes {}..{})", 32 * i, 32 * i + 32);
        // Scalars first (a comparison each), then points (a square root each).
        for (i, chunk) in proof.chunks_exact(32).enumerate().filter(|(i, _)| !self.is_point(*i)) {
            let repr: [u8; 32] = chunk.try_into().expect("32-byte chunk");
            if Option::<Fr>::from(Fr::from_repr(repr)).is_none() {
                return Err(Error::MalformedProof(format!("{} is not a scalar below the field modulus", at(i))));
            }
        }
        for (i, chunk) in proof.chunks_exact(32).enumerate().filter(|(i, _)| self.is_point(*i)) {
            let mut repr = <G1Affine as GroupEncoding>::Repr::default();
            repr.as_mut().copy_from_slice(chunk);
            let point: Option<G1Affine> = G1Affine::from_bytes(&repr).into();
            match point {
                None => return Err(Error::MalformedProof(format!("{} is not a G1 point", at(i)))),
                Some(p) if bool::from(p.is_identity()) => {
                    return Err(Error::MalformedProof(format!("{} is the point at infinity", at(i))))
                }
                // halo2curves ignores the infinity flag of a finite point: without this, a proof
                // with that bit set would be a second encoding of the same proof.
                Some(p) if p.to_bytes().as_ref() != chunk => {
                    return Err(Error::MalformedProof(format!("{} is not a canonical point encoding", at(i))))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// Proof reader that remembers whether the verifier tried to read past the end.
struct ProofReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    hit_end: bool,
}

impl std::io::Read for ProofReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.bytes.len() - self.pos);
        if n < buf.len() {
            self.hit_end = true;
        }
        buf[..n].copy_from_slice(&self.bytes[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// `io::Write` that only counts bytes.
struct CountingWriter(usize);

impl std::io::Write for CountingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod attacks;
#[cfg(test)]
mod fuzz;
