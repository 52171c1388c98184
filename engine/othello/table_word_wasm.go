//go:build wasm

package othello

// ttWord is a word of a table's entry. WebAssembly runs a search on one thread, and its atomic
// loads and stores are calls the compiler does not inline (a probe makes up to eight): plain
// loads and stores are as safe there and a few per cent faster in the browser.
type ttWord struct{ v uint64 }

func (w *ttWord) Load() uint64   { return w.v }
func (w *ttWord) Store(x uint64) { w.v = x }
