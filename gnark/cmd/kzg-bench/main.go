// Command kzg-bench prints native timings of gnark/ethkzg, one JSON line per op:
//
//	go run ./cmd/kzg-bench [-runs 5] [-threads 1]
//
// threads is go-eth-kzg's numGoRoutines and GOMAXPROCS.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"runtime"

	"zkplay/gnark/ethkzg"
)

func main() {
	runs := flag.Int("runs", 5, "runs per op (the median is reported)")
	threads := flag.Int("threads", 1, "goroutines and GOMAXPROCS")
	flag.Parse()
	runtime.GOMAXPROCS(*threads)
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
