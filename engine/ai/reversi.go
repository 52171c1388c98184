package ai

import (
	"fmt"

	"turncoat/engine"
	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/game"
	"turncoat/games/reversi"
)

// The Othello engine's agents: its levels, and "reversi-ab" for a search with explicit limits
// ("nboard", an external engine, is in nboard.go).

func init() {
	RegisterGreedyScore("reversi", reversiDiscs)
	RegisterLevels("reversi", func(g game.Game, l engine.Level, seed uint64) (engine.Agent, Resources, error) {
		lv, err := othello.LevelOf(int(l))
		if err != nil {
			return nil, Resources{}, err
		}
		a, err := othello.NewLevelAgent(int(l), seed)
		if err == nil && lv.Book {
			err = giveBook(a)
		}
		return a, othelloResources(lv.Limits, lv.TableBytes, 1), err
	})
	Register(Kind{Name: "reversi-ab", Games: []string{"reversi"},
		Doc: "the Othello engine (alpha-beta search, learned evaluation, exact endgame solver)",
		Params: []Param{
			{Name: "level", Type: ParamInt, Min: 1, Max: 10, Default: "10", Doc: "a preset of depth, time, exact, wld, hash and noise"},
			{Name: "depth", Type: ParamInt, Unit: "plies", Min: 0, Max: 64, Doc: "the deepest midgame search (0: none); default: the level's"},
			{Name: "time", Type: ParamDuration, Min: 0, Max: 3600, Doc: "time per move (0: none); default: the level's"},
			{Name: "nodes", Type: ParamInt, Unit: "nodes", Min: 0, Max: 1e12, Doc: "nodes per move (0: no budget); default: the level's"},
			{Name: "exact", Type: ParamInt, Unit: "empties", Min: 0, Max: 64, Doc: "solve exactly with this many empty squares or fewer; default: the level's"},
			{Name: "wld", Type: ParamInt, Unit: "empties", Min: 0, Max: 64, Doc: "solve for win, loss or draw with this many empty squares or fewer; default: the level's"},
			{Name: "threads", Type: ParamInt, Unit: "threads", Min: 1, Max: 64, Default: "1", Doc: "threads of the search"},
			{Name: "hash", Type: ParamInt, Unit: "MB", Min: 1, Max: 1 << 16, Doc: "the transposition table; default: the level's"},
			{Name: "noise", Type: ParamInt, Unit: "discs", Min: 0, Max: 64, Doc: "randomness added to each move's value; default: the level's"},
			{Name: "book", Type: ParamInt, Min: 0, Max: 1, Doc: "1: play from the opening book while the position is in it, 0: never; default: the level's (8-10 do)"},
		},
		Make: makeReversiAB})
}

// othelloResources returns what an Othello agent uses: its table, shared by its threads, and
// each thread's own tables.
func othelloResources(lim othello.Limits, tableBytes, threads int) Resources {
	memory := int64(tableBytes) + int64(threads)*int64(othello.SearcherBytes)
	return Resources{Threads: threads, Memory: memory, MoveTime: lim.Time, Nodes: int64(lim.Nodes)}
}

// makeReversiAB builds a reversi-ab agent from a level preset and explicit limits.
func makeReversiAB(_ game.Game, v Values, seed uint64) (engine.Agent, Resources, error) {
	level := int(v.Int("level"))
	lv, err := othello.LevelOf(level)
	if err != nil {
		return nil, Resources{}, err
	}
	lim := lv.Limits
	for _, f := range []struct {
		name string
		dst  *int
	}{{"depth", &lim.Depth}, {"exact", &lim.ExactEmpties}, {"wld", &lim.WLDEmpties}, {"noise", &lv.Noise}} {
		if v.Given(f.name) {
			*f.dst = int(v.Int(f.name))
		}
	}
	if v.Given("nodes") {
		lim.Nodes = uint64(v.Int("nodes"))
	}
	if v.Given("depth") || v.Given("nodes") {
		// explicit limits search as asked, iteration after iteration, without the level's
		// managed time stopping them early
		lim.Managed = false
	}
	if v.Given("time") {
		lim.Time = v.Duration("time")
	}
	if v.Given("hash") {
		lv.TableBytes = int(v.Int("hash")) << 20
	}
	threads := int(v.Int("threads"))
	if lim.Depth == 0 && lim.Time == 0 && lim.Nodes == 0 {
		return nil, Resources{}, fmt.Errorf("reversi-ab needs a limit: depth, time or nodes above 0")
	}
	name := fmt.Sprintf("reversi-ab level %d", level)
	if v.Raw() != "" {
		name = "reversi-ab:" + v.Raw()
	}
	a := othello.NewAgent(name, lim, lv.Noise, othello.Options{TableBytes: lv.TableBytes, Threads: threads}, seed)
	if v.Given("book") {
		lv.Book = v.Int("book") == 1
	}
	if lv.Book {
		if err := giveBook(a); err != nil {
			return nil, Resources{}, err
		}
	}
	return a, othelloResources(lim, lv.TableBytes, threads), nil
}

// giveBook gives an agent the shipped opening book, shared by every agent (they only read it).
// A server that learns gives its agents its own book instead (Agent.SetBook).
func giveBook(a *othello.Agent) error {
	b, err := book.SharedShipped()
	if err != nil {
		return fmt.Errorf("the opening book: %w", err)
	}
	a.SetBook(b)
	return nil
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
