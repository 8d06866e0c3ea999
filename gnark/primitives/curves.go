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
	"github.com/consensys/gnark-crypto/utils"
)

// The two curves as kits: curveKit over each one's gnark-crypto package. Only the FFT domain,
// whose generators are fields no type constraint can name, is written per curve.
var (
	bn254    = curveKit(bnfr.Modulus(), bn254Domain, bn.Generators, bn.BatchScalarMultiplicationG1, bn.Pair)
	bls12381 = curveKit(blsfr.Modulus(), bls12381Domain, bls.Generators, bls.BatchScalarMultiplicationG1, bls.Pair)
)

func bn254Domain(n uint64) (fft, ifft func([]bnfr.Element), omega, omegaInv bnfr.Element) {
	d := bnfft.NewDomain(n)
	return func(a []bnfr.Element) { d.FFT(a, bnfft.DIF); utils.BitReverse(a) },
		func(a []bnfr.Element) { d.FFTInverse(a, bnfft.DIF); utils.BitReverse(a) },
		d.Generator, d.GeneratorInv
}

func bls12381Domain(n uint64) (fft, ifft func([]blsfr.Element), omega, omegaInv blsfr.Element) {
	d := blsfft.NewDomain(n)
	return func(a []blsfr.Element) { d.FFT(a, blsfft.DIF); utils.BitReverse(a) },
		func(a []blsfr.Element) { d.FFTInverse(a, blsfft.DIF); utils.BitReverse(a) },
		d.Generator, d.GeneratorInv
}

// g1Jac is what a kit needs of a curve's G1 Jacobian points beyond groupJac: conversion from
// affine and the multi-exponentiation (A: its affine points, F: its scalars).
type g1Jac[G, A, F any] interface {
	groupJac[G]
	FromAffine(*A) *G
	MultiExp([]A, []F, ecc.MultiExpConfig) (*G, error)
}

// affinePoint is what the pairing check needs of a curve's affine G1 and G2 points.
type affinePoint[A any] interface {
	*A
	ScalarMultiplication(*A, *big.Int) *A
}

// curveKit is the kit of one curve from its gnark-crypto functions; the methods it calls on
// the curve's types (the type parameters P…) are the same in every gnark-crypto curve package.
func curveKit[F any, PF fieldElem[F], G any, PG g1Jac[G, A, F], A any, PA affinePoint[A],
	G2 any, A2 any, PA2 affinePoint[A2], T any, PT gtElem[T]](
	r *big.Int,
	domain func(n uint64) (fft, ifft func([]F), omega, omegaInv F),
	generators func() (G, G2, A, A2),
	batchMul func(base *A, scalars []F) []A,
	pair func([]A, []A2) (T, error),
) kit[F, PF, G, PG, A] {
	return kit[F, PF, G, PG, A]{
		r:         r,
		domain:    domain,
		generator: func() (G, A) { g, _, a, _ := generators(); return g, a },
		batchMul:  batchMul,
		fromAff:   func(a *A) (j G) { PG(&j).FromAffine(a); return },
		msm: func(p []A, s []F) (r G, err error) {
			_, err = PG(&r).MultiExp(p, s, ecc.MultiExpConfig{})
			return
		},
		pairing: func() (func(), func() error) {
			_, _, p, q := generators()
			return pairingCase[A, A2, T, PT](pair, p, q,
				func(a A, s *big.Int) (r A) { PA(&r).ScalarMultiplication(&a, s); return },
				func(a A2, s *big.Int) (r A2) { PA2(&r).ScalarMultiplication(&a, s); return })
		},
	}
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
