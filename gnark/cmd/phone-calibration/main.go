// Command phone-calibration times the workload whose time on a real phone is public: gnark-crypto's
// BLS12-377 G1 multi-scalar multiplication of 2^16 random points and scalars, ZPrize 2022's
// "MSM on mobile" benchmark, which gnark ran in 512 ms on a Samsung Galaxy A13 5G (seed 004).
// bench:phone divides the phone's time by this machine's to choose its CPU slow-down factor
// (scripts/lib/phone-calibration.mjs). Prints one JSON object.
//
//	go run ./cmd/phone-calibration [-runs 5] [-threads N]
package main

import (
	"encoding/json"
	"flag"
	"log"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	bls "github.com/consensys/gnark-crypto/ecc/bls12-377"
	"github.com/consensys/gnark-crypto/ecc/bls12-377/fr"
)

// points is ZPrize's size: each trial samples 2^16 points and scalars.
const points = 1 << 16

func main() {
	runs := flag.Int("runs", 5, "timed MSMs (after one warm-up)")
	threads := flag.Int("threads", runtime.NumCPU(), "GOMAXPROCS, and the MSM's task count")
	flag.Parse()
	if *runs < 1 || *threads < 1 {
		log.Fatal("usage: phone-calibration [-runs 5] [-threads N]")
	}
	runtime.GOMAXPROCS(*threads)

	// Random points as multiples of the generator by random scalars (how the harness samples them).
	_, _, g1, _ := bls.Generators()
	var seeds, scalars [points]fr.Element
	for i := range seeds {
		seeds[i].MustSetRandom()
		scalars[i].MustSetRandom()
	}
	bases := bls.BatchScalarMultiplicationG1(&g1, seeds[:])

	var res bls.G1Jac
	config := ecc.MultiExpConfig{NbTasks: *threads}
	samples := make([]float64, 0, *runs)
	for i := -1; i < *runs; i++ {
		start := time.Now()
		if _, err := res.MultiExp(bases, scalars[:], config); err != nil {
			log.Fatal(err)
		}
		if i >= 0 {
			samples = append(samples, float64(time.Since(start).Microseconds())/1000)
		}
	}
	sorted := slices.Clone(samples)
	slices.Sort(sorted)
	out := map[string]any{
		"workload": "gnark-crypto BLS12-377 G1 MSM, 2^16 random points and scalars",
		"threads":  *threads,
		"runs":     *runs,
		"medianMs": sorted[len(sorted)/2],
		"samples":  samples,
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		log.Fatal(err)
	}
}
