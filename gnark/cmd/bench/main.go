// Command bench times native proving with the same code path as the wasm
// build (prover.Load from the files cmd/setup wrote) and prints JSON.
//
//	GOMAXPROCS=1 go run ./cmd/bench -dir DIR [-n 5] [-len 3] [-compile]
package main

import (
	"encoding/json"
	"flag"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"time"

	"github.com/consensys/gnark/logger"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
)

type stats struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

func summarize(xs []float64) stats {
	s := slices.Clone(xs)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return stats{Median: m, Min: s[0], Max: s[len(s)-1]}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func main() {
	dir := flag.String("dir", "", "artifact directory written by cmd/setup")
	n := flag.Int("n", 5, "number of prove+verify runs")
	length := flag.Int("len", 3, "message length in bytes (0..135)")
	compile := flag.Bool("compile", false, "also time compiling the circuit (to compare with loading the ccs)")
	flag.Parse()
	if *dir == "" || *n < 1 {
		log.Fatal("usage: bench -dir DIR [-n 5] [-len 3] [-compile]")
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
	for range *n {
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
	}

	out := map[string]any{
		"runs":          *n,
		"messageBytes":  *length,
		"gomaxprocs":    runtime.GOMAXPROCS(0),
		"constraints":   p.Constraints(),
		"loadMs":        map[string]float64{"ccs": ms(lt.CCS), "pk": ms(lt.PK), "vk": ms(lt.VK)},
		"witnessMs":     summarize(wit),
		"proveMs":       summarize(prv),
		"verifyMs":      summarize(ver),
		"proofBytes":    proofLen,
		"proofEncoding": prover.ProofEncoding,
		"fileBytes":     map[string]int64{"ccs": m.Files.CCS.Bytes, "pk": m.Files.PK.Bytes, "vk": m.Files.VK.Bytes},
	}
	if *compile {
		t := time.Now()
		if _, err := prover.Compile(); err != nil {
			log.Fatal(err)
		}
		out["compileMs"] = ms(time.Since(t))
	}
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	out["memory"] = map[string]any{"sysBytes": mem.Sys, "maxRSSBytes": ru.Maxrss * 1024} // Linux reports KiB
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(out)
}
