package primitives

import (
	"errors"
	"math/big"
)

// groupJac is what the G1 FFT needs of a curve's Jacobian points (gnark-crypto generates the
// same methods for every curve, so one FFT serves BN254 and BLS12-381).
type groupJac[G any] interface {
	*G
	Set(*G) *G
	Equal(*G) bool
	AddAssign(*G) *G
	SubAssign(*G) *G
	ScalarMultiplication(*G, *big.Int) *G
}

// fftG1 is an in-place radix-2 decimation-in-time FFT over points: out[i] = Σ_j a[j]·ω^(ij).
// roots[i] = ω^i for i < n/2, as integers (the scalars the points are multiplied by).
func fftG1[G any, P groupJac[G]](a []G, roots []*big.Int) {
	n := len(a)
	bitReverse(a)
	var t G
	for size := 2; size <= n; size <<= 1 {
		half, step := size/2, n/size
		for start := 0; start < n; start += size {
			for k := 0; k < half; k++ {
				u, v := &a[start+k], &a[start+k+half]
				P(&t).ScalarMultiplication(v, roots[k*step])
				P(v).Set(u)
				P(v).SubAssign(&t)
				P(u).AddAssign(&t)
			}
		}
	}
}

func bitReverse[T any](a []T) {
	n := len(a)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			a[i], a[j] = a[j], a[i]
		}
	}
}

// powers returns w^0 .. w^(n-1) of w (mod r) as integers.
func powers(w, r *big.Int, n int) []*big.Int {
	out := make([]*big.Int, n)
	acc := big.NewInt(1)
	for i := range out {
		out[i] = new(big.Int).Set(acc)
		acc.Mul(acc, w).Mod(acc, r)
	}
	return out
}

// checkFFTG1 runs the inverse transform (ω⁻¹, then times n⁻¹) on out and compares with in.
func checkFFTG1[G any, P groupJac[G]](in, out []G, omegaInv, r *big.Int) error {
	n := len(in)
	back := append([]G(nil), out...)
	fftG1[G, P](back, powers(omegaInv, r, n/2))
	nInv := new(big.Int).ModInverse(big.NewInt(int64(n)), r)
	for i := range back {
		P(&back[i]).ScalarMultiplication(&back[i], nInv)
		if !P(&back[i]).Equal(&in[i]) {
			return errors.New("inverse FFT over G1 did not give back the input")
		}
	}
	return nil
}

// naiveMSM is Σ s_i·P_i one scalar multiplication at a time: the second computation MSM is checked against.
func naiveMSM[G any, P groupJac[G]](points []G, scalars []*big.Int) G {
	var acc, t G
	for i := range points {
		P(&t).ScalarMultiplication(&points[i], scalars[i])
		if i == 0 {
			P(&acc).Set(&t)
		} else {
			P(&acc).AddAssign(&t)
		}
	}
	return acc
}
