// Command kzg-bench prints native timings of gnark/ethkzg, one JSON line per op:
//
//	go run ./cmd/kzg-bench [-runs 5] [-threads 1]
//	go run ./cmd/kzg-bench -thesis [-ops fft_g1,das_fft_extension] [-runs 5] [-threads 1]
//
// threads is go-eth-kzg's numGoRoutines and GOMAXPROCS. -thesis times the thesis's operations
// (ethkzg/thesis*.go) instead: KZG10 and FK20 at 2^4..2^12, the FFTs at 2^4..2^15.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"slices"
	"strings"

	"zkplay/gnark/cmd/internal/timing"
	"zkplay/gnark/ethkzg"
)

func main() {
	t := timing.Define("runs per op (the median is reported)", 1, "goroutines and GOMAXPROCS")
	thesis := flag.Bool("thesis", false, "time the thesis's operations at every size")
	ops := flag.String("ops", "", "with -thesis: only these ops (comma-separated)")
	t.Parse()
	runs, threads := t.Runs, t.Threads
	if *thesis {
		thesisBench(*ops, *runs, *threads)
		return
	}
	k, err := ethkzg.New(*threads)
	if err != nil {
		log.Fatal(err)
	}
	for _, op := range ethkzg.Ops {
		m, err := k.Measure(op, *runs)
		if err != nil {
			log.Fatalf("%s: %v", op, err)
		}
		out, _ := json.Marshal(map[string]any{"lang": "go", "threads": *threads, "m": m})
		fmt.Println(string(out))
	}
}

func thesisBench(only string, runs, threads int) {
	for _, op := range ethkzg.ThesisOps {
		if only != "" && !slices.Contains(strings.Split(only, ","), op) {
			continue
		}
		lohi := ethkzg.KZGLog
		if ethkzg.IsFFTOp(op) {
			lohi = ethkzg.FFTLog
		}
		lo := lohi[0]
		if strings.HasSuffix(op, "16") {
			lo++
		}
		for log := lo; log <= lohi[1]; log++ {
			m, err := ethkzg.MeasureThesis(op, log, runs, threads)
			if err != nil {
				logFatal(op, log, err)
			}
			out, _ := json.Marshal(map[string]any{"lang": "go", "threads": threads, "m": m})
			fmt.Println(string(out))
		}
	}
}

func logFatal(op string, l int, err error) { log.Fatalf("%s 2^%d: %v", op, l, err) }
