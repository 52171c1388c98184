package server

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/render"
	"turncoat/tournament"
)

// The pictures' bounds: a GIF is one frame a move, so its width is bounded lower than a still
// picture's; the cache holds at most imageCacheBytes of pictures, none larger than
// imageEntryMax.
const (
	maxGIFSize      = 960
	imageCacheBytes = 48 << 20
	imageEntryMax   = 8 << 20
)

// images draws the boards' pictures for the API: each picture is kept under its key (what it
// shows: a game or tournament at a version, the format, the options), so that a picture asked
// for again costs a lookup, and its ETag is the hash of its bytes (an unchanged picture is a
// 304 even when the game's version moved on for a reason the picture does not show, such as a
// pending selection).
type images struct {
	r render.Renderer
	// slots bounds the pictures drawn at once (drawing is CPU work).
	slots chan struct{}

	mu    sync.Mutex
	lru   *list.List // of *imageEntry, most recently used first
	byKey map[string]*list.Element
	bytes int
}

type imageEntry struct {
	key   string
	ctype string
	etag  string
	data  []byte
}

func newImages() *images {
	return &images{slots: make(chan struct{}, max(1, runtime.NumCPU())), lru: list.New(), byKey: map[string]*list.Element{}}
}

func (im *images) get(key string) *imageEntry {
	im.mu.Lock()
	defer im.mu.Unlock()
	el, ok := im.byKey[key]
	if !ok {
		return nil
	}
	im.lru.MoveToFront(el)
	return el.Value.(*imageEntry)
}

func (im *images) put(e *imageEntry) {
	if len(e.data) > imageEntryMax {
		return
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if el, ok := im.byKey[e.key]; ok {
		im.lru.MoveToFront(el)
		return
	}
	im.byKey[e.key] = im.lru.PushFront(e)
	im.bytes += len(e.data)
	for im.bytes > imageCacheBytes {
		last := im.lru.Back()
		old := last.Value.(*imageEntry)
		im.lru.Remove(last)
		delete(im.byKey, old.key)
		im.bytes -= len(old.data)
	}
}

// serve answers with the picture under key, drawing it with draw when it is not kept.
func (im *images) serve(w http.ResponseWriter, r *http.Request, key string, f render.Format, draw func(b *bytes.Buffer) error) error {
	e := im.get(key)
	if e == nil {
		select {
		case im.slots <- struct{}{}:
		case <-r.Context().Done():
			return r.Context().Err()
		}
		var b bytes.Buffer
		err := draw(&b)
		<-im.slots
		if err != nil {
			return imageError(err)
		}
		sum := sha256.Sum256(b.Bytes())
		e = &imageEntry{key: key, ctype: f.MediaType(), etag: `"` + hex.EncodeToString(sum[:12]) + `"`, data: b.Bytes()}
		im.put(e)
	}
	hdr := w.Header()
	hdr.Set("ETag", e.etag)
	// The picture is public (it shows what a spectator sees) and changes with the game: kept by
	// caches, revalidated by its ETag.
	hdr.Set("Cache-Control", "public, no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	if f == render.SVG {
		hdr.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	}
	if etagMatches(r.Header.Get("If-None-Match"), e.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	hdr.Set("Content-Type", e.ctype)
	hdr.Set("Content-Length", strconv.Itoa(len(e.data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(e.data)
	}
	return nil
}

// etagMatches reports whether an If-None-Match header names tag (or is "*").
func etagMatches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}

// imageError turns the renderer's refusals into the API's bad requests.
func imageError(err error) error {
	var pe *domain.Error
	switch {
	case errors.As(err, &pe):
		return err
	case errors.Is(err, render.ErrOption):
		return domain.Errorf(domain.BadRequest, "%s", strings.TrimPrefix(err.Error(), "render: "))
	case errors.Is(err, render.ErrNoBoard):
		return domain.Errorf(domain.NotAllowed, "this game has no board to draw")
	}
	return err
}

// imageQuery reads a picture's query string, bounded for the format.
func imageQuery(r *http.Request, f render.Format) (render.Query, error) {
	q, err := render.ParseQuery(r.URL.Query())
	if err != nil {
		return q, imageError(err)
	}
	if f == render.GIF && q.Size > maxGIFSize {
		return q, domain.Errorf(domain.BadRequest, "size %d: an animated picture is at most %d pixels wide", q.Size, maxGIFSize)
	}
	if f == render.GIF && q.Ply != render.Latest {
		return q, domain.Errorf(domain.BadRequest, "ply: a game's animation shows every move; ask board.png for one position")
	}
	return q, nil
}

// gameShot is what a game's picture needs, copied from the game's actor.
type gameShot struct {
	version int64
	row     domain.Game
	replay  render.Replay
	// latest is the public board now (a spectator's: never a pending selection).
	latest *game.Board
	names  [2]string
}

// shootGame copies game id's public record.
func (s *Server) shootGame(ctx context.Context, id string) (gameShot, error) {
	var g gameShot
	err := s.play.Read(ctx, id, func(row domain.Game, tb *game.Table) error {
		g.version, g.row = row.Version, row
		g.replay = render.TableReplay(tb)
		v := tb.View(game.NoPlayer, time.Time{})
		g.latest = v.Board
		g.names = tb.Game().SideNames(tb.State().Options())
		return nil
	})
	return g, err
}

// position returns the picture of ply (render.Latest: now), its last move marked.
func (g *gameShot) position(ply int) (render.Position, error) {
	n := g.replay.Len()
	if ply != render.Latest && ply > n {
		return render.Position{}, domain.Errorf(domain.BadRequest, "ply %d: the game has %d moves", ply, n)
	}
	if ply != render.Latest && ply != n {
		return g.replay.At(ply)
	}
	if g.latest == nil {
		return render.Position{}, render.ErrNoBoard
	}
	p, err := g.replay.At(n)
	if err != nil {
		return p, err
	}
	p.Board = *g.latest
	return p, nil
}

func (s *Server) gameImage(f render.Format) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := imageQuery(r, f)
		if err != nil {
			return err
		}
		id := r.PathValue("id")
		g, err := s.shootGame(r.Context(), id)
		if err != nil {
			return err
		}
		if q.Ply != render.Latest && q.Ply > g.replay.Len() {
			return domain.Errorf(domain.BadRequest, "ply %d: the game has %d moves", q.Ply, g.replay.Len())
		}
		key := fmt.Sprintf("g\x00%s\x00%d\x00%s\x00%s", id, g.version, f, q.Values().Encode())
		return s.images.serve(w, r, key, f, func(b *bytes.Buffer) error {
			if f == render.GIF {
				return s.images.r.GIF(b, g.replay, q.Options)
			}
			p, err := g.position(q.Ply)
			if err != nil {
				return err
			}
			return s.images.r.Encode(b, f, p, q.Options)
		})
	}
}

// tile is a tournament board's picture.
type tile struct {
	number  int
	players [2]string
	table   *game.Table
}

// shootTournament copies the tables of tournament id's boards (every board in play when n is
// 0, else board n) and its version.
func (s *Server) shootTournament(ctx context.Context, id string, n int) (int64, []tile, error) {
	var version int64
	var tiles []tile
	err := s.tourney.Read(ctx, id, func(t *tournament.Tournament) error {
		version = t.Version()
		boards := t.Boards()
		if n > 0 {
			b, err := t.Board(n)
			if err != nil {
				return err
			}
			boards = []tournament.BoardInfo{b}
		}
		for _, b := range boards {
			tb, err := t.Table(b.Number)
			if err != nil {
				if n > 0 {
					return err
				}
				continue // a board waiting for a reserve has no position yet
			}
			tiles = append(tiles, tile{number: b.Number, players: [2]string{b.Seats[0].Player, b.Seats[1].Player}, table: tb})
		}
		return nil
	})
	return version, tiles, err
}

func (s *Server) sheetImage(f render.Format) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := imageQuery(r, f)
		if err != nil {
			return err
		}
		if q.Ply != render.Latest {
			return domain.Errorf(domain.BadRequest, "ply: a sheet shows the boards as they are now")
		}
		id := r.PathValue("id")
		version, tiles, err := s.shootTournament(r.Context(), id, 0)
		if err != nil {
			return err
		}
		switch {
		case len(tiles) == 0:
			return domain.Errorf(domain.NotAllowed, "the tournament has no board in play to draw")
		case len(tiles) > render.MaxTiles:
			return domain.Errorf(domain.NotAllowed, "%d boards: a sheet holds at most %d; ask each board alone", len(tiles), render.MaxTiles)
		}
		key := fmt.Sprintf("t\x00%s\x00%d\x00%s\x00%s", id, version, f, q.Values().Encode())
		return s.images.serve(w, r, key, f, func(b *bytes.Buffer) error {
			rts, err := renderTiles(tiles)
			if err != nil {
				return err
			}
			return s.images.r.Sheet(b, f, rts, q.Options)
		})
	}
}

// boardImage answers /api/tournaments/{id}/boards/{n}.png (or .svg): board n alone, under its
// number and its players.
func (s *Server) boardImage(w http.ResponseWriter, r *http.Request, name string) error {
	num, _, _ := strings.Cut(name, ".")
	f, err := render.FormatOf(name)
	if err != nil || f == render.GIF {
		return domain.Errorf(domain.BadRequest, "board %q: want a board number and .png or .svg", name)
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return domain.Errorf(domain.BadRequest, "board %q: want a board number, from 1", num)
	}
	q, err := imageQuery(r, f)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	version, tiles, err := s.shootTournament(r.Context(), id, n)
	if err != nil {
		return err
	}
	if len(tiles) != 1 {
		return domain.Errorf(domain.NotAllowed, "board %d has no position to draw yet", n)
	}
	t := tiles[0]
	if q.Ply != render.Latest && q.Ply > len(t.table.Moves()) {
		return domain.Errorf(domain.BadRequest, "ply %d: board %d has %d moves", q.Ply, n, len(t.table.Moves()))
	}
	key := fmt.Sprintf("b\x00%s\x00%d\x00%d\x00%s\x00%s", id, n, version, f, q.Values().Encode())
	return s.images.serve(w, r, key, f, func(b *bytes.Buffer) error {
		p, err := render.TablePosition(t.table, q.Ply)
		if err != nil {
			return err
		}
		o := q.Options
		if o.Size == 0 {
			o.Size = render.DefaultSize * max(1, len(p.Board.Grids))
			o.Size = min(o.Size, render.MaxSize)
		}
		return s.images.r.Sheet(b, f, []render.Tile{{Number: t.number, Players: t.players, Position: p}}, o)
	})
}

// boardPictures returns the absolute URLs of the pictures of tournament r's boards at a version
// (the version in the URL, so that a forum's copy of an older round's picture is not taken for
// the new one).
func (s *Server) boardPictures(r *http.Request, version int64) func(n int) string {
	base := s.publicBase(r) + "/api/tournaments/" + url.PathEscape(r.PathValue("id")) + "/boards/"
	return func(n int) string { return base + strconv.Itoa(n) + ".png?v=" + strconv.FormatInt(version, 10) }
}

// renderTiles returns the boards' positions as the sheet draws them.
func renderTiles(tiles []tile) ([]render.Tile, error) {
	rts := make([]render.Tile, len(tiles))
	for i, t := range tiles {
		p, err := render.TablePosition(t.table, render.Latest)
		if err != nil {
			return nil, err
		}
		rts[i] = render.Tile{Number: t.number, Players: t.players, Position: p}
	}
	return rts, nil
}
