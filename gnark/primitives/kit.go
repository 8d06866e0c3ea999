package primitives

import (
	"errors"
	"fmt"
	"math/big"
)

// fieldElem is what the timings need of a scalar-field element (gnark-crypto's fr.Element).
type fieldElem[F any] interface {
	*F
	SetRandom() (*F, error)
	Mul(*F, *F) *F
	Equal(*F) bool
	BigInt(*big.Int) *big.Int
	Exp(F, *big.Int) *F
}

// kit is one curve, as closures over its gnark-crypto package: everything whose type differs
// from curve to curve; the rest of each measurement is written once, below.
type kit[F any, PF fieldElem[F], G any, PG groupJac[G], A any] struct {
	r         *big.Int
	domain    func(n uint64) (fft, ifft func([]F), omega, omegaInv F)
	generator func() (G, A)
	batchMul  func(base *A, scalars []F) []A
	fromAff   func(*A) G
	msm       func(points []A, scalars []F) (G, error)
	// pairingCheck: e(aP, bQ) = e(P, Q)^(ab); run: one pairing.
	pairing func() (run func(), check func() error)
}

func randomElems[F any, PF fieldElem[F]](n int) ([]F, error) {
	out := make([]F, n)
	for i := range out {
		if _, err := PF(&out[i]).SetRandom(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// prepare makes the case op at 2^logN: random scalars (n of them, two for FrMul), then the
// measurement's own inputs from them.
func (k kit[F, PF, G, PG, A]) prepare(op Op, logN int) (prepared, error) {
	n := 1 << logN
	if op == Pairing {
		run, check := k.pairing()
		return prepared{run: run, check: check}, nil
	}
	cases := map[Op]struct {
		scalars int
		make    func(n int, scalars []F) prepared
	}{
		FFTFr: {n, k.fftFr},
		FFTG1: {n, k.fftG1},
		MSMG1: {n, k.msmG1},
		FrMul: {2, k.frMul},
	}
	c, ok := cases[op]
	if !ok {
		return prepared{}, fmt.Errorf("unknown primitive %q", op)
	}
	scalars, err := randomElems[F, PF](c.scalars)
	if err != nil {
		return prepared{}, err
	}
	return c.make(n, scalars), nil
}

// fftFr: the FFT of n scalars, checked by the inverse FFT.
func (k kit[F, PF, G, PG, A]) fftFr(n int, a []F) prepared {
	fft, ifft, _, _ := k.domain(uint64(n))
	work := make([]F, n)
	return prepared{
		run: func() { copy(work, a); fft(work) },
		check: func() error {
			copy(work, a)
			fft(work)
			ifft(work)
			for i := range a {
				if !PF(&work[i]).Equal(&a[i]) {
					return errors.New("inverse FFT did not give back the input")
				}
			}
			return nil
		},
	}
}

// fftG1: the FFT of n random G1 points (the scalars' multiples of the generator), checked
// against the definition.
func (k kit[F, PF, G, PG, A]) fftG1(n int, scalars []F) prepared {
	_, gAff := k.generator()
	in := make([]G, n)
	for i, p := range k.batchMul(&gAff, scalars) {
		in[i] = k.fromAff(&p)
	}
	_, _, omega, omegaInv := k.domain(uint64(n))
	roots := powers(PF(&omega).BigInt(new(big.Int)), k.r, max(n/2, 1))
	work := make([]G, n)
	return prepared{
		run:   func() { copy(work, in); fftG1[G, PG](work, roots) },
		check: func() error { return checkFFTG1[G, PG](in, work, PF(&omegaInv).BigInt(new(big.Int)), k.r) },
	}
}

// msmG1: the MSM of n random points with the scalars, checked against a naive sum.
func (k kit[F, PF, G, PG, A]) msmG1(n int, scalars []F) prepared {
	_, gAff := k.generator()
	points := k.batchMul(&gAff, scalars) // random points: multiples of the generator
	return prepared{
		run: func() { _, _ = k.msm(points, scalars) },
		check: func() error {
			// The same function on the first 64 pairs against a naive sum.
			m := min(n, 64)
			got, err := k.msm(points[:m], scalars[:m])
			if err != nil {
				return err
			}
			jac := make([]G, m)
			ints := make([]*big.Int, m)
			for i := range jac {
				jac[i] = k.fromAff(&points[i])
				ints[i] = PF(&scalars[i]).BigInt(new(big.Int))
			}
			want := naiveMSM[G, PG](jac, ints)
			if !PG(&got).Equal(&want) {
				return errors.New("MSM differs from the naive sum")
			}
			return nil
		},
	}
}

// frMul: x·y n times, checked against x·y^n by exponentiation.
func (k kit[F, PF, G, PG, A]) frMul(n int, xs []F) prepared {
	x0, y := xs[0], xs[1]
	var x F
	return prepared{
		run: func() {
			x = x0
			for i := 0; i < n; i++ {
				PF(&x).Mul(&x, &y)
			}
		},
		check: func() error {
			var want F
			PF(&want).Exp(y, big.NewInt(int64(n)))
			PF(&want).Mul(&want, &x0)
			if !PF(&x).Equal(&want) {
				return errors.New("x·y^n by multiplication differs from exponentiation")
			}
			return nil
		},
	}
}
