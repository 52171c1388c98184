// Package trainer is the opening trainer of 8x8 Othello: it drills a line of the opening book (a
// named opening, or a line of the account's own games) with the player playing one colour and
// the book the other, the book's replies chosen at random weighted by how often they were
// played in the book's games (the WTHOR games' counts each book position keeps), and each of
// the player's moves judged against the book: in the book or not, and how many discs it gives
// away against the book's best move. A signed-in account keeps a schedule of the lines it
// drilled (a Leitner schedule: a missed line comes back the next day at the latest, one played
// right moves out a box further each time). A guest's schedule is kept by the browser, with
// the same boxes, and brought into the account when the guest signs up (Adopt).
//
// A drill is stateless: each step sends the line, the colour, the moves so far and the seed
// that picks the replies, and the service checks it all again (the book's replies among the
// moves must be the line's, or book moves past it), so that nothing of a drill lives on the
// server but its result.
//
// Errors are domain.Error values: BadRequest for a bad drill, BadNotation or IllegalMove for
// its moves, Unauthorized for a schedule without an account.
package trainer

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/othello"
	"turncoat/engine/othello/book"
	"turncoat/games/discs"
	"turncoat/games/reversi"
	"turncoat/platform/clock"
)

// Margin is how many discs below the book's best a move may be and still count as right: the
// book's values come from searches a few plies deep, whose errors are of this size.
const Margin = 2

// searchDepth is the depth of the search that values a move the book does not have when the
// book does not say its own (one less than the book's leaves, as their moves' positions were).
const searchDepth = 7

// repertoireGames is how many of the book's games a position of an account's line must have
// been reached by to belong to its repertoire (the shipped book's positions all have as many):
// an account's line is drilled as far as the book knows it from more than its own games.
const repertoireGames = 10

// repertoireCap bounds a repertoire line, and repertoireLines the lines listed.
const (
	repertoireCap   = 20
	repertoireLines = 30
	repertoireScan  = 300
)

// maxDrillText bounds the text of a line or of a drill's moves.
const maxDrillText = 4 * book.MaxPlies

// Config sets up the service.
type Config struct {
	// Store keeps the accounts' schedules and gives their games (nil: no schedule, no
	// repertoire).
	Store Store
	// Book is the opening book drilled (the server's, with its learned games).
	Book  *book.Book
	Clock clock.Clock
}

// Service is the opening trainer.
type Service struct {
	store Store
	book  *book.Book
	clk   clock.Clock
}

// New returns the trainer on a book.
func New(cfg Config) *Service {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	return &Service{store: cfg.Store, book: cfg.Book, clk: cfg.Clock}
}

// colors are the player's colours, by the side that moves (black first).
var colors = [2]string{"black", "white"}

// Openings lists the named openings (each with its moves, all in the book), and the account's
// repertoire when u is a signed-in account.
func (s *Service) Openings(ctx context.Context, u *domain.User) (api.TrainerOpenings, error) {
	out := api.TrainerOpenings{Openings: []api.TrainerLine{}, Repertoire: []api.TrainerLine{}, Margin: Margin, Plies: s.book.Plies()}
	for _, nl := range book.OpeningNames() {
		if s.inBook(nl[1]) {
			out.Openings = append(out.Openings, api.TrainerLine{Name: nl[0], Line: nl[1]})
		}
	}
	slices.SortStableFunc(out.Openings, func(a, b api.TrainerLine) int { return strings.Compare(a.Name, b.Name) })
	if u == nil || u.Guest || s.store == nil {
		return out, nil
	}
	rep, err := s.repertoire(ctx, u.ID)
	if err != nil {
		return out, err
	}
	out.Repertoire, out.Schedule = rep, true
	return out, nil
}

// inBook reports whether every position of a line is in the book.
func (s *Service) inBook(line string) bool {
	moves, err := parseLine(line)
	if err != nil {
		return false
	}
	b := reversi.Start(8)
	for _, m := range moves {
		if _, err := b.Play(m); err != nil {
			return false
		}
		if _, in := s.book.Lookup(b); !in {
			return false
		}
	}
	return true
}

// repertoire returns the lines of the account's learned games, each as far as the book's
// positions were reached by repertoireGames games (and at most repertoireCap moves), with the
// colour it played: the most played first.
func (s *Service) repertoire(ctx context.Context, userID int64) ([]api.TrainerLine, error) {
	games, err := s.store.PlayedGames(ctx, userID, repertoireScan)
	if err != nil {
		return nil, err
	}
	type key struct{ color, line string }
	count := map[key]int{}
	var order []key
	for _, g := range games {
		rec, err := reversi.ParseMoveList(g.Moves, reversi.Start(8))
		if err != nil || g.Side < 0 || g.Side > 1 {
			continue
		}
		b := reversi.Start(8)
		var names []string
		for _, m := range rec.Moves {
			if m == reversi.Pass || len(names) == repertoireCap {
				break
			}
			next := b
			if _, err := next.Play(m); err != nil {
				break
			}
			if e, in := s.book.Lookup(next); !in || e.Games < repertoireGames {
				break
			}
			b = next
			names = append(names, reversi.SquareName(m))
		}
		// a line must reach the player's own second move to be worth a drill
		if len(names) < 3+g.Side {
			continue
		}
		k := key{colors[g.Side], strings.Join(names, "")}
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	slices.SortStableFunc(order, func(a, b key) int { return count[b] - count[a] })
	out := []api.TrainerLine{}
	for _, k := range order[:min(len(order), repertoireLines)] {
		moves, _ := parseLine(k.line)
		name, _ := book.LineName(reversi.Start(8), moves)
		out = append(out, api.TrainerLine{Name: name, Line: k.line, Color: k.color, Games: count[k]})
	}
	return out, nil
}

// parseLine reads a move list from the start, refusing passes (a drill ends before any).
func parseLine(text string) ([]int, error) {
	rec, err := reversi.ParseMoveList(text, reversi.Start(8))
	if err != nil {
		return nil, err
	}
	if slices.Contains(rec.Moves, reversi.Pass) {
		return nil, errors.New("a drill has no passes")
	}
	return rec.Moves, nil
}

// moveError is the error of a drill's move list: BadNotation, or IllegalMove for a move that
// is not legal.
func moveError(field string, err error) error {
	code := domain.BadNotation
	if errors.Is(err, reversi.ErrIllegalMove) || errors.Is(err, reversi.ErrAfterEnd) {
		code = domain.IllegalMove
	}
	return domain.Errorf(code, "%s: %v", field, err).Words("trainer.bad_moves", "field", field, "error", err.Error())
}

// drill is a drill being checked.
type drill struct {
	s      *Service
	player int // the side the player plays (0 black)
	line   []int
	// lineKeys are the positions of the line (the start first), canonical: a drill that
	// transposes into the line, or plays it mirrored, is still on it.
	lineKeys []book.Key
	seed     uint64
	plies    int

	b      reversi.Board
	ply    int
	onLine bool
	moves  []string
	checks []api.MoveCheck
	end    string
}

// Drill checks a drill's moves and adds the book's reply when the book is to move; when the
// drill is over, it records the result in u's schedule (a signed-in account's).
func (s *Service) Drill(ctx context.Context, u *domain.User, req api.Drill) (api.DrillStep, error) {
	d, err := s.newDrill(req)
	if err != nil {
		return api.DrillStep{}, err
	}
	if len(req.Moves) > maxDrillText {
		return api.DrillStep{}, domain.Errorf(domain.BadRequest, "moves: at most %d moves", book.MaxPlies).Words("trainer.too_long", "field", "moves")
	}
	moves, err := parseLine(req.Moves)
	if err != nil {
		return api.DrillStep{}, moveError("moves", err)
	}
	for i, m := range moves {
		if d.end != "" {
			return api.DrillStep{}, domain.Errorf(domain.BadRequest, "the drill ended before move %d", i+1).Words("trainer.over", "n", fmt.Sprint(i+1))
		}
		if d.b.Turn == d.player {
			if err := d.playerMove(ctx, m); err != nil {
				return api.DrillStep{}, err
			}
		} else if !d.bookReply(m) {
			return api.DrillStep{}, domain.Errorf(domain.BadRequest, "move %d (%s) is not the book's reply", i+1, reversi.SquareName(m)).
				Words("trainer.not_reply", "n", fmt.Sprint(i+1), "move", reversi.SquareName(m))
		} else {
			d.play(m)
		}
	}
	out := api.DrillStep{Seed: d.seed, Plies: d.plies, Checks: d.checks}
	if d.end == "" && d.b.Turn != d.player {
		if m, ok := d.reply(); ok {
			d.play(m)
			out.Reply = reversi.SquareName(m)
		}
	}
	d.ends()
	out.Moves, out.Ply, out.End, out.Done = d.moves, d.ply, d.end, d.end != ""
	if out.Moves == nil {
		out.Moves = []string{}
	}
	if out.Checks == nil {
		out.Checks = []api.MoveCheck{}
	}
	if !out.Done {
		out.ToMove = colors[d.b.Turn]
	}
	out.Opening, _ = book.LineName(reversi.Start(8), d.squares())
	if out.Done {
		out.Right = true
		for _, c := range d.checks {
			out.Right = out.Right && c.Right
		}
		if u != nil && !u.Guest && s.store != nil && len(d.checks) > 0 {
			l, err := s.record(ctx, u.ID, req, d, out.Right)
			if err != nil {
				return out, err
			}
			out.Schedule = &l
		}
	}
	return out, nil
}

// newDrill reads a drill's line, colour, seed and depth.
func (s *Service) newDrill(req api.Drill) (*drill, error) {
	d := &drill{s: s, seed: req.Seed, b: reversi.Start(8), onLine: true}
	switch req.Color {
	case "black":
	case "white":
		d.player = 1
	default:
		return nil, domain.Errorf(domain.BadRequest, "color: black or white, not %q", req.Color).Words("trainer.bad_color")
	}
	if len(req.Line) > maxDrillText {
		return nil, domain.Errorf(domain.BadRequest, "line: at most %d moves", book.MaxPlies).Words("trainer.too_long", "field", "line")
	}
	line, err := parseLine(req.Line)
	if err != nil {
		return nil, moveError("line", err)
	}
	d.plies = s.book.Plies()
	if req.Plies < 0 || req.Plies > book.MaxPlies {
		return nil, domain.Errorf(domain.BadRequest, "plies: 0 to %d", book.MaxPlies).Words("trainer.bad_plies", "max", fmt.Sprint(book.MaxPlies))
	}
	if req.Plies > 0 {
		d.plies = min(d.plies, req.Plies)
	}
	b := reversi.Start(8)
	d.lineKeys = []book.Key{book.KeyOf(b.Mover())}
	for i, m := range line {
		b.Play(m)
		if _, in := s.book.Lookup(b); !in {
			return nil, domain.Errorf(domain.BadRequest, "line: move %d (%s) leaves the book", i+1, reversi.SquareName(m)).
				Words("trainer.line_out", "n", fmt.Sprint(i+1), "move", reversi.SquareName(m))
		}
		d.lineKeys = append(d.lineKeys, book.KeyOf(b.Mover()))
	}
	d.line = line
	d.ends()
	return d, nil
}

// play plays a move of the drill's and follows whether the drill is still on its line.
func (d *drill) play(m int) {
	d.b.Play(m)
	d.ply++
	d.moves = append(d.moves, reversi.SquareName(m))
	d.onLine = d.onLine && d.ply < len(d.lineKeys) && book.KeyOf(d.b.Mover()) == d.lineKeys[d.ply]
	d.ends()
}

// ends sets why the drill is over, if it is: the depth reached, a side without a move, a
// position the book does not have or without a book move.
func (d *drill) ends() {
	if d.end != "" {
		return
	}
	if d.ply >= d.plies {
		d.end = "plies"
		return
	}
	if d.b.Moves() == 0 {
		d.end = "book"
		return
	}
	e, in := d.s.book.Lookup(d.b)
	if !in || len(e.Moves) == 0 || !e.Moves[0].Valued || !slices.ContainsFunc(e.Moves, func(m book.Move) bool { return !m.Leaf }) {
		d.end = "book"
	}
}

// squares returns the drill's moves as squares.
func (d *drill) squares() []int {
	out := make([]int, len(d.moves))
	for i, m := range d.moves {
		out[i], _ = discs.ParseSquare(m)
	}
	return out
}

// lineMove returns the move of the current position that keeps the drill on its line (the
// line's own move when it does, else the one that reaches its position mirrored), if the drill
// is still on the line and the line goes on.
func (d *drill) lineMove() (int, bool) {
	if !d.onLine || d.ply >= len(d.line) {
		return 0, false
	}
	want := d.lineKeys[d.ply+1]
	after := func(m int) bool {
		next := d.b
		if _, err := next.Play(m); err != nil {
			return false
		}
		return book.KeyOf(next.Mover()) == want
	}
	if after(d.line[d.ply]) {
		return d.line[d.ply], true
	}
	for m := d.b.Moves(); m != 0; m &= m - 1 {
		if sq := bits.TrailingZeros64(m); after(sq) {
			return sq, true
		}
	}
	return 0, false
}

// bookReply reports whether m may be the book's reply in the current position: the line's move
// while the drill is on the line, else any of the book's moves. (Not only the one the seed
// picks: the server's book learns games, and a count changed under a drill must not refuse
// its next step.)
func (d *drill) bookReply(m int) bool {
	if lm, ok := d.lineMove(); ok {
		return m == lm
	}
	e, in := d.s.book.Lookup(d.b)
	return in && slices.ContainsFunc(e.Moves, func(x book.Move) bool { return x.Square == m && !x.Leaf })
}

// reply returns the book's move in the current position: the line's while the drill is on
// it, else one of the book's moves at random, weighted by the games that played it (the seed
// and the ply pick it, so that every step of a drill agrees on it).
func (d *drill) reply() (int, bool) {
	if m, ok := d.lineMove(); ok {
		return m, true
	}
	e, in := d.s.book.Lookup(d.b)
	if !in {
		return 0, false
	}
	total := 0
	for _, m := range e.Moves {
		if !m.Leaf {
			total += max(m.Games, 1)
		}
	}
	if total == 0 {
		return 0, false
	}
	rng := rand.New(rand.NewPCG(d.seed, uint64(d.ply)))
	pick := rng.IntN(total)
	// the book's order is by value: the same moves in the same order at every step
	for _, m := range e.Moves {
		if m.Leaf {
			continue
		}
		if pick -= max(m.Games, 1); pick < 0 {
			return m.Square, true
		}
	}
	return 0, false
}

// playerMove judges and plays a move of the player's.
func (d *drill) playerMove(ctx context.Context, m int) error {
	e, _ := d.s.book.Lookup(d.b)
	best := e.Moves[0] // ends made sure the position is in the book with a valued move
	c := api.MoveCheck{Ply: d.ply + 1, Move: reversi.SquareName(m), Best: reversi.SquareName(best.Square), BestValue: best.Value, Source: "book"}
	lm, onLine := d.lineMove()
	if onLine {
		c.LineMove = reversi.SquareName(lm)
	}
	i := slices.IndexFunc(e.Moves, func(x book.Move) bool { return x.Square == m })
	switch {
	case i >= 0 && e.Moves[i].Valued:
		c.Value, c.InBook = e.Moves[i].Value, !e.Moves[i].Leaf
	default:
		v, err := d.s.search(ctx, d.b, m)
		if err != nil {
			return err
		}
		c.Value, c.Source, c.InBook = v, "engine", i >= 0
	}
	c.Cost = max(best.Value-c.Value, 0)
	d.play(m)
	if onLine {
		// the line's position, reached by its move or by a mirror of it
		c.Right = d.onLine
	} else {
		c.Right = c.Cost <= Margin
	}
	d.checks = append(d.checks, c)
	if !c.InBook {
		d.end = "left"
	}
	return nil
}

// search values a move for the side to move on b with a short search of the position after it
// (after the opponent's forced pass, or the game's end, alike).
func (s *Service) search(ctx context.Context, b reversi.Board, m int) (int, error) {
	if _, err := b.Play(m); err != nil {
		return 0, domain.Errorf(domain.IllegalMove, "%s is not legal", reversi.SquareName(m))
	}
	sign := -1
	if b.Moves() == 0 {
		if b.OpponentMoves() == 0 {
			return -b.FinalMargin(), nil
		}
		b.Pass()
		sign = 1
	}
	p, o := b.Mover()
	eng := othello.New(othello.Options{TableBytes: 1 << 20})
	res, err := eng.Search(ctx, othello.Position{P: p, O: o, Size: 8}, othello.Limits{Depth: searchDepth})
	if err != nil {
		return 0, fmt.Errorf("trainer: valuing a move: %w", err)
	}
	return sign * res.Score, nil
}

// The Leitner schedule: a line's box says how long until it comes due again; a missed drill
// puts it in box 1, a drill played right one box further.
var boxWait = [...]time.Duration{
	1: 10 * time.Minute,
	2: 24 * time.Hour,
	3: 3 * 24 * time.Hour,
	4: 7 * 24 * time.Hour,
	5: 16 * 24 * time.Hour,
	6: 35 * 24 * time.Hour,
}

// record puts a finished drill's result in the account's schedule (once for the same moves).
func (s *Service) record(ctx context.Context, userID int64, req api.Drill, d *drill, right bool) (api.TrainerDueLine, error) {
	lineText := strings.Join(squareNames(d.line), "")
	l, err := s.store.TrainerLine(ctx, userID, req.Color, lineText)
	if errors.Is(err, domain.ErrNotFound) {
		l, err = domain.TrainerLine{UserID: userID, Color: req.Color, Line: lineText}, nil
	}
	if err != nil {
		return api.TrainerDueLine{}, err
	}
	now := s.clk.Now().UTC()
	// the drill is its moves and its seed: the same sent twice counts once
	movesText := fmt.Sprintf("%s#%d", strings.Join(d.moves, ""), d.seed)
	if l.LastMoves != movesText || l.Box == 0 {
		l.Name, _ = book.LineName(reversi.Start(8), d.line)
		if right {
			// a new line starts in box 1: played right the first time, it moves to box 2
			l.Box = min(max(l.Box, 1)+1, len(boxWait)-1)
			l.Right++
		} else {
			l.Box = 1
			l.Missed++
		}
		l.DueAt, l.LastMoves, l.Updated = now.Add(boxWait[l.Box]), movesText, now
		if err := s.store.SaveTrainerLine(ctx, l); err != nil {
			return api.TrainerDueLine{}, err
		}
	}
	return dueLine(l, now), nil
}

func squareNames(moves []int) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = reversi.SquareName(m)
	}
	return out
}

func dueLine(l domain.TrainerLine, now time.Time) api.TrainerDueLine {
	return api.TrainerDueLine{Name: l.Name, Line: l.Line, Color: l.Color, Box: l.Box, DueAt: l.DueAt, Due: !l.DueAt.After(now),
		Right: l.Right, Missed: l.Missed}
}

// maxDue bounds the schedule listed.
const maxDue = 100

// Due returns the account's schedule: the lines due first (the longest due first), then the
// others by when they come due.
func (s *Service) Due(ctx context.Context, u *domain.User) (api.TrainerDue, error) {
	if u == nil || u.Guest {
		return api.TrainerDue{}, domain.Errorf(domain.Unauthorized, "sign in to keep a schedule of lines").Words("trainer.sign_in")
	}
	out := api.TrainerDue{Lines: []api.TrainerDueLine{}}
	if s.store == nil {
		return out, nil
	}
	rows, err := s.store.TrainerLines(ctx, u.ID, maxDue)
	if err != nil {
		return out, err
	}
	now := s.clk.Now().UTC()
	for _, l := range rows {
		out.Lines = append(out.Lines, dueLine(l, now))
	}
	return out, nil
}

// maxAdopt bounds the lines of a guest's schedule taken at once (the browser keeps 200).
const maxAdopt = 200

// Adopt takes a guest's schedule, kept by its browser, into u's (the account the guest signed
// up as). Each line must be a line of the book from the start with a colour, a box from 1 to
// 6 and counts that are not negative; the others are left out and counted. A line the account
// has already keeps the more cautious of the two: the lower box, the earlier due date, the
// counts added. A line's due date is never later than its box's wait from now (a browser's
// date is not trusted further).
func (s *Service) Adopt(ctx context.Context, u *domain.User, req api.TrainerAdopt) (api.TrainerAdopted, error) {
	if u == nil || u.Guest {
		return api.TrainerAdopted{}, domain.Errorf(domain.Unauthorized, "sign in to keep a schedule of lines").Words("trainer.sign_in")
	}
	if len(req.Lines) > maxAdopt {
		return api.TrainerAdopted{}, domain.Errorf(domain.BadRequest, "lines: at most %d", maxAdopt).Words("trainer.too_many", "max", fmt.Sprint(maxAdopt))
	}
	out := api.TrainerAdopted{Lines: []api.TrainerDueLine{}}
	if s.store == nil {
		out.Skipped = len(req.Lines)
		return out, nil
	}
	now := s.clk.Now().UTC()
	for _, g := range req.Lines {
		moves, err := parseLine(g.Line)
		if err != nil || len(g.Line) > maxDrillText || (g.Color != "black" && g.Color != "white") ||
			g.Box < 1 || g.Box >= len(boxWait) || g.Right < 0 || g.Missed < 0 || !s.inBook(g.Line) {
			out.Skipped++
			continue
		}
		lineText := strings.Join(squareNames(moves), "")
		due := g.DueAt.UTC()
		if latest := now.Add(boxWait[g.Box]); due.IsZero() || due.After(latest) {
			due = latest
		}
		l, err := s.store.TrainerLine(ctx, u.ID, g.Color, lineText)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			l = domain.TrainerLine{UserID: u.ID, Color: g.Color, Line: lineText, Box: g.Box, DueAt: due}
		case err != nil:
			return out, err
		default:
			l.Box = min(l.Box, g.Box)
			if due.Before(l.DueAt) {
				l.DueAt = due
			}
		}
		l.Name, _ = book.LineName(reversi.Start(8), moves)
		l.Right += min(g.Right, 1000)
		l.Missed += min(g.Missed, 1000)
		l.Updated = now
		if err := s.store.SaveTrainerLine(ctx, l); err != nil {
			return out, err
		}
		out.Adopted++
	}
	due, err := s.Due(ctx, u)
	if err != nil {
		return out, err
	}
	out.Lines = due.Lines
	return out, nil
}
