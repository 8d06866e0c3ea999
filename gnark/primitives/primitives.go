// Package primitives times the building blocks under the gnark prover, with the gnark-crypto
// version gnark uses: FFT over Fr, FFT over G1, multi-scalar multiplication, pairing and field
// multiplication, on BN254 (gnark's curve here) and BLS12-381 (the KZG thesis's curve). The
// same functions run natively (cmd/primitives) and in js/wasm (cmd/primitives-wasm), so the
// ratio between the two is the cost of Go's wasm code generation for each primitive.
package primitives

import (
	"fmt"
	"runtime"
	"time"

	"zkplay/gnark/runresult"
)

// Op names a primitive; Curve names the curve whose scalar field / groups it runs on.
type Op string

const (
	FFTFr   Op = "fft-fr"  // forward FFT over the scalar field, 2^logN elements
	FFTG1   Op = "fft-g1"  // radix-2 FFT whose elements are G1 points (data-availability sampling)
	MSMG1   Op = "msm-g1"  // multi-scalar multiplication of 2^logN G1 points
	Pairing Op = "pairing" // one optimal-ate pairing (logN unused)
	FrMul   Op = "fr-mul"  // 2^logN field multiplications in a dependent chain (throughput)
)

// Case is one measurement to make.
type Case struct {
	Op    Op     `json:"op"`
	Curve string `json:"curve"`
	LogN  int    `json:"logN"`
}

// Result is one primitive's timing (schema/primitive-result.schema.json).
type Result struct {
	Library string `json:"library"`
	Case
	Threads int            `json:"threads"`
	Ms      runresult.Stat `json:"ms"`
	Warmup  int            `json:"warmup"`
	// Checked: the result was checked against a second computation (see check).
	Checked bool `json:"checked"`
}

// Library is what these figures measure.
const Library = "gnark-crypto"

// prepared is one case with its inputs made: run does the timed work, check verifies its output
// against a second computation (FFT then inverse FFT, MSM against a naive sum, bilinearity).
type prepared struct {
	run   func()
	check func() error
}

type curve interface {
	prepare(op Op, logN int) (prepared, error)
}

var curves = map[string]curve{"bn254": bn254, "bls12-381": bls12381}

// Curves lists the curves measured.
func Curves() []string { return []string{"bn254", "bls12-381"} }

// Measure runs c warmup times untimed, then runs times timed, and checks the output once.
func Measure(c Case, runs, warmup int) (Result, error) {
	cv, ok := curves[c.Curve]
	if !ok {
		return Result{}, fmt.Errorf("unknown curve %q", c.Curve)
	}
	if runs < 1 || warmup < 0 || c.LogN < 0 || c.LogN > 22 {
		return Result{}, fmt.Errorf("invalid measurement: runs %d, warmup %d, logN %d", runs, warmup, c.LogN)
	}
	p, err := cv.prepare(c.Op, c.LogN)
	if err != nil {
		return Result{}, err
	}
	for i := 0; i < warmup; i++ {
		p.run()
	}
	samples := make([]float64, runs)
	for i := range samples {
		t := time.Now()
		p.run()
		samples[i] = float64(time.Since(t).Nanoseconds()) / 1e6
	}
	if err := p.check(); err != nil {
		return Result{}, fmt.Errorf("%s on %s at 2^%d gave a wrong answer: %w", c.Op, c.Curve, c.LogN, err)
	}
	return Result{Library: Library, Case: c, Threads: runtime.GOMAXPROCS(0), Ms: runresult.NewStat(samples...), Warmup: warmup, Checked: true}, nil
}

// DefaultCases are the thesis's scales: FFT over Fr 2^4..2^15, over G1 2^4..2^10 (each
// element is a point: it is ~1000x costlier), MSM 2^10..2^16, one pairing, 2^20 field products.
func DefaultCases(maxFFT, maxG1, maxMSM int) []Case {
	var cs []Case
	for _, cv := range Curves() {
		for n := 4; n <= maxFFT; n++ {
			cs = append(cs, Case{FFTFr, cv, n})
		}
		for n := 4; n <= maxG1; n++ {
			cs = append(cs, Case{FFTG1, cv, n})
		}
		for n := 10; n <= maxMSM; n += 2 {
			cs = append(cs, Case{MSMG1, cv, n})
		}
		cs = append(cs, Case{Pairing, cv, 0}, Case{FrMul, cv, 20})
	}
	return cs
}
