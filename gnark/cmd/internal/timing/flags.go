// Package timing holds the flags the native timing commands share: -runs, how many timed runs
// each case gets, and -threads, which is also GOMAXPROCS (gnark-crypto's FFT and MSM, and
// go-eth-kzg, split their work into goroutines, so the two must agree).
package timing

import (
	"flag"
	"runtime"
)

// Flags are -runs and -threads, set once the command line is parsed.
type Flags struct {
	Runs, Threads *int
}

// Define declares -runs (default 5) and -threads (default threads) with the command's own help.
func Define(runsHelp string, threads int, threadsHelp string) Flags {
	return Flags{
		Runs:    flag.Int("runs", 5, runsHelp),
		Threads: flag.Int("threads", threads, threadsHelp),
	}
}

// Parse parses the command line, then sets GOMAXPROCS to -threads.
func (f Flags) Parse() {
	flag.Parse()
	runtime.GOMAXPROCS(*f.Threads)
}
