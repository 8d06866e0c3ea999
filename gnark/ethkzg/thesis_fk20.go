package ethkzg

// FK20 (Feist–Khovratovich 2020) in Go: gnark-crypto has no FK20 (go-eth-kzg's is internal and
// fixed to blobs), so this is a thin layer of ours over the library's FFTs, MSM and our FFTG1.
//
// A polynomial f of n coefficients is opened on the 2n-th roots of unity, by points (ell = 1)
// or by cosets of ell = 16 points. The proof for the coset whose points have ell-th power c is
// the commitment to f / (X^ell − c) = Σ_k c^k H_k with H_k = Σ_j f_(j+ell(k+1)) [τ^j]. Split j
// by its residue r mod ell and each H^r is a Toeplitz matrix (of f's coefficients r, r+ell, …)
// times a vector of setup points: a cyclic convolution of size K = 2n/ell, done as FFTs over
// Fr and G1 with the G1 side precomputed. One more G1 FFT of size 2n/ell evaluates Σ_k c^k H_k
// at every coset's c at once. Cost: O(n log n) group operations, against n MSMs of n points.

import (
	"math/big"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr/fft"
)

// Ells are the coset sizes FK20 is timed with: single points and the FK20 paper's 16.
var Ells = []int{1, 16}

type FK20 struct {
	N, Ell  int
	K       int // the convolution's size, 2n/ell, also the number of proofs
	kzg     *KZG10
	conv    *FFT                  // size K
	points  *fft.Domain           // the 2n-th roots
	srsHat  [][]bls12381.G1Affine // srsHat[u][r]: FFT_K of the r-th strided setup vector, at u
	threads int
}

func NewFK20(n, ell, threads int) (*FK20, error) {
	n, err := CheckSize(n, KZGLog, "FK20 size")
	if err != nil {
		return nil, err
	}
	if ell != 1 && ell != 16 {
		return nil, fail(SizeOutOfRange, "coset size %d: one of %v", ell, Ells)
	}
	if n <= ell {
		return nil, fail(SizeOutOfRange, "FK20 size %d: cosets of %d need a polynomial of more than %d coefficients", n, ell, ell)
	}
	k, err := NewKZG10(n)
	if err != nil {
		return nil, err
	}
	m := n / ell
	f := &FK20{N: n, Ell: ell, K: 2 * m, kzg: k, conv: newFFT(2*m, threads), points: fft.NewDomain(uint64(2 * n)), threads: max(threads, 1)}
	// A^r_j = [τ^(ell(m−2−j) + r)] for j ≤ m−2, zero above: H^r_i is (f^r * A^r)[m−1+i].
	hats := make([][]bls12381.G1Jac, ell)
	for r := range ell {
		a := identities(f.K)
		for j := 0; j <= m-2; j++ {
			a[j].FromAffine(&k.pk.G1[ell*(m-2-j)+r])
		}
		hats[r], _ = f.conv.FFTG1(a)
	}
	f.srsHat = make([][]bls12381.G1Affine, f.K)
	for u := range f.K {
		col := make([]bls12381.G1Jac, ell)
		for r := range ell {
			col[r] = hats[r][u]
		}
		f.srsHat[u] = bls12381.BatchJacobianToAffineG1(col)
	}
	return f, nil
}

func (f *FK20) fits(p []fr.Element) error {
	if len(p) != f.N {
		return fail(SizeOutOfRange, "a polynomial of %d coefficients: this FK20 takes %d", len(p), f.N)
	}
	return nil
}

// Coset is the points proof a opens: ω^(a + K·j) of the 2n-th roots, j < ell.
func (f *FK20) Coset(a int) []fr.Element {
	out := make([]fr.Element, f.Ell)
	var e big.Int
	for j := range out {
		e.SetUint64(uint64(a + f.K*j))
		out[j].Exp(f.points.Generator, &e)
	}
	return out
}

// AllProofs is every proof, proof a for Coset(a).
func (f *FK20) AllProofs(p []fr.Element) ([]bls12381.G1Affine, error) {
	if err := f.fits(p); err != nil {
		return nil, err
	}
	m := f.N / f.Ell
	// FFT_K of each strided coefficient vector f^r_i = f_(ell·i + r).
	fhat := make([][]fr.Element, f.Ell)
	for r := range f.Ell {
		v := make([]fr.Element, f.K)
		for i := range m {
			v[i] = p[f.Ell*i+r]
		}
		fhat[r], _ = f.conv.FFTFr(v)
	}
	// Pointwise: Ĥ_u = Σ_r f̂^r_u · Â^r_u, an MSM of ell points (one scalar multiplication if 1).
	hhat := make([]bls12381.G1Jac, f.K)
	f.conv.each(f.K, func(u int) {
		sc := make([]fr.Element, f.Ell)
		for r := range f.Ell {
			sc[r] = fhat[r][u]
		}
		hhat[u].MultiExp(f.srsHat[u], sc, ecc.MultiExpConfig{NbTasks: 1})
	})
	h, _ := f.conv.IFFTG1(hhat)
	// H_i = h[m−1+i], i ≤ m−2; zero-padded to K, then evaluated at every coset's c.
	hs := identities(f.K)
	copy(hs, h[m-1:2*m-2])
	proofs, _ := f.conv.FFTG1(hs)
	return bls12381.BatchJacobianToAffineG1(proofs), nil
}

// NaiveProof is proof a without FK20: a KZG10 opening at the point (ell = 1), or the
// commitment to f / (X^ell − c) by long division (ell = 16).
func (f *FK20) NaiveProof(p []fr.Element, a int) (bls12381.G1Affine, error) {
	if err := f.fits(p); err != nil {
		return bls12381.G1Affine{}, err
	}
	if a < 0 || a >= f.K {
		return bls12381.G1Affine{}, fail(SizeOutOfRange, "proof %d: there are %d", a, f.K)
	}
	h := f.Coset(a)[0]
	if f.Ell == 1 {
		o, err := f.kzg.Open(p, h)
		return o.H, err
	}
	var c fr.Element
	c.Exp(h, big.NewInt(int64(f.Ell)))
	rem := append([]fr.Element(nil), p...)
	q := make([]fr.Element, f.N-f.Ell)
	for i := f.N - 1; i >= f.Ell; i-- {
		q[i-f.Ell] = rem[i]
		var carry fr.Element
		carry.Mul(&rem[i], &c)
		rem[i-f.Ell].Add(&rem[i-f.Ell], &carry)
	}
	return f.kzg.Commit(q)
}

func (f *FK20) KZG() *KZG10 { return f.kzg }

// identities is n points at infinity (Jacobian (1, 1, 0)).
func identities(n int) []bls12381.G1Jac {
	out := make([]bls12381.G1Jac, n)
	for i := range out {
		out[i].X.SetOne()
		out[i].Y.SetOne()
	}
	return out
}
