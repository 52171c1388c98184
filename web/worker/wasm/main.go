//go:build js && wasm

// Command wasm is the browser's engine: the worker package as a WebAssembly program. It
// installs one function, turncoatEngine(request, reply): request is a JSON message (see
// worker.Request), reply a function called once with the JSON answer. Each request is answered
// on a goroutine of its own, so the call returns at once and the worker's event loop keeps
// receiving messages between searches.
package main

import (
	"context"
	"syscall/js"

	"turncoat/games"
	"turncoat/web/worker"
)

func main() {
	eng := worker.New(games.Registry())
	handle := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[1].Type() != js.TypeFunction {
			return "turncoatEngine(request, reply): want a JSON request and a function"
		}
		req, reply := args[0].String(), args[1]
		go func() {
			reply.Invoke(string(eng.HandleJSON(context.Background(), []byte(req))))
		}()
		return nil
	})
	js.Global().Set("turncoatEngine", handle)
	if ready := js.Global().Get("turncoatEngineReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
