//go:build !wasm

package othello

import "sync/atomic"

// ttWord is a word of a table's entry, read and written atomically: the threads of a search
// share the table.
type ttWord = atomic.Uint64
