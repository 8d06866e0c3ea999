// Command primitives times gnark-crypto's FFT, MSM, pairing and field multiplication natively
// and prints one JSON result per line (schema/primitive-result.schema.json).
//
//	go run ./cmd/primitives [-runs 5] [-warmup 1] [-max-fft 15] [-max-g1 10] [-max-msm 16] [-threads N]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"

	"zkplay/gnark/cmd/internal/timing"
	"zkplay/gnark/primitives"
)

func main() {
	t := timing.Define("timed runs per case (after the warm-up)", runtime.NumCPU(), "GOMAXPROCS (gnark-crypto's FFT and MSM use goroutines)")
	warmup := flag.Int("warmup", 1, "untimed runs first")
	maxFFT := flag.Int("max-fft", 15, "largest log2 size of the FFT over Fr")
	maxG1 := flag.Int("max-g1", 10, "largest log2 size of the FFT over G1")
	maxMSM := flag.Int("max-msm", 16, "largest log2 size of the MSM")
	t.Parse()
	enc := json.NewEncoder(os.Stdout)
	for _, c := range primitives.DefaultCases(*maxFFT, *maxG1, *maxMSM) {
		r, err := primitives.Measure(c, *t.Runs, *warmup)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := enc.Encode(r); err != nil {
			os.Exit(1)
		}
	}
}
