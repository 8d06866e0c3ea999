// Package keccak holds the zkplay circuit: knowledge of a message of at most
// one Keccak block whose Keccak-256 digest is public.
package keccak

import (
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/hash/sha3"
	"github.com/consensys/gnark/std/math/uints"
)

const (
	// MaxBytes is the largest message one Keccak-256 block can absorb:
	// the rate is 136 bytes and padding takes at least one of them.
	MaxBytes = 135
	// DigestBytes is the Keccak-256 output size.
	DigestBytes = 32
)

// Keccak256Circuit proves "I know M with len(M) = Length <= MaxBytes and
// Keccak-256(M) = Digest". Message is secret; Length and Digest are public.
type Keccak256Circuit struct {
	Message [MaxBytes]uints.U8
	Length  frontend.Variable     `gnark:",public"`
	Digest  [DigestBytes]uints.U8 `gnark:",public"`
}

func (c *Keccak256Circuit) Define(api frontend.API) error {
	// FixedLengthSum only bounds Length from above with an 8-bit comparator,
	// which lets small "negative" field elements through; pin 0 <= Length <=
	// MaxBytes ourselves (8 bits, then the upper bound).
	api.ToBinary(c.Length, 8)
	api.AssertIsLessOrEqual(c.Length, MaxBytes)

	h, err := sha3.NewLegacyKeccak256(api)
	if err != nil {
		return err
	}
	// FixedLengthSum overwrites every byte at index >= Length with padding,
	// so Message bytes past Length do not affect the digest; it also range
	// checks each Message byte to 8 bits (via Bytes.Select).
	h.Write(c.Message[:])
	sum := h.FixedLengthSum(c.Length)

	bapi, err := uints.NewBytes(api)
	if err != nil {
		return err
	}
	for i := range c.Digest {
		// sum[i] is range checked, so equality also bounds Digest[i].
		bapi.AssertIsEqual(c.Digest[i], sum[i])
	}
	return nil
}
