// Command bench is gnark's native reference runner: it loads the artifacts cmd/setup
// wrote through prover.Load (the code path the wasm build uses), proves and verifies a
// message n times and prints one RunResult (schema/run-result.schema.json) as JSON.
//
//	GOMAXPROCS=1 go run ./cmd/bench -dir DIR [-n 5] [-len 135] [-commit SHA]
package main

import (
	"encoding/json"
	"flag"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/consensys/gnark/logger"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
	"zkplay/gnark/runresult"
)

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func main() {
	dir := flag.String("dir", "", "artifact directory written by cmd/setup")
	n := flag.Int("n", 5, "number of prove+verify runs")
	length := flag.Int("len", keccak.MaxBytes, "message length in bytes (0..135)")
	commit := flag.String("commit", "unknown", "git commit the artifacts were built from")
	flag.Parse()
	if *dir == "" || *n < 1 {
		log.Fatal("usage: bench -dir DIR [-n 5] [-len 135] [-commit SHA]")
	}
	logger.Disable()

	m, err := prover.ReadManifest(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := m.CheckAll(*dir); err != nil {
		log.Fatal(err)
	}
	open := func(name string) *os.File {
		f, err := os.Open(filepath.Join(*dir, name))
		if err != nil {
			log.Fatal(err)
		}
		return f
	}
	ccs, pk, vk := open(m.Files.CCS.Name), open(m.Files.PK.Name), open(m.Files.VK.Name)
	var p prover.Prover
	lt, err := p.Load(ccs, pk, vk)
	if err != nil {
		log.Fatal(err)
	}
	ccs.Close()
	pk.Close()
	vk.Close()

	msg := make([]byte, *length)
	for i := range msg {
		msg[i] = byte('a' + i%26)
	}
	digest := keccak.Sum(msg)
	var wit, prv, ver []float64
	var proofLen int
	for i := range *n {
		proof, wd, pd, err := p.Prove(msg)
		if err != nil {
			log.Fatal(err)
		}
		t := time.Now()
		ok, err := p.Verify(proof, digest, len(msg))
		if err != nil || !ok {
			log.Fatalf("verify: ok=%v err=%v", ok, err)
		}
		ver = append(ver, ms(time.Since(t)))
		wit, prv = append(wit, ms(wd)), append(prv, ms(pd))
		proofLen = len(proof)
		log.Printf("gnark native: run %d/%d prove %.0f ms (GOMAXPROCS=%d)", i+1, *n, ms(pd), runtime.GOMAXPROCS(0))
	}

	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	// Phase ids and labels come from prover/phases.json, as the wasm build's do, so the
	// page can put native and wasm side by side.
	capacity := int64(m.MaxMessageBytes)
	r := runresult.RunResult{
		SchemaVersion: 1,
		Backend:       "gnark",
		Config:        map[string]any{"circuit": "keccak256-1block"},
		Environment:   runresult.NativeEnvironment(runtime.GOMAXPROCS(0), "native-go", *commit),
		Message:       runresult.Message{Bytes: len(msg), Blocks: runresult.Blocks(len(msg))},
		Phases: []runresult.Phase{
			phase(prover.LoadCircuit, "prepare", ms(lt.CCS)),
			phase(prover.LoadPK, "prepare", ms(lt.PK)),
			phase(prover.LoadVK, "prepare", ms(lt.VK)),
			phase(prover.Witness, "prove", wit...),
			phase(prover.Prove, "prove", prv...),
			phase(prover.Verify, "verify", ver...),
		},
		Sizes:         map[string]int64{"proof": int64(proofLen), "provingKey": m.Files.PK.Bytes, "verifyingKey": m.Files.VK.Bytes, "circuit": m.Files.CCS.Bytes},
		Circuit:       map[string]any{"constraints": p.Constraints(), "publicInputs": m.PublicInputs},
		CapacityBytes: &capacity,
		Memory:        runresult.Memory{PeakBytes: uint64(ru.Maxrss) * 1024, What: "process max RSS (getrusage; includes the loaded keys)"},
		Verified:      true,
		Runs:          *n,
		Cold:          false,
		Timestamp:     runresult.Now(),
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		log.Fatal(err)
	}
}

// phase is one of prover's phases, the protocol step it belongs to, and the statistic of its samples (ms).
func phase(n prover.PhaseName, step string, samples ...float64) runresult.Phase {
	return runresult.Phase{ID: n.ID, Label: n.Label, Ms: runresult.NewStat(samples...), Step: step}
}
