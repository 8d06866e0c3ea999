//! Shape check of serialized proofs, before any of them reaches plonky2.
//!
//! plonky2's `ProofWithPublicInputs::from_bytes` trusts its input more than a verifier may:
//! it reads field elements with `from_canonical_u64` (a debug assertion, and a non-canonical
//! value in release builds), takes the length of every Merkle proof from the bytes, and reads
//! as many public inputs as an 8-byte count says. This module walks the bytes exactly as
//! plonky2 1.1.0's `read_proof_with_public_inputs` does (same order, same sizes from the
//! circuit's `CommonCircuitData`) and refuses anything that is not the one shape an honest
//! proof of this circuit has: every field element canonical, every Merkle proof of the height
//! its tree has, exactly `num_public_inputs` public inputs, no trailing bytes. It returns the
//! public inputs, so that they are compared with the statement before any cryptography.

#[cfg(not(feature = "std"))]
use alloc::{format, string::String, vec::Vec};

use plonky2::field::extension::Extendable;
use plonky2::field::types::Field64;
use plonky2::hash::hash_types::RichField;
use plonky2::plonk::circuit_data::CommonCircuitData;

/// How the config's Merkle hashes are serialized.
#[derive(Debug, Clone, Copy)]
pub enum HashBytes {
    /// Raw bytes (`KeccakHash<N>`): any value is canonical.
    Raw(usize),
    /// `n` field elements (`HashOut`, Poseidon): each must be canonical.
    Fields(usize),
}

/// `(offset, size, part)` of each element of a proof, in order (see [`layout`]).
pub type Marks = Vec<(usize, usize, Part)>;

/// What a stretch of proof bytes holds (see [`layout`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A field element (8 bytes, little-endian, must be < p).
    Field,
    /// A Merkle cap or sibling hash.
    Hash,
    /// The sibling count of a Merkle proof (1 byte).
    MerkleLength,
    /// The public-input count (8 bytes).
    PublicInputCount,
}

struct Walker<'a> {
    b: &'a [u8],
    pos: usize,
    hash: HashBytes,
    marks: Option<Marks>,
}

pub type R<T> = Result<T, String>;

impl<'a> Walker<'a> {
    fn take(&mut self, n: usize, what: &str) -> R<&'a [u8]> {
        if self.b.len() - self.pos < n {
            return Err(format!("proof ends inside {what} (byte {} of {})", self.pos, self.b.len()));
        }
        let s = &self.b[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn mark(&mut self, at: usize, part: Part) {
        if let Some(m) = &mut self.marks {
            m.push((at, self.pos - at, part));
        }
    }

    fn u64(&mut self, what: &str) -> R<u64> {
        let s = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        Ok(u64::from_le_bytes(a))
    }

    fn field<F: Field64>(&mut self, what: &str) -> R<u64> {
        let at = self.pos;
        let v = self.u64(what)?;
        if v >= F::ORDER {
            return Err(format!("non-canonical field element {v:#x} in {what} (byte {at})"));
        }
        self.mark(at, Part::Field);
        Ok(v)
    }

    fn fields<F: Field64>(&mut self, n: usize, what: &str) -> R<()> {
        for _ in 0..n {
            self.field::<F>(what)?;
        }
        Ok(())
    }

    fn hash<F: Field64>(&mut self, what: &str) -> R<()> {
        let at = self.pos;
        match self.hash {
            HashBytes::Raw(n) => self.take(n, what).map(|_| ())?,
            HashBytes::Fields(n) => self.fields::<F>(n, what)?,
        }
        self.mark(at, Part::Hash);
        Ok(())
    }

    fn cap<F: Field64>(&mut self, height: usize, what: &str) -> R<()> {
        for _ in 0..1usize << height {
            self.hash::<F>(what)?;
        }
        Ok(())
    }

    fn merkle_proof<F: Field64>(&mut self, siblings: usize, what: &str) -> R<()> {
        let at = self.pos;
        let n = self.take(1, what)?[0] as usize;
        if n != siblings {
            return Err(format!(
                "Merkle proof in {what} has {n} siblings, this circuit's trees need {siblings} (byte {at})"
            ));
        }
        self.mark(at, Part::MerkleLength);
        for _ in 0..n {
            self.hash::<F>(what)?;
        }
        Ok(())
    }
}

/// Checks that `bytes` has the exact shape of a `ProofWithPublicInputs` of the circuit
/// described by `common` (uncompressed, as `to_bytes` writes it); returns its public inputs
/// (canonical values).
pub fn check<F: RichField + Extendable<D>, const D: usize>(
    bytes: &[u8],
    common: &CommonCircuitData<F, D>,
    hash: HashBytes,
) -> R<Vec<u64>> {
    walk(bytes, common, hash, false).map(|(pis, _)| pis)
}

/// Where each field element, hash, Merkle-proof length and the public-input count of a
/// well-formed proof are: `(offset, size, part)` (for fuzzing).
pub fn layout<F: RichField + Extendable<D>, const D: usize>(
    bytes: &[u8],
    common: &CommonCircuitData<F, D>,
    hash: HashBytes,
) -> R<Marks> {
    walk(bytes, common, hash, true).map(|(_, marks)| marks)
}

fn walk<F: RichField + Extendable<D>, const D: usize>(
    bytes: &[u8],
    common: &CommonCircuitData<F, D>,
    hash: HashBytes,
    record: bool,
) -> R<(Vec<u64>, Marks)> {
    let config = &common.config;
    let fri = &common.fri_params;
    let cap_height = config.fri_config.cap_height;
    let nc = config.num_challenges;
    let lde_bits = fri.lde_bits();
    if cap_height > lde_bits {
        return Err("circuit has a Merkle cap higher than its trees".into());
    }
    let mut w = Walker { b: bytes, pos: 0, hash, marks: record.then(Vec::new) };

    // Proof: three caps, the opening set, the FRI proof.
    w.cap::<F>(cap_height, "wires cap")?;
    w.cap::<F>(cap_height, "Z / partial products cap")?;
    w.cap::<F>(cap_height, "quotient cap")?;
    let num_lookup = nc * common.num_lookup_polys;
    let openings = common.num_constants
        + config.num_routed_wires
        + config.num_wires
        + 2 * nc
        + 2 * num_lookup
        + common.num_partial_products * nc
        + common.quotient_degree_factor * nc;
    w.fields::<F>(D * openings, "openings")?;

    for _ in 0..fri.reduction_arity_bits.len() {
        w.cap::<F>(cap_height, "FRI commit-phase cap")?;
    }
    let salt = if fri.hiding { 4 } else { 0 }; // plonky2's SALT_SIZE for hiding trees
    let initial = [
        (common.num_constants + config.num_routed_wires, "constants/sigmas opening"),
        (config.num_wires + salt, "wires opening"),
        (nc * (1 + common.num_partial_products + common.num_lookup_polys) + salt, "Z / partial products opening"),
        (nc * common.quotient_degree_factor + salt, "quotient opening"),
    ];
    for _ in 0..config.fri_config.num_query_rounds {
        for &(n, what) in &initial {
            w.fields::<F>(n, what)?;
            w.merkle_proof::<F>(lde_bits - cap_height, what)?;
        }
        let mut bits = lde_bits;
        for &arity_bits in &fri.reduction_arity_bits {
            if arity_bits > bits || bits - arity_bits < cap_height {
                return Err("circuit's FRI reductions do not fit its trees".into());
            }
            bits -= arity_bits;
            w.fields::<F>(D << arity_bits, "FRI query step")?;
            w.merkle_proof::<F>(bits - cap_height, "FRI query step")?;
        }
    }
    let total_arity: usize = fri.reduction_arity_bits.iter().sum();
    if total_arity > fri.degree_bits {
        return Err("circuit's FRI reductions exceed its degree".into());
    }
    w.fields::<F>(D << (fri.degree_bits - total_arity), "FRI final polynomial")?;
    w.field::<F>("proof-of-work witness")?;

    // Public inputs: an 8-byte count, then the values.
    let at = w.pos;
    let n = w.u64("public input count")?;
    w.mark(at, Part::PublicInputCount);
    if n != common.num_public_inputs as u64 {
        return Err(format!(
            "proof says it has {n} public inputs, this circuit has {} (byte {at})",
            common.num_public_inputs
        ));
    }
    let mut pis = Vec::with_capacity(common.num_public_inputs);
    for _ in 0..common.num_public_inputs {
        pis.push(w.field::<F>("public inputs")?);
    }
    if w.pos != bytes.len() {
        return Err(format!("{} trailing bytes after the proof ({} bytes expected)", bytes.len() - w.pos, w.pos));
    }
    Ok((pis, w.marks.unwrap_or_default()))
}
