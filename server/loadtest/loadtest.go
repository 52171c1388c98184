// Package loadtest drives a running Turncoat server the way players do, to measure it: pairs of
// real WebSocket clients play real games of every kind against each other (random legal moves,
// Turncoat's simultaneous selections included) at a chosen total rate of moves, and the round
// trip of each move is timed from its submission to the opponent's receipt of its event.
// `turncoat bench server` runs it against a server it starts.
package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"turncoat/api"
	"turncoat/client"
	"turncoat/domain"
	"turncoat/game"
	"turncoat/games"
)

// Config is one load run.
type Config struct {
	// URL is the server's base URL ("http://127.0.0.1:8080").
	URL string
	// Games is the number of games played at once (two sockets each).
	Games int
	// Rate is the total rate of moves to submit, per second.
	Rate float64
	// Duration is how long moves are submitted after the setup.
	Duration time.Duration
	// Seed makes the choice of games and moves reproducible.
	Seed uint64
	// ImageRate, when above zero, is the rate of board pictures asked for alongside the moves
	// (GET /api/games/{id}/board.png of a game in play, taken at random), per second.
	ImageRate float64
	// Progress receives progress lines; nil for none.
	Progress io.Writer
	// Phase, when set, is called after the games are created ("games") and after the sockets
	// are connected ("sockets"), before any move: where a caller measures memory.
	Phase func(phase string)
}

// Result is what a run measured.
type Result struct {
	Games, Sockets int
	Moves          int64
	MovesPerS      float64
	P50, P99, Max  time.Duration
	Errors         int64
	// FirstError is the first error seen, for the report.
	FirstError string
	// Setup is how long creating the players, games and sockets took.
	Setup time.Duration
	// Images are the pictures fetched alongside (with ImageRate), with their latencies, and
	// ImageErrors those that failed.
	Images             int64
	ImageP50, ImageP99 time.Duration
	ImageErrors        int64
}

// Line is the result in the benchmark's one-line form.
func (r Result) Line() string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/float64(time.Millisecond)) }
	line := fmt.Sprintf("games=%d sockets=%d moves=%d moves_per_s=%.1f p50_ms=%s p99_ms=%s max_ms=%s errors=%d",
		r.Games, r.Sockets, r.Moves, r.MovesPerS, ms(r.P50), ms(r.P99), ms(r.Max), r.Errors)
	if r.Images > 0 || r.ImageErrors > 0 {
		line += fmt.Sprintf(" images=%d image_p50_ms=%s image_p99_ms=%s image_errors=%d", r.Images, ms(r.ImageP50), ms(r.ImageP99), r.ImageErrors)
	}
	return line
}

// mix is the games played, in turn: every kind, several sizes.
var mix = []struct {
	kind    string
	options map[string]string
}{
	{"reversi", map[string]string{"size": "8"}},
	{"turncoat", map[string]string{"size": "6"}},
	{"turnover", nil},
	{"reversi", map[string]string{"size": "6"}},
	{"blocs", nil},
	{"troll", nil},
	{"turncoat", map[string]string{"size": "8"}},
	{"reversi", map[string]string{"size": "4"}},
}

// run is the shared state of a run.
type run struct {
	cfg     Config
	http    *http.Client
	reg     *game.Registry
	ready   chan *player
	errors  atomic.Int64
	moves   atomic.Int64
	firstMu sync.Mutex
	first   string

	sentMu sync.Mutex
	sent   map[sentKey]time.Time

	latMu     sync.Mutex
	latencies []time.Duration
	measuring atomic.Bool
}

type sentKey struct {
	game string
	ply  int
	side game.Player
}

func (r *run) fail(format string, args ...any) {
	r.errors.Add(1)
	r.firstMu.Lock()
	if r.first == "" {
		r.first = fmt.Sprintf(format, args...)
	}
	r.firstMu.Unlock()
}

func (r *run) progress(format string, args ...any) {
	if r.cfg.Progress != nil {
		fmt.Fprintf(r.cfg.Progress, format+"\n", args...)
	}
}

// player is one client: a guest with a socket, playing one side of a game.
type player struct {
	r     *run
	c     *client.Client
	live  *client.Live
	rng   *rand.Rand
	other *player

	mu      sync.Mutex
	gameID  string
	side    game.Player
	state   game.State
	ply     int
	moved   bool // submitted at the current node
	queued  bool
	over    bool
	turn    chan struct{}
	closing atomic.Bool
}

// Run performs a load run.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Games < 1 || cfg.Rate <= 0 || cfg.Duration <= 0 {
		return Result{}, errors.New("loadtest: want games, rate and duration above zero")
	}
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}
	r := &run{cfg: cfg, http: &http.Client{Transport: tr, Timeout: 60 * time.Second}, reg: games.Registry(),
		ready: make(chan *player, 4*cfg.Games), sent: map[sentKey]time.Time{}}
	start := time.Now()
	players, err := r.setup(ctx)
	defer func() {
		for _, p := range players {
			if p != nil && p.live != nil {
				p.closing.Store(true)
				p.live.CloseNow()
			}
		}
	}()
	if err != nil {
		return Result{}, err
	}
	res := Result{Games: cfg.Games, Sockets: len(players), Setup: time.Since(start)}
	r.progress("setup: %d games, %d sockets in %.1f s", cfg.Games, len(players), res.Setup.Seconds())

	// Play: a token bucket releases moves at the rate, to whichever player is ready first.
	pctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	lim := rate.NewLimiter(rate.Limit(cfg.Rate), max(1, int(cfg.Rate/200)))
	r.measuring.Store(true)
	playStart := time.Now()
	for _, p := range players {
		p.maybeReady()
	}
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-pctx.Done():
				return
			case <-t.C:
				r.progress("%4.0f s: %d moves, %d errors", time.Since(playStart).Seconds(), r.moves.Load(), r.errors.Load())
			}
		}
	}()
	var pics *pictures
	if cfg.ImageRate > 0 {
		pics = r.askPictures(pctx, players)
	}
	for pctx.Err() == nil {
		var p *player
		select {
		case p = <-r.ready:
		case <-pctx.Done():
		}
		if p == nil || lim.Wait(pctx) != nil {
			break
		}
		select {
		case p.turn <- struct{}{}:
		default:
		}
	}
	elapsed := time.Since(playStart)
	r.measuring.Store(false)
	time.Sleep(500 * time.Millisecond) // the last events arrive
	r.latMu.Lock()
	lat := slices.Clone(r.latencies)
	r.latMu.Unlock()
	slices.Sort(lat)
	res.Moves = r.moves.Load()
	res.MovesPerS = float64(res.Moves) / elapsed.Seconds()
	if n := len(lat); n > 0 {
		res.P50, res.P99, res.Max = lat[n/2], lat[min(n-1, n*99/100)], lat[n-1]
	}
	res.Errors = r.errors.Load()
	res.FirstError = r.first
	if pics != nil {
		pics.wg.Wait()
		slices.Sort(pics.lat)
		res.Images, res.ImageErrors = int64(len(pics.lat)), pics.errors.Load()
		if n := len(pics.lat); n > 0 {
			res.ImageP50, res.ImageP99 = pics.lat[n/2], pics.lat[min(n-1, n*99/100)]
		}
	}
	return res, nil
}

// pictures are the board pictures asked for alongside the moves.
type pictures struct {
	wg     sync.WaitGroup
	mu     sync.Mutex
	lat    []time.Duration
	errors atomic.Int64
}

// askPictures asks for board pictures of random games at cfg.ImageRate until ctx ends, eight at
// a time at most.
func (r *run) askPictures(ctx context.Context, players []*player) *pictures {
	pics := &pictures{}
	lim := rate.NewLimiter(rate.Limit(r.cfg.ImageRate), max(1, int(r.cfg.ImageRate/50)))
	rng := rand.New(rand.NewPCG(r.cfg.Seed, 25))
	slots := make(chan struct{}, 8)
	pics.wg.Add(1)
	go func() {
		defer pics.wg.Done()
		for lim.Wait(ctx) == nil {
			p := players[rng.IntN(len(players))]
			p.mu.Lock()
			id := p.gameID
			p.mu.Unlock()
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			pics.wg.Add(1)
			go func() {
				defer func() { <-slots; pics.wg.Done() }()
				start := time.Now()
				req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), "GET", r.cfg.URL+"/api/games/"+id+"/board.png", nil)
				if err != nil {
					pics.errors.Add(1)
					return
				}
				resp, err := r.http.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				if err != nil {
					pics.errors.Add(1)
					return
				}
				pics.mu.Lock()
				pics.lat = append(pics.lat, time.Since(start))
				pics.mu.Unlock()
			}()
		}
	}()
	return pics
}

// setup creates the guests and games, then connects the sockets.
func (r *run) setup(ctx context.Context) ([]*player, error) {
	n := r.cfg.Games
	players := make([]*player, 2*n)
	if err := r.parallel(ctx, n, "games", func(i int) error { return r.setupGame(ctx, i, players) }); err != nil {
		return players, err
	}
	if r.cfg.Phase != nil {
		r.cfg.Phase("games")
	}
	if err := r.parallel(ctx, 2*n, "sockets", func(i int) error {
		p := players[i]
		if err := p.connect(ctx); err != nil {
			return err
		}
		if err := p.send(ctx, api.ClientMessage{Type: "subscribe", Game: p.gameID}); err != nil {
			return err
		}
		go p.play(ctx)
		return nil
	}); err != nil {
		return players, err
	}
	if r.cfg.Phase != nil {
		r.cfg.Phase("sockets")
	}
	return players, nil
}

// parallel runs f(0..n-1) on 48 workers, stopping at the first error.
func (r *run) parallel(ctx context.Context, n int, what string, f func(i int) error) error {
	var next, done atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	stop := make(chan struct{})
	go func() {
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				r.progress("setup: %d of %d %s", done.Load(), n, what)
			}
		}
	}()
	defer close(stop)
	for range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				mu.Lock()
				failed := firstErr != nil
				mu.Unlock()
				if i >= n || failed || ctx.Err() != nil {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// setupGame makes game i: two guests, and an online game by one joined by the other.
func (r *run) setupGame(ctx context.Context, i int, players []*player) error {
	var ps [2]*player
	for s := range ps {
		c := &client.Client{Base: r.cfg.URL, HTTP: r.http}
		if _, err := c.Guest(ctx); err != nil {
			return err
		}
		ps[s] = &player{r: r, c: c, rng: rand.New(rand.NewPCG(r.cfg.Seed, uint64(2*i+s))), turn: make(chan struct{}, 1)}
	}
	ps[0].other, ps[1].other = ps[1], ps[0]
	m := mix[i%len(mix)]
	g, err := ps[0].c.CreateGame(ctx, api.CreateGame{Kind: m.kind, Options: m.options, Mode: domain.ModeOnline, Side: "first"})
	if err != nil {
		return err
	}
	token := g.Invite[strings.Index(g.Invite, "seat=")+5:]
	if _, err := ps[1].c.Join(ctx, g.ID, api.Join{Token: token}); err != nil {
		return err
	}
	k, err := r.reg.Lookup(m.kind)
	if err != nil {
		return err
	}
	start, err := k.Decode(g.View.State)
	if err != nil {
		return err
	}
	for s, p := range ps {
		p.gameID, p.side, p.state = g.ID, game.Player(s), start.Clone()
		players[2*i+s] = p
	}
	return nil
}

func (p *player) connect(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	l, err := p.c.Dial(dctx)
	if err != nil {
		return fmt.Errorf("websocket: %w", err)
	}
	p.live = l
	go p.read()
	return nil
}

// follow starts playing side in game id from the state encoded as state.
func (p *player) follow(ctx context.Context, id string, side game.Player, state string) error {
	g, err := p.gameOf(id)
	if err != nil {
		return err
	}
	s, err := g.Decode(state)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.gameID, p.side, p.state, p.ply, p.moved, p.over = id, side, s, 0, false, false
	p.mu.Unlock()
	return p.send(ctx, api.ClientMessage{Type: "subscribe", Game: id})
}

func (p *player) gameOf(id string) (game.Game, error) {
	g, err := p.c.Game(context.Background(), id)
	if err != nil {
		return nil, err
	}
	return p.r.reg.Lookup(g.Kind)
}

func (p *player) send(ctx context.Context, m api.ClientMessage) error {
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return p.live.Send(wctx, m)
}

// maybeReady queues the player when it is to act and has not yet.
func (p *player) maybeReady() {
	p.mu.Lock()
	ok := p.state != nil && !p.over && !p.moved && !p.queued && p.state.ToAct().Has(p.side)
	if ok {
		p.queued = true
	}
	p.mu.Unlock()
	if ok {
		select {
		case p.r.ready <- p:
		default:
			p.mu.Lock()
			p.queued = false
			p.mu.Unlock()
		}
	}
}

// play waits for the dispatcher's turns and submits a random legal move at each.
func (p *player) play(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.turn:
		}
		p.mu.Lock()
		p.queued = false
		if p.over || p.moved || !p.state.ToAct().Has(p.side) {
			p.mu.Unlock()
			continue
		}
		var buf [512]game.Action
		legal := p.state.Legal(p.side, buf[:0])
		a := legal[p.rng.IntN(len(legal))]
		text, id, ply := p.state.FormatAction(p.side, a), p.gameID, p.ply
		p.moved = true
		p.mu.Unlock()
		p.r.sentMu.Lock()
		p.r.sent[sentKey{id, ply, p.side}] = time.Now()
		p.r.sentMu.Unlock()
		if err := p.send(ctx, api.ClientMessage{Type: "command", Game: id, Command: "move", CommandFields: api.Command{Move: text}}); err != nil {
			if !p.closing.Load() {
				p.r.fail("send: %v", err)
			}
			return
		}
		p.r.moves.Add(1)
	}
}

// read handles the server's messages: events move the local game on and time the round trip.
func (p *player) read() {
	for {
		m, err := p.live.Next(context.Background())
		if err != nil {
			if p.closing.Load() {
				return
			}
			var syn *json.SyntaxError
			if errors.As(err, &syn) {
				p.r.fail("message: %v", err)
				continue
			}
			p.r.fail("socket: %v", err)
			return
		}
		now := time.Now()
		switch m.Type {
		case "error":
			p.r.fail("server error: %s: %s", m.Error.Code, m.Error.Message)
		case "event":
			p.event(m, now)
		}
	}
}

func (p *player) event(m api.Message, now time.Time) {
	p.mu.Lock()
	if m.Game != p.gameID {
		p.mu.Unlock()
		return
	}
	e := m.Event
	id := p.gameID
	if e.Kind == game.EventRematch {
		p.mu.Unlock()
		p.rematch(e.Ref)
		return
	}
	var timed []sentKey
	switch e.Kind {
	case game.EventSelection:
		if e.Player != p.side {
			timed = append(timed, sentKey{id, e.Ply, e.Player})
		}
	case game.EventMove:
		mv, err := game.ParseMove(p.state, e.Move)
		if err == nil {
			err = game.PlayMove(p.state, mv)
		}
		if err != nil {
			p.r.fail("replaying %q: %v", e.Move, err)
		}
		// The opponent's submission that made this move (a selection already timed by its
		// own event is no longer in the table).
		timed = append(timed, sentKey{id, e.Ply - 1, p.side.Other()})
		p.ply, p.moved = e.Ply, false
	case game.EventEnd:
		p.over = true
	}
	over, first := p.over, p.side == game.First
	p.mu.Unlock()
	if len(timed) > 0 && p.r.measuring.Load() {
		p.r.sentMu.Lock()
		var at time.Time
		for _, k := range timed {
			if t, ok := p.r.sent[k]; ok && t.After(at) {
				at = t
			}
			delete(p.r.sent, k)
		}
		p.r.sentMu.Unlock()
		if !at.IsZero() {
			p.r.latMu.Lock()
			p.r.latencies = append(p.r.latencies, now.Sub(at))
			p.r.latMu.Unlock()
		}
	}
	if e.Kind == game.EventEnd && first && over {
		go func() {
			if err := p.c.JSON(context.Background(), "POST", "/api/games/"+id+"/rematch", nil, nil); err != nil && !p.closing.Load() {
				p.r.fail("rematch: %v", err)
			}
		}()
		return
	}
	p.maybeReady()
}

// rematch follows the new game of a rematch, with the colours swapped.
func (p *player) rematch(id string) {
	go func() {
		g, err := p.c.Game(context.Background(), id)
		if err != nil {
			if !p.closing.Load() {
				p.r.fail("rematch: %v", err)
			}
			return
		}
		p.mu.Lock()
		side := p.side.Other()
		p.mu.Unlock()
		if err := p.follow(context.Background(), id, side, g.View.State); err != nil && !p.closing.Load() {
			p.r.fail("rematch: %v", err)
			return
		}
		p.maybeReady()
	}()
}
