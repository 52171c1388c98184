package e2e_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// loadFigures is one load of a game's page: the requests for the UI's files the server saw
// (304s included) and the time from the start of navigation until the board took input.
type loadFigures struct {
	requests    int64
	interactive float64
}

// TestPageLoadRequests loads a game's page in fresh browser contexts (a first visit, empty
// cache) and again in the same context (a repeat visit), three times each, and reports the
// requests for the UI's files and the time until the board takes input (the medians). A repeat
// visit asks the server for the page alone: every module, style and catalogue comes from the
// cache without a request.
func TestPageLoadRequests(t *testing.T) {
	owner := newPage(t)
	owner.open("/")
	id := owner.newGame(`{kind: "reversi", mode: "ai", level: 1}`)
	load := func(p *page) loadFigures {
		before := suite.assets.Load()
		p.do(chromedp.Navigate(suite.url + "/play/" + id))
		p.wait(`document.documentElement.dataset.board === "ready"`)
		time.Sleep(300 * time.Millisecond) // late requests (icons, lazy modules) are counted too
		ms := eval[float64](p, `performance.getEntriesByName("board-interactive")[0].startTime`)
		return loadFigures{requests: suite.assets.Load() - before, interactive: ms}
	}
	var first, repeat []loadFigures
	for range 3 {
		p := newPage(t)
		first = append(first, load(p))
		repeat = append(repeat, load(p))
	}
	median := func(fs []loadFigures) loadFigures {
		r := make([]int64, len(fs))
		ms := make([]float64, len(fs))
		for i, f := range fs {
			r[i], ms[i] = f.requests, f.interactive
		}
		slices.Sort(r)
		slices.Sort(ms)
		return loadFigures{requests: r[len(r)/2], interactive: ms[len(ms)/2]}
	}
	f, r := median(first), median(repeat)
	t.Logf("a game's page, first visit: %d requests for the UI's files, board interactive after %.0f ms; repeat visit: %d requests, %.0f ms (medians of 3)",
		f.requests, f.interactive, r.requests, r.interactive)
	if r.requests > f.requests {
		t.Errorf("a repeat visit made %d requests, more than the first (%d)", r.requests, f.requests)
	}
}
