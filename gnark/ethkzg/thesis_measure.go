package ethkzg

// Timings of the thesis's operations at one size, as crates/zkplay-kzg/src/thesis/measure.rs
// does them: medians of runs, each answer checked (a commitment against the first, proofs by
// verifying them or against the naive ones, FFTs by their inverse). Naive openings are timed on
// at most NaiveSample proofs (each the same MSM of n points) and reported for all: median ×
// count, marked PerItemOf.

import (
	"slices"
	"sort"
	"strings"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr/fft"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/kzg"
	"github.com/consensys/gnark-crypto/utils"
)

var ThesisOps = []string{
	"kzg10_commit", "kzg10_open", "kzg10_verify", "kzg10_batch_verify",
	"fk20_single", "naive_single", "fk20_multi16", "naive_multi16",
	"fft_fr", "fft_g1", "das_fft_extension",
}

const NaiveSample = 8

type ThesisMeasured struct {
	Op        string    `json:"op"`
	Log       int       `json:"log"`
	Runs      int       `json:"runs"`
	MedianMs  float64   `json:"medianMs"`
	SamplesMs []float64 `json:"samplesMs"`
	PerItemOf int       `json:"perItemOf,omitempty"`
}

// IsFFTOp: the FFTs run at 2^4..2^15, the rest at 2^4..2^12.
func IsFFTOp(op string) bool { return strings.HasPrefix(op, "fft") || op == "das_fft_extension" }

func MeasureThesis(op string, log, runs, threads int) (ThesisMeasured, error) {
	if !slices.Contains(ThesisOps, op) {
		return ThesisMeasured{}, fail(Library, "unknown op %s: one of %v", op, ThesisOps)
	}
	lohi := KZGLog
	if IsFFTOp(op) {
		lohi = FFTLog
	}
	n, err := SizeOfLog(log, lohi, op)
	if err != nil {
		return ThesisMeasured{}, err
	}
	runs = min(max(runs, 1), 50)
	out := ThesisMeasured{Op: op, Log: log, Runs: runs}
	var samples []float64
	timed := func(fn func()) { timeInto(&samples, fn) }
	wrong := func(what string) error { return fail(Library, "%s: the check failed: %s", op, what) }
	z := ThesisScalar("zkplay-kzg10-z", 0)
	switch op {
	case "kzg10_commit", "kzg10_open", "kzg10_verify":
		k, err := NewKZG10(n)
		if err != nil {
			return out, err
		}
		p := Polynomial(n)
		c, _ := k.Commit(p)
		o, _ := k.Open(p, z)
		for range runs {
			ok := false
			switch op {
			case "kzg10_commit":
				var got bls12381.G1Affine
				timed(func() { got, err = k.Commit(p) })
				ok = err == nil && got.Equal(&c)
			case "kzg10_open":
				var got kzg.OpeningProof
				timed(func() { got, err = k.Open(p, z) })
				ok = err == nil && k.Verify(c, got, z)
			default:
				timed(func() { ok = k.Verify(c, o, z) })
			}
			if !ok {
				return out, wrong("another commitment, or an opening that does not verify")
			}
		}
	case "kzg10_batch_verify":
		// n openings of one polynomial at n points, their proofs made by FK20.
		f, err := NewFK20(n, 1, threads)
		if err != nil {
			return out, err
		}
		p := Polynomial(n)
		c, _ := f.KZG().Commit(p)
		all, _ := f.AllProofs(p)
		cs, zs, proofs := make([]bls12381.G1Affine, n), make([]fr.Element, n), make([]kzg.OpeningProof, n)
		for i := range n {
			zs[i] = f.Coset(i)[0]
			cs[i] = c
			proofs[i] = kzg.OpeningProof{H: all[i], ClaimedValue: Eval(p, zs[i])}
		}
		for range runs {
			var ok bool
			timed(func() { ok, err = f.KZG().BatchVerify(cs, proofs, zs) })
			if err != nil || !ok {
				return out, wrong("true openings did not verify")
			}
		}
	case "fk20_single", "fk20_multi16", "naive_single", "naive_multi16":
		ell := 1
		if strings.HasSuffix(op, "16") {
			ell = 16
		}
		f, err := NewFK20(n, ell, threads)
		if err != nil {
			return out, err
		}
		p := Polynomial(n)
		fk, _ := f.AllProofs(p)
		for r := range runs {
			if strings.HasPrefix(op, "fk20") {
				var got []bls12381.G1Affine
				timed(func() { got, err = f.AllProofs(p) })
				if err != nil || !slices.EqualFunc(got, fk, func(a, b bls12381.G1Affine) bool { return a.Equal(&b) }) {
					return out, wrong("two runs gave other proofs")
				}
			} else {
				out.PerItemOf = f.K
				a := (r * 7) % min(f.K, NaiveSample)
				var got bls12381.G1Affine
				timed(func() { got, err = f.NaiveProof(p, a) })
				if err != nil || !got.Equal(&fk[a]) {
					return out, wrong("a naive proof differs from FK20's")
				}
			}
		}
		if naive, err := f.NaiveProof(p, f.K/2); err != nil || !naive.Equal(&fk[f.K/2]) {
			return out, wrong("an FK20 proof differs from the naive one")
		}
	case "fft_fr", "fft_g1":
		f, err := NewFFT(n, threads)
		if err != nil {
			return out, err
		}
		p, pts := Polynomial(n), G1Points(n)
		for range runs {
			ok := true
			if op == "fft_fr" {
				var e []fr.Element
				timed(func() { e, _ = f.FFTFr(p) })
				f.Domain.FFTInverse(e, fft.DIF)
				utils.BitReverse(e)
				ok = slices.Equal(e, p)
			} else {
				var e []bls12381.G1Jac
				timed(func() { e, _ = f.FFTG1(pts) })
				back, _ := f.IFFTG1(e)
				for i := range back {
					ok = ok && back[i].Equal(&pts[i])
				}
			}
			if !ok {
				return out, wrong("its inverse is not the input")
			}
		}
	case "das_fft_extension":
		d, err := NewDASExtension(n, threads)
		if err != nil {
			return out, err
		}
		p := Polynomial(n / 2)
		evens := make([]fr.Element, n/2)
		for i, x := range d.EvenPoints() {
			evens[i] = Eval(p, x)
		}
		pts := d.OddPoints()
		for range runs {
			var odd []fr.Element
			timed(func() { odd, err = d.Extend(evens) })
			last := len(pts) - 1
			if want := Eval(p, pts[last]); err != nil || !odd[last].Equal(&want) {
				return out, wrong("the extension differs from evaluating the polynomial")
			}
		}
	}
	sorted := slices.Clone(samples)
	sort.Float64s(sorted)
	out.SamplesMs, out.MedianMs = samples, sorted[len(sorted)/2]
	if out.PerItemOf > 0 {
		out.MedianMs *= float64(out.PerItemOf)
	}
	return out, nil
}
