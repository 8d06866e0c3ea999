package keccak

import (
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/hash/sha3"
	"github.com/consensys/gnark/std/math/uints"
)

// legacyCircuit is the circuit zkplay shipped before it padded the block
// itself: gnark v0.16.3's FixedLengthSum plus our own 0 <= Length <= 135.
// It is kept here, in a test file only, so that the attack tests can show
// that they find the remainder attack where it exists (attacks_test.go).
type legacyCircuit Keccak256Circuit

func (c *legacyCircuit) Define(api frontend.API) error {
	api.ToBinary(c.Length, 8)
	api.AssertIsLessOrEqual(c.Length, MaxBytes)
	h, err := sha3.NewLegacyKeccak256(api)
	if err != nil {
		return err
	}
	h.Write(c.Message[:])
	sum := h.FixedLengthSum(c.Length)
	bapi, err := uints.NewBytes(api)
	if err != nil {
		return err
	}
	for i := range c.Digest {
		bapi.AssertIsEqual(c.Digest[i], sum[i])
	}
	return nil
}
