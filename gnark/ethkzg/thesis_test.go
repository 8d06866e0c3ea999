package ethkzg

// The thesis's operations against the naive computation at small sizes (2^4..2^6; large ones
// are for benchmarks), a malicious prover's openings refused, bad sizes refused with codes.

import (
	"errors"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/kzg"
)

func codeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestKZG10OpensVerifiesAndRefusesFalseOpenings(t *testing.T) {
	k, err := NewKZG10(32)
	if err != nil {
		t.Fatal(err)
	}
	p := Polynomial(32)
	c, _ := k.Commit(p)
	z := ThesisScalar("t", 1)
	o, _ := k.Open(p, z)
	if want := Eval(p, z); !o.ClaimedValue.Equal(&want) || !k.Verify(c, o, z) {
		t.Fatal("a true opening")
	}
	bad := o
	bad.ClaimedValue.Add(&bad.ClaimedValue, new(fr.Element).SetOne())
	var z1 fr.Element
	z1.Add(&z, new(fr.Element).SetOne())
	o2, _ := k.Open(Polynomial(31), z)
	if k.Verify(c, bad, z) || k.Verify(c, o, z1) || k.Verify(c, o2, z) {
		t.Fatal("a false opening verified")
	}
}

func TestBatchVerifyTakesTrueOpeningsAndRefusesOneFalse(t *testing.T) {
	k, _ := NewKZG10(16)
	var cs []bls12381.G1Affine
	var os []kzg.OpeningProof
	var zs []fr.Element
	for i := range 4 {
		p := Polynomial(16 - i)
		z := ThesisScalar("z", uint32(i))
		c, _ := k.Commit(p)
		o, _ := k.Open(p, z)
		cs, os, zs = append(cs, c), append(os, o), append(zs, z)
	}
	if ok, err := k.BatchVerify(cs, os, zs); err != nil || !ok {
		t.Fatal("true openings", err)
	}
	bad := append([]kzg.OpeningProof(nil), os...)
	bad[2].ClaimedValue.SetOne()
	if ok, _ := k.BatchVerify(cs, bad, zs); ok {
		t.Fatal("a false value verified")
	}
	swapped := append([]kzg.OpeningProof(nil), os...)
	swapped[0].H, swapped[1].H = os[1].H, os[0].H
	if ok, _ := k.BatchVerify(cs, swapped, zs); ok {
		t.Fatal("swapped proofs verified")
	}
	if _, err := k.BatchVerify(cs, os, zs[:3]); codeOf(err) != LengthMismatch {
		t.Fatal(err)
	}
	if _, err := k.BatchVerify(nil, nil, nil); codeOf(err) != SizeOutOfRange {
		t.Fatal(err)
	}
}

func TestFK20ProofsAreTheNaiveOpenings(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for _, n := range []int{16, 32, 64} {
			for _, ell := range Ells {
				if n <= ell {
					continue
				}
				f, err := NewFK20(n, ell, threads)
				if err != nil {
					t.Fatal(err)
				}
				p := Polynomial(n)
				fk, _ := f.AllProofs(p)
				if len(fk) != 2*n/ell {
					t.Fatalf("%d proofs", len(fk))
				}
				for a := range fk {
					naive, err := f.NaiveProof(p, a)
					if err != nil || !naive.Equal(&fk[a]) {
						t.Fatalf("n %d ell %d threads %d: proof %d differs from the naive one", n, ell, threads, a)
					}
				}
				coset := f.Coset(1)
				if ell == 1 {
					c, _ := f.KZG().Commit(p)
					for a := range fk {
						z, next := f.Coset(a)[0], f.Coset((a + 1) % len(fk))[0]
						o := kzg.OpeningProof{H: fk[a], ClaimedValue: Eval(p, z)}
						if !f.KZG().Verify(c, o, z) {
							t.Fatalf("proof %d does not verify at its point", a)
						}
						o.ClaimedValue = Eval(p, next)
						if f.KZG().Verify(c, o, next) {
							t.Fatalf("proof %d verifies at the next point", a)
						}
					}
				} else {
					var h16 fr.Element
					h16.Exp(coset[0], bigInt(16))
					for _, x := range coset {
						var x16 fr.Element
						x16.Exp(x, bigInt(16))
						if !x16.Equal(&h16) {
							t.Fatal("not a coset of the 16th roots")
						}
					}
				}
			}
		}
	}
}

func TestFFTG1InverseIsIdentityAndFFTFrEvaluates(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for _, n := range []int{16, 32, 64, 128} {
			f, _ := NewFFT(n, threads)
			pts := G1Points(n)
			e, _ := f.FFTG1(pts)
			back, _ := f.IFFTG1(e)
			for i := range pts {
				if !back[i].Equal(&pts[i]) {
					t.Fatalf("n %d: IFFT(FFT) differs at %d", n, i)
				}
			}
			// FFT G1 of [1]G..[n]G is [p(ω^i)]G for p with coefficients 1..n.
			p := make([]fr.Element, n)
			for i := range p {
				p[i].SetUint64(uint64(i + 1))
			}
			g, _, _, _ := bls12381.Generators()
			w := fr.One()
			for i := range n {
				v := Eval(p, w)
				var want bls12381.G1Jac
				want.ScalarMultiplication(&g, v.BigInt(bigInt(0)))
				if !want.Equal(&e[i]) {
					t.Fatalf("n %d: FFT G1 at %d is not the evaluation", n, i)
				}
				w.Mul(&w, &f.Domain.Generator)
			}
			q := Polynomial(n)
			ev, _ := f.FFTFr(q)
			w = fr.One()
			for i := range n {
				if want := Eval(q, w); !want.Equal(&ev[i]) {
					t.Fatalf("n %d: FFT Fr at %d", n, i)
				}
				w.Mul(&w, &f.Domain.Generator)
			}
		}
	}
}

func TestDASExtensionMatchesEvaluatingThePolynomial(t *testing.T) {
	for _, width := range []int{16, 32, 64} {
		d, err := NewDASExtension(width, 1)
		if err != nil {
			t.Fatal(err)
		}
		p := Polynomial(width / 2)
		var evens []fr.Element
		for _, x := range d.EvenPoints() {
			evens = append(evens, Eval(p, x))
		}
		odd, _ := d.Extend(evens)
		minusOne := fr.One()
		minusOne.Neg(&minusOne)
		for i, x := range d.OddPoints() {
			if want := Eval(p, x); !want.Equal(&odd[i]) {
				t.Fatalf("width %d: odd point %d", width, i)
			}
			var xn fr.Element
			xn.Exp(x, bigInt(int64(width/2)))
			if !xn.Equal(&minusOne) {
				t.Fatal("an odd point that is an n-th root")
			}
		}
	}
}

func TestBadSizesGetCodes(t *testing.T) {
	for _, c := range []struct {
		err  error
		code Code
	}{
		{second(NewKZG10(24)), SizeNotPowerOfTwo},
		{second(NewKZG10(8)), SizeOutOfRange},
		{second(NewKZG10(8192)), SizeOutOfRange},
		{second(NewFK20(16, 16, 1)), SizeOutOfRange},
		{second(NewFK20(32, 4, 1)), SizeOutOfRange},
		{second(NewFFT(0, 1)), SizeNotPowerOfTwo},
		{second(NewFFT(1<<16, 1)), SizeOutOfRange},
		{second(NewDASExtension(48, 1)), SizeNotPowerOfTwo},
		{second(SizeOfLog(99, FFTLog, "x")), SizeOutOfRange},
		{second(SizeOfLog(-1, FFTLog, "x")), SizeOutOfRange},
		{second(MeasureThesis("fft_g1", 3, 1, 1)), SizeOutOfRange},
		{second(MeasureThesis("kzg10_commit", 13, 1, 1)), SizeOutOfRange},
		{second(MeasureThesis("nope", 4, 1, 1)), Library},
	} {
		if codeOf(c.err) != c.code {
			t.Errorf("want %s, got %v", c.code, c.err)
		}
	}
	k, _ := NewKZG10(16)
	if _, err := k.Commit(Polynomial(17)); codeOf(err) != SizeOutOfRange {
		t.Error(err)
	}
	if _, err := k.Commit(nil); codeOf(err) != SizeOutOfRange {
		t.Error(err)
	}
	f, _ := NewFK20(32, 1, 1)
	if _, err := f.AllProofs(Polynomial(16)); codeOf(err) != SizeOutOfRange {
		t.Error(err)
	}
	if _, err := f.NaiveProof(Polynomial(32), 64); codeOf(err) != SizeOutOfRange {
		t.Error(err)
	}
	fft, _ := NewFFT(16, 1)
	if _, err := fft.FFTG1(G1Points(8)); codeOf(err) != SizeOutOfRange {
		t.Error(err)
	}
}

func TestEveryThesisOpMeasuresAtTheSmallestSize(t *testing.T) {
	for _, op := range ThesisOps {
		log := 4
		if op == "fk20_multi16" || op == "naive_multi16" {
			log = 5
		}
		m, err := MeasureThesis(op, log, 2, 1)
		if err != nil || len(m.SamplesMs) != 2 {
			t.Fatalf("%s: %v", op, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }
