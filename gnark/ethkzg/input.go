package ethkzg

import (
	"bytes"
	"encoding/hex"
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

func parseBlob(hexStr, what string) (*goethkzg.Blob, error) {
	b, err := decode(hexStr, what, len(goethkzg.Blob{}))
	if err != nil {
		return nil, err
	}
	if err := checkFieldElements(b, what); err != nil {
		return nil, err
	}
	var blob goethkzg.Blob
	copy(blob[:], b)
	return &blob, nil
}

func parseCell(hexStr, what string) (*goethkzg.Cell, error) {
	b, err := decode(hexStr, what, len(goethkzg.Cell{}))
	if err != nil {
		return nil, err
	}
	if err := checkFieldElements(b, what); err != nil {
		return nil, err
	}
	var cell goethkzg.Cell
	copy(cell[:], b)
	return &cell, nil
}

func parseScalar(hexStr, what string) (goethkzg.Scalar, error) {
	var s goethkzg.Scalar
	b, err := decode(hexStr, what, bytesPerScalar)
	if err != nil {
		return s, err
	}
	if err := checkFieldElements(b, what); err != nil {
		return s, err
	}
	copy(s[:], b)
	return s, nil
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
