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
package puzzles

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/puzzle"
	"turncoat/game"
	"turncoat/games/reversi"
	"turncoat/rating"
)

//go:embed data/othello.jsonl.gz
var shippedOthello []byte

// Shipped returns the shipped set.
func Shipped() ([]puzzle.Puzzle, error) {
	return puzzle.Read(bytes.NewReader(shippedOthello))
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
	set   []puzzle.Puzzle
	byID  map[string]int
	order []int // indices of set by starting rating
	store Store
	sys   rating.System
	now   func() time.Time

	mu      sync.RWMutex
	current map[string]domain.PuzzleRating // the ratings players have moved
}

// New returns the service of a set; Start reads the puzzles' ratings.
func New(store Store, set []puzzle.Puzzle, now func() time.Time) (*Service, error) {
	s := &Service{set: set, byID: make(map[string]int, len(set)), store: store, sys: rating.Default(), now: now,
		current: map[string]domain.PuzzleRating{}}
	for i, p := range set {
		if _, dup := s.byID[p.ID]; dup {
			return nil, fmt.Errorf("puzzles: id %s twice in the set", p.ID)
		}
		if p.Kind != puzzle.Othello {
			return nil, fmt.Errorf("puzzles: puzzle %s of kind %q: this server checks Othello puzzles only", p.ID, p.Kind)
		}
		if _, err := puzzle.ParsePosition(p.Position); err != nil {
			return nil, fmt.Errorf("puzzles: puzzle %s: %w", p.ID, err)
		}
		s.byID[p.ID] = i
		s.order = append(s.order, i)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("puzzles: an empty set")
	}
	slices.SortStableFunc(s.order, func(a, b int) int { return set[a].Rating - set[b].Rating })
	return s, nil
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

func (s *Service) lookup(id string) (*puzzle.Puzzle, error) {
	i, ok := s.byID[id]
	if !ok {
		return nil, domain.Errorf(domain.NotFound, "no puzzle %q", id).Words("puzzle.not_found", "id", id)
	}
	return &s.set[i], nil
}

// Puzzle returns puzzle id as the player sees it.
func (s *Service) Puzzle(id string) (api.Puzzle, error) {
	p, err := s.lookup(id)
	if err != nil {
		return api.Puzzle{}, err
	}
	return s.wire(p)
}

// wire is what a player sees of p.
func (s *Service) wire(p *puzzle.Puzzle) (api.Puzzle, error) {
	tb, side, err := s.table(p)
	if err != nil {
		return api.Puzzle{}, err
	}
	r := s.ratingOf(p)
	return api.Puzzle{
		ID: p.ID, Kind: p.Kind, View: tb.View(side, s.now()), Side: side, Moves: len(p.Steps), Empties: p.Empties,
		Rating: int(r.Rating.Rating + 0.5), Plays: r.Attempts, Themes: p.Themes,
		Source: api.PuzzleSource{Black: p.Source.Black, White: p.Source.White, Year: p.Source.Year, Tournament: p.Source.Tournament},
	}, nil
}

// table returns a game table at p's position and the side the player plays.
func (s *Service) table(p *puzzle.Puzzle) (*game.Table, game.Player, error) {
	b, err := puzzle.ParsePosition(p.Position)
	if err != nil {
		return nil, 0, err
	}
	st, err := reversi.FromBoard(b, reversi.Standard)
	if err != nil {
		return nil, 0, err
	}
	tb, err := game.NewTable(st, game.TableConfig{Now: s.now()})
	if err != nil {
		return nil, 0, err
	}
	return tb, game.Player(b.Turn), nil
}

// Daily returns the puzzle of the UTC day of t: the same all day on every server of the set.
func (s *Service) Daily(t time.Time) (api.Puzzle, error) {
	day := t.UTC().Format(time.DateOnly)
	h := fnv.New64a()
	h.Write([]byte(day))
	p := &s.set[s.order[h.Sum64()%uint64(len(s.order))]]
	w, err := s.wire(p)
	w.Daily = day
	return w, err
}

// nearby is how many puzzles of about the player's rating Next chooses among, so that two
// players of a rating do not all get the same puzzle.
const nearby = 12

// Next returns a puzzle at the player's rating that they have not finished and that is not
// after (the puzzle just played): a signed-in player's stored rating, a guest's given one.
func (s *Service) Next(ctx context.Context, u *domain.User, guest float64, after string) (api.Puzzle, error) {
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
	at, _ := slices.BinarySearchFunc(s.order, int(target), func(i, t int) int { return s.set[i].Rating - t })
	lo, hi := at-1, at
	var picks []int
	for len(picks) < nearby && (lo >= 0 || hi < len(s.order)) {
		var i int
		if hi >= len(s.order) || (lo >= 0 && int(target)-s.set[s.order[lo]].Rating < s.set[s.order[hi]].Rating-int(target)) {
			i, lo = s.order[lo], lo-1
		} else {
			i, hi = s.order[hi], hi+1
		}
		if !done[s.set[i].ID] {
			picks = append(picks, i)
		}
	}
	if len(picks) == 0 {
		// every puzzle finished: the nearest again
		picks = append(picks, s.order[min(at, len(s.order)-1)])
	}
	return s.wire(&s.set[picks[rand.IntN(len(picks))]])
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
	p, err := s.lookup(id)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	moves := make([]string, len(req.Moves))
	for i, m := range req.Moves {
		moves[i] = strings.ToLower(strings.TrimSpace(m))
	}
	req.Moves = moves
	v, err := Check(p, req.Moves)
	if err != nil {
		return api.PuzzleResult{}, err
	}
	out := api.PuzzleResult{Result: v.Result, Reply: v.Reply, Value: p.Value, Loss: v.Loss}
	if out.Views, err = s.views(p, req.Moves, v.Reply); err != nil {
		return api.PuzzleResult{}, err
	}
	if v.Result == api.PuzzleContinue {
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

// views are the positions after the player's last move and after each of the replies.
func (s *Service) views(p *puzzle.Puzzle, moves, reply []string) ([]game.View, error) {
	tb, side, err := s.table(p)
	if err != nil {
		return nil, err
	}
	now := s.now()
	play := func(text string) error {
		_, err := tb.SubmitText(tb.ToAct().Single(), text, now)
		return err
	}
	for i, m := range moves {
		if err := play(m); err != nil {
			return nil, domain.Errorf(domain.IllegalMove, "move %d (%s): %v", i+1, m, err)
		}
		if i < len(moves)-1 {
			for _, r := range p.Steps[i].Reply {
				if err := play(r); err != nil {
					return nil, err
				}
			}
		}
	}
	views := []game.View{tb.View(side, now)}
	for _, r := range reply {
		if err := play(r); err != nil {
			return nil, err
		}
		views = append(views, tb.View(side, now))
	}
	return views, nil
}

// Line is p's solution: every answer and reply, then the perfect play to the end.
func Line(p *puzzle.Puzzle) []string {
	var out []string
	for i, st := range p.Steps {
		out = append(out, p.Answer(i))
		out = append(out, st.Reply...)
	}
	return append(out, p.Rest...)
}

// Verdict is what Check says of an attempt.
type Verdict struct {
	// Result is api.PuzzleContinue, PuzzleSolved or PuzzleFailed.
	Result string
	// Loss is how many discs the last move loses against the answer (0 when right).
	Loss int
	// Reply is the opponent's answer when the puzzle goes on.
	Reply []string
}

// MaxAttemptMoves bounds an attempt's moves: no puzzle asks more.
const MaxAttemptMoves = puzzle.MaxSteps

// Check judges the player's moves in p. Every move but the last must be the answer of its
// step (the puzzle ends at the first wrong one, so an attempt that goes on after one is
// refused); the last is right when it keeps the position's exact value, which only the answer
// does: a puzzle's line stops before any turn where two moves would keep it. A right last move
// solves the puzzle at its last step, else the puzzle goes on with the opponent's reply.
func Check(p *puzzle.Puzzle, moves []string) (Verdict, error) {
	if len(moves) == 0 || len(moves) > len(p.Steps) {
		return Verdict{}, domain.Errorf(domain.BadRequest, "%d moves: puzzle %s wants 1 to %d", len(moves), p.ID, len(p.Steps)).
			Words("puzzle.moves_count", "n", fmt.Sprint(len(p.Steps)))
	}
	for i, m := range moves {
		m = strings.ToLower(strings.TrimSpace(m))
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
			return Verdict{Result: api.PuzzleFailed, Loss: loss}, nil
		case i == len(p.Steps)-1:
			return Verdict{Result: api.PuzzleSolved}, nil
		default:
			return Verdict{Result: api.PuzzleContinue, Reply: st.Reply}, nil
		}
	}
	panic("unreachable")
}

// State returns puzzle id's position, for its picture.
func (s *Service) State(id string) (game.State, error) {
	p, err := s.lookup(id)
	if err != nil {
		return nil, err
	}
	tb, _, err := s.table(p)
	if err != nil {
		return nil, err
	}
	return tb.State(), nil
}

// Describe says what puzzle id asks, in English, for link previews: "Black to play (rated
// 1540)".
func (s *Service) Describe(id string) (title, desc string, err error) {
	p, err := s.lookup(id)
	if err != nil {
		return "", "", err
	}
	side := "Black"
	if strings.HasSuffix(p.Position, " O") {
		side = "White"
	}
	r := s.ratingOf(p)
	desc = fmt.Sprintf("%s to play and find the only best move: %d empty squares, rated %d.", side, p.Empties, int(r.Rating.Rating+0.5))
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
	return "Othello puzzle " + p.ID, desc, nil
}

// ValidateAttempt refuses an attempt no puzzle could take, before any is looked up: too many
// moves, or a move's text longer than any move's.
func ValidateAttempt(req api.PuzzleAttempt) error {
	if len(req.Moves) == 0 || len(req.Moves) > MaxAttemptMoves {
		return domain.Errorf(domain.BadRequest, "%d moves: an attempt has 1 to %d", len(req.Moves), MaxAttemptMoves).
			Words("puzzle.moves_count", "n", fmt.Sprint(MaxAttemptMoves))
	}
	for i, m := range req.Moves {
		if len(m) == 0 || len(m) > 8 {
			return domain.Errorf(domain.BadRequest, "move %d: %q is not a move", i+1, m).Words("puzzle.illegal", "move", m)
		}
	}
	return nil
}
