//go:build !js

package ai

import (
	"turncoat/engine"
	"turncoat/engine/othello/nboard"
	"turncoat/game"
)

// "nboard" drives an external Othello engine over the NBoard protocol. It starts a process,
// which a browser cannot: the WebAssembly build leaves it out (and the process handling with it).

func init() {
	Register(Kind{Name: "nboard", Games: []string{"reversi"},
		Doc: "an external Othello engine speaking the NBoard protocol (e.g. \"nboard:cmd=edax -nboard,depth=10\", or \"nboard:edax -nboard\")",
		Params: []Param{
			{Name: "cmd", Type: ParamString, Doc: "the engine's command line (words separated by spaces; double quotes keep spaces in a word)"},
			{Name: "depth", Type: ParamInt, Unit: "plies", Min: 1, Max: 60, Default: "12", Doc: "the depth the engine is asked to search"},
		},
		Positional:    "cmd",
		StartsProcess: true,
		Make:          makeNBoard})
}

// makeNBoard builds an agent for an external NBoard engine.
func makeNBoard(_ game.Game, v Values, _ uint64) (engine.Agent, Resources, error) {
	a, err := nboard.NewEngineAgent(v.String("cmd"), int(v.Int("depth")))
	return a, Resources{Threads: 1}, err
}
