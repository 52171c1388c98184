package server_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"turncoat/api"
	"turncoat/app"
	"turncoat/engine/puzzle"
	"turncoat/platform/puzzles"
	"turncoat/rating"
	"turncoat/store"
)

// shippedPuzzle returns a shipped puzzle of at least two answers, whose answers the test knows.
func shippedPuzzle(t *testing.T) puzzle.Puzzle {
	t.Helper()
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set {
		if len(p.Steps) >= 2 {
			return p
		}
	}
	t.Fatal("no shipped puzzle of two answers")
	return puzzle.Puzzle{}
}

// TestPuzzles: a guest and a member play puzzles. A guest's rating comes and goes with each
// attempt; a member's is kept, rated on the first try only, starting from the rating they
// brought as a guest; the puzzle's rating moves with the members' tries; a wrong move says how
// many discs it gives away; the daily puzzle is one all day, with its picture in its preview.
func TestPuzzles(t *testing.T) {
	t.Parallel()
	p := shippedPuzzle(t)
	wrong := p.Steps[0].Moves[1]
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		web := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><meta charset=\"utf-8\">\n<title>Turncoat</title>\n</head><body></body></html>")}}
		h := newHarness(t, dsn, opts, func(c *app.Config) { c.Web = web })
		guest := h.browser()

		var next api.Puzzle
		if st := guest.call("GET", "/api/puzzles/next?rating=1500", nil, &next); st != http.StatusOK || next.ID == "" || next.View.Board == nil || next.Moves < 1 {
			t.Fatalf("next for a guest: %d %s", st, guest.received())
		}
		var got api.Puzzle
		if st := guest.call("GET", "/api/puzzles/"+p.ID, nil, &got); st != http.StatusOK || got.ID != p.ID || got.Moves != len(p.Steps) || got.Rating != p.Rating || len(got.View.Legal) != len(p.Steps[0].Moves) {
			t.Fatalf("puzzle %s: %d %s", p.ID, st, guest.received())
		}

		// A guest: right, then wrong; rated from the rating sent.
		var res api.PuzzleResult
		mine := rating.Rating{Rating: 1600, Deviation: 120, Volatility: 0.06}
		if st := guest.call("POST", "/api/puzzles/"+p.ID+"/attempt", api.PuzzleAttempt{Moves: []string{p.Answer(0)}, Guest: &mine}, &res); st != http.StatusOK ||
			res.Result != api.PuzzleContinue || strings.Join(res.Reply, " ") != strings.Join(p.Steps[0].Reply, " ") || len(res.Views) != 1+len(res.Reply) || res.Rating != nil {
			t.Fatalf("the first answer: %d %s", st, guest.received())
		}
		if st := guest.call("POST", "/api/puzzles/"+p.ID+"/attempt", api.PuzzleAttempt{Moves: []string{wrong.Move}, Guest: &mine}, &res); st != http.StatusOK ||
			res.Result != api.PuzzleFailed || res.Loss != p.Steps[0].Moves[0].Value-wrong.Value || res.Best != p.Answer(0) ||
			res.Rating == nil || *res.Before != mine || res.Rating.Rating >= mine.Rating || len(res.Line) < len(p.Steps) {
			t.Fatalf("a wrong move: %d %s", st, guest.received())
		}
		var after api.Puzzle
		if guest.call("GET", "/api/puzzles/"+p.ID, nil, &after); after.Plays != 0 || after.Rating != p.Rating {
			t.Fatalf("a guest moved the puzzle's rating: %+v", after)
		}

		// A member who brings their guest rating: the first try is rated from it, and moves the
		// puzzle; the second changes nothing.
		ann := h.member("Ann")
		var answers []string
		for i := range p.Steps {
			answers = append(answers, p.Answer(i))
			if st := ann.call("POST", "/api/puzzles/"+p.ID+"/attempt", api.PuzzleAttempt{Moves: answers, Guest: &mine}, &res); st != http.StatusOK {
				t.Fatalf("answer %d: %d %s", i+1, st, ann.received())
			}
		}
		if res.Result != api.PuzzleSolved || !res.Rated || *res.Before != mine || res.Rating.Rating <= mine.Rating || res.PuzzleRating >= p.Rating {
			t.Fatalf("solved: %s", ann.received())
		}
		solvedAt := *res.Rating
		if st := ann.call("POST", "/api/puzzles/"+p.ID+"/attempt", api.PuzzleAttempt{Moves: []string{wrong.Move}}, &res); st != http.StatusOK ||
			res.Result != api.PuzzleFailed || res.Rated || *res.Rating != solvedAt {
			t.Fatalf("a second try: %d %s", st, ann.received())
		}
		var me api.PuzzleMe
		if st := ann.call("GET", "/api/puzzles/me", nil, &me); st != http.StatusOK || me.Attempts != 1 || me.Solved != 1 || me.Rating != solvedAt {
			t.Fatalf("me: %d %s", st, ann.received())
		}
		var data struct{ Puzzles api.PuzzleMe }
		if st := ann.call("GET", "/api/me/export", nil, &data); st != http.StatusOK || data.Puzzles != me {
			t.Fatalf("one's data: %d, puzzles %+v, want %+v", st, data.Puzzles, me)
		}
		if guest.call("GET", "/api/puzzles/"+p.ID, nil, &after); after.Plays != 1 || after.Rating >= p.Rating {
			t.Fatalf("the puzzle after a member solved it: %+v", after)
		}
		for range 5 {
			if st := ann.call("GET", "/api/puzzles/next?after="+next.ID, nil, &next); st != http.StatusOK || next.ID == p.ID {
				t.Fatalf("next after solving %s: %d, %s", p.ID, st, next.ID)
			}
		}

		// Refusals.
		for _, tc := range []struct {
			name, method, path string
			body               any
			status             int
			code               string
		}{
			{"no such puzzle", "GET", "/api/puzzles/nope", nil, 404, "not_found"},
			{"an attempt at no such puzzle", "POST", "/api/puzzles/nope/attempt", api.PuzzleAttempt{Moves: []string{"a1"}}, 404, "not_found"},
			{"an illegal move", "POST", "/api/puzzles/" + p.ID + "/attempt", api.PuzzleAttempt{Moves: []string{"zz"}}, 422, "illegal_move"},
			{"no moves", "POST", "/api/puzzles/" + p.ID + "/attempt", map[string]any{"moves": []string{}}, 400, "bad_request"},
			{"an unknown field", "POST", "/api/puzzles/" + p.ID + "/attempt", map[string]any{"moves": []string{"a1"}, "x": 1}, 400, "bad_json"},
			{"a rating that is no number", "GET", "/api/puzzles/next?rating=abc", nil, 400, "bad_request"},
			{"a visitor's rating is the browser's", "GET", "/api/puzzles/me", nil, 401, "unauthorized"},
		} {
			if st, code := errorCode(guest, tc.method, tc.path, tc.body); code != tc.code {
				t.Errorf("%s: %d %s, want %s", tc.name, st, code, tc.code)
			}
		}

		// The daily puzzle, its preview and picture.
		var d1, d2 api.Puzzle
		guest.call("GET", "/api/puzzles/daily", nil, &d1)
		guest.call("GET", "/api/puzzles/daily", nil, &d2)
		if d1.ID == "" || d1.ID != d2.ID || d1.Daily == "" {
			t.Fatalf("daily: %q then %q (day %q)", d1.ID, d2.ID, d1.Daily)
		}
		st, page := guest.raw("GET", "/puzzles/daily", nil)
		if st != http.StatusOK || !strings.Contains(string(page), `og:image" content="`+h.ts.URL+"/api/puzzles/"+d1.ID+"/board.png") {
			t.Fatalf("the daily puzzle's page: %d\n%.2000s", st, page)
		}
		st, png := guest.raw("GET", "/api/puzzles/"+d1.ID+"/board.png", nil)
		if st != http.StatusOK || !strings.HasPrefix(string(png), "\x89PNG") {
			t.Fatalf("the daily puzzle's picture: %d", st)
		}
	})
}

// TestPuzzleKinds: puzzles of every kind through HTTP (the test sets beside the shipped one):
// the kinds and their counts, the next puzzle of a kind, a Troll win found, a wrong move told
// in the kind's unit, a Turncoat selection answered by Yellow's, an illegal move (422) and too
// many moves (400), and each kind's picture.
func TestPuzzleKinds(t *testing.T) {
	t.Parallel()
	fixtures, err := puzzles.ReadFiles(filepath.Join("..", "platform", "puzzles", "testdata", "*.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.Puzzles = fixtures })
	guest := h.browser()

	var kinds api.PuzzleKinds
	if st := guest.call("GET", "/api/puzzles/kinds", nil, &kinds); st != http.StatusOK || len(kinds.Kinds) != 5 || kinds.Kinds[0].Kind != puzzle.Othello {
		t.Fatalf("kinds: %d %s", st, guest.received())
	}
	for _, k := range kinds.Kinds[1:] {
		var p api.Puzzle
		if st := guest.call("GET", "/api/puzzles/next?kind="+k.Kind, nil, &p); st != http.StatusOK || p.Kind != k.Kind || p.View.Game != k.Kind {
			t.Fatalf("next %s: %d %s", k.Kind, st, guest.received())
		}
		st, png := guest.raw("GET", "/api/puzzles/"+p.ID+"/board.png", nil)
		if st != http.StatusOK || !strings.HasPrefix(string(png), "\x89PNG") {
			t.Fatalf("the picture of %s: %d", p.ID, st)
		}
	}
	var res api.PuzzleResult
	if st := guest.call("POST", "/api/puzzles/l1/attempt", api.PuzzleAttempt{Moves: []string{"c5"}}, &res); st != http.StatusOK ||
		res.Result != api.PuzzleSolved || res.Unit != "result" || res.Value != 1 || !res.Views[0].Outcome.Over {
		t.Fatalf("the Troll win: %d %s", st, guest.received())
	}
	if st := guest.call("POST", "/api/puzzles/v1/attempt", api.PuzzleAttempt{Moves: []string{":Qc8+"}}, &res); st != http.StatusOK ||
		res.Result != api.PuzzleFailed || res.Unit != "mate" || res.Loss != 1 || res.Best != "xCb8.Q" {
		t.Fatalf("a slower mate: %d %s", st, guest.received())
	}
	if st := guest.call("POST", "/api/puzzles/c1/attempt", api.PuzzleAttempt{Moves: []string{"b1"}}, &res); st != http.StatusOK ||
		res.Result != api.PuzzleSolved || len(res.Reply) != 1 || len(res.Views) != 1 || res.Views[0].Moves[0].Text != "b1 "+res.Reply[0] {
		t.Fatalf("a Turncoat selection: %d %s", st, guest.received())
	}
	for _, tc := range []struct {
		name, id string
		moves    []string
		status   int
	}{
		{"an illegal move", "b2", []string{"Wa1"}, http.StatusUnprocessableEntity},
		{"not a move of the game", "v2", []string{"zz9"}, http.StatusUnprocessableEntity},
		{"too many moves", "b2", []string{"Wc3", "Bb1"}, http.StatusBadRequest},
		{"more than any puzzle", "b1", []string{"Wd4", "Wc4", "Bd2", "Bd2"}, http.StatusBadRequest},
	} {
		if st := guest.call("POST", "/api/puzzles/"+tc.id+"/attempt", api.PuzzleAttempt{Moves: tc.moves}, nil); st != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, st, guest.received(), tc.status)
		}
	}
}
