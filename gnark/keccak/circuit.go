// Package keccak holds the zkplay circuit: knowledge of a message of at most
// one Keccak block whose Keccak-256 digest is public.
package keccak

import (
	"github.com/consensys/gnark/frontend"
)

const (
	// Rate is Keccak-256's block size in bytes (1600-bit state, 512-bit capacity).
	Rate = 136
	// MaxBytes is the largest message one Keccak-256 block can absorb:
	// padding takes at least one byte of the rate.
	MaxBytes = Rate - 1
	// DigestBytes is the Keccak-256 output size.
	DigestBytes = 32
)

// Keccak256Circuit proves "I know M with len(M) = Length <= MaxBytes and
// Keccak-256(M) = Digest". Message is secret, byte by byte in bits (least
// significant first), zero past Length; Length and Digest are public.
type Keccak256Circuit struct {
	Message [MaxBytes][8]frontend.Variable
	Length  frontend.Variable              `gnark:",public"`
	Digest  [DigestBytes]frontend.Variable `gnark:",public"`
}

// Define pads the message into one block by constraints of our own (see
// padBlock for why every bit of it is pinned), permutes it once with our
// bit-level Keccak-f[1600] (permute.go) and binds the first 32 bytes of the
// state to Digest. We do not use std/hash/sha3's FixedLengthSum: in gnark
// v0.16.3 it places the final 0x80 where a remainder hint says, and that
// remainder is range checked from above only, so a prover could leave 0x80
// out (attacks_test.go).
func (c *Keccak256Circuit) Define(api frontend.API) error {
	block := padBlock(api, c.Message, c.Length)

	// Absorbing the one block into the all-zero state is copying it into the
	// first Rate/8 lanes (little-endian bytes); the capacity lanes stay zero.
	var a state
	for i := range a {
		for z := range 64 {
			if i < Rate/8 {
				a[i][z] = block[8*i+z/8][z%8]
			} else {
				a[i][z] = 0
			}
		}
	}
	out := permute(api, a, digestLanes)

	for i := range c.Digest {
		// Eight bits of the output make a value in 0..255, so equality also
		// bounds each public Digest byte.
		var byteValue frontend.Variable = 0
		for k := range 8 {
			byteValue = api.Add(byteValue, api.Mul(out[i/8][8*(i%8)+k], 1<<k))
		}
		api.AssertIsEqual(c.Digest[i], byteValue)
	}
	return nil
}

// digestLanes are the lanes the 32-byte digest is read from.
var digestLanes = []int{0, 1, 2, 3}
