package prover

import (
	"math"

	"zkplay/gnark/keccak"
)

// CheckLength refuses a claimed message length that no statement of this
// circuit has. Every verifier entry point calls it before any cryptography.
func CheckLength(length int) error {
	if length < 0 || length > keccak.MaxBytes {
		return errorf(CodeInvalidInput, "invalid input: length %d is outside 0..%d (the gnark circuit holds one Keccak block)", length, keccak.MaxBytes)
	}
	return nil
}

// LengthFromJS converts a length that arrived as a JavaScript number. A float
// is checked before it becomes an int: converting NaN, ±Inf or 2^70 to int is
// not defined in Go, and 5.5 must not become 5.
func LengthFromJS(x float64) (int, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) || x != math.Trunc(x) {
		return 0, errorf(CodeInvalidInput, "invalid input: length must be a whole number, got %v", x)
	}
	if x < 0 || x > keccak.MaxBytes {
		return 0, errorf(CodeInvalidInput, "invalid input: length %v is outside 0..%d (the gnark circuit holds one Keccak block)", x, keccak.MaxBytes)
	}
	return int(x), nil
}
