package ai

import (
	"fmt"
	"strconv"
	"time"

	"turncoat/engine"
	"turncoat/engine/othello"
	"turncoat/engine/othello/nboard"
	"turncoat/game"
	"turncoat/games/reversi"
)

// The Othello engine's agents: its levels, "reversi-ab" for a search with explicit limits, and
// "nboard" for an external engine driven over the NBoard protocol.

func init() {
	RegisterGreedyScore("reversi", reversiDiscs)
	RegisterLevels("reversi", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, error) {
		return othello.NewLevelAgent(int(l), seed)
	})
	Register(Kind{Name: "reversi-ab", Games: []string{"reversi"},
		Doc: "the Othello engine (alpha-beta search, learned evaluation, exact endgame solver); parameters: " +
			"level=1-10 (a preset of the others), depth=N (plies), time=DURATION (per move: 500ms, 2s; a bare number is ms), " +
			"nodes=N, exact=N and wld=N (solve exactly / for win-loss-draw with this many empties or fewer), " +
			"threads=N, hash=MB, noise=DISCS (randomness of the choice)",
		Make: makeReversiAB})
	Register(Kind{Name: "nboard", Games: []string{"reversi"},
		Doc: "an external Othello engine speaking the NBoard protocol: nboard:cmd=COMMAND LINE[,depth=N] " +
			"(e.g. \"nboard:cmd=edax -nboard,depth=10\"; depth 12 by default), or nboard:COMMAND LINE",
		Make: makeNBoard})
}

// makeNBoard builds an agent for an external NBoard engine: its command line is the cmd
// parameter, or the whole raw text when there is none.
func makeNBoard(_ game.Game, p Params, _ uint64) (engine.Agent, error) {
	cmd := p.String("cmd", p.Raw)
	depth, err := p.Int("depth", 12)
	if err != nil {
		return nil, err
	}
	if depth < 1 || depth > 60 {
		return nil, fmt.Errorf("agent parameter depth=%d: want 1 to 60", depth)
	}
	return nboard.NewEngineAgent(cmd, int(depth))
}

// makeReversiAB builds a reversi-ab agent from a level preset and explicit limits.
func makeReversiAB(_ game.Game, p Params, seed uint64) (engine.Agent, error) {
	level, err := p.Int("level", 10)
	if err != nil {
		return nil, err
	}
	lv, err := othello.LevelOf(int(level))
	if err != nil {
		return nil, err
	}
	lim := lv.Limits
	ints := []struct {
		name string
		dst  *int
	}{{"depth", &lim.Depth}, {"exact", &lim.ExactEmpties}, {"wld", &lim.WLDEmpties}, {"noise", &lv.Noise}}
	for _, f := range ints {
		v, err := p.Int(f.name, int64(*f.dst))
		if err != nil {
			return nil, err
		}
		if v < 0 || v > 64 {
			return nil, fmt.Errorf("agent parameter %s=%d: want 0 to 64", f.name, v)
		}
		*f.dst = int(v)
	}
	nodes, err := p.Int("nodes", int64(lim.Nodes))
	if err != nil {
		return nil, err
	}
	if nodes < 0 {
		return nil, fmt.Errorf("agent parameter nodes=%d: want a positive number", nodes)
	}
	lim.Nodes = uint64(nodes)
	if t := p.String("time", ""); t != "" {
		if lim.Time, err = parseMoveTime(t); err != nil {
			return nil, err
		}
	}
	threads, err := p.Int("threads", 1)
	if err != nil {
		return nil, err
	}
	hash, err := p.Int("hash", int64(lv.TableBytes>>20))
	if err != nil {
		return nil, err
	}
	if threads < 1 || threads > 64 || hash < 1 || hash > 1<<16 {
		return nil, fmt.Errorf("agent parameters threads=%d hash=%d: want 1-64 threads and 1-65536 MB", threads, hash)
	}
	if lim.Depth == 0 && lim.Time == 0 && lim.Nodes == 0 {
		return nil, fmt.Errorf("reversi-ab needs a limit: depth, time or nodes")
	}
	name := fmt.Sprintf("reversi-ab level %d", level)
	if p.Raw != "" {
		name = "reversi-ab:" + p.Raw
	}
	return othello.NewAgent(name, lim, lv.Noise, othello.Options{TableBytes: int(hash) << 20, Threads: int(threads)}, seed), nil
}

// parseMoveTime reads a time per move: a Go duration ("1.5s", "200ms") or a number of
// milliseconds.
func parseMoveTime(s string) (time.Duration, error) {
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
		if ms < 0 {
			return 0, fmt.Errorf("agent parameter time=%s: negative", s)
		}
		return time.Duration(ms) * time.Millisecond, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("agent parameter time=%q: want a duration like 500ms or 2s", s)
	}
	return d, nil
}

// reversiDiscs is p's disc count minus the opponent's.
func reversiDiscs(s game.State, p game.Player) float64 {
	b := s.(*reversi.State).Board()
	black, white, _ := b.Counts()
	if p == game.First {
		return float64(black - white)
	}
	return float64(white - black)
}
