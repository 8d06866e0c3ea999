package prover

import (
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"

	"zkplay/gnark/keccak"
)

// wireScalars covers every path of the wire sums: 0, 1, −1, other small values, a random
// element, and (with points that repeat and cancel, see wirePoints) the doubling and the
// infinity cases of the additions.
func wireScalars(t *testing.T, n int) []fr.Element {
	s := make([]fr.Element, n)
	for i := range s {
		switch i % 7 {
		case 0, 3:
			s[i].SetOne()
		case 1:
			s[i].SetZero()
		case 2, 5:
			s[i].SetOne()
			s[i].Neg(&s[i])
		case 4:
			s[i].SetUint64(uint64(i))
		case 6:
			if _, err := s[i].SetRandom(); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

// wirePoints are multiples of the generator, with repeats (P + P doubles in AddMixed) and
// negatives (P + (−P) is infinity) among the points with scalar 1 or −1.
func wirePoints(n int) []fr.Element {
	k := make([]fr.Element, n)
	for i := range k {
		k[i].SetUint64(uint64(i%11 + 1))
		if i%13 == 0 {
			k[i].Neg(&k[i])
		}
	}
	return k
}

func TestWireMSMMatchesMultiExp(t *testing.T) {
	_, _, g1, g2 := curve.Generators()
	for _, n := range []int{0, 1, 2, 3, 7, 100, 1000} {
		scalars, mult := wireScalars(t, n), wirePoints(n)
		p1 := curve.BatchScalarMultiplicationG1(&g1, mult)
		p2 := curve.BatchScalarMultiplicationG2(&g2, mult)
		var want1 curve.G1Jac
		var want2 curve.G2Jac
		if _, err := want1.MultiExp(p1, scalars, ecc.MultiExpConfig{}); err != nil {
			t.Fatal(err)
		}
		if _, err := want2.MultiExp(p2, scalars, ecc.MultiExpConfig{}); err != nil {
			t.Fatal(err)
		}
		got1, err := wireMSMG1(p1, scalars)
		if err != nil {
			t.Fatal(err)
		}
		got2, err := wireMSMG2(p2, scalars)
		if err != nil {
			t.Fatal(err)
		}
		if !got1.Equal(&want1) || !got2.Equal(&want2) {
			t.Fatalf("n=%d: the wire sums differ from MultiExp", n)
		}
	}
}

// Both ways of computing the wire MSMs give proofs that verify, and the sums of a real witness
// equal MultiExp's.
func TestTwoPartsBothWireMSMs(t *testing.T) {
	p, _ := loadProver(t)
	defer func(b bool) { BitWireMSM = b }(BitWireMSM)
	msg := []byte("abc")
	for _, bits := range []bool{true, false} {
		BitWireMSM = bits
		_, proof := proveInTwoParts(t, p, msg)
		if ok, err := p.Verify(proof, keccak.Sum(msg), len(msg)); err != nil || !ok {
			t.Fatalf("BitWireMSM=%v: proof does not verify (ok=%v err=%v)", bits, ok, err)
		}
	}
}

// Vectors between the instances: a round trip keeps every element, and bytes that are not whole
// elements or hold an element at or above the modulus are refused.
func TestVectorEncoding(t *testing.T) {
	v := wireScalars(t, 50)
	got, err := DecodeVector(EncodeVector(v))
	if err != nil || len(got) != len(v) {
		t.Fatalf("round trip: %v", err)
	}
	for i := range v {
		if !got[i].Equal(&v[i]) {
			t.Fatalf("element %d changed", i)
		}
	}
	if _, err := DecodeVector(make([]byte, 33)); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("33 bytes: %v", err)
	}
	for _, bad := range []fr.Element{modulus, {modulus[0] + 1, modulus[1], modulus[2], modulus[3]}, {0, 0, 0, modulus[3] + 1}, {^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}} {
		b := EncodeVector([]fr.Element{{}, bad})
		if _, err := DecodeVector(b); CodeOf(err) != CodeInvalidInput {
			t.Fatalf("%v accepted: %v", bad, err)
		}
	}
	below := fr.Element{modulus[0] - 1, modulus[1], modulus[2], modulus[3]}
	if _, err := DecodeVector(EncodeVector([]fr.Element{below})); err != nil {
		t.Fatalf("q-1 refused: %v", err)
	}
}

// The one-instance prover of the wasm build: its proofs verify, and a message beyond the
// capacity is a capacity error, as with Prove.
func TestProveInParts(t *testing.T) {
	p, _ := loadProver(t)
	for _, msg := range [][]byte{nil, make([]byte, keccak.MaxBytes)} {
		proof, _, _, err := p.ProveInParts(msg)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := p.Verify(proof, keccak.Sum(msg), len(msg)); err != nil || !ok {
			t.Fatalf("%d bytes: does not verify (ok=%v err=%v)", len(msg), ok, err)
		}
	}
	if _, _, _, err := p.ProveInParts(make([]byte, keccak.MaxBytes+1)); CodeOf(err) != CodeCapacity {
		t.Fatalf("a message beyond the capacity: %v", err)
	}
}
