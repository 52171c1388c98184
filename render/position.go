package render

import (
	"errors"
	"fmt"
	"time"

	"turncoat/game"
)

// Position is what one picture shows: a board, and what marks its last move.
type Position struct {
	// Game is the game's name and Options its options (game.Options.Map): the Auto theme
	// depends on them.
	Game    string
	Options map[string]string
	// Info is what the game says of itself (game.InfoOf): whether its board is checkered, how
	// a side with nothing on the board is shown, its default theme by options. The functions
	// that make a Position from a state fill it in; a zero Info draws from the board alone, in
	// the classic theme.
	Info game.Info
	// Board is the position to draw.
	Board game.Board
	// Before is the position before the last move, nil for none: the discs whose face differs
	// are marked as flipped, and a piece on a square that was empty as placed.
	Before *game.Board
	// Last are the squares the last move names (a selection, a stack's origin and target),
	// highlighted on every grid that has them.
	Last []string
	// Caption is a line written above the board (the players, a board's number); "" for none.
	Caption string
}

// ErrNoBoard marks a game whose states do not draw themselves as a game.Board.
var ErrNoBoard = errors.New("render: the game has no board view")

// PositionOf returns the position of s, without a last move.
func PositionOf(s game.State) (Position, error) {
	bv, ok := s.(game.BoardViewer)
	if !ok {
		return Position{}, fmt.Errorf("%w: %s", ErrNoBoard, s.Game().Name())
	}
	return Position{Game: s.Game().Name(), Options: s.Options().Map(), Info: game.InfoOf(s.Game()), Board: bv.BoardView()}, nil
}

// A Replay is a game to draw move by move: where it started and the moves played from there.
type Replay struct {
	Start game.State
	Moves []game.Move
	// Caption is written above every picture of it.
	Caption string
}

// TableReplay returns the game played at a table: its start and its moves, the public part of
// it (a pending selection is not a move).
func TableReplay(t *game.Table) Replay {
	played := t.Moves()
	r := Replay{Start: t.Start(), Moves: make([]game.Move, len(played))}
	for i, m := range played {
		r.Moves[i] = m.Move
	}
	return r
}

// RecordReplay returns a record's game, its moves read in the game's notation; an illegal or
// unreadable move is an error that names its ply.
func RecordReplay(rec game.Record) (Replay, error) {
	s := rec.Start.Clone()
	r := Replay{Start: rec.Start.Clone(), Moves: make([]game.Move, 0, len(rec.Moves))}
	for i, text := range rec.Moves {
		m, err := game.ParseMove(s, text)
		if err == nil {
			err = game.PlayMove(s, m)
		}
		if err != nil {
			return Replay{}, fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		r.Moves = append(r.Moves, m)
	}
	return r, nil
}

// Len returns the number of moves.
func (r Replay) Len() int { return len(r.Moves) }

// ErrPly marks a ply the game does not have.
var ErrPly = errors.New("render: no such ply")

// At returns the position after ply moves (0: the start; Latest: after the last), with its last
// move marked.
func (r Replay) At(ply int) (Position, error) {
	if ply == Latest {
		ply = len(r.Moves)
	}
	if ply < 0 || ply > len(r.Moves) {
		return Position{}, fmt.Errorf("%w: ply %d: the game has %d moves", ErrPly, ply, len(r.Moves))
	}
	s := r.Start.Clone()
	for i := range ply - 1 {
		if err := game.PlayMove(s, r.Moves[i]); err != nil {
			return Position{}, fmt.Errorf("ply %d: %w", i+1, err)
		}
	}
	if ply == 0 {
		p, err := PositionOf(s)
		p.Caption = r.Caption
		return p, err
	}
	var w walker
	if err := w.start(s); err != nil {
		return Position{}, err
	}
	p, err := w.step(r.Moves[ply-1], ply)
	p.Caption = r.Caption
	return p, err
}

// Each calls f with the position at every ply from the start to the end, each with its last
// move marked, replaying the game once; it stops at f's first error.
func (r Replay) Each(f func(ply int, p Position) error) error {
	var w walker
	if err := w.start(r.Start.Clone()); err != nil {
		return err
	}
	p := Position{Game: w.name, Options: w.options, Info: w.info, Board: w.board, Caption: r.Caption}
	if err := f(0, p); err != nil {
		return err
	}
	for i, m := range r.Moves {
		p, err := w.step(m, i+1)
		if err != nil {
			return err
		}
		p.Caption = r.Caption
		if err := f(i+1, p); err != nil {
			return err
		}
	}
	return nil
}

// walker plays a game forward, keeping the board before each move.
type walker struct {
	s       game.State
	bv      game.BoardViewer
	board   game.Board
	name    string
	options map[string]string
	info    game.Info
}

func (w *walker) start(s game.State) error {
	bv, ok := s.(game.BoardViewer)
	if !ok {
		return fmt.Errorf("%w: %s", ErrNoBoard, s.Game().Name())
	}
	w.s, w.bv, w.board = s, bv, bv.BoardView()
	w.name, w.options, w.info = s.Game().Name(), s.Options().Map(), game.InfoOf(s.Game())
	return nil
}

// step plays m, the move of ply, and returns the position after it.
func (w *walker) step(m game.Move, ply int) (Position, error) {
	last := moveSquares(w.s, m, &w.board)
	if err := game.PlayMove(w.s, m); err != nil {
		return Position{}, fmt.Errorf("ply %d: %w", ply, err)
	}
	before := w.board
	w.board = w.bv.BoardView()
	return Position{Game: w.name, Options: w.options, Info: w.info, Board: w.board, Before: &before, Last: last}, nil
}

// moveSquares returns the squares move m of s names: the origin and target of a game that
// describes its moves square by square (Turnover), else each action written as a square of the
// board (a Turncoat selection, a placement). A pass names none.
func moveSquares(s game.State, m game.Move, b *game.Board) []string {
	var out []string
	describer, _ := s.(game.MoveDescriber)
	for p := game.First; p <= game.Second; p++ {
		if !m.Actors.Has(p) {
			continue
		}
		if describer != nil {
			d := describer.DescribeAction(p, m.Actions[p])
			for _, sq := range [...]string{d.From, d.To} {
				if sq != "" {
					out = appendNew(out, sq)
				}
			}
			continue
		}
		if text := s.FormatAction(p, m.Actions[p]); hasCell(b, text) {
			out = appendNew(out, text)
		}
	}
	return out
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

func hasCell(b *game.Board, coord string) bool {
	for gi := range b.Grids {
		for _, c := range b.Grids[gi].Cells {
			if c.Coord == coord {
				return true
			}
		}
	}
	return false
}

// TablePosition returns the public position of a table at ply (Latest: now) with its last move
// marked: the board of the view a spectator gets (game.NoPlayer), never a pending selection.
func TablePosition(t *game.Table, ply int) (Position, error) {
	r := TableReplay(t)
	if ply != Latest && ply != r.Len() {
		return r.At(ply)
	}
	v := t.View(game.NoPlayer, time.Time{})
	if v.Board == nil {
		return Position{}, fmt.Errorf("%w: %s", ErrNoBoard, v.Game)
	}
	if r.Len() == 0 {
		return Position{Game: v.Game, Options: v.Options, Info: game.InfoOf(t.Game()), Board: *v.Board}, nil
	}
	p, err := r.At(r.Len())
	if err != nil {
		return Position{}, err
	}
	p.Board = *v.Board
	return p, nil
}
