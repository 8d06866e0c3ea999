package ethkzg

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strings"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// Untrusted hex → checked bytes, before any curve arithmetic: the length for what the bytes
// stand for, each field element below the modulus, each point on the curve and in the subgroup.

const (
	bytesPerScalar = 32
	bytesPerPoint  = 48
	cellsPerBlob   = goethkzg.CellsPerExtBlob
)

// what names the input in messages ("blob", "proof 3"…).
func decode(hexStr, what string, n int) ([]byte, error) {
	digits := strings.TrimPrefix(hexStr, "0x")
	b, err := hex.DecodeString(digits)
	if err != nil {
		return nil, fail(BadHex, "%s: not a hex string (0x then an even number of hex digits)", what)
	}
	if len(b) != n {
		return nil, fail(BadLength, "%s: %d bytes, expected %d", what, len(b), n)
	}
	return b, nil
}

// checkFieldElements: each 32-byte big-endian chunk must be < r (the specs' canonical encoding).
func checkFieldElements(b []byte, what string) error {
	for i := 0; i < len(b); i += bytesPerScalar {
		if bytes.Compare(b[i:i+bytesPerScalar], goethkzg.BlsModulus[:]) >= 0 {
			return fail(NonCanonicalFieldElement, "%s: field element %d is not below the BLS12-381 scalar modulus", what, i/bytesPerScalar)
		}
	}
	return nil
}

// decodeElements: n bytes of 32-byte field elements, each below the modulus.
func decodeElements(hexStr, what string, n int) ([]byte, error) {
	b, err := decode(hexStr, what, n)
	if err == nil {
		err = checkFieldElements(b, what)
	}
	return b, err
}

func parseBlob(hexStr, what string) (*goethkzg.Blob, error) {
	var blob goethkzg.Blob
	b, err := decodeElements(hexStr, what, len(blob))
	copy(blob[:], b)
	return &blob, err
}

func parseCell(hexStr, what string) (*goethkzg.Cell, error) {
	var cell goethkzg.Cell
	b, err := decodeElements(hexStr, what, len(cell))
	copy(cell[:], b)
	return &cell, err
}

func parseScalar(hexStr, what string) (goethkzg.Scalar, error) {
	var s goethkzg.Scalar
	b, err := decodeElements(hexStr, what, bytesPerScalar)
	copy(s[:], b)
	return s, err
}

// parsePoint: a commitment or a proof, decompressed once here to check it.
func parsePoint(hexStr, what string) (goethkzg.G1Point, error) {
	var p goethkzg.G1Point
	b, err := decode(hexStr, what, bytesPerPoint)
	if err != nil {
		return p, err
	}
	copy(p[:], b)
	if _, err := goethkzg.DeserializeKZGCommitment(goethkzg.KZGCommitment(p)); err != nil {
		return p, fail(BadPoint, "%s: not a compressed BLS12-381 G1 point on the curve and in its prime-order subgroup", what)
	}
	return p, nil
}

func parseCommitment(hexStr, what string) (goethkzg.KZGCommitment, error) {
	p, err := parsePoint(hexStr, what)
	return goethkzg.KZGCommitment(p), err
}

func parseProof(hexStr, what string) (goethkzg.KZGProof, error) {
	p, err := parsePoint(hexStr, what)
	return goethkzg.KZGProof(p), err
}

// inputs parses a function's arguments in order and keeps the first refusal, so the function
// reads all it needs and checks once; nothing is parsed after a refusal.
type inputs struct{ err error }

func parsed[T any](in *inputs, parse func(hexStr, what string) (T, error), hexStr, what string) T {
	var v T
	if in.err == nil {
		v, in.err = parse(hexStr, what)
	}
	return v
}

// parsedEach parses every item, naming the i-th "what i" in a refusal, unless one was refused.
func parsedEach[T any](in *inputs, items []string, what string, parse func(hexStr, what string) (T, error)) []T {
	out := make([]T, len(items))
	for i := 0; i < len(items) && in.err == nil; i++ {
		out[i], in.err = parse(items[i], fmt.Sprintf("%s %d", what, i))
	}
	return out
}

// checkCellIndices refuses the first index of a cell that does not exist.
func checkCellIndices(indices []uint64) error {
	for i, c := range indices {
		if err := checkCellIndex(c, fmt.Sprintf("cell index %d", i)); err != nil {
			return err
		}
	}
	return nil
}

func checkCellIndex(index uint64, what string) error {
	if index >= cellsPerBlob {
		return fail(CellIndexOutOfRange, "%s: cell index %d is not below %d", what, index, cellsPerBlob)
	}
	return nil
}

func sameLength(what string, lengths ...int) error {
	for _, n := range lengths[1:] {
		if n != lengths[0] {
			return fail(LengthMismatch, "%s: the lists have different lengths %v", what, lengths)
		}
	}
	return nil
}

func toHex(b []byte) string { return "0x" + hex.EncodeToString(b) }
