// Package puzzles serves the puzzles: the shipped set (built by package engine/puzzle and
// embedded here), the next puzzle at a player's rating, the daily puzzle, the checking of
// answers, and the Glicko-2 ratings of the players' puzzle play and of the puzzles themselves
// (as lichess rates its puzzles: a finished puzzle is a game between the player and the puzzle,
// won by the player who solved it).
//
// Only a player's first try of a puzzle is rated. A guest's rating is kept by the browser,
// which sends it with each attempt; the server rates the attempt from it and returns the new
// one, and leaves the puzzle's rating alone (a rating anyone can send moves nothing). A player
// who signs up brings it along: their first rated puzzle starts from it.
// Package puzzles serves the puzzles: the shipped set (built by package engine/puzzle and
// embedded here: every data/*.jsonl.gz, a file a kind), the next puzzle at a player's rating,
// the daily puzzle, the checking of answers, and the Glicko-2 ratings of the players' puzzle
// play and of the puzzles themselves (as lichess rates its puzzles: a finished puzzle is a game
// between the player and the puzzle, won by the player who solved it).
//
// Puzzles of every kind are served through the game contract: a puzzle's position is read with
// game.ReadPosition under its options (Othello's in its own text), the player's moves are read
// and written in the game's notation, and the replies are played on a game table whose views
// the player's board draws. An answer is checked by the values of the puzzle's steps, in its
// unit (discs, "mate", "result"): no search on a request.
//
// The player is the side to move of the puzzle's position. At a simultaneous node (a Turncoat
// round) both sides select: the player is the puzzle's Player (Red, the first side, when it
// names none), the player's move is that side's selection, and the first entry of the step's
// Reply is the other side's selection in the same round,
// revealed with the verdict, right or wrong (a selection does not depend on the other side's,
// which neither sees). The Reply's other entries, and Rest, are whole moves in the game's
// notation ("b2 c3" for a round).
//
// One puzzle rating per player across the kinds, as lichess has one across its themes. Only a
// player's first try of a puzzle is rated. A guest's rating is kept by the browser, which sends
// it with each attempt; the server rates the attempt from it and returns the new one, and
// leaves the puzzle's rating alone (a rating anyone can send moves nothing). A player who signs
// up brings it along: their first rated puzzle starts from it.
package puzzles

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/puzzle"
	"turncoat/game"
	"turncoat/games"
	"turncoat/games/reversi"
	"turncoat/rating"
)

//go:embed data/*.jsonl.gz
var shipped embed.FS

// Shipped returns the shipped set: every kind's file of data/, in the order of their names.
func Shipped() ([]puzzle.Puzzle, error) {
	names, err := fs.Glob(shipped, "data/*.jsonl.gz")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []puzzle.Puzzle
	for _, name := range names {
		b, err := shipped.ReadFile(name)
		if err != nil {
			return nil, err
		}
		ps, err := puzzle.Read(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, ps...)
	}
	return out, nil
}

// ReadFiles reads the sets of the files pattern matches (a set a kind, as data/ holds them):
// test sets, served beside the shipped one.
func ReadFiles(pattern string) ([]puzzle.Puzzle, error) {
	paths, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("puzzles: no file matches %s", pattern)
	}
	var out []puzzle.Puzzle
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		ps, err := puzzle.Read(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, ps...)
	}
	return out, nil
}

// StartDeviation is a puzzle's deviation before anyone played it: its starting rating is a
// guess from its shape (engine/puzzle), which the first players should move quickly.
const StartDeviation = 250

// Store is the service's port to the ratings it keeps: package store implements it.
type Store interface {
	// PuzzlePlayer returns a user's puzzle rating (rating.New() before their first puzzle).
	PuzzlePlayer(ctx context.Context, userID int64) (domain.PuzzleRating, error)
	// PuzzleRatings returns the ratings of the puzzles players have moved, by id.
	PuzzleRatings(ctx context.Context) (map[string]domain.PuzzleRating, error)
	// AttemptedPuzzles returns the ids of the puzzles a user has finished.
	AttemptedPuzzles(ctx context.Context, userID int64) (map[string]bool, error)
	// RatePuzzle records a user's first finish of a puzzle and updates both ratings (see
	// store.RatePuzzle); applied is false for a puzzle finished before.
	RatePuzzle(ctx context.Context, userID int64, puzzleID string, solved bool, now time.Time, first, start rating.Rating,
		update func(player, puzzle rating.Rating) (rating.Rating, rating.Rating, error)) (player, puzzle domain.PuzzleRating, applied bool, err error)
}

// Service serves a puzzle set.
type Service struct {
	set    []puzzle.Puzzle
	starts []game.State  // each puzzle's position
	player []game.Player // the side each puzzle's player plays
	byID   map[string]int
	order  []int            // indices of set by starting rating
	byKind map[string][]int // the same, of each kind
	kinds  []string         // the kinds of the set, in the registry's order
	store  Store
	sys    rating.System
	now    func() time.Time

	mu      sync.RWMutex
	current map[string]domain.PuzzleRating // the ratings players have moved
}

// New returns the service of a set, of any kinds of puzzles the games of the registry play;
// Start reads the puzzles' ratings. Every puzzle's line is played through once, so that a set
// whose moves a game does not take is refused here, not on a player's tap.
func New(store Store, set []puzzle.Puzzle, now func() time.Time) (*Service, error) {
	reg := games.Registry()
	s := &Service{set: slices.Clone(set), byID: make(map[string]int, len(set)), store: store, sys: rating.Default(), now: now,
		current: map[string]domain.PuzzleRating{}, byKind: map[string][]int{},
		starts: make([]game.State, len(set)), player: make([]game.Player, len(set))}
	for i := range s.set {
		p := &s.set[i]
		if _, dup := s.byID[p.ID]; dup {
			return nil, fmt.Errorf("puzzles: id %s twice in the set", p.ID)
		}
		if len(p.Steps) == 0 || len(p.Steps[0].Moves) == 0 {
			return nil, fmt.Errorf("puzzles: puzzle %s has no answer", p.ID)
		}
		st, side, err := startOf(reg, p)
		if err != nil {
			return nil, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
		}
		if p.Kind != puzzle.Othello {
			if err := canonicalLine(st, side, p); err != nil {
				return nil, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
			}
		}
		s.starts[i], s.player[i] = st, side
		s.byID[p.ID] = i
		s.order = append(s.order, i)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("puzzles: an empty set")
	}
	slices.SortStableFunc(s.order, func(a, b int) int { return s.set[a].Rating - s.set[b].Rating })
	for _, i := range s.order {
		s.byKind[s.set[i].Kind] = append(s.byKind[s.set[i].Kind], i)
	}
	for _, g := range reg.Games() {
		if len(s.byKind[g.Name()]) > 0 {
			s.kinds = append(s.kinds, g.Name())
		}
	}
	return s, nil
}

// startOf reads a puzzle's position and says which side the player plays.
func startOf(reg *game.Registry, p *puzzle.Puzzle) (game.State, game.Player, error) {
	if puzzle.IDLetter(p.Kind) == "" {
		return nil, 0, fmt.Errorf("no puzzles of kind %q", p.Kind)
	}
	if p.Kind == puzzle.Othello && len(p.Options) == 0 {
		b, err := puzzle.ParsePosition(p.Position)
		if err != nil {
			return nil, 0, err
		}
		st, err := reversi.FromBoard(b, reversi.Standard)
		if err != nil {
			return nil, 0, err
		}
		return st, game.Player(b.Turn), nil
	}
	g, err := reg.Lookup(p.Kind)
	if err != nil {
		return nil, 0, err
	}
	opts, err := game.ParseOptions(g.OptionSpecs(), p.Options)
	if err != nil {
		return nil, 0, err
	}
	st, err := game.ReadPosition(g, opts, p.Position)
	if err != nil {
		return nil, 0, err
	}
	acts := st.ToAct()
	switch {
	case acts == game.Nobody:
		return nil, 0, fmt.Errorf("the game is over in its position")
	case acts.Simultaneous():
		if p.Player == "" {
			return st, game.First, nil
		}
		side, err := game.ParsePlayer(p.Player)
		if err != nil {
			return nil, 0, fmt.Errorf("the puzzle's player: %w", err)
		}
		return st, side, nil
	}
	return st, acts.Single(), nil
}

// canonicalLine plays p's line from st and writes every move of its steps, replies and rest in
// the game's own notation (the texts FormatAction gives), so that a player's move, read and
// written the same way, is found among them by its text. It fails when a move is not legal
// where the line plays it.
func canonicalLine(st game.State, side game.Player, p *puzzle.Puzzle) error {
	st = st.Clone()
	steps := make([]puzzle.Step, len(p.Steps))
	for i, step := range p.Steps {
		if !st.ToAct().Has(side) {
			return fmt.Errorf("step %d: the player does not act", i+1)
		}
		steps[i] = puzzle.Step{Moves: make([]puzzle.MoveValue, len(step.Moves)), Reply: slices.Clone(step.Reply)}
		legal := st.Legal(side, nil)
		for k, mv := range step.Moves {
			a, err := st.ParseAction(side, strings.TrimSpace(mv.Move))
			if err == nil && !slices.Contains(legal, a) {
				err = fmt.Errorf("%w: not legal here", game.ErrIllegal)
			}
			if err != nil {
				return fmt.Errorf("step %d: move %q: %w", i+1, mv.Move, err)
			}
			steps[i].Moves[k] = puzzle.MoveValue{Move: st.FormatAction(side, a), Value: mv.Value}
		}
		reply, err := playStep(st, side, steps[i].Moves[0].Move, steps[i].Reply)
		if err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		steps[i].Reply = reply
	}
	rest := make([]string, len(p.Rest))
	for i, text := range p.Rest {
		m, err := game.ParseMove(st, text)
		if err == nil {
			rest[i] = game.FormatMove(st, m)
			err = game.PlayMove(st, m)
		}
		if err != nil {
			return fmt.Errorf("the rest's move %d (%s): %w", i+1, text, err)
		}
	}
	p.Steps, p.Rest = steps, rest
	return nil
}

// playStep plays the player's move and the replies on st (a simultaneous node's first reply
// is the opponent's selection of the same round) and returns the replies in the game's
// notation.
func playStep(st game.State, side game.Player, move string, reply []string) ([]string, error) {
	out := make([]string, 0, len(reply))
	a, err := st.ParseAction(side, move)
	if err != nil {
		return nil, err
	}
	if st.ToAct().Simultaneous() {
		if len(reply) == 0 {
			return nil, fmt.Errorf("a selection without the opponent's")
		}
		b, err := st.ParseAction(side.Other(), strings.TrimSpace(reply[0]))
		if err != nil {
			return nil, err
		}
		j := game.Joint{}
		j[side], j[side.Other()] = a, b
		out = append(out, st.FormatAction(side.Other(), b))
		if err := game.PlayJoint(st, j); err != nil {
			return nil, err
		}
		reply = reply[1:]
	} else if err := game.Play(st, side, a); err != nil {
		return nil, err
	}
	for _, text := range reply {
		m, err := game.ParseMove(st, text)
		if err != nil {
			return nil, fmt.Errorf("reply %s: %w", text, err)
		}
		out = append(out, game.FormatMove(st, m))
		if err := game.PlayMove(st, m); err != nil {
			return nil, fmt.Errorf("reply %s: %w", text, err)
		}
	}
	return out, nil
}

// Start reads the ratings players have given the puzzles.
func (s *Service) Start(ctx context.Context) error {
	cur, err := s.store.PuzzleRatings(ctx)
	if err != nil {
		return fmt.Errorf("puzzles: reading their ratings: %w", err)
	}
	s.mu.Lock()
	s.current = cur
	s.mu.Unlock()
	return nil
}

// Len is the number of puzzles.
func (s *Service) Len() int { return len(s.set) }

// Kinds are the kinds of puzzles of the set, in the order the games are listed.
func (s *Service) Kinds() []string { return slices.Clone(s.kinds) }

// KindCounts are the kinds of puzzles of the set with their numbers.
func (s *Service) KindCounts() api.PuzzleKinds {
	out := api.PuzzleKinds{Kinds: []api.PuzzleKind{}}
	for _, k := range s.kinds {
		out.Kinds = append(out.Kinds, api.PuzzleKind{Kind: k, Count: len(s.byKind[k])})
	}
	return out
}

// startRating is a puzzle's rating before anyone played it.
func startRating(p *puzzle.Puzzle) rating.Rating {
	return rating.Rating{Rating: float64(p.Rating), Deviation: StartDeviation, Volatility: rating.DefaultVolatility}
}

// ratingOf returns a puzzle's current rating.
func (s *Service) ratingOf(p *puzzle.Puzzle) domain.PuzzleRating {
	s.mu.RLock()
	r, ok := s.current[p.ID]
	s.mu.RUnlock()
	if !ok {
		return domain.PuzzleRating{Rating: startRating(p)}
	}
	return r
}

func (s *Service) lookup(id string) (int, error) {
	i, ok := s.byID[id]
	if !ok {
		return 0, domain.Errorf(domain.NotFound, "no puzzle %q", id).Words("puzzle.not_found", "id", id)
	}
	return i, nil
}

// Puzzle returns puzzle id as the player sees it.
func (s *Service) Puzzle(id string) (api.Puzzle, error) {
	i, err := s.lookup(id)
	if err != nil {
		return api.Puzzle{}, err
	}
	return s.wire(i)
}

// unitOf is the unit of p's values: "discs" for Othello's.
func unitOf(p *puzzle.Puzzle) string {
	if p.Unit == "" {
		return UnitDiscs
	}
	return p.Unit
}

// Units of the puzzles' values, as the API names them.
const (
	UnitDiscs  = "discs"
	UnitMate   = "mate"
	UnitResult = "result"
)

// goalOf is what the player of p must reach, in its unit: the number of the player's moves to
// mate, the result to keep (1 a win, 0 a draw); 0 in discs, whose value the end tells.
func goalOf(p *puzzle.Puzzle) int {
	switch unitOf(p) {
	case UnitMate:
		return MateValue - p.Value
	case UnitResult:
		return p.Value
	}
	return 0
}

// MateValue is the value of a mate now in the unit "mate": a mate in n of the player's moves
// is worth MateValue-n.
const MateValue = 100

// wire is what a player sees of puzzle i.
func (s *Service) wire(i int) (api.Puzzle, error) {
	p := &s.set[i]
	tb, side, err := s.table(i)
	if err != nil {
		return api.Puzzle{}, err
	}
	r := s.ratingOf(p)
	return api.Puzzle{
		ID: p.ID, Kind: p.Kind, View: tb.View(side, s.now()), Side: side, Moves: len(p.Steps), Empties: p.Empties,
		Unit: unitOf(p), Goal: goalOf(p), Actions: actionDetails(s.starts[i], side),
		Rating: int(r.Rating.Rating + 0.5), Plays: r.Attempts, Themes: p.Themes,
		Source: api.PuzzleSource{Black: p.Source.Black, White: p.Source.White, Year: p.Source.Year, Tournament: p.Source.Tournament},
	}, nil
}

// table returns a game table at puzzle i's position and the side the player plays.
func (s *Service) table(i int) (*game.Table, game.Player, error) {
	tb, err := game.NewTable(s.starts[i], game.TableConfig{Now: s.now()})
	if err != nil {
		return nil, 0, err
	}
	return tb, s.player[i], nil
}

// Daily returns the puzzle of the UTC day of t: the same all day on every server of the set.
// The days take the set's kinds in turn (the registry's order, day by day from the Unix epoch);
// within the kind the day's hash chooses.
func (s *Service) Daily(t time.Time) (api.Puzzle, error) {
	day := t.UTC().Format(time.DateOnly)
	h := fnv.New64a()
	h.Write([]byte(day))
	days := t.UTC().Unix() / 86400
	of := s.byKind[s.kinds[int(days%int64(len(s.kinds)))]]
	w, err := s.wire(of[h.Sum64()%uint64(len(of))])
	w.Daily = day
	return w, err
}

// nearby is how many puzzles of about the player's rating Next chooses among, so that two
// players of a rating do not all get the same puzzle.
const nearby = 12

// Next returns a puzzle of kind at the player's rating that they have not finished and that
// is not after (the puzzle just played): a signed-in player's stored rating, a guest's given
// one. Kind "" (or "any") takes a kind of the set at random, each as likely, so that every
// game has its turn whatever the sizes of their sets.
func (s *Service) Next(ctx context.Context, u *domain.User, guest float64, after, kind string) (api.Puzzle, error) {
	if kind == "" || kind == "any" {
		kind = s.kinds[rand.IntN(len(s.kinds))]
	}
	order := s.byKind[kind]
	if len(order) == 0 {
		return api.Puzzle{}, domain.Errorf(domain.NotFound, "no puzzles of kind %q (this server has %s)", kind, strings.Join(s.kinds, ", ")).
			Words("puzzle.no_kind", "kind", kind)
	}
	target := guest
	done := map[string]bool{}
	if u != nil {
		pr, err := s.store.PuzzlePlayer(ctx, u.ID)
		if err != nil {
			return api.Puzzle{}, err
		}
		if pr.Attempts > 0 || guest == 0 {
			target = pr.Rating.Rating
		}
		if done, err = s.store.AttemptedPuzzles(ctx, u.ID); err != nil {
			return api.Puzzle{}, err
		}
	}
	if target == 0 {
		target = rating.DefaultRating
	}
	done[after] = true
	// the nearest puzzles by starting rating, walking out both ways from the target
	at, _ := slices.BinarySearchFunc(order, int(target), func(i, t int) int { return s.set[i].Rating - t })
	lo, hi := at-1, at
	var picks []int
	for len(picks) < nearby && (lo >= 0 || hi < len(order)) {
		var i int
		if hi >= len(order) || (lo >= 0 && int(target)-s.set[order[lo]].Rating < s.set[order[hi]].Rating-int(target)) {
			i, lo = order[lo], lo-1
		} else {
			i, hi = order[hi], hi+1
		}
		if !done[s.set[i].ID] {
			picks = append(picks, i)
		}
	}
	if len(picks) == 0 {
		// every puzzle finished: the nearest again
		picks = append(picks, order[min(at, len(order)-1)])
	}
	return s.wire(picks[rand.IntN(len(picks))])
}

// Me returns a signed-in player's puzzle rating.
func (s *Service) Me(ctx context.Context, u *domain.User) (api.PuzzleMe, error) {
	pr, err := s.store.PuzzlePlayer(ctx, u.ID)
	if err != nil {
		return api.PuzzleMe{}, err
	}
	return api.PuzzleMe{Rating: pr.Rating, Attempts: pr.Attempts, Solved: pr.Solved}, nil
}

// guestRating is the rating a browser sent, made safe to rate from: a missing or broken one is a
// new player's; the rating is kept within the scale's usual bounds and the deviation at least
// minGuestDeviation (a rating from a browser is not proven, so it stays easy to move).
func guestRating(g *rating.Rating) rating.Rating {
	if g == nil || g.Validate() != nil {
		return rating.New()
	}
	r := *g
	r.Rating = max(100, min(r.Rating, 3500))
	r.Deviation = max(minGuestDeviation, min(r.Deviation, rating.DefaultDeviation))
	r.Volatility = max(0.01, min(r.Volatility, 0.2))
	return r
}

const minGuestDeviation = 60

// Rate returns the player's and the puzzle's ratings after the player solved the puzzle or
// failed it: one rating period of one game each, the puzzle the player's opponent.
func Rate(sys rating.System, player, puz rating.Rating, solved bool) (rating.Rating, rating.Rating, error) {
	score := rating.Loss
	if solved {
		score = rating.Win
	}
	p, err := sys.Update(player, []rating.Result{{Opponent: puz, Score: score}})
	if err != nil {
		return player, puz, err
	}
	z, err := sys.Update(puz, []rating.Result{{Opponent: player, Score: 1 - score}})
	return p, z, err
}

// Attempt checks the player's moves in puzzle id and, once the puzzle is over, rates it.
func (s *Service) Attempt(ctx context.Context, u *domain.User, id string, req api.PuzzleAttempt) (api.PuzzleResult, error) {
	i, err := s.lookup(id)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	p := &s.set[i]
	if req.Moves, err = s.canonical(i, req.Moves); err != nil {
		return api.PuzzleResult{}, err
	}
	v, err := Check(p, req.Moves)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	out := api.PuzzleResult{Result: v.Result, Reply: v.Reply, Value: p.Value, Loss: v.Loss, Unit: unitOf(p)}
	var tb *game.Table
	if out.Views, tb, err = s.views(i, req.Moves, v.Reply); err != nil {
		return api.PuzzleResult{}, err
	}
	if v.Result == api.PuzzleContinue {
		out.Actions = actionDetails(tb.State(), s.player[i])
		return out, nil
	}
	out.Best = p.Answer(len(req.Moves) - 1)
	out.Line = Line(p)
	solved := v.Result == api.PuzzleSolved
	if u == nil {
		before := guestRating(req.Guest)
		after, _, err := Rate(s.sys, before, s.ratingOf(p).Rating, solved)
		if err != nil {
			return api.PuzzleResult{}, err
		}
		out.Before, out.Rating, out.Rated = &before, &after, true
		out.PuzzleRating = int(s.ratingOf(p).Rating.Rating + 0.5)
		return out, nil
	}
	first := rating.New()
	if req.Guest != nil {
		first = guestRating(req.Guest)
	}
	var before rating.Rating
	player, puz, applied, err := s.store.RatePuzzle(ctx, u.ID, p.ID, solved, s.now(), first, startRating(p),
		func(pl, pz rating.Rating) (rating.Rating, rating.Rating, error) {
			before = pl
			return Rate(s.sys, pl, pz, solved)
		})
	if err != nil {
		return api.PuzzleResult{}, err
	}
	if !applied {
		before = player.Rating
	}
	s.mu.Lock()
	s.current[p.ID] = puz
	s.mu.Unlock()
	out.Before, out.Rating, out.Rated, out.Member = &before, &player.Rating, applied, true
	out.PuzzleRating = int(puz.Rating.Rating + 0.5)
	return out, nil
}

// canonical writes the player's moves in puzzle i as its steps do: Othello's squares in lower
// case; the other games' moves read at their positions (the answers played before them) and
// written back in the game's notation. A move the game cannot read there, or that is not
// legal, is refused as illegal; a count of moves no step has, or a move after a wrong one, is
// left to Check.
func (s *Service) canonical(i int, moves []string) ([]string, error) {
	p := &s.set[i]
	out := make([]string, len(moves))
	for k, m := range moves {
		out[k] = strings.TrimSpace(m)
		if p.Kind == puzzle.Othello {
			out[k] = strings.ToLower(out[k])
		}
	}
	if p.Kind == puzzle.Othello || len(moves) == 0 || len(moves) > len(p.Steps) {
		return out, nil
	}
	st, side := s.starts[i].Clone(), s.player[i]
	for k, m := range out {
		a, err := st.ParseAction(side, m)
		if err == nil {
			err = game.CheckLegal(st, side, a)
		}
		if err != nil {
			return nil, domain.Errorf(domain.IllegalMove, "move %d (%q) is not a legal move of the puzzle: %v", k+1, moves[k], err).
				Words("puzzle.illegal", "move", moves[k])
		}
		out[k] = st.FormatAction(side, a)
		if k == len(out)-1 || out[k] != p.Answer(k) {
			break
		}
		if _, err := playStep(st, side, out[k], p.Steps[k].Reply); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// views are the positions after the player's last move and after each of the replies. At a
// simultaneous node the player's move and the opponent's selection (reply's first) are one
// round, and so one view.
func (s *Service) views(i int, moves, reply []string) ([]game.View, *game.Table, error) {
	p := &s.set[i]
	tb, side, err := s.table(i)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	play := func(text string) error {
		acts := tb.ToAct()
		if !acts.Simultaneous() {
			_, err := tb.SubmitText(acts.Single(), text, now)
			return err
		}
		f := strings.Fields(text)
		if len(f) != 2 {
			return fmt.Errorf("%q: a round wants both sides' selections", text)
		}
		for pl := game.First; pl <= game.Second; pl++ {
			if _, err := tb.SubmitText(pl, f[pl], now); err != nil {
				return err
			}
		}
		return nil
	}
	// mine plays the player's move and, at a simultaneous node, the opponent's selection
	// (replies[0]); it returns the replies left.
	mine := func(m string, replies []string) ([]string, error) {
		if !tb.ToAct().Simultaneous() {
			_, err := tb.SubmitText(side, m, now)
			return replies, err
		}
		if len(replies) == 0 {
			return nil, fmt.Errorf("puzzle %s: a selection without the opponent's", p.ID)
		}
		if _, err := tb.SubmitText(side, m, now); err != nil {
			return nil, err
		}
		if _, err := tb.SubmitText(side.Other(), replies[0], now); err != nil {
			return nil, err
		}
		return replies[1:], nil
	}
	for k, m := range moves {
		if k == len(moves)-1 {
			break
		}
		rest, err := mine(m, p.Steps[k].Reply)
		if err != nil {
			return nil, nil, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", k+1, m, err)
		}
		for _, r := range rest {
			if err := play(r); err != nil {
				return nil, nil, err
			}
		}
	}
	rest, err := mine(moves[len(moves)-1], reply)
	if err != nil {
		return nil, nil, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", len(moves), moves[len(moves)-1], err)
	}
	views := []game.View{tb.View(side, now)}
	for _, r := range rest {
		if err := play(r); err != nil {
			return nil, nil, err
		}
		views = append(views, tb.View(side, now))
	}
	return views, tb, nil
}

// actionDetails describes p's legal moves in st square by square, for a game whose pieces go
// from one square to another (game.MoveDescriber); none for the others.
func actionDetails(st game.State, p game.Player) []api.Action {
	md, ok := st.(game.MoveDescriber)
	if !ok || !st.ToAct().Has(p) || st.ToAct().Simultaneous() {
		return nil
	}
	legal := st.Legal(p, nil)
	out := make([]api.Action, 0, len(legal))
	for _, a := range legal {
		out = append(out, api.Action{Move: st.FormatAction(p, a), MoveDescription: md.DescribeAction(p, a)})
	}
	return out
}

// Line is p's solution: every answer and reply, then the perfect play to the end. At a
// simultaneous node an answer and the opponent's selection are written as the round ("b2 c3",
// the first side's first).
func Line(p *puzzle.Puzzle) []string {
	var out []string
	for i, st := range p.Steps {
		if p.Kind == puzzle.Turncoat && len(st.Reply) > 0 {
			out = append(out, p.Answer(i)+" "+st.Reply[0])
			out = append(out, st.Reply[1:]...)
			continue
		}
		out = append(out, p.Answer(i))
		out = append(out, st.Reply...)
	}
	return append(out, p.Rest...)
}

// Verdict is what Check says of an attempt.
type Verdict struct {
	// Result is api.PuzzleContinue, PuzzleSolved or PuzzleFailed.
	Result string
	// Loss is how much the last move loses against the answer, in the puzzle's unit (0 when
	// right).
	Loss int
	// Reply is the opponent's answer when the puzzle goes on; at a simultaneous node its first
	// is the opponent's selection of the round, there with a wrong move too.
	Reply []string
}

// MaxAttemptMoves bounds an attempt's moves: no puzzle asks more.
const MaxAttemptMoves = puzzle.MaxSteps

// Check judges the player's moves in p, written as its steps write them (Othello's squares in
// any case). Every move but the last must be the answer of its step (the puzzle ends at the
// first wrong one, so an attempt that goes on after one is refused); the last is right when it
// keeps the position's exact value, which only the answer does: a puzzle's line stops before
// any turn where two moves would keep it. A right last move solves the puzzle at its last step,
// else the puzzle goes on with the opponent's reply.
func Check(p *puzzle.Puzzle, moves []string) (Verdict, error) {
	if len(moves) == 0 || len(moves) > len(p.Steps) {
		return Verdict{}, domain.Errorf(domain.BadRequest, "%d moves: puzzle %s wants 1 to %d", len(moves), p.ID, len(p.Steps)).
			Words("puzzle.moves_count", "n", fmt.Sprint(len(p.Steps)))
	}
	simultaneous := p.Kind == puzzle.Turncoat
	for i, m := range moves {
		m = strings.TrimSpace(m)
		if p.Kind == puzzle.Othello {
			m = strings.ToLower(m)
		}
		st := p.Steps[i]
		k := slices.IndexFunc(st.Moves, func(mv puzzle.MoveValue) bool { return mv.Move == m })
		if k < 0 {
			return Verdict{}, domain.Errorf(domain.IllegalMove, "move %d (%q) is not a legal move of the puzzle", i+1, moves[i]).
				Words("puzzle.illegal", "move", moves[i])
		}
		loss := st.Moves[0].Value - st.Moves[k].Value
		if i < len(moves)-1 {
			if loss != 0 {
				return Verdict{}, domain.Errorf(domain.BadRequest, "move %d (%s) was not the answer: the puzzle ended there", i+1, m).
					Words("puzzle.ended")
			}
			continue
		}
		switch {
		case loss != 0:
			v := Verdict{Result: api.PuzzleFailed, Loss: loss}
			if simultaneous && len(st.Reply) > 0 {
				v.Reply = st.Reply[:1]
			}
			return v, nil
		case i == len(p.Steps)-1:
			v := Verdict{Result: api.PuzzleSolved}
			if simultaneous && len(st.Reply) > 0 {
				v.Reply = st.Reply[:1]
			}
			return v, nil
		default:
			return Verdict{Result: api.PuzzleContinue, Reply: st.Reply}, nil
		}
	}
	panic("unreachable")
}

// State returns puzzle id's position, for its picture.
func (s *Service) State(id string) (game.State, error) {
	i, err := s.lookup(id)
	if err != nil {
		return nil, err
	}
	return s.starts[i].Clone(), nil
}

// Describe says what puzzle id asks, in English, for link previews: "Black to play (rated
// 1540)".
func (s *Service) Describe(id string) (title, desc string, err error) {
	i, err := s.lookup(id)
	if err != nil {
		return "", "", err
	}
	p, st := &s.set[i], s.starts[i]
	side := st.Game().SideNames(st.Options())[s.player[i]]
	r := int(s.ratingOf(p).Rating.Rating + 0.5)
	name := st.Game().Title()
	switch unitOf(p) {
	case UnitMate:
		desc = fmt.Sprintf("%s to play and win in %d, rated %d.", side, goalOf(p), r)
	case UnitResult:
		if p.Value > 0 {
			desc = fmt.Sprintf("%s to play and find the only winning move, rated %d.", side, r)
		} else {
			desc = fmt.Sprintf("%s to play and find the only move that holds the draw, rated %d.", side, r)
		}
	default:
		name = "Othello"
		desc = fmt.Sprintf("%s to play and find the only best move: %d empty squares, rated %d.", side, p.Empties, r)
	}
	if p.Source.Black != "" {
		desc += fmt.Sprintf(" From %s vs %s", p.Source.Black, p.Source.White)
		if p.Source.Tournament != "" {
			desc += ", " + p.Source.Tournament
		}
		if p.Source.Year > 0 {
			desc += fmt.Sprintf(" %d", p.Source.Year)
		}
		desc += "."
	}
	return name + " puzzle " + p.ID, desc, nil
}

// maxMoveText is the longest move text an attempt may send: longer than any game's move.
const maxMoveText = 16

// ValidateAttempt refuses an attempt no puzzle could take, before any is looked up: too many
// moves, or a move's text longer than any move's.
func ValidateAttempt(req api.PuzzleAttempt) error {
	if len(req.Moves) == 0 || len(req.Moves) > MaxAttemptMoves {
		return domain.Errorf(domain.BadRequest, "%d moves: an attempt has 1 to %d", len(req.Moves), MaxAttemptMoves).
			Words("puzzle.moves_count", "n", fmt.Sprint(MaxAttemptMoves))
	}
	for i, m := range req.Moves {
		if len(m) == 0 || len(m) > maxMoveText {
			return domain.Errorf(domain.BadRequest, "move %d: %q is not a move", i+1, m).Words("puzzle.illegal", "move", m)
		}
	}
	return nil
}
