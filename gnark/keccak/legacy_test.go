package keccak

import (
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/hash/sha3"
	"github.com/consensys/gnark/std/math/uints"
)

// legacyCircuit is the circuit zkplay shipped before it padded the block
// itself: gnark v0.16.3's FixedLengthSum plus our own 0 <= Length <= 135.
// (It took bytes as uints.U8; the circuit now takes bits.) It is kept here, in a test file only, so that the attack tests can show
// that they find the remainder attack where it exists (attacks_test.go).
type legacyCircuit struct {
	Message [MaxBytes]uints.U8
	Length  frontend.Variable     `gnark:",public"`
	Digest  [DigestBytes]uints.U8 `gnark:",public"`
}

// legacyStatement is statement() for the legacy circuit's byte-typed fields.
func legacyStatement(msg []byte, length any, digest [DigestBytes]byte) *legacyCircuit {
	a := &legacyCircuit{Length: length}
	for i := range a.Message {
		a.Message[i] = uints.NewU8(0)
	}
	for i, b := range msg {
		a.Message[i] = uints.NewU8(b)
	}
	for i, b := range digest {
		a.Digest[i] = uints.NewU8(b)
	}
	return a
}

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
