package prover

import (
	"encoding/binary"

	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
)

// Vectors of field elements travel between the two instances as their Montgomery limbs, four
// little-endian uint64s each: both instances run the same build, and a conversion to the
// canonical form and back would cost a product per element on each side (~12 ms per 2^18 in
// wasm). Every element is checked to be below the modulus where it arrives.

// EncodeVector is v as 32 bytes per element.
func EncodeVector(v []fr.Element) []byte {
	b := make([]byte, fr.Bytes*len(v))
	for i := range v {
		for k := range fr.Limbs {
			binary.LittleEndian.PutUint64(b[i*fr.Bytes+8*k:], v[i][k])
		}
	}
	return b
}

// DecodeVector reads what EncodeVector wrote; an element at or above the modulus is an error.
func DecodeVector(b []byte) ([]fr.Element, error) {
	if len(b)%fr.Bytes != 0 {
		return nil, errorf(CodeInvalidInput, "a vector must be whole %d-byte field elements, got %d bytes", fr.Bytes, len(b))
	}
	v := make([]fr.Element, len(b)/fr.Bytes)
	for i := range v {
		for k := range fr.Limbs {
			v[i][k] = binary.LittleEndian.Uint64(b[i*fr.Bytes+8*k:])
		}
		if !belowModulus(&v[i]) {
			return nil, errorf(CodeInvalidInput, "vector element %d is not below the field's modulus", i)
		}
	}
	return v, nil
}

// modulus is q's limbs, least significant first.
var modulus fr.Element

func init() {
	q := fr.Modulus()
	for k := range fr.Limbs {
		modulus[k] = q.Uint64()
		q.Rsh(q, 64)
	}
}

func belowModulus(x *fr.Element) bool {
	for k := fr.Limbs - 1; k >= 0; k-- {
		if x[k] != modulus[k] {
			return x[k] < modulus[k]
		}
	}
	return false
}

// WirePartsBytes is the size of EncodeWireParts' output: three G1 points and a G2 point,
// uncompressed.
const WirePartsBytes = 3*curve.SizeOfG1AffineUncompressed + curve.SizeOfG2AffineUncompressed

// EncodeWireParts is w as the second instance sends it: A, B1 and K (G1), then B2 (G2), each
// uncompressed.
func EncodeWireParts(w WireParts) []byte {
	b := make([]byte, 0, WirePartsBytes)
	for _, p := range []*curve.G1Jac{&w.A, &w.B1, &w.K} {
		var a curve.G1Affine
		a.FromJacobian(p)
		raw := a.RawBytes()
		b = append(b, raw[:]...)
	}
	var a2 curve.G2Affine
	a2.FromJacobian(&w.B2)
	raw := a2.RawBytes()
	return append(b, raw[:]...)
}

// DecodeWireParts reads what EncodeWireParts wrote; each point must be on its curve and in its
// subgroup.
func DecodeWireParts(b []byte) (w WireParts, err error) {
	if len(b) != WirePartsBytes {
		return w, errorf(CodeInvalidInput, "wire MSMs must be %d bytes, got %d", WirePartsBytes, len(b))
	}
	const g1 = curve.SizeOfG1AffineUncompressed
	for i, p := range []*curve.G1Jac{&w.A, &w.B1, &w.K} {
		var a curve.G1Affine
		if _, err := a.SetBytes(b[i*g1 : (i+1)*g1]); err != nil {
			return w, errorf(CodeInvalidInput, "wire MSM %d is not a G1 point: %v", i, err)
		}
		p.FromAffine(&a)
	}
	var a2 curve.G2Affine
	if _, err := a2.SetBytes(b[3*g1:]); err != nil {
		return w, errorf(CodeInvalidInput, "the G2 wire MSM is not a G2 point: %v", err)
	}
	w.B2.FromAffine(&a2)
	return w, nil
}
