//go:build js && wasm

// Command wasm exposes the prover to JavaScript as globalThis.zkplayGnark.
// Every method returns a Promise; the work runs in a goroutine so the
// js.FuncOf callback never blocks the event loop.
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o OUT/gnark.wasm ./cmd/wasm
package main

import (
	"fmt"
	"runtime"
	"syscall/js"
	"time"

	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark/logger"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
)

var (
	p        prover.Prover
	retained [][]byte // memory held on purpose by allocate()
	// started is the proof between begin and finish (the two-instance path, prover/twoparts.go).
	started *prover.Started
)

// methods is the API, in the order its properties are set: the one-instance prover, the steps of
// the two-instance path (below), and the memory probes of the out-of-memory tests.
var methods = []struct {
	name string
	fn   func(args []js.Value) (func() (any, error), error)
}{
	{"load", load}, {"prove", prove}, {"verify", verify},
	{"begin", begin}, {"toCoefficientsC", toCoefficientsC}, {"proceed", proceed}, {"quotient", quotient},
	{"zHead", zHead}, {"finish", finish},
	{"loadKey", loadKey}, {"cosetOf", cosetOf}, {"fromCoefficients", fromCoefficients}, {"wireMSMs", wireMSMs}, {"zPart", zPart},
	{"memory", memory}, {"allocate", allocate},
}

func main() {
	logger.Disable() // gnark's console logging would flood the worker's console

	api := js.Global().Get("Object").New()
	for _, m := range methods {
		api.Set(m.name, promiseFunc(m.fn))
	}
	g := js.Global()
	g.Set("zkplayGnark", api)
	g.Set("zkplayGnarkReady", true)
	if cb := g.Get("zkplayGnarkOnReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {}
}

// promiseFunc wraps fn as a JS function returning a Promise. Arguments are
// read synchronously (they are only valid during the call), fn runs in a
// goroutine; a returned error or a panic rejects with a coded Error.
func promiseFunc(fn func(args []js.Value) (func() (any, error), error)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		work, argErr := fn(args)
		executor := js.FuncOf(func(this js.Value, pa []js.Value) any {
			resolve, reject := pa[0], pa[1]
			go func() {
				var res any
				err := argErr
				if err == nil {
					res, err = run(work)
				}
				if err != nil {
					reject.Invoke(jsError(err))
					return
				}
				resolve.Invoke(res)
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
}

func run(work func() (any, error)) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &prover.Error{Code: prover.CodeInternal, Err: fmt.Errorf("%v", r)}
		}
	}()
	return work()
}

func jsError(err error) js.Value {
	code := prover.CodeOf(err)
	if code == "" {
		code = prover.CodeInternal
	}
	e := js.Global().Get("Error").New(err.Error())
	e.Set("code", code)
	return e
}

func invalid(format string, args ...any) error {
	return &prover.Error{Code: prover.CodeInvalidInput, Err: fmt.Errorf(format, args...)}
}

// notBegun is the error of a two-instance step called before begin (or after finish).
func notBegun(step string) error {
	return &prover.Error{Code: prover.CodeInternal, Err: fmt.Errorf("%s called before begin", step)}
}

// withBytes is a function of one Uint8Array argument, name: the argument is copied when called,
// then work runs on the copy in the goroutine, holding the only reference to it (a proving key's
// copy is ~100 MiB: garbage as soon as work is done with it).
func withBytes(name string, work func(b []byte) (any, error)) func(args []js.Value) (func() (any, error), error) {
	return func(args []js.Value) (func() (any, error), error) {
		b, err := bytesArg(args, 0, name)
		if err != nil {
			return nil, err
		}
		return func() (any, error) {
			in := b
			b = nil // work's parameter is then the only reference
			return work(in)
		}, nil
	}
}

// bytesArg copies a Uint8Array argument into Go memory.
func bytesArg(args []js.Value, i int, name string) ([]byte, error) {
	if i >= len(args) || !args[i].InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, invalid("%s must be a Uint8Array", name)
	}
	b := make([]byte, args[i].Get("length").Int())
	js.CopyBytesToGo(b, args[i])
	return b, nil
}

// phasesJS is the report's phases as JS objects ({id, label, ms}, labels from prover/phases.json).
func phasesJS(ps ...prover.Phase) []any {
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = map[string]any{"id": p.ID, "label": p.Label, "ms": p.Ms}
	}
	return out
}

func toUint8Array(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

// load(ccs, pk, vk: Uint8Array) -> {phases, circuit: {constraints}, capacityBytes}
func load(args []js.Value) (func() (any, error), error) {
	var parts [3][]byte
	for i, name := range []string{"ccs", "pk", "vk"} {
		b, err := bytesArg(args, i, name)
		if err != nil {
			return nil, err
		}
		parts[i] = b
	}
	return func() (any, error) {
		lt, err := p.LoadBytes(parts[0], parts[1], parts[2])
		parts = [3][]byte{} // let the GC take the copies
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"phases":        phasesJS(lt.Phases()...),
			"circuit":       map[string]any{"constraints": p.Constraints()},
			"capacityBytes": keccak.MaxBytes,
		}, nil
	}, nil
}

// prove(message: Uint8Array) -> {proof: Uint8Array, phases}
var prove = withBytes("message", func(msg []byte) (any, error) {
	// The parts on one instance: the wire MSMs as sums (prover/msmbits.go) make this faster
	// than gnark's Prove in js/wasm (docs/benchmarks.md).
	proof, wd, pd, err := p.ProveInParts(msg)
	if err != nil {
		return nil, err
	}
	return map[string]any{"proof": toUint8Array(proof), "phases": phasesJS(prover.Witness.Took(wd), prover.Prove.Took(pd))}, nil
})

// verify(proof: Uint8Array, digest: Uint8Array(32), length: number) -> {ok, phases}
func verify(args []js.Value) (func() (any, error), error) {
	proof, err := bytesArg(args, 0, "proof")
	if err != nil {
		return nil, err
	}
	d, err := bytesArg(args, 1, "digest")
	if err != nil {
		return nil, err
	}
	if len(d) != keccak.DigestBytes {
		return nil, invalid("digest must be %d bytes, got %d", keccak.DigestBytes, len(d))
	}
	if len(args) < 3 || args[2].Type() != js.TypeNumber {
		return nil, invalid("length must be a number")
	}
	length, err := prover.LengthFromJS(args[2].Float())
	if err != nil {
		return nil, err
	}
	var digest [keccak.DigestBytes]byte
	copy(digest[:], d)
	return func() (any, error) {
		t := time.Now()
		ok, err := p.Verify(proof, digest, length)
		if err != nil {
			return nil, err
		}
		return map[string]any{"ok": ok, "phases": phasesJS(prover.Verify.Took(time.Since(t)))}, nil
	}, nil
}

// The two-instance path (prover/twoparts.go, whose header draws the schedule): this instance
// runs begin, toCoefficientsC, proceed, quotient, zHead and finish; a second one, which loaded
// only the proving key (loadKey), runs cosetOf(B) and fromCoefficients(C) beside proceed,
// wireMSMs beside quotient and zPart beside zHead. Vectors of field elements travel as
// prover.EncodeVector writes them, points uncompressed (prover.EncodeWireParts, 64 bytes for
// zPart's); all are checked where they arrive.

// begin(message) -> {b, wires: Uint8Array, nbPublic, witnessMs}: B for the second's cosetOf and
// the wires for its wireMSMs.
var begin = withBytes("message", func(msg []byte) (any, error) {
	st, err := p.Begin(msg)
	if err != nil {
		return nil, err
	}
	started = st
	b, wires := toUint8Array(prover.EncodeVector(st.B)), toUint8Array(prover.EncodeVector(st.Wires))
	st.B, st.Wires = nil, nil
	return map[string]any{"b": b, "wires": wires, "nbPublic": st.NbPublic, "witnessMs": float64(st.WitnessDur.Microseconds()) / 1000}, nil
})

// toCoefficientsC() -> {c}: C's coefficients (the first half of its coset), for the second's
// fromCoefficients.
var toCoefficientsC = noArgs(begun("toCoefficientsC", func(st *prover.Started) (any, error) {
	c, err := p.CToCoefficients(st)
	if err != nil {
		return nil, err
	}
	return map[string]any{"c": toUint8Array(prover.EncodeVector(c))}, nil
}))

// proceed() takes A to the coset.
var proceed = noArgs(begun("proceed", func(st *prover.Started) (any, error) { return nil, p.ContinueA(st) }))

// quotient(b, c) -> {tail: Uint8Array, from}: h from B and C on the coset; its tail is zPart's.
var quotient = withVectors(func(b, c []fr.Element) (any, error) {
	return begun("quotient", func(st *prover.Started) (any, error) {
		if err := p.Quotient(st, b, c); err != nil {
			return nil, err
		}
		return map[string]any{"tail": toUint8Array(prover.EncodeVector(st.ZTail)), "from": st.TailFrom}, nil
	})()
})

// zHead() computes the head of the quotient's MSM.
var zHead = noArgs(begun("zHead", func(st *prover.Started) (any, error) { return nil, p.ZHead(st) }))

// cosetOf(v) -> {v}: v on the coset (the second instance's, for B).
var cosetOf = withVector("v", func(v []fr.Element) (any, error) {
	if err := p.Cosets(v); err != nil {
		return nil, err
	}
	return map[string]any{"v": toUint8Array(prover.EncodeVector(v))}, nil
})

// fromCoefficients(v) -> {v}: v's coefficients taken to the coset (the second instance's, for C).
var fromCoefficients = withVector("v", func(v []fr.Element) (any, error) {
	if err := p.FromCoefficients(v); err != nil {
		return nil, err
	}
	return map[string]any{"v": toUint8Array(prover.EncodeVector(v))}, nil
})

// wireMSMs(wires, nbPublic) -> {parts: Uint8Array}: the wire MSMs (prover.EncodeWireParts), the
// second instance's while the first computes the quotient.
var wireMSMs = withVectorAndInt("wires", "nbPublic", func(wires []fr.Element, nbPublic int) (any, error) {
	w, err := p.WireMSMs(wires, nbPublic)
	if err != nil {
		return nil, err
	}
	return map[string]any{"parts": toUint8Array(prover.EncodeWireParts(w))}, nil
})

// begun is work on the proof between begin and finish (started), refused before begin. It reads
// started when it runs, in the goroutine, as the steps always did.
func begun(step string, work func(st *prover.Started) (any, error)) func() (any, error) {
	return func() (any, error) {
		if started == nil {
			return nil, notBegun(step)
		}
		return work(started)
	}
}

// noArgs is a function of no arguments whose work runs in the goroutine.
func noArgs(work func() (any, error)) func([]js.Value) (func() (any, error), error) {
	return func([]js.Value) (func() (any, error), error) { return work, nil }
}

// withVectors is a function of the two vectors b and c (vectorArgs), decoded when called; work
// runs on them in the goroutine.
func withVectors(work func(b, c []fr.Element) (any, error)) func([]js.Value) (func() (any, error), error) {
	return func(args []js.Value) (func() (any, error), error) {
		b, c, err := vectorArgs(args, "b", "c")
		if err != nil {
			return nil, err
		}
		return func() (any, error) { return work(b, c) }, nil
	}
}

// withVector is a function of one vector, decoded when called; work runs on it in the goroutine.
func withVector(name string, work func(v []fr.Element) (any, error)) func([]js.Value) (func() (any, error), error) {
	return func(args []js.Value) (func() (any, error), error) {
		v, err := vectorArg(args, 0, name)
		if err != nil {
			return nil, err
		}
		return func() (any, error) { return work(v) }, nil
	}
}

// withVectorAndInt is a function of a vector and a non-negative integer, both decoded when
// called; work runs on them in the goroutine.
func withVectorAndInt(vName, nName string, work func(v []fr.Element, n int) (any, error)) func([]js.Value) (func() (any, error), error) {
	return func(args []js.Value) (func() (any, error), error) {
		v, err := vectorArg(args, 0, vName)
		if err != nil {
			return nil, err
		}
		n, err := intArg(args, 1, nName)
		if err != nil {
			return nil, err
		}
		return func() (any, error) { return work(v, n) }, nil
	}
}

// vectorArg decodes argument i, a vector of field elements (prover.DecodeVector).
func vectorArg(args []js.Value, i int, name string) ([]fr.Element, error) {
	raw, err := bytesArg(args, i, name)
	if err != nil {
		return nil, err
	}
	v, err := prover.DecodeVector(raw)
	if err != nil {
		return nil, invalid("%s: %v", name, err)
	}
	return v, nil
}

// intArg is argument i, a non-negative integer.
func intArg(args []js.Value, i int, name string) (int, error) {
	if len(args) <= i || args[i].Type() != js.TypeNumber || args[i].Float() != float64(args[i].Int()) || args[i].Int() < 0 {
		return 0, invalid("%s must be a non-negative integer", name)
	}
	return args[i].Int(), nil
}

// vectorArgs decodes two vectors (vectorArg).
func vectorArgs(args []js.Value, names ...string) (_, _ []fr.Element, err error) {
	var vs [2][]fr.Element
	for i, name := range names {
		if vs[i], err = vectorArg(args, i, name); err != nil {
			return nil, nil, err
		}
	}
	return vs[0], vs[1], nil
}

// finish(part: Uint8Array(64), wires: Uint8Array) -> {proof: Uint8Array}: the proof from the
// second instance's zPart and wireMSMs.
func finish(args []js.Value) (func() (any, error), error) {
	b, err := bytesArg(args, 0, "part")
	if err != nil {
		return nil, err
	}
	var point curve.G1Affine
	if len(b) != curve.SizeOfG1AffineUncompressed {
		return nil, invalid("part must be %d bytes, got %d", curve.SizeOfG1AffineUncompressed, len(b))
	}
	if _, err := point.SetBytes(b); err != nil {
		return nil, invalid("part is not a G1 point: %v", err)
	}
	raw, err := bytesArg(args, 1, "wires")
	if err != nil {
		return nil, err
	}
	w, err := prover.DecodeWireParts(raw)
	if err != nil {
		return nil, err
	}
	return func() (any, error) {
		if started == nil {
			return nil, notBegun("finish")
		}
		if err := started.SetWireParts(w); err != nil {
			return nil, err
		}
		var part curve.G1Jac
		part.FromAffine(&point)
		proof, err := started.Finish(part)
		started = nil
		if err != nil {
			return nil, err
		}
		return map[string]any{"proof": toUint8Array(proof)}, nil
	}, nil
}

// loadKey(pk: Uint8Array) -> {ms}: the second instance's only artifact.
var loadKey = withBytes("pk", func(pk []byte) (any, error) {
	d, err := p.LoadProvingKey(pk) // pk's copy is garbage once this returns (withBytes)
	if err != nil {
		return nil, err
	}
	return map[string]any{"ms": float64(d.Microseconds()) / 1000}, nil
})

// zPart(tail: Uint8Array, from: number) -> {part: Uint8Array(64)}
var zPart = withVectorAndInt("tail", "from", func(h []fr.Element, from int) (any, error) {
	part, err := p.ZPart(h, from)
	if err != nil {
		return nil, err
	}
	var a curve.G1Affine
	a.FromJacobian(&part)
	raw := a.RawBytes()
	return map[string]any{"part": toUint8Array(raw[:])}, nil
})

// memory() -> {heapSys, heapInuse, totalAlloc, numGC}
var memory = noArgs(func() (any, error) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return map[string]any{
		"heapSys":    float64(m.HeapSys),
		"heapInuse":  float64(m.HeapInuse),
		"totalAlloc": float64(m.TotalAlloc),
		"numGC":      float64(m.NumGC),
	}, nil
})

// allocate(mib) grows the heap on purpose (out-of-memory tests): the memory
// is touched and stays referenced. Resolves {retainedMiB}.
func allocate(args []js.Value) (func() (any, error), error) {
	if len(args) < 1 || args[0].Type() != js.TypeNumber || args[0].Int() < 0 {
		return nil, invalid("allocate needs a number of MiB >= 0")
	}
	n := args[0].Int()
	return func() (any, error) {
		for range n {
			b := make([]byte, 1<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			retained = append(retained, b)
		}
		return map[string]any{"retainedMiB": len(retained)}, nil
	}, nil
}
