package othello

import (
	"bytes"
	_ "embed"
	"sync"
)

// evalWeights is the trained 8x8 evaluation ("turncoat train" reproduces it from the WTHOR
// databases).
//
//go:embed eval.weights
var evalWeights []byte

var defaultWeights = sync.OnceValue(func() *Weights {
	w, err := ReadWeights(bytes.NewReader(evalWeights))
	if err != nil {
		panic("reversi: the embedded evaluation is unreadable: " + err.Error())
	}
	return w
})

// DefaultWeights returns the trained 8x8 evaluation shipped with the engine (decoded on first
// use).
func DefaultWeights() *Weights { return defaultWeights() }
