//! Ethereum's KZG in zkplay, Rust side: EIP-4844 blob commitments and proofs and EIP-7594
//! (PeerDAS) cells and cell proofs, computed by crate-crypto's `rust_eth_kzg` (over blst) with
//! the official trusted setup it embeds.
//!
//! The layer of our own is thin and the same in Go (gnark/ethkzg): hex strings in and out, and
//! every input checked before any curve arithmetic ([`input`]), so bad input gets a
//! [`KzgError`] whose code names what was wrong. A verification answers `Ok(false)` for a proof
//! that does not hold (a proof for another blob…) and `Err` only for malformed input.

pub mod dispatch;
pub mod error;
pub mod fixed_base;
pub mod input;
pub mod measure;
pub mod opening;
pub mod thesis;
#[cfg(feature = "wasm")]
pub mod wasm;

use rust_eth_kzg::{
    constants::{CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL},
    DASContext, TrustedSetup, UsePrecomp,
};
use sha2::{Digest, Sha256};

pub use error::{Code, KzgError};
use fixed_base::FixedBaseProver;
use opening::OpeningVerifier;

/// The cells and their proofs, 128 of each, as hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellsAndProofs {
    pub cells: Vec<String>,
    pub proofs: Vec<String>,
}

/// The window of the library's fixed-base tables for FK20 (the cells and their proofs, and
/// recovery, which recomputes the proofs): 128 MSMs over 64 fixed points each (the setup's powers
/// after the Toeplitz FFT), each point with 2^(w−1) multiples. Chosen by measurement in Chromium
/// (docs/kzg.md, "FK20 over fixed bases"): against no tables, window 6 computes the cells 1.7x
/// faster on one thread (2.33–2.60 → 1.31–1.50 s) for 24 MiB and 1–2 s more of loading;
/// window 8 only 1.2x more (1.12 s) for 96 MiB and ~5 s more.
pub const FK20_WINDOW_BITS: usize = 6;
/// One MSM per cell (128), each over one point per cell's worth of the blob (4096 / 64 = 64),
/// each point with 2^(w−1) multiples, affine.
pub const FK20_TABLE_BYTES: usize = CELLS_PER_EXT_BLOB
    * (FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL)
    * (1 << (FK20_WINDOW_BITS - 1))
    * std::mem::size_of::<ekzg_bls12_381::G1Point>();

pub struct Kzg {
    ctx: DASContext,
    /// The commitment and the two provers' MSMs over precomputed tables (src/fixed_base.rs).
    fixed: FixedBaseProver,
    /// The single openings' check, its G2 points prepared once (src/opening.rs).
    opening: OpeningVerifier,
}

impl Default for Kzg {
    fn default() -> Self {
        Self::new()
    }
}

impl Kzg {
    /// Loads the embedded trusted setup and builds the fixed-base tables for the blob ops
    /// (fixed_base::WINDOW_BITS; one part per rayon thread) and for the cells' FK20
    /// ([`FK20_WINDOW_BITS`]).
    pub fn new() -> Self {
        let setup = TrustedSetup::default();
        let fixed = FixedBaseProver::new(&setup.g1_monomial, threads());
        let opening = OpeningVerifier::new(&setup);
        Kzg { ctx: DASContext::new(&setup, UsePrecomp::Yes { width: FK20_WINDOW_BITS }), fixed, opening }
    }

    /// The bytes the fixed-base tables hold: the blob ops' and FK20's.
    pub fn table_bytes(&self) -> usize {
        self.fixed.table_bytes() + FK20_TABLE_BYTES
    }

    pub fn blob_to_kzg_commitment(&self, blob: &str) -> Result<String, KzgError> {
        let blob = input::blob(blob, "blob")?;
        Ok(input::to_hex(&self.fixed.blob_to_kzg_commitment(&blob)))
    }

    /// The proof that the blob's polynomial takes the value y at z: (proof, y).
    pub fn compute_kzg_proof(&self, blob: &str, z: &str) -> Result<(String, String), KzgError> {
        let blob = input::blob(blob, "blob")?;
        let z = input::scalar(z, "z")?;
        let z = scalar(&z);
        let (proof, y) = self.fixed.compute_kzg_proof(&blob, z);
        Ok((input::to_hex(&proof), input::to_hex(&y.to_bytes_be())))
    }

    pub fn compute_blob_kzg_proof(&self, blob: &str, commitment: &str) -> Result<String, KzgError> {
        let blob = input::blob(blob, "blob")?;
        let commitment = input::point(commitment, "commitment")?;
        Ok(input::to_hex(&self.fixed.compute_blob_kzg_proof(&blob, &commitment)))
    }

    pub fn verify_kzg_proof(&self, commitment: &str, z: &str, y: &str, proof: &str) -> Result<bool, KzgError> {
        let (_, commitment) = input::g1(commitment, "commitment")?;
        let z = scalar(&input::scalar(z, "z")?);
        let y = scalar(&input::scalar(y, "y")?);
        let (_, proof) = input::g1(proof, "proof")?;
        Ok(self.opening.verify(&commitment, z, y, &proof))
    }

    /// The specs' check: the challenge z from (blob, commitment), y = p(z), then the opening. On
    /// two threads one decodes the blob and evaluates it at z while the other decodes the points
    /// and runs the proof's Miller loop. Errors come in argument order, as on one thread.
    pub fn verify_blob_kzg_proof(&self, blob: &str, commitment: &str, proof: &str) -> Result<bool, KzgError> {
        let (value, points) = join(
            || {
                let blob = input::blob(blob, "blob")?;
                let commitment = input::bytes::<{ input::BYTES_PER_POINT }>(commitment, "commitment")?;
                Ok::<_, KzgError>(self.fixed.challenge_and_value(&blob, &commitment))
            },
            || {
                let (_, c) = input::g1(commitment, "commitment")?;
                let (_, p) = input::g1(proof, "proof")?;
                Ok::<_, KzgError>((c, p, self.opening.proof_term(&p)))
            },
        );
        let (z, y) = value?;
        let (commitment, proof, proof_term) = points?;
        Ok(self.opening.verify_with(&commitment, z, y, &proof, &proof_term))
    }

    pub fn verify_blob_kzg_proof_batch(
        &self,
        blobs: &[String],
        commitments: &[String],
        proofs: &[String],
    ) -> Result<bool, KzgError> {
        input::same_length("blobs, commitments, proofs", &[blobs.len(), commitments.len(), proofs.len()])?;
        let blobs = each(blobs, "blob", input::blob)?;
        let commitments = each(commitments, "commitment", input::point)?;
        let proofs = each(proofs, "proof", input::point)?;
        verdict(self.ctx.verify_blob_kzg_proof_batch(
            blobs.iter().map(|b| &**b).collect(),
            commitments.iter().collect(),
            proofs.iter().collect(),
        ))
    }

    /// The blob extended to 128 cells (its Reed–Solomon 2x extension) and a proof for each (FK20).
    pub fn compute_cells_and_kzg_proofs(&self, blob: &str) -> Result<CellsAndProofs, KzgError> {
        let blob = input::blob(blob, "blob")?;
        let (cells, proofs) = self.ctx.compute_cells_and_kzg_proofs(&blob).map_err(library)?;
        Ok(cells_and_proofs(&cells, &proofs))
    }

    /// Each cell against its blob's commitment; cells may repeat and come in any order.
    pub fn verify_cell_kzg_proof_batch(
        &self,
        commitments: &[String],
        cell_indices: &[u64],
        cells: &[String],
        proofs: &[String],
    ) -> Result<bool, KzgError> {
        input::same_length(
            "commitments, cell indices, cells, proofs",
            &[commitments.len(), cell_indices.len(), cells.len(), proofs.len()],
        )?;
        let commitments = each(commitments, "commitment", input::point)?;
        let indices = cell_indices
            .iter()
            .enumerate()
            .map(|(i, &c)| input::cell_index(c, &format!("cell index {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let cells = each(cells, "cell", input::cell)?;
        let proofs = each(proofs, "proof", input::point)?;
        verdict(self.ctx.verify_cell_kzg_proof_batch(
            commitments.iter().collect(),
            &indices,
            cells.iter().map(|c| &**c).collect(),
            proofs.iter().collect(),
        ))
    }

    /// All 128 cells and proofs from any 64 or more distinct cells, indices ascending.
    pub fn recover_cells_and_kzg_proofs(
        &self,
        cell_indices: &[u64],
        cells: &[String],
    ) -> Result<CellsAndProofs, KzgError> {
        input::same_length("cell indices, cells", &[cell_indices.len(), cells.len()])?;
        let half = CELLS_PER_EXT_BLOB / 2;
        if cells.len() > CELLS_PER_EXT_BLOB {
            return Err(KzgError::new(
                Code::TooManyCells,
                format!("{} cells, at most {CELLS_PER_EXT_BLOB}", cells.len()),
            ));
        }
        for (i, &c) in cell_indices.iter().enumerate() {
            input::cell_index(c, &format!("cell index {i}"))?;
        }
        for (i, w) in cell_indices.windows(2).enumerate() {
            if cell_indices[..=i].contains(&w[1]) {
                return Err(KzgError::new(Code::DuplicateCellIndex, format!("cell index {} appears twice", w[1])));
            }
            if w[1] < w[0] {
                return Err(KzgError::new(
                    Code::CellIndicesNotAscending,
                    format!("cell indices must ascend: {} comes after {}", w[1], w[0]),
                ));
            }
        }
        if cells.len() < half {
            return Err(KzgError::new(
                Code::NotEnoughCells,
                format!("{} cells: recovery needs at least {half} of the {CELLS_PER_EXT_BLOB}", cells.len()),
            ));
        }
        let cells = each(cells, "cell", input::cell)?;
        let (cells, proofs) = self
            .ctx
            .recover_cells_and_kzg_proofs(cell_indices.to_vec(), cells.iter().map(|c| &**c).collect())
            .map_err(library)?;
        Ok(cells_and_proofs(&cells, &proofs))
    }
}

/// EIP-4844's versioned hash of a commitment: 0x01 then the last 31 bytes of its SHA-256.
pub fn versioned_hash(commitment: &str) -> Result<String, KzgError> {
    let c = input::point(commitment, "commitment")?;
    let mut h: [u8; 32] = Sha256::digest(c).into();
    h[0] = 0x01;
    Ok(input::to_hex(&h))
}

fn each<T>(
    items: &[String],
    what: &str,
    parse: impl Fn(&str, &str) -> Result<T, KzgError>,
) -> Result<Vec<T>, KzgError> {
    items.iter().enumerate().map(|(i, s)| parse(s, &format!("{what} {i}"))).collect()
}

fn cells_and_proofs(cells: &[rust_eth_kzg::Cell], proofs: &[rust_eth_kzg::KZGProof]) -> CellsAndProofs {
    CellsAndProofs {
        cells: cells.iter().map(|c| input::to_hex(&c[..])).collect(),
        proofs: proofs.iter().map(|p| input::to_hex(p)).collect(),
    }
}

/// The rayon pool's threads (1 without `multithreaded`): the fixed-base MSM's parts.
fn threads() -> usize {
    #[cfg(feature = "multithreaded")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "multithreaded"))]
    1
}

/// A scalar `input::scalar` has checked (below r).
fn scalar(bytes: &[u8; input::BYTES_PER_SCALAR]) -> ekzg_bls12_381::Scalar {
    ekzg_serialization::deserialize_bytes_to_scalar(bytes).expect("checked below r by input::scalar")
}

/// Both closures, on two of rayon's threads when the build has them.
fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(feature = "multithreaded")]
    return rayon::join(a, b);
    #[cfg(not(feature = "multithreaded"))]
    (a(), b())
}

/// A proof that does not hold is an answer (false), not an error.
fn verdict(r: Result<(), rust_eth_kzg::Error>) -> Result<bool, KzgError> {
    match r {
        Ok(()) => Ok(true),
        Err(e) if e.is_proof_invalid() => Ok(false),
        Err(e) => Err(library(e)),
    }
}

fn library(e: rust_eth_kzg::Error) -> KzgError {
    KzgError::new(Code::Library, format!("rust_eth_kzg refused the input: {e:?}"))
}
