package server

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"
	"turncoat/game"
	"turncoat/games"

	"turncoat/render"
)

// TestPicturesFairShare has one address hold the only slot and queue imageWaiting more
// pictures (one more is refused at once, 429, rather than queued), then another address ask
// for one: when the slot frees, the other address's picture is drawn before the first
// address's queue: the owners are served in turn, so b1 is drawn first or second (A's turn may
// come first, never twice before B's), not last as a first-come queue would have it.
func TestPicturesFairShare(t *testing.T) {
	im := newImages(1, 0)
	waiting := make(chan int, 100)
	im.pool.OnWaiting(func(n int) { waiting <- n })
	started := make(chan string, 10)
	release := map[string]chan struct{}{}
	done := make(chan int, 10)
	ask := func(owner, key string) {
		release[key] = make(chan struct{})
		rel := release[key]
		go func() {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("GET", "/api/games/x/game.gif", nil)
			err := im.serve(w, r, owner, key, render.GIF, func(b io.Writer) error {
				started <- key
				<-rel
				_, err := b.Write([]byte("GIF89a"))
				return err
			})
			if err != nil {
				done <- http.StatusTooManyRequests
				return
			}
			done <- w.Code
		}()
	}
	awaitWaiting := func(n int) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case w := <-waiting:
				if w == n {
					return
				}
			case <-timeout:
				t.Fatalf("%d pictures never wait", n)
			}
		}
	}
	next := func() string {
		t.Helper()
		select {
		case k := <-started:
			return k
		case <-time.After(10 * time.Second):
			t.Fatal("no picture drawn")
			return ""
		}
	}
	ask("10.0.0.1", "a1")
	if k := next(); k != "a1" {
		t.Fatalf("first drawn: %s", k)
	}
	for i := range imageWaiting {
		ask("10.0.0.1", "a"+strconv.Itoa(i+2))
		awaitWaiting(i + 1)
	}
	ask("10.0.0.1", "refused")
	select {
	case st := <-done:
		if st != http.StatusTooManyRequests {
			t.Errorf("one more picture of one address: %d, want 429", st)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("one picture too many waits")
	}
	ask("10.0.0.2", "b1")
	awaitWaiting(imageWaiting + 1)
	close(release["a1"])
	order := []string{}
	for range imageWaiting + 1 {
		k := next()
		order = append(order, k)
		close(release[k])
	}
	if !slices.Contains(order[:2], "b1") {
		t.Errorf("drawn in the order %v: the other address's picture waited behind the first's loop", order)
	}
	for range imageWaiting + 2 {
		select {
		case st := <-done:
			if st != http.StatusOK {
				t.Errorf("a picture: %d", st)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a picture never served")
		}
	}
}

// BenchmarkPNGUnderGIFLoop measures one address's board PNG while four loops of another
// address draw the GIF of a 1,000-round Turncoat game at 960 pixels (each a new key: nothing
// kept), on a slot per core: the PNG waits at most for one GIF in progress, never for the
// loops' queue.
func BenchmarkPNGUnderGIFLoop(b *testing.B) {
	s, err := games.Registry().New("turncoat", "cap=1000,seed=7")
	if err != nil {
		b.Fatal(err)
	}
	rp := render.Replay{Start: s.Clone()}
	rng := rand.New(rand.NewPCG(3, 1))
	var buf [256]game.Action
	for range 1000 {
		var j game.Joint
		for p := game.First; p <= game.Second; p++ {
			l := s.Legal(p, buf[:0])
			j[p] = l[rng.IntN(len(l))]
		}
		m := game.Simultaneous(j)
		if err := game.PlayMove(s, m); err != nil {
			b.Fatal(err)
		}
		rp.Moves = append(rp.Moves, m)
	}
	pos, err := rp.At(render.Latest)
	if err != nil {
		b.Fatal(err)
	}
	im := newImages(runtime.NumCPU(), 0)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var n atomic.Int64
	for range 4 {
		wg.Go(func() {
			for ctx.Err() == nil {
				key := "gif" + strconv.FormatInt(n.Add(1), 10)
				r := httptest.NewRequestWithContext(ctx, "GET", "/game.gif", nil)
				im.serve(httptest.NewRecorder(), r, "10.0.0.1", key, render.GIF, func(w io.Writer) error {
					return im.r.GIF(w, rp, render.Options{Size: 960})
				})
			}
		})
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		r := httptest.NewRequest("GET", "/board.png", nil)
		w := httptest.NewRecorder()
		err := im.serve(w, r, "10.0.0.2", "png"+strconv.Itoa(i), render.PNG, func(w io.Writer) error {
			return im.r.PNG(w, pos, render.Options{Size: 480})
		})
		if err != nil || w.Code != http.StatusOK {
			b.Fatalf("the PNG: %v %d", err, w.Code)
		}
	}
	b.StopTimer()
	cancel()
	wg.Wait()
	b.ReportMetric(float64(n.Load()), "gifs")
}
