// Command setup compiles the Keccak-256 circuit, runs the Groth16 setup and
// writes the artifacts the browser loads (see prover.Setup).
//
//	go run ./cmd/setup -out DIR [-force]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"zkplay/gnark/prover"
)

func main() {
	out := flag.String("out", "", "output directory (created if missing)")
	force := flag.Bool("force", false, "redo the setup even if DIR already holds matching artifacts")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: setup -out DIR [-force]")
		os.Exit(2)
	}
	start := time.Now()
	logf := func(format string, args ...any) {
		fmt.Printf("[%6.1fs] %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, args...))
	}
	m, err := prover.Setup(*out, *force, logf)
	if err != nil {
		log.Fatal(err)
	}
	logf("done: %d constraints, pk %d bytes, vk %d bytes, ccs %d bytes",
		m.Constraints, m.Files.PK.Bytes, m.Files.VK.Bytes, m.Files.CCS.Bytes)
}
