package primitives

import (
	"errors"
	"math/big"

	"github.com/consensys/gnark-crypto/ecc"
	bls "github.com/consensys/gnark-crypto/ecc/bls12-381"
	blsfr "github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	blsfft "github.com/consensys/gnark-crypto/ecc/bls12-381/fr/fft"
	bn "github.com/consensys/gnark-crypto/ecc/bn254"
	bnfr "github.com/consensys/gnark-crypto/ecc/bn254/fr"
	bnfft "github.com/consensys/gnark-crypto/ecc/bn254/fr/fft"
)

// The two curves as kits. What differs between them is only which package each closure calls.

type bn254Ops struct{}

func (bn254Ops) prepare(op Op, logN int) (prepared, error) {
	return kit[bnfr.Element, *bnfr.Element, bn.G1Jac, *bn.G1Jac, bn.G1Affine]{
		r: bnfr.Modulus(),
		domain: func(n uint64) (func([]bnfr.Element), func([]bnfr.Element), bnfr.Element, bnfr.Element) {
			d := bnfft.NewDomain(n)
			return func(a []bnfr.Element) { d.FFT(a, bnfft.DIF); bnfft.BitReverse(a) },
				func(a []bnfr.Element) { d.FFTInverse(a, bnfft.DIF); bnfft.BitReverse(a) },
				d.Generator, d.GeneratorInv
		},
		generator: func() (bn.G1Jac, bn.G1Affine) { g, _, a, _ := bn.Generators(); return g, a },
		batchMul:  bn.BatchScalarMultiplicationG1,
		fromAff:   func(a *bn.G1Affine) (j bn.G1Jac) { j.FromAffine(a); return },
		msm: func(p []bn.G1Affine, s []bnfr.Element) (r bn.G1Jac, err error) {
			_, err = r.MultiExp(p, s, ecc.MultiExpConfig{})
			return
		},
		pairing: func() (func(), func() error) {
			_, _, p, q := bn.Generators()
			return pairingCase[bn.G1Affine, bn.G2Affine, bn.GT](bn.Pair, p, q,
				func(a bn.G1Affine, s *big.Int) (r bn.G1Affine) { r.ScalarMultiplication(&a, s); return },
				func(a bn.G2Affine, s *big.Int) (r bn.G2Affine) { r.ScalarMultiplication(&a, s); return })
		},
	}.prepare(op, logN)
}

type bls12381Ops struct{}

func (bls12381Ops) prepare(op Op, logN int) (prepared, error) {
	return kit[blsfr.Element, *blsfr.Element, bls.G1Jac, *bls.G1Jac, bls.G1Affine]{
		r: blsfr.Modulus(),
		domain: func(n uint64) (func([]blsfr.Element), func([]blsfr.Element), blsfr.Element, blsfr.Element) {
			d := blsfft.NewDomain(n)
			return func(a []blsfr.Element) { d.FFT(a, blsfft.DIF); blsfft.BitReverse(a) },
				func(a []blsfr.Element) { d.FFTInverse(a, blsfft.DIF); blsfft.BitReverse(a) },
				d.Generator, d.GeneratorInv
		},
		generator: func() (bls.G1Jac, bls.G1Affine) { g, _, a, _ := bls.Generators(); return g, a },
		batchMul:  bls.BatchScalarMultiplicationG1,
		fromAff:   func(a *bls.G1Affine) (j bls.G1Jac) { j.FromAffine(a); return },
		msm: func(p []bls.G1Affine, s []blsfr.Element) (r bls.G1Jac, err error) {
			_, err = r.MultiExp(p, s, ecc.MultiExpConfig{})
			return
		},
		pairing: func() (func(), func() error) {
			_, _, p, q := bls.Generators()
			return pairingCase[bls.G1Affine, bls.G2Affine, bls.GT](bls.Pair, p, q,
				func(a bls.G1Affine, s *big.Int) (r bls.G1Affine) { r.ScalarMultiplication(&a, s); return },
				func(a bls.G2Affine, s *big.Int) (r bls.G2Affine) { r.ScalarMultiplication(&a, s); return })
		},
	}.prepare(op, logN)
}

// gtElem is what the pairing check needs of a target-group element.
type gtElem[T any] interface {
	*T
	Exp(T, *big.Int) *T
	Equal(*T) bool
}

// pairingCase times one pairing e(P, Q) and checks bilinearity: e(aP, bQ) = e(P, Q)^(ab).
func pairingCase[A1, A2, T any, PT gtElem[T]](pair func([]A1, []A2) (T, error), p A1, q A2, mulP func(A1, *big.Int) A1, mulQ func(A2, *big.Int) A2) (func(), func() error) {
	run := func() { _, _ = pair([]A1{p}, []A2{q}) }
	check := func() error {
		a, b := big.NewInt(123456789), big.NewInt(987654321)
		lhs, err1 := pair([]A1{mulP(p, a)}, []A2{mulQ(q, b)})
		base, err2 := pair([]A1{p}, []A2{q})
		var rhs T
		PT(&rhs).Exp(base, new(big.Int).Mul(a, b))
		if err1 != nil || err2 != nil || !PT(&lhs).Equal(&rhs) {
			return errors.New("pairing is not bilinear")
		}
		return nil
	}
	return run, check
}
