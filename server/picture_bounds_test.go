package server_test

import (
	"bytes"
	"image/gif"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games"
	"turncoat/render"
	"turncoat/store"
)

// longTurncoat returns the text record of a Turncoat game of rounds random rounds, drawn by its
// cap after the last.
func longTurncoat(t testing.TB, rounds int) string {
	s, err := games.Registry().New("turncoat", "cap="+strconv.Itoa(rounds)+",seed=7")
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Start: s.Clone()}
	rng := rand.New(rand.NewPCG(3, 1))
	var buf [256]game.Action
	for range rounds {
		if s.ToAct() == game.Nobody {
			t.Fatalf("the game ended after %d rounds", len(rec.Moves))
		}
		var j game.Joint
		for p := game.First; p <= game.Second; p++ {
			l := s.Legal(p, buf[:0])
			j[p] = l[rng.IntN(len(l))]
		}
		m := game.Simultaneous(j)
		rec.Moves = append(rec.Moves, game.FormatMove(s, m))
		if err := game.PlayMove(s, m); err != nil {
			t.Fatal(err)
		}
	}
	rec.Result = s.Outcome()
	text, err := game.FormatRecord("text", rec)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// picturesDrawn reads the count of pictures an instance drew from its metrics.
func picturesDrawn(t testing.TB, c *client) int {
	_, b := c.raw("GET", "/metrics", nil)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "turncoat_pictures_drawn_total "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("the pictures' metric: %q", line)
			}
			return int(n)
		}
	}
	t.Fatal("no count of pictures drawn in the metrics")
	return 0
}

// TestLongGameGIF draws a 1,000-round Turncoat game as the largest GIF: it has a bounded number
// of frames (the start and the end among them) and is under the byte bound; asked again with
// its ETag, from another instance on the same database that never drew it, it is a 304 and
// nothing is drawn there; asked again without, it is served from the cache, not drawn again.
func TestLongGameGIF(t *testing.T) {
	if raceEnabled {
		t.Skip("drawing the largest GIF under the race detector outlasts the client's timeout; the run without it covers this test")
	}
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		c := h.browser()
		var g struct{ ID string }
		if st := c.call("POST", "/api/import", map[string]any{"kind": "turncoat", "text": longTurncoat(t, 1000)}, &g); st != http.StatusCreated || g.ID == "" {
			t.Fatalf("import: %d %.300s", st, c.received())
		}
		path := "/api/games/" + g.ID + "/game.gif?size=960"
		st, tag, _, body := c.fetch(path)
		if st != http.StatusOK {
			t.Fatalf("game.gif: %d %.200s", st, body)
		}
		const bound = 8 << 20
		if len(body) > bound {
			t.Errorf("the GIF of 1,000 rounds has %d bytes, more than %d", len(body), bound)
		}
		anim, err := gif.DecodeAll(bytes.NewReader(body))
		if err != nil || len(anim.Image) != render.MaxGIFFrames {
			t.Fatalf("the GIF: %v, %d frames, want %d", err, len(anim.Image), render.MaxGIFFrames)
		}
		t.Logf("1,000 rounds at 960 px: %d bytes, %d frames", len(body), len(anim.Image))
		if n := picturesDrawn(t, c); n != 1 {
			t.Errorf("%d pictures drawn, want 1", n)
		}
		if st, _, _, _ := c.fetch(path); st != http.StatusOK || picturesDrawn(t, c) != 1 {
			t.Errorf("asked again: %d, drawn %d times", st, picturesDrawn(t, c))
		}
		h2 := newHarness(t, dsn, opts)
		c2 := h2.browser()
		if st, tag2, _, body := c2.fetch(path, "If-None-Match", tag); st != http.StatusNotModified || tag2 != tag || len(body) != 0 {
			t.Errorf("revalidated on another instance: %d %q (%d bytes), want 304 %q", st, tag2, len(body), tag)
		}
		if n := picturesDrawn(t, c2); n != 0 {
			t.Errorf("the other instance drew %d pictures to answer a revalidation", n)
		}
	})
}
