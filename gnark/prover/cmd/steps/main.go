// Command steps times each step of a Groth16 proof split in parts (prover/twoparts.go: Begin,
// the cosets, ContinueA, WireMSMs, Quotient, ZPart, ZHead, Finish), natively or as js/wasm under Node, so that
// wasm's slowdown can be split by step:
//
//	go run ./prover/cmd/steps -dir KEYS [-n 5]
//	GOOS=js GOARCH=wasm go run -exec=$(go env GOROOT)/lib/wasm/go_js_wasm_exec ./prover/cmd/steps -dir KEYS
//
// Every proof is verified; the medians of n runs are printed, one line per step.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark/logger"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
)

func main() {
	dir := flag.String("dir", "", "artifact directory written by cmd/setup")
	n := flag.Int("n", 5, "runs")
	oneInstance := flag.Bool("one", false, "time gnark's Prove against ProveInParts (one instance), alternated, instead")
	flag.BoolVar(&prover.BitWireMSM, "bitmsm", prover.BitWireMSM, "wire MSMs as sums of the points whose wire is 1")
	flag.Float64Var(&prover.HeadShare, "head", prover.HeadShare, "share of the quotient's MSM computed beside the wire MSMs")
	flag.Parse()
	if *dir == "" {
		log.Fatal("usage: steps -dir KEYS [-n 5]")
	}
	logger.Disable()
	m, err := prover.ReadManifest(*dir)
	if err != nil {
		log.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(*dir, name))
		if err != nil {
			log.Fatal(err)
		}
		return b
	}
	var p prover.Prover
	if _, err := p.LoadBytes(read(m.Files.CCS.Name), read(m.Files.PK.Name), read(m.Files.VK.Name)); err != nil {
		log.Fatal(err)
	}
	msg := make([]byte, keccak.MaxBytes)
	for i := range msg {
		msg[i] = byte('a' + i%26)
	}
	digest := keccak.Sum(msg)

	if *oneInstance {
		compareOneInstance(&p, msg, digest, *n)
		return
	}
	times := map[string][]time.Duration{}
	var order []string
	add := func(name string, d time.Duration) {
		if _, ok := times[name]; !ok {
			order = append(order, name)
		}
		times[name] = append(times[name], d)
	}
	for range *n {
		t0 := time.Now()
		st, err := p.Begin(msg)
		if err != nil {
			log.Fatal(err)
		}
		begin := time.Since(t0)
		// The second instance's steps are timed here one after the other, with the encoding and
		// decoding of what travels (EncodeVector/DecodeVector); the critical path below puts
		// them beside this instance's steps as the browser runs them (prover/twoparts.go).
		timed := func(f func()) time.Duration {
			t := time.Now()
			f()
			return time.Since(t)
		}
		var b, c []fr.Element
		var wires prover.WireParts
		must := func(err error) {
			if err != nil {
				log.Fatal(err)
			}
		}
		tB := timed(func() { b = roundTrip(st.B); must(p.Cosets(b)); b = roundTrip(b) })
		tC := timed(func() {
			var err error
			c, err = p.CToCoefficients(st)
			must(err)
			c = roundTrip(c)
		})
		tCf := timed(func() { must(p.FromCoefficients(c)); c = roundTrip(c) })
		tW := timed(func() {
			var err error
			wires, err = p.WireMSMs(roundTrip(st.Wires), st.NbPublic)
			must(err)
			wires, err = prover.DecodeWireParts(prover.EncodeWireParts(wires))
			must(err)
		})
		must(st.SetWireParts(wires))
		tA := timed(func() { must(p.ContinueA(st)) })
		tQ := timed(func() { must(p.Quotient(st, b, c)) })
		var tail curve.G1Jac
		tZT := timed(func() {
			var err error
			tail, err = p.ZPart(roundTrip(st.ZTail), st.TailFrom)
			must(err)
		})
		tZH := timed(func() { must(p.ZHead(st)) })
		proof, err := st.Finish(tail)
		if err != nil {
			log.Fatal(err)
		}
		total := time.Since(t0)
		if ok, err := p.Verify(proof, digest, len(msg)); err != nil || !ok {
			log.Fatalf("verify: ok=%v err=%v", ok, err)
		}
		cReady := begin + tC
		cosetsDone := max(begin+tB, cReady) + tCf
		quotientDone := max(cReady+tA, cosetsDone) + tQ
		end := max(quotientDone+tZH, max(quotientDone, cosetsDone+tW)+tZT)
		add("C to coefficients (+ transfer)", tC)
		add("second: B to the coset (+ transfer)", tB)
		add("second: C from coefficients (+ transfer)", tCf)
		add("second: wire MSMs (+ transfer)", tW)
		add("second: msm Z tail (G1, + transfer)", tZT)
		for _, s := range st.Steps {
			add(s.Name, s.Dur)
		}
		add("one instance, total", total)
		add("two instances, critical path", end)
	}
	fmt.Printf("%s/%s, GOMAXPROCS=%d, bitmsm=%v, head=%.3f, %d runs, medians (min-max) in ms:\n", runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), prover.BitWireMSM, prover.HeadShare, *n)
	for _, name := range order {
		d := times[name]
		slices.Sort(d)
		fmt.Printf("  %-36s %8.1f  (%.1f-%.1f)\n", name, ms(d[len(d)/2]), ms(d[0]), ms(d[len(d)-1]))
	}
}

// compareOneInstance times gnark's Prove and ProveInParts alternately, n times each.
func compareOneInstance(p *prover.Prover, msg []byte, digest [keccak.DigestBytes]byte, n int) {
	var gnark, parts []time.Duration
	for range n {
		for _, f := range []func([]byte) ([]byte, time.Duration, time.Duration, error){p.Prove, p.ProveInParts} {
			proof, wd, pd, err := f(msg)
			if err != nil {
				log.Fatal(err)
			}
			if ok, err := p.Verify(proof, digest, len(msg)); err != nil || !ok {
				log.Fatalf("verify: ok=%v err=%v", ok, err)
			}
			if len(gnark) == len(parts) {
				gnark = append(gnark, wd+pd)
			} else {
				parts = append(parts, wd+pd)
			}
		}
	}
	slices.Sort(gnark)
	slices.Sort(parts)
	fmt.Printf("%s/%s, one instance, %d runs each, alternated, medians (min-max): gnark Prove %.1f ms (%.1f-%.1f), ProveInParts %.1f ms (%.1f-%.1f)\n",
		runtime.GOOS, runtime.GOARCH, n, ms(gnark[n/2]), ms(gnark[0]), ms(gnark[n-1]), ms(parts[n/2]), ms(parts[0]), ms(parts[n-1]))
}

// roundTrip is v encoded and decoded as it travels between the instances.
func roundTrip(v []fr.Element) []fr.Element {
	out, err := prover.DecodeVector(prover.EncodeVector(v))
	if err != nil {
		log.Fatal(err)
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
