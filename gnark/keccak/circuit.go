// Package keccak holds the zkplay circuit: knowledge of a message of at most
// one Keccak block whose Keccak-256 digest is public.
package keccak

import (
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/math/uints"
	"github.com/consensys/gnark/std/permutation/keccakf"
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
// Keccak-256(M) = Digest". Message is secret; Length and Digest are public.
type Keccak256Circuit struct {
	Message [MaxBytes]uints.U8
	Length  frontend.Variable     `gnark:",public"`
	Digest  [DigestBytes]uints.U8 `gnark:",public"`
}

// Define pads the message into one block by constraints of our own (see
// padBlock for why every byte of it is pinned), permutes it once with
// gnark's Keccak-f[1600] and binds the first 32 bytes of the state to Digest.
// We do not use std/hash/sha3's FixedLengthSum: in gnark v0.16.3 it places the
// final 0x80 where a remainder hint says, and that remainder is range checked
// from above only, so a prover could leave 0x80 out (attacks_test.go).
func (c *Keccak256Circuit) Define(api frontend.API) error {
	bapi, err := uints.NewBytes(api)
	if err != nil {
		return err
	}
	uapi, err := uints.New[uints.U64](api)
	if err != nil {
		return err
	}
	block := padBlock(api, bapi, c.Message, c.Length)

	// Absorbing the one block into the all-zero state is copying it into the
	// first Rate/8 lanes (little-endian bytes); the capacity lanes stay zero.
	var state [25]uints.U64
	for i := range state {
		if i < Rate/8 {
			state[i] = uapi.PackLSB(block[8*i : 8*i+8]...)
		} else {
			state[i] = uints.NewU64(0)
		}
	}
	state = keccakf.Permute(uapi, state)

	for i := range c.Digest {
		// The state bytes come out of range-checked lookups, so equality also
		// bounds each public Digest byte to 0..255.
		bapi.AssertIsEqual(c.Digest[i], uapi.UnpackLSB(state[i/8])[i%8])
	}
	return nil
}
