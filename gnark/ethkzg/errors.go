package ethkzg

import "fmt"

// Code names what was wrong with an input: the same strings as crates/zkplay-kzg's Code, so
// the page and test-vectors/kzg/bad-input.json name it whichever language ran.
type Code string

const (
	BadHex                   Code = "bad_hex"                     // not 0x then an even number of hex digits
	BadLength                Code = "bad_length"                  // the wrong number of bytes for what it stands for
	NonCanonicalFieldElement Code = "non_canonical_field_element" // a 32-byte element ≥ the scalar modulus
	BadPoint                 Code = "bad_point"                   // not a compressed G1 point on the curve and in the subgroup
	CellIndexOutOfRange      Code = "cell_index_out_of_range"     // a cell index ≥ 128
	DuplicateCellIndex       Code = "duplicate_cell_index"        // the same cell twice where they must be distinct
	CellIndicesNotAscending  Code = "cell_indices_not_ascending"  // recovery's indices out of order
	NotEnoughCells           Code = "not_enough_cells"            // fewer than 64 cells to recover from
	TooManyCells             Code = "too_many_cells"              // more than 128 cells
	LengthMismatch           Code = "length_mismatch"             // lists that go together of different lengths
	SizeNotPowerOfTwo        Code = "size_not_power_of_two"       // a size for the thesis's operations that is not 2^k
	SizeOutOfRange           Code = "size_out_of_range"           // a size outside 2^4..2^12 (KZG10, FK20) or 2^4..2^15 (FFTs)
	Library                  Code = "library"                     // anything else go-eth-kzg refused
)

// Error is bad input's answer: a code and a message that says which input and why.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func fail(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
