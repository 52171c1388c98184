package trainer_test

import (
	"context"
	"testing"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/platform/trainer"
)

// FuzzDrill feeds a drill anything: it never panics, refuses with the codes of bad input, and
// what it accepts is a legal game of its moves, one check for each of the player's moves, and
// a reply only when the book was to move.
func FuzzDrill(f *testing.F) {
	f.Add("f5d6c3d3c4", "black", "f5d6c3", uint64(1), 0)
	f.Add("f5d6c3d3c4", "white", "", uint64(2), 8)
	f.Add("", "black", "f5d6c5f4e3", uint64(3), 0)
	f.Add("f5f6", "white", "f5f6e6", uint64(4), 3)
	f.Add("1. f5 d6", "black", "F5 pass", uint64(5), -1)
	f.Add("zz", "red", "f5f5", uint64(0), 99)
	b, err := book.SharedShipped()
	if err != nil {
		f.Fatal(err)
	}
	s := trainer.New(trainer.Config{Book: b})
	f.Fuzz(func(t *testing.T, line, color, moves string, seed uint64, plies int) {
		out, err := s.Drill(context.Background(), nil, api.Drill{Line: line, Color: color, Moves: moves, Seed: seed, Plies: plies})
		if err != nil {
			switch c := domain.ErrorCode(err); c {
			case domain.BadRequest, domain.BadNotation, domain.IllegalMove:
			default:
				t.Fatalf("%q %q %q: code %s (%v)", line, color, moves, c, err)
			}
			return
		}
		text := ""
		for _, m := range out.Moves {
			text += m
		}
		rec, err := reversi.ParseMoveList(text, reversi.Start(8))
		if err != nil || len(rec.Moves) != len(out.Moves) || out.Ply != len(out.Moves) {
			t.Fatalf("%q: the moves %v: %v", moves, out.Moves, err)
		}
		player := 0
		if color == "white" {
			player = 1
		}
		mine := 0
		bd := reversi.Start(8)
		for _, m := range rec.Moves {
			if bd.Turn == player {
				mine++
			}
			bd.Play(m)
		}
		if len(out.Checks) != mine || out.Done != (out.ToMove == "") || out.Done == (out.End == "") {
			t.Fatalf("%q %s: %+v", moves, color, out)
		}
	})
}
