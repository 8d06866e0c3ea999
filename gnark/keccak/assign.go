package keccak

import (
	"fmt"

	"github.com/consensys/gnark/frontend"
	"golang.org/x/crypto/sha3"
)

// Sum returns the native Keccak-256 digest (Ethereum padding, not SHA3-256).
func Sum(msg []byte) [DigestBytes]byte {
	var d [DigestBytes]byte
	h := sha3.NewLegacyKeccak256()
	h.Write(msg)
	h.Sum(d[:0])
	return d
}

// ErrTooLong is returned (wrapped) when a message does not fit the circuit.
type ErrTooLong struct{ Len int }

func (e *ErrTooLong) Error() string {
	return fmt.Sprintf("message is %d bytes; the gnark circuit holds at most %d bytes (one Keccak block)", e.Len, MaxBytes)
}

// Assignment builds a full witness for msg; bytes past len(msg) are zero.
func Assignment(msg []byte) (*Keccak256Circuit, error) {
	if len(msg) > MaxBytes {
		return nil, &ErrTooLong{Len: len(msg)}
	}
	a := PublicAssignment(Sum(msg), len(msg))
	var padded [MaxBytes]byte
	copy(padded[:], msg)
	for i, b := range padded {
		a.Message[i] = byteBits(b)
	}
	return a, nil
}

// byteBits is b's bits, least significant first, as the circuit takes them.
func byteBits(b byte) [8]frontend.Variable {
	var bits [8]frontend.Variable
	for k := range bits {
		bits[k] = b >> k & 1
	}
	return bits
}

// PublicAssignment builds the public part only (for verification). The
// secret Message is left zero: public-only witnesses ignore it.
func PublicAssignment(digest [DigestBytes]byte, length int) *Keccak256Circuit {
	a := &Keccak256Circuit{Length: length}
	for i, b := range digest {
		a.Digest[i] = b
	}
	for i := range a.Message {
		a.Message[i] = byteBits(0)
	}
	return a
}
