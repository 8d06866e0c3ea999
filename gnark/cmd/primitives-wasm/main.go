//go:build js && wasm

// Command primitives-wasm exposes the primitives timings to JavaScript as
// globalThis.zkplayPrimitivesGo.measure(op, curve, logN, runs, warmup) → Promise<JSON string>
// (one schema/primitive-result.schema.json record). A small build of its own: the Primitives
// view loads it lazily; it carries no prover.
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o OUT/primitives-go.wasm ./cmd/primitives-wasm
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"zkplay/gnark/primitives"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("measure", js.FuncOf(measure))
	js.Global().Set("zkplayPrimitivesGo", api)
	if cb := js.Global().Get("zkplayPrimitivesGoOnReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {}
}

func measure(this js.Value, args []js.Value) any {
	var c primitives.Case
	var runs, warmup int
	argErr := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("invalid arguments: %v", r)
			}
		}()
		if len(args) != 5 {
			return fmt.Errorf("measure(op, curve, logN, runs, warmup) takes 5 arguments, got %d", len(args))
		}
		c = primitives.Case{Op: primitives.Op(args[0].String()), Curve: args[1].String(), LogN: args[2].Int()}
		runs, warmup = args[3].Int(), args[4].Int()
		return nil
	}()
	executor := js.FuncOf(func(this js.Value, pa []js.Value) any {
		resolve, reject := pa[0], pa[1]
		go func() {
			if argErr != nil {
				reject.Invoke(js.Global().Get("Error").New(argErr.Error()))
				return
			}
			r, err := primitives.Measure(c, runs, warmup)
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			out, _ := json.Marshal(r)
			resolve.Invoke(string(out))
		}()
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}
