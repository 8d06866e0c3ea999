package ethkzg

// The FFTs the thesis timed. Over Fr and das_fft_extension: gnark-crypto's fft.Domain. Over G1:
// gnark-crypto has none, so FFTG1 is ours: an iterative radix-2 Cooley–Tukey whose butterflies
// are the library's point addition, subtraction and scalar multiplication by a root of unity
// (the roots from the library's domain), split over goroutines when threads > 1.

import (
	"math/big"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr/fft"
	"github.com/consensys/gnark-crypto/utils"
)

// FFT holds a domain of size N and its twiddles as integers (the scalar multiplication's input).
type FFT struct {
	N       int
	Domain  *fft.Domain
	threads int
	tw      []big.Int // ω^j, j < N/2
	twInv   []big.Int // ω^-j
	nInv    big.Int
}

func NewFFT(n, threads int) (*FFT, error) {
	n, err := CheckSize(n, FFTLog, "FFT size")
	if err != nil {
		return nil, err
	}
	return newFFT(n, threads), nil
}

// newFFT takes any power of two n ≥ 2 (FK20's inner FFTs can be smaller than 2^4).
func newFFT(n, threads int) *FFT {
	d := fft.NewDomain(uint64(n))
	f := &FFT{N: n, Domain: d, threads: max(threads, 1), tw: make([]big.Int, n/2), twInv: make([]big.Int, n/2)}
	w, wi := fr.One(), fr.One()
	for j := range f.tw {
		w.BigInt(&f.tw[j])
		wi.BigInt(&f.twInv[j])
		w.Mul(&w, &d.Generator)
		wi.Mul(&wi, &d.GeneratorInv)
	}
	d.CardinalityInv.BigInt(&f.nInv)
	return f
}

func (f *FFT) fits(n int) error {
	if n != f.N {
		return fail(SizeOutOfRange, "%d values: this FFT takes %d", n, f.N)
	}
	return nil
}

// FFTFr evaluates coefficients on the domain (natural order in and out).
func (f *FFT) FFTFr(coeffs []fr.Element) ([]fr.Element, error) {
	if err := f.fits(len(coeffs)); err != nil {
		return nil, err
	}
	out := append([]fr.Element(nil), coeffs...)
	f.Domain.FFT(out, fft.DIF, fft.WithNbTasks(f.threads))
	utils.BitReverse(out)
	return out, nil
}

// FFTG1 is Σ_j p_j ω^(ij) for each i, natural order in and out.
func (f *FFT) FFTG1(points []bls12381.G1Jac) ([]bls12381.G1Jac, error) {
	return f.g1Copy(points, f.tw)
}

// IFFTG1 is FFTG1's inverse: the same with ω^-1, then each point times 1/N.
func (f *FFT) IFFTG1(points []bls12381.G1Jac) ([]bls12381.G1Jac, error) {
	out, err := f.g1Copy(points, f.twInv)
	if err == nil {
		f.each(len(out), func(i int) { out[i].ScalarMultiplication(&out[i], &f.nInv) })
	}
	return out, err
}

// g1Copy transforms a copy of the points with the twiddles tw.
func (f *FFT) g1Copy(points []bls12381.G1Jac, tw []big.Int) ([]bls12381.G1Jac, error) {
	if err := f.fits(len(points)); err != nil {
		return nil, err
	}
	out := append([]bls12381.G1Jac(nil), points...)
	f.g1(out, tw)
	return out, nil
}

func (f *FFT) g1(a []bls12381.G1Jac, tw []big.Int) {
	utils.BitReverse(a)
	n := len(a)
	for m := 2; m <= n; m <<= 1 {
		half, step := m/2, n/m
		// Butterfly b of this stage: block b/half, offset b%half.
		f.each(n/2, func(b int) {
			k, j := (b/half)*m, b%half
			var t bls12381.G1Jac
			if j == 0 {
				t = a[k+half]
			} else {
				t.ScalarMultiplication(&a[k+j+half], &tw[j*step])
			}
			u := a[k+j]
			a[k+j].Set(&u).AddAssign(&t)
			a[k+j+half].Set(&u).SubAssign(&t)
		})
	}
}

// each runs fn(0..n-1), over f.threads goroutines when the work is big enough to share.
func (f *FFT) each(n int, fn func(i int)) {
	if f.threads == 1 || n < 64 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + f.threads - 1) / f.threads
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// DASExtension is das_fft_extension at width 2^s: p's values on the n = 2^(s-1) roots of unity
// (the even points of the 2n domain) in, its values on the odd points h·ω^i out (h a primitive
// 2n-th root): an inverse FFT to coefficients, then an FFT on the coset h·⟨ω⟩.
type DASExtension struct {
	half    *fft.Domain
	shift   fr.Element
	threads int
}

func NewDASExtension(width, threads int) (*DASExtension, error) {
	width, err := CheckSize(width, FFTLog, "das_fft_extension width")
	if err != nil {
		return nil, err
	}
	h := fft.NewDomain(uint64(width)).Generator
	return &DASExtension{half: fft.NewDomain(uint64(width/2), fft.WithShift(h)), shift: h, threads: max(threads, 1)}, nil
}

func (d *DASExtension) Extend(evens []fr.Element) ([]fr.Element, error) {
	if uint64(len(evens)) != d.half.Cardinality {
		return nil, fail(SizeOutOfRange, "%d values: this extension takes %d", len(evens), d.half.Cardinality)
	}
	a := append([]fr.Element(nil), evens...)
	d.half.FFTInverse(a, fft.DIF, fft.WithNbTasks(d.threads))
	d.half.FFT(a, fft.DIT, fft.OnCoset(), fft.WithNbTasks(d.threads))
	return a, nil
}

// OddPoints are h·ω^i, where Extend's outputs are p's values.
func (d *DASExtension) OddPoints() []fr.Element {
	out := make([]fr.Element, d.half.Cardinality)
	x := d.shift
	for i := range out {
		out[i] = x
		x.Mul(&x, &d.half.Generator)
	}
	return out
}

// Eval is p(x) by Horner's rule (for checks).
func Eval(p []fr.Element, x fr.Element) fr.Element {
	var acc fr.Element
	for i := len(p) - 1; i >= 0; i-- {
		acc.Mul(&acc, &x).Add(&acc, &p[i])
	}
	return acc
}

// EvenPoints are the n-th roots of unity ω^i, where Extend's inputs are p's values.
func (d *DASExtension) EvenPoints() []fr.Element {
	out := make([]fr.Element, d.half.Cardinality)
	x := fr.One()
	for i := range out {
		out[i] = x
		x.Mul(&x, &d.half.Generator)
	}
	return out
}
