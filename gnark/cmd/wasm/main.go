//go:build js && wasm

// Command wasm exposes the prover to JavaScript as globalThis.zkplayGnark.
// Every method returns a Promise; the work runs in a goroutine so the
// js.FuncOf callback never blocks the event loop.
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o OUT/gnark.wasm ./cmd/wasm
package main

import (
	"errors"
	"fmt"
	"runtime"
	"syscall/js"
	"time"

	"github.com/consensys/gnark/logger"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
)

var (
	p        prover.Prover
	retained [][]byte // memory held on purpose by allocate()
)

func main() {
	logger.Disable() // gnark's console logging would flood the worker's console

	api := js.Global().Get("Object").New()
	api.Set("load", promiseFunc(load))
	api.Set("prove", promiseFunc(prove))
	api.Set("verify", promiseFunc(verify))
	api.Set("memory", promiseFunc(memory))
	api.Set("allocate", promiseFunc(allocate))
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
	code := prover.CodeInternal
	var pe *prover.Error
	if errors.As(err, &pe) {
		code = pe.Code
	}
	e := js.Global().Get("Error").New(err.Error())
	e.Set("code", code)
	return e
}

func invalid(format string, args ...any) error {
	return &prover.Error{Code: prover.CodeInvalidInput, Err: fmt.Errorf(format, args...)}
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
func prove(args []js.Value) (func() (any, error), error) {
	msg, err := bytesArg(args, 0, "message")
	if err != nil {
		return nil, err
	}
	return func() (any, error) {
		proof, wd, pd, err := p.Prove(msg)
		if err != nil {
			return nil, err
		}
		return map[string]any{"proof": toUint8Array(proof), "phases": phasesJS(prover.Witness.Took(wd), prover.Prove.Took(pd))}, nil
	}, nil
}

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

// memory() -> {heapSys, heapInuse, totalAlloc, numGC}
func memory([]js.Value) (func() (any, error), error) {
	return func() (any, error) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{
			"heapSys":    float64(m.HeapSys),
			"heapInuse":  float64(m.HeapInuse),
			"totalAlloc": float64(m.TotalAlloc),
			"numGC":      float64(m.NumGC),
		}, nil
	}, nil
}

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
