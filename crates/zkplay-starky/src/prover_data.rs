//! The wrapper's prover data from bytes the build ships, so that the page does not commit to the
//! wrapper's constants and permutation itself.
//!
//! Why this cut: `CircuitBuilder::build` spends most of its time on one commitment, the LDE
//! (blow-up 8) of the constant and permutation polynomials and the Poseidon Merkle tree over its
//! 2^19 rows (one leaf of ~86 elements is 11 permutations). Shipping everything
//! (`ProverOnlyCircuitData::to_bytes`) would ship the LDE too, ~86 x 2^19 x 8 B = ~360 MB. The
//! tree's digests are 2^20 x 32 B = 32 MiB and the LDE is FFTs, cheap next to the hashing; so
//! the build ships the digests and the values of the constant columns (the one input the page
//! cannot get back from `build_with_options(false)`, which keeps the permutation but not the
//! constants). The page builds the circuit without the commitment, redoes the LDE, takes the
//! digests, and checks a few leaves against the key's cap before it trusts the result.
//!
//! Container (little-endian), version 1, in zkplay-plonky2's [`ContainerReader`] framing:
//! `"ZKPLAY-SKPD" | u32 version | u8 zk | u8 degree bits | u8 rate bits | u8 cap height |
//!  u32 len | constant columns (column-major, u64 each) | u32 len | digests (4 u64 each)`.

use plonky2::field::polynomial::PolynomialValues;
use plonky2::field::types::{Field, Field64, PrimeField64};
use plonky2::fri::oracle::PolynomialBatch;
use plonky2::hash::hash_types::HashOut;
use plonky2::hash::merkle_proofs::verify_merkle_proof_to_cap;
use plonky2::hash::merkle_tree::{MerkleCap, MerkleTree};
use plonky2::plonk::circuit_data::{CircuitData, VerifierOnlyCircuitData};
use plonky2::plonk::config::GenericConfig;
use plonky2::util::{reverse_index_bits_in_place, transpose};
use plonky2_maybe_rayon::*;
use zkplay_plonky2::keys::ContainerReader;

use crate::{Error, C, D, F};

type H = <C as GenericConfig<D>>::Hasher;

/// First bytes of a prover data file.
pub const MAGIC: &[u8; 11] = b"ZKPLAY-SKPD";
/// Container version written by [`encode`].
pub const VERSION: u32 = 1;
/// Largest file read: the zk-off wrapper's is ~35 MB.
const MAX_FILE_BYTES: usize = 1 << 27;
/// Leaves checked against the key's cap after the tree is assembled: one changed polynomial
/// changes almost every leaf, so a few catch a circuit that is not the one the digests are of.
const SPOT_CHECKS: usize = 16;

/// The file name the build publishes a wrapper's prover data under.
pub fn file_name(zk: bool) -> String {
    format!("wrapper-zk{}.prover.bin", if zk { "on" } else { "off" })
}

/// The prover data file of a wrapper built in full (natively, by the build).
pub fn encode(data: &CircuitData<F, C, D>, zk: bool) -> Result<Vec<u8>, Error> {
    let common = &data.common;
    let batch = &data.prover_only.constants_sigmas_commitment;
    let fri = &common.config.fri_config;
    let header = [zk as usize, common.degree_bits(), fri.rate_bits, fri.cap_height];
    let mut out = Vec::with_capacity(40 + batch.merkle_tree.digests.len() * 32 + (common.num_constants << 19));
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for b in header {
        out.push(u8::try_from(b).map_err(|_| Error::CorruptKey(format!("{b} does not fit a header byte")))?);
    }
    let constants: Vec<u8> = batch.polynomials[..common.num_constants]
        .par_iter()
        .flat_map(|p| {
            p.clone().fft().values.iter().flat_map(|x| x.to_canonical_u64().to_le_bytes()).collect::<Vec<u8>>()
        })
        .collect();
    let digests: Vec<u8> = batch
        .merkle_tree
        .digests
        .iter()
        .flat_map(|h| h.elements.iter().flat_map(|x| x.to_canonical_u64().to_le_bytes()))
        .collect();
    for section in [&constants, &digests] {
        let len = u32::try_from(section.len()).map_err(|_| Error::CorruptKey("a section above 4 GiB".into()))?;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(section);
    }
    Ok(out)
}

fn corrupt(m: impl core::fmt::Display) -> Error {
    Error::CorruptKey(format!("the wrapper's prover data file: {m}"))
}

/// Canonical field elements of a section of u64s.
fn elements(bytes: &[u8]) -> Result<Vec<F>, Error> {
    bytes
        .chunks_exact(8)
        .map(|c| {
            let x = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            if x >= F::ORDER {
                return Err(corrupt(format!("{x} is not a Goldilocks element")));
            }
            Ok(F::from_canonical_u64(x))
        })
        .collect()
}

/// The commitment to the constants and sigmas of `data`, a wrapper built with
/// `build_with_options(false)`, from a prover data file (its sha256 checked by the caller) and
/// the key's cap: the constant columns of the file, the sigmas of the build, their LDE here, the
/// file's tree digests. Refuses (CorruptKey) a file whose shape is not this circuit's or whose
/// tree does not hold the leaves computed here.
pub fn commitment(
    data: &CircuitData<F, C, D>,
    file: &[u8],
    zk: bool,
    cap: &MerkleCap<F, H>,
) -> Result<PolynomialBatch<F, C, D>, Error> {
    let common = &data.common;
    let fri = &common.config.fri_config;
    let (degree_bits, rate_bits, cap_height) = (common.degree_bits(), fri.rate_bits, fri.cap_height);
    let mut r = ContainerReader::open(file, MAX_FILE_BYTES, (MAGIC, VERSION), ("starky", "prover data file"))
        .map_err(corrupt)?;
    let header = r.take(4).map_err(corrupt)?;
    let want = [zk as usize, degree_bits, rate_bits, cap_height];
    if header.iter().map(|&b| b as usize).ne(want) {
        return Err(corrupt(format!("made for (zk, degree, rate, cap) {header:?}, this wrapper is {want:?}")));
    }
    let n = 1usize << degree_bits;
    let constants = r.section().map_err(corrupt)?;
    if constants.len() != common.num_constants * n * 8 {
        return Err(corrupt(format!("{} bytes of constants, not {} columns", constants.len(), common.num_constants)));
    }
    let leaves_len = n << rate_bits;
    let digests_len = 2 * (leaves_len - (1 << cap_height));
    let digests = r.section().map_err(corrupt)?;
    if digests.len() != digests_len * 32 {
        return Err(corrupt(format!("{} bytes of digests, not {digests_len}", digests.len())));
    }
    r.finish().map_err(corrupt)?;
    if cap.0.len() != 1 << cap_height {
        return Err(corrupt("the key's cap is not of this wrapper's height"));
    }

    // The batch of `build`: constant columns, then sigma columns, each interpolated (IFFT), then
    // evaluated on the coset of 2^rate_bits times the domain (coset FFT); the leaves are the rows
    // of that LDE in bit-reversed order.
    let sigmas = transpose(&data.prover_only.sigmas);
    let columns: Vec<Vec<F>> = elements(constants)?.chunks_exact(n).map(<[F]>::to_vec).chain(sigmas).collect();
    let table = data.prover_only.fft_root_table.as_ref();
    let polynomials: Vec<_> = columns.into_par_iter().map(|c| PolynomialValues::new(c).ifft()).collect();
    let lde: Vec<Vec<F>> = polynomials
        .par_iter()
        .map(|p| p.lde(rate_bits).coset_fft_with_options(F::coset_shift(), Some(rate_bits), table).values)
        .collect();
    let mut leaves = transpose(&lde);
    drop(lde);
    reverse_index_bits_in_place(&mut leaves);
    let digests = elements(digests)?.chunks_exact(4).map(|h| HashOut { elements: [h[0], h[1], h[2], h[3]] }).collect();
    let tree = MerkleTree { leaves, digests, cap: cap.clone() };
    for i in 0..SPOT_CHECKS {
        // Spread over the tree (each cap subtree gets one), from the first leaf to the last.
        let leaf = (i * (leaves_len - 1)) / (SPOT_CHECKS - 1);
        verify_merkle_proof_to_cap(tree.get(leaf).to_vec(), leaf, &tree.cap, &tree.prove(leaf))
            .map_err(|_| corrupt(format!("leaf {leaf} is not in its tree: not this wrapper's prover data")))?;
    }
    Ok(PolynomialBatch { polynomials, merkle_tree: tree, degree_log: degree_bits, rate_bits, blinding: false })
}

/// Completes `data` (built with `build_with_options(false)`) with the file's commitment
/// ([`commitment`]) and `key`, the verifier data the file was made with: its cap and circuit
/// digest, which the prover's transcript starts from.
pub fn install(
    data: &mut CircuitData<F, C, D>,
    file: &[u8],
    zk: bool,
    key: VerifierOnlyCircuitData<C, D>,
) -> Result<(), Error> {
    data.prover_only.constants_sigmas_commitment = commitment(data, file, zk, &key.constants_sigmas_cap)?;
    data.prover_only.circuit_digest = key.circuit_digest;
    data.verifier_only = key;
    Ok(())
}
