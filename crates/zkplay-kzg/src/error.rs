//! Bad input's answer: a code (the same strings as gnark/ethkzg's, so the page and the shared
//! bad-input vectors of test-vectors/kzg/ can name it whichever language ran) and a message.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Not a hex string (an optional 0x, then an even number of hex digits).
    BadHex,
    /// The right hex, the wrong number of bytes for what it stands for.
    BadLength,
    /// A 32-byte big-endian field element ≥ the BLS12-381 scalar modulus.
    NonCanonicalFieldElement,
    /// 48 bytes that are not a compressed G1 point on the curve and in the prime-order subgroup.
    BadPoint,
    /// A cell index ≥ 128.
    CellIndexOutOfRange,
    /// The same cell index twice where the cells must be distinct (recovery).
    DuplicateCellIndex,
    /// Recovery's cell indices not in ascending order (the specs ask for it).
    CellIndicesNotAscending,
    /// Fewer than 64 of the 128 cells: not enough to recover the blob.
    NotEnoughCells,
    /// More than 128 cells.
    TooManyCells,
    /// Lists that go together (blobs and commitments, cells and proofs…) of different lengths.
    LengthMismatch,
    /// A size for the thesis's operations (src/thesis/) that is not a power of two.
    SizeNotPowerOfTwo,
    /// A size outside what an operation supports (2^4..2^12 for KZG10 and FK20, 2^4..2^15 for FFTs).
    SizeOutOfRange,
    /// Anything else the library refused (never expected after the checks above).
    Library,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadHex => "bad_hex",
            Code::BadLength => "bad_length",
            Code::NonCanonicalFieldElement => "non_canonical_field_element",
            Code::BadPoint => "bad_point",
            Code::CellIndexOutOfRange => "cell_index_out_of_range",
            Code::DuplicateCellIndex => "duplicate_cell_index",
            Code::CellIndicesNotAscending => "cell_indices_not_ascending",
            Code::NotEnoughCells => "not_enough_cells",
            Code::TooManyCells => "too_many_cells",
            Code::LengthMismatch => "length_mismatch",
            Code::SizeNotPowerOfTwo => "size_not_power_of_two",
            Code::SizeOutOfRange => "size_out_of_range",
            Code::Library => "library",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KzgError {
    pub code: Code,
    pub message: String,
}

impl KzgError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        KzgError { code, message: message.into() }
    }
}

impl fmt::Display for KzgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for KzgError {}
