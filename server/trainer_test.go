package server_test

import (
	"encoding/json"
	"math/bits"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/api"
	"turncoat/app"
	"turncoat/engine/othello/book"
	"turncoat/games/reversi"
	"turncoat/store"
)

// outOfBook returns the shallowest line of the shipped book after which White, to move, has a
// legal move the book knows neither as a book move nor as its best move outside the book; and
// that move.
func outOfBook(t *testing.T) (line, move string) {
	t.Helper()
	b, _ := book.SharedShipped()
	type node struct {
		bd    reversi.Board
		moves string
	}
	queue := []node{{reversi.Start(8), ""}}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		e, _ := b.Lookup(n.bd)
		for m := n.bd.Moves(); m != 0 && n.bd.Turn == 1; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			if !slices.ContainsFunc(e.Moves, func(x book.Move) bool { return x.Square == sq }) {
				return n.moves, reversi.SquareName(sq)
			}
		}
		for _, m := range e.Moves {
			if !m.Leaf {
				next := n.bd
				next.Play(m.Square)
				queue = append(queue, node{next, n.moves + reversi.SquareName(m.Square)})
			}
		}
	}
	t.Fatal("the book knows every move")
	return "", ""
}

// TestTrainer: the trainer's API on each store: the named openings, a drill of the Tiger from
// its first move to a move out of the book and its cost, the schedule it leaves for an account
// (none for a guest), the repertoire of an account's finished game, and bad drills refused in
// the caller's language.
func TestTrainer(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann := h.registered("ann")

		var list api.TrainerOpenings
		if st := h.browser().call("GET", "/api/trainer/openings", nil, &list); st != http.StatusOK || len(list.Openings) < 60 ||
			len(list.Repertoire) != 0 || list.Plies != 30 || list.Schedule {
			t.Fatalf("the openings: %d %+v", st, list)
		}
		tiger := ""
		for _, o := range list.Openings {
			if o.Name == "Tiger" {
				tiger = o.Line
			}
		}
		if tiger != "f5d6c3d3c4" {
			t.Fatalf("no Tiger: %+v", list.Openings)
		}

		drill := func(c *client, line, moves string) api.DrillStep {
			t.Helper()
			var out api.DrillStep
			req := api.Drill{Line: line, Color: "white", Moves: moves, Seed: 42}
			if st := c.call("POST", "/api/trainer/drill", req, &out); st != http.StatusOK {
				t.Fatalf("drill %q: %d %s", moves, st, c.received())
			}
			return out
		}
		// white: the book opens with the line's f5, then answers the player's d6 with c3
		out := drill(ann, tiger, "")
		if out.Reply != "f5" || out.ToMove != "white" || out.Done || out.Seed != 42 {
			t.Fatalf("the start: %+v", out)
		}
		out = drill(ann, tiger, "f5d6")
		if out.Reply != "c3" || len(out.Checks) != 1 || !out.Checks[0].Right || !out.Checks[0].InBook {
			t.Fatalf("d6: %+v", out)
		}
		// a move the book has not: the drill ends with its cost against the book's best
		line, off := outOfBook(t)
		out = drill(ann, line, line+off)
		last := out.Checks[len(out.Checks)-1]
		if !out.Done || out.End != "left" || out.Right || last.InBook || last.Cost != max(last.BestValue-last.Value, 0) ||
			last.LineMove != "" || last.Best == "" || last.Source != "engine" || len(out.Checks) != len(line)/4+1 || out.Schedule == nil || out.Schedule.Box != 1 {
			t.Fatalf("out of the line: %+v", out)
		}

		var due api.TrainerDue
		if st := ann.call("GET", "/api/trainer/due", nil, &due); st != http.StatusOK || len(due.Lines) != 1 ||
			due.Lines[0].Line != line || due.Lines[0].Color != "white" || due.Lines[0].Missed != 1 {
			t.Fatalf("the schedule: %+v", due)
		}
		// the schedule is part of the account's data
		var mine struct {
			Trainer []api.TrainerDueLine `json:"trainer"`
		}
		if st := ann.call("GET", "/api/me/export", nil, &mine); st != http.StatusOK || len(mine.Trainer) != 1 || mine.Trainer[0].Line != line {
			t.Fatalf("the export's schedule: %d %+v", st, mine)
		}
		// a guest drills, without a schedule
		guest := h.bot()
		if out := drill(guest, line, line+off); out.Schedule != nil || !out.Done {
			t.Fatalf("a guest's drill: %+v", out)
		}
		var ae apiError
		if st := guest.call("GET", "/api/trainer/due", nil, &ae); st != http.StatusUnauthorized || ae.Error.Code != "unauthorized" {
			t.Fatalf("a guest's schedule: %d %+v", st, ae)
		}

		// ann's finished hotseat game is her repertoire, as far as the book's games go
		g := ann.create(map[string]any{"kind": "reversi", "mode": "hotseat"})
		for _, m := range []string{"f5", "d6", "c3", "d3", "c4", "f4"} {
			if st := ann.call("POST", "/api/games/"+g.ID+"/move", map[string]any{"move": m}, nil); st != http.StatusOK {
				t.Fatalf("move %s: %d %s", m, st, ann.received())
			}
		}
		if st := ann.call("POST", "/api/games/"+g.ID+"/resign", nil, nil); st != http.StatusOK {
			t.Fatalf("resign: %d", st)
		}
		h.waitJobs(t, "the game learned", func() bool {
			var l api.TrainerOpenings
			ann.call("GET", "/api/trainer/openings", nil, &l)
			list = l
			return len(l.Repertoire) > 0
		})
		for _, r := range list.Repertoire {
			if r.Line != "f5d6c3d3c4f4" || r.Games != 1 || r.Name == "" || (r.Color != "black" && r.Color != "white") {
				t.Fatalf("the repertoire: %+v", list.Repertoire)
			}
		}

		// bad drills, in the caller's language
		for _, tc := range []struct {
			body, lang, code, msg string
			status                int
		}{
			{`{"color":"red"}`, "en", "bad_request", "black or white", http.StatusBadRequest},
			{`{"color":"red"}`, "pt", "bad_request", "pretas ou brancas", http.StatusBadRequest},
			{`{"color":"black","moves":"f5f5"}`, "es", "illegal_move", "no son legales", http.StatusUnprocessableEntity},
			{`{"color":"black","moves":"f5f4","line":"f5d6","seed":1}`, "en", "bad_request", "not the book's reply", http.StatusBadRequest},
			{`{"color":"black","colour":"x"}`, "en", "bad_json", "colour", http.StatusBadRequest},
			{`{"color":"black","seed":-1}`, "en", "bad_json", "seed", http.StatusBadRequest},
		} {
			st, b := ann.raw("POST", "/api/trainer/drill", []byte(tc.body), "Accept-Language", tc.lang)
			var ae apiError
			json.Unmarshal(b, &ae)
			if st != tc.status || ae.Error.Code != tc.code || !strings.Contains(ae.Error.Message, tc.msg) {
				t.Errorf("%s (%s): %d %s", tc.body, tc.lang, st, b)
			}
		}
	})
}

// TestTrainerDrillLimited: a drill's step may search, so it counts among the caller's commands
// (and searches on the caller's share of the AI): a flood of steps is refused past the burst, as moves are.
func TestTrainerDrillLimited(t *testing.T) {
	t.Parallel()
	h := newHarness(t, filepath.Join(t.TempDir(), "t.db"), store.Options{}, func(c *app.Config) { c.MoveRate = 0.001 })
	ann := h.registered("ann")
	codes := map[int]int{}
	for range 70 {
		codes[ann.call("POST", "/api/trainer/drill", api.Drill{Line: "f5d6c3d3c4", Color: "white", Moves: "f5d6", Seed: 1}, nil)]++
	}
	if codes[http.StatusOK] == 0 || codes[http.StatusTooManyRequests] == 0 || codes[http.StatusOK]+codes[http.StatusTooManyRequests] != 70 {
		t.Errorf("70 steps at once (a burst of 60 allowed): %v", codes)
	}
}

// TestTrainerAdopt: a guest's schedule, kept by the browser, is taken into the account it
// signed up as: a line of the book with its box (its due date no later than the box's wait), a
// line the account has already keeping the more cautious box and the counts added, bad lines
// left out and counted; a guest has no schedule to take it into.
func TestTrainerAdopt(t *testing.T) {
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann := h.registered("ann")
		// ann misses a drill as white: box 1
		var step api.DrillStep
		line, off := outOfBook(t)
		if st := ann.call("POST", "/api/trainer/drill", api.Drill{Line: line, Color: "white", Moves: line + off, Seed: 1}, &step); st != http.StatusOK || step.Schedule == nil {
			t.Fatalf("a missed drill: %d %+v", st, step)
		}
		far := time.Now().Add(1000 * 24 * time.Hour)
		req := api.TrainerAdopt{Lines: []api.TrainerDueLine{
			{Line: "f5d6c3d3c4", Color: "black", Box: 3, DueAt: far, Right: 2},
			{Line: line, Color: "white", Box: 5, DueAt: far, Right: 4, Missed: 1},
			{Line: "f5d6", Color: "red", Box: 2},
			{Line: "a1", Color: "black", Box: 2},
			{Line: "f5d6", Color: "black", Box: 9},
		}}
		var out api.TrainerAdopted
		if st := ann.call("POST", "/api/trainer/adopt", req, &out); st != http.StatusOK || out.Adopted != 2 || out.Skipped != 3 || len(out.Lines) != 2 {
			t.Fatalf("adopted: %d %+v", st, out)
		}
		for _, l := range out.Lines {
			switch l.Line {
			case "f5d6c3d3c4":
				if l.Color != "black" || l.Box != 3 || l.Right != 2 || l.Name != "Tiger" || l.DueAt.After(time.Now().Add(3*24*time.Hour+time.Minute)) {
					t.Errorf("the guest's line: %+v", l)
				}
			case line:
				if l.Box != 1 || l.Right != 4 || l.Missed != 2 || !l.Due && l.DueAt.After(time.Now().Add(11*time.Minute)) {
					t.Errorf("the line ann had: %+v", l)
				}
			default:
				t.Errorf("a line never sent: %+v", l)
			}
		}
		var ae apiError
		if st := h.bot().call("POST", "/api/trainer/adopt", req, &ae); st != http.StatusUnauthorized || ae.Error.Code != "unauthorized" {
			t.Errorf("a guest adopting: %d %+v", st, ae)
		}
	})
}
