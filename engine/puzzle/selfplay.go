package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"turncoat/engine"
	"turncoat/game"
)

// maker makes the puzzles of one kind other than Othello from games the AI plays against
// itself. One maker serves one goroutine.
type maker interface {
	// game is the game the puzzles are of.
	game() game.Game
	// candidates plays game number i of the seed and returns the positions to try, in order:
	// the build takes the first that is a puzzle.
	candidates(ctx context.Context, seed uint64, i int) ([]candidate, error)
	// make tries a candidate: ok is false when it is not a puzzle.
	make(ctx context.Context, c candidate) (Puzzle, bool, error)
	// prove proves a puzzle of the kind.
	prove(ctx context.Context, p *Puzzle) error
}

// candidate is a position of a self-play game to try.
type candidate struct {
	state game.State
	// game is the self-play game's number in the seed's sequence, ply the moves before the
	// position.
	game, ply int
}

// newMaker returns a maker of kind's puzzles.
func newMaker(kind string) (maker, error) {
	switch kind {
	case Blocs:
		return newBlocsMaker(), nil
	case Troll:
		return newTrollMaker(), nil
	case Turnover:
		return newTurnoverMaker(), nil
	case Turncoat:
		return newTurncoatMaker(), nil
	}
	return nil, fmt.Errorf("no puzzles of kind %q from self-play (want %s, %s, %s or %s)", kind, Turnover, Blocs, Troll, Turncoat)
}

// Kinds are the kinds Build makes (Othello's set comes from real games: BuildOthello).
var Kinds = []string{Turnover, Blocs, Troll, Turncoat}

// Build makes opts.Count puzzles of kind (Turnover, Blocs, Troll or Turncoat) from games the AI
// plays against itself, game number i of the seed opening with random moves drawn from (seed,
// i): the first Count games that give a puzzle, one puzzle each, whatever the number of
// workers, so that the same seed and options give the same set. Ids are the kind's letter and
// the puzzle's number. Progress is told found, games played, and opts.MaxGames.
func Build(ctx context.Context, kind string, opts Options) ([]Puzzle, error) {
	letter := IDLetter(kind)
	workers := max(opts.Workers, 1)
	makers := make([]maker, workers)
	for i := range makers {
		m, err := newMaker(kind)
		if err != nil {
			return nil, err
		}
		makers[i] = m
	}
	maxGames := opts.MaxGames
	if maxGames <= 0 {
		maxGames = 50 * opts.Count
	}
	var out []Puzzle
	seen := map[string]bool{}
	for start, end := 0, 0; start < maxGames && len(out) < opts.Count; start = end {
		batch := max(workers, min(8*workers, opts.Count-len(out)))
		end = min(start+batch, maxGames)
		results := make([]*Puzzle, end-start)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := start + w; i < end; i += workers {
					p, err := fromGame(ctx, makers[w], opts.Seed, i)
					if err != nil {
						errs[w] = err
						return
					}
					results[i-start] = p
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		for _, p := range results {
			if p != nil && len(out) < opts.Count && !seen[p.Position] {
				seen[p.Position] = true
				p.ID = fmt.Sprintf("%s%d", letter, len(out)+1)
				out = append(out, *p)
			}
		}
		if opts.Progress != nil {
			opts.Progress(len(out), end, maxGames)
		}
	}
	if len(out) < opts.Count {
		return out, fmt.Errorf("only %d %s puzzles from %d games (wanted %d)", len(out), kind, maxGames, opts.Count)
	}
	return out, nil
}

// fromGame plays game i of the seed and returns its first candidate that is a puzzle, or nil.
func fromGame(ctx context.Context, m maker, seed uint64, i int) (*Puzzle, error) {
	cands, err := m.candidates(ctx, seed, i)
	if err != nil {
		return nil, err
	}
	for _, c := range cands {
		p, ok, err := m.make(ctx, c)
		if err != nil {
			return nil, err
		}
		if ok {
			p.Source.Game, p.Source.Ply = c.game+1, c.ply
			p.Source.Tournament = "self-play"
			return &p, nil
		}
	}
	return nil, nil
}

// gameRNG is the random source of game i of the seed.
func gameRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x73656c66706c6179, uint64(i)*0x9e3779b97f4a7c15+1))
}

// selfPlay plays a game from s: random moves for the first opening plies, then agents[p] for
// side p, until the game ends or maxPlies; it returns every position before a move (s first) and
// the final one. Both sides' moves at a simultaneous node come from their agents.
func selfPlay(ctx context.Context, s game.State, rng *rand.Rand, opening, maxPlies int, agents [2]engine.Agent) ([]game.State, error) {
	states := []game.State{s.Clone()}
	var buf []game.Action
	for ply := 0; ply < maxPlies && s.ToAct() != game.Nobody; ply++ {
		pick := func(p game.Player) (game.Action, error) {
			if ply < opening {
				buf = s.Legal(p, buf[:0])
				return buf[rng.IntN(len(buf))], nil
			}
			return agents[p].Choose(ctx, s, p)
		}
		acts := s.ToAct()
		if acts.Simultaneous() {
			var j game.Joint
			for p := game.First; p <= game.Second; p++ {
				a, err := pick(p)
				if err != nil {
					return nil, err
				}
				j[p] = a
			}
			if err := s.ApplyJoint(j); err != nil {
				return nil, err
			}
		} else {
			a, err := pick(acts.Single())
			if err != nil {
				return nil, err
			}
			if err := s.Apply(a); err != nil {
				return nil, err
			}
		}
		states = append(states, s.Clone())
	}
	return states, nil
}

// Prove proves one puzzle of any kind.
func Prove(ctx context.Context, p *Puzzle) error {
	if p.Kind == Othello {
		return NewProver().Prove(ctx, p)
	}
	m, err := newMaker(p.Kind)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return m.prove(ctx, p)
}

// optionsMap is the options of o that differ from the game's defaults (nil when none do), as a
// puzzle keeps them.
func optionsMap(g game.Game, o game.Options) map[string]string {
	def := game.DefaultOptions(g.OptionSpecs()).Map()
	var out map[string]string
	for k, v := range o.Map() {
		if def[k] != v {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// newState is the start of g under its default options.
func newState(g game.Game) game.State {
	s, err := g.New(game.DefaultOptions(g.OptionSpecs()))
	if err != nil {
		panic(err) // the defaults are valid options of every game
	}
	return s
}
