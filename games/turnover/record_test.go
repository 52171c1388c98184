package turnover

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/game/gametest"
)

// TestRecordRoundTrip writes random games under random rules (some from a start of their own,
// some stopped early, by a resignation, an agreed draw or time, some with tags) through the
// registry's interface and reads them back, one by one and all from one file.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	recs := gametest.RandomRecords(t, rng, 40, 40, func(i int) game.State {
		r := Standard
		r.FiftyMovePlies = 20 + rng.IntN(40)
		if i%3 == 1 {
			r.Setup = SetupZigzag
		}
		if i%4 == 3 {
			r.KnightLetter = 'N'
		}
		if i%5 == 4 {
			return newState(t, r, "c6r/8/8/8/8/8/8/C6R b 3 12") // a start of its own, Black to move
		}
		return NewState(r, StartPosition(r.Setup))
	})
	gametest.RecordRoundTrips(t, Game{}, "text", recs)
}

// TestRecordClaims checks both ways a repetition draw is recorded: the side to move's claim
// is a move of the text; the other side's claim is the result, with Ending "claim".
func TestRecordClaims(t *testing.T) {
	s := newState(t, Standard, shuffleFEN)
	play(t, s, append(append([]string{}, shuffle...), shuffle...)...)
	var moves []string
	c := newState(t, Standard, shuffleFEN)
	for _, m := range append(append([]string{}, shuffle...), shuffle...) {
		a, _ := c.ParseAction(c.pos.side, m)
		moves = append(moves, c.FormatAction(c.pos.side, a))
		_ = game.Play(c, c.pos.side, a)
	}
	start := newState(t, Standard, shuffleFEN)
	byMove := game.Record{Start: start, Moves: append(slices.Clone(moves), "claim"), Result: game.Claimed("threefold repetition claimed")}
	byOther := game.Record{Start: start, Moves: moves, Result: game.Claimed("threefold repetition claimed")}
	for name, rec := range map[string]game.Record{"by the side to move": byMove, "by the other side": byOther} {
		text, err := game.FormatRecord("", rec)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Contains(text, `[Ending "claim"]`) != (name == "by the other side") || !strings.HasSuffix(strings.TrimSpace(text), "½") {
			t.Errorf("%s:\n%s", name, text)
		}
		back, err := ReadRecords(strings.NewReader(text), game.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		gametest.SameRecord(t, back[0], rec)
	}
	// A claim where none is allowed is refused both ways.
	early := game.Record{Start: start, Moves: moves[:4], Result: game.Claimed("threefold repetition claimed")}
	if _, err := game.FormatRecord("", early); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("writing an early claim: %v", err)
	}
	text := "[Options \"" + start.opts.String() + "\"]\n[FEN \"" + start.pos.FEN() + "\"]\n\n1. Rh2 Rh7 ½\n"
	if _, err := ReadRecords(strings.NewReader(text), game.Options{}); !errors.Is(err, game.ErrSyntax) || !strings.Contains(err.Error(), "agreed draw is written =") {
		t.Errorf("reading an early claim: %v", err)
	}
}

func TestRecordErrors(t *testing.T) {
	gametest.RecordReadErrors(t, Game{}, "text", []gametest.BadRecord{
		{"", game.ErrSyntax, "no game"},
		{"[White \"Ann\"\n", game.ErrSyntax, "ends with ']'"},
		{"[White Ann]\n", game.ErrSyntax, "not a quoted string"},
		{"[White \"Ann\"]\n[White \"Bob\"]\n", game.ErrSyntax, "twice"},
		{"[Date \"soon\"]\n", game.ErrSyntax, "date"},
		{"[Options \"setup=nowhere\"]\n", game.ErrOption, "options"},
		{"[FEN \"cccc/8 w\"]\n", game.ErrSyntax, "FEN"},
		{"1. C.d4\n", game.ErrIllegal, "C.d4"},
		{"1. C.d3 {a comment\n", game.ErrSyntax, "not closed"},
		{"[Result \"1-0\"]\n\n1. C.d3 0-1\n", game.ErrSyntax, "Result tag"},
		{"[Ending \"resignation\"]\n\n1. C.d3\n", game.ErrSyntax, "no result"},
		{"[Ending \"rules\"]\n\n1. C.d3 1-0\n", game.ErrSyntax, "by the rules"},
		{"[Ending \"sleep\"]\n\n1. C.d3 1-0\n", game.ErrSyntax, "Ending"},
		{"1. C.d3 =\n[Ending \"agreement\"]\n\n1. C.d3 1-0\n", game.ErrSyntax, "turnover record 2"},
		{"[Ending \"agreement\"]\n\n1. C.d3 1-0\n", game.ErrSyntax, "agreement ends in a draw"},
		{"[FEN \"4c3/8/8/8/8/8/8/C7 w\"]\n[Ending \"time\"]\n\n1. C.a2 0-1\n", game.ErrSyntax, "moves end the game"},
	})
	// Comments, chess-style dates, the caller's options.
	o, _ := game.ParseOptionString(optionSpecs, "setup=zigzag")
	recs, err := ReadRecords(strings.NewReader("; a game\n[Date \"2026.01.31\"]\n\n1. C.a3 {the a-pawn} C.b6 =\n"), o)
	if err != nil || len(recs[0].Moves) != 2 || recs[0].Result.Ending != game.EndAgreement || recs[0].Date.Day() != 31 || RulesOf(recs[0].Start.Options()).Setup != SetupZigzag {
		t.Errorf("lenient record: %+v, %v", recs, err)
	}
	// What cannot be written is refused, and nothing is written.
	start := NewState(Standard, StartPosition(SetupFirstRank))
	over := newState(t, Standard, "4c3/8/8/8/8/8/8/C7 w")
	gametest.RecordWriteErrors(t, Game{}, "text", []game.Record{
		{Start: start, Moves: []string{"C.d4"}},
		{Start: start, Players: [2]string{"Ann\n[Result \"1-0\"]"}},
		{Start: start, Result: game.Win(game.First, "")},
		{Start: over, Moves: []string{"C.a2"}, Result: game.Win(game.First, "")},
		{Start: over, Moves: []string{"C.a2"}, Result: game.Outcome{Over: true, Winner: game.Second, Ending: game.EndTime}},
	})
}
