//go:build js && wasm

// Command kzg-wasm exposes gnark/ethkzg to JavaScript as globalThis.zkplayKzgGo:
//
//	init() → Promise<undefined>                 (loads the trusted setup)
//	call(op, argsJSON) → Promise<JSON string>   (ethkzg.Call: the answer or {"error": …})
//	measure(op, runs) → Promise<JSON string>    (ethkzg.Measure)
//
// Its own small build, loaded only by the KZG part of the Primitives view (scripts/lib/kzg.mjs).
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o OUT/kzg-go.wasm ./cmd/kzg-wasm
package main

import (
	"encoding/json"
	"sync"
	"syscall/js"

	"zkplay/gnark/ethkzg"
)

var (
	once   sync.Once
	kzg    *ethkzg.KZG
	kzgErr error
)

func context() (*ethkzg.KZG, error) {
	once.Do(func() { kzg, kzgErr = ethkzg.New(1) })
	return kzg, kzgErr
}

func main() {
	api := js.Global().Get("Object").New()
	api.Set("init", async(func(args []js.Value) (any, error) {
		_, err := context()
		return nil, err
	}))
	api.Set("call", async(func(args []js.Value) (any, error) {
		k, err := context()
		if err != nil {
			return nil, err
		}
		return k.Call(args[0].String(), args[1].String()), nil
	}))
	api.Set("measure", async(func(args []js.Value) (any, error) {
		k, err := context()
		if err != nil {
			return nil, err
		}
		m, err := k.Measure(args[0].String(), args[1].Int())
		if err != nil {
			return nil, err
		}
		out, _ := json.Marshal(m)
		return string(out), nil
	}))
	js.Global().Set("zkplayKzgGo", api)
	if cb := js.Global().Get("zkplayKzgGoOnReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {}
}

// async runs f off the JavaScript event loop's goroutine and answers with a Promise.
func async(f func(args []js.Value) (any, error)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		executor := js.FuncOf(func(this js.Value, pa []js.Value) any {
			resolve, reject := pa[0], pa[1]
			go func() {
				out, err := f(args)
				if err != nil {
					reject.Invoke(js.Global().Get("Error").New(err.Error()))
					return
				}
				resolve.Invoke(out)
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
}
