package primitives

import (
	"math/big"
	"testing"

	bn "github.com/consensys/gnark-crypto/ecc/bn254"
	bnfr "github.com/consensys/gnark-crypto/ecc/bn254/fr"
)

// Every primitive, on both curves, at small scales: Measure fails unless its check passes
// (FFT then inverse FFT gives the input back, MSM equals the naive sum, the pairing is
// bilinear, x·y^n by multiplication equals exponentiation).
func TestEveryPrimitiveChecksItsAnswer(t *testing.T) {
	for _, cv := range Curves() {
		for _, c := range []Case{{FFTFr, cv, 4}, {FFTFr, cv, 10}, {FFTG1, cv, 4}, {FFTG1, cv, 6}, {MSMG1, cv, 10}, {Pairing, cv, 0}, {FrMul, cv, 12}} {
			r, err := Measure(c, 2, 1)
			if err != nil {
				t.Fatalf("%+v: %v", c, err)
			}
			if !r.Checked || len(r.Ms.Samples) != 2 || r.Ms.Min > r.Ms.Median || r.Ms.Median > r.Ms.Max {
				t.Fatalf("%+v: %+v", c, r)
			}
		}
	}
}

// The G1 FFT against the definition out[i] = Σ_j a[j]·ω^(ij), on 8 points.
func TestFFTG1MatchesTheDefinition(t *testing.T) {
	const n = 8
	r := bnfr.Modulus()
	g, _, _, _ := bn.Generators()
	in := make([]bn.G1Jac, n)
	for i := range in {
		in[i].ScalarMultiplication(&g, big.NewInt(int64(3*i+1)))
	}
	var omega bnfr.Element
	omega, _ = bnfr.Generator(n)
	w := omega.BigInt(new(big.Int))
	got := append([]bn.G1Jac(nil), in...)
	fftG1[bn.G1Jac, *bn.G1Jac](got, powers(w, r, n/2))
	for i := 0; i < n; i++ {
		var want bn.G1Jac
		for j := 0; j < n; j++ {
			var t bn.G1Jac
			e := new(big.Int).Exp(w, big.NewInt(int64(i*j)), r)
			t.ScalarMultiplication(&in[j], e)
			if j == 0 {
				want.Set(&t)
			} else {
				want.AddAssign(&t)
			}
		}
		if !got[i].Equal(&want) {
			t.Fatalf("out[%d] differs from the definition", i)
		}
	}
}

func TestRefusesBadCases(t *testing.T) {
	for _, c := range []Case{{"nope", "bn254", 4}, {FFTFr, "p256", 4}, {FFTFr, "bn254", 40}, {FFTFr, "bn254", -1}} {
		if _, err := Measure(c, 1, 0); err == nil {
			t.Fatalf("%+v accepted", c)
		}
	}
}
