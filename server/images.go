package server

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/platform/aiwork"
	"turncoat/render"
	"turncoat/tournament"
)

// The pictures' bounds: a GIF is one frame a move (at most render.MaxGIFFrames), so its width
// is bounded lower than a still picture's, and its bytes by maxImageBytes (413 beyond); the
// cache holds at most imageCacheBytes of pictures, none larger than imageEntryMax, which every
// picture within maxImageBytes is not.
const (
	maxGIFSize      = 960
	imageCacheBytes = 48 << 20
	imageEntryMax   = 8 << 20
	maxImageBytes   = imageEntryMax
	// imageWaiting bounds by default the pictures one address may have waiting for a slot (429
	// beyond).
	imageWaiting = 4
)

// images draws the boards' pictures for the API: each picture is kept under its key (what it
// shows: a game's public moves or a tournament's version, the format, the options), so that a
// picture asked for again costs a lookup. Its ETag is the hash of its key (and of the program's
// build), known before anything is drawn: a revalidation answers 304 without drawing, kept or
// not. Drawing is CPU work shared fairly between the addresses that ask (one address's loop
// of big pictures waits its turn behind the others').
type images struct {
	r render.Renderer
	// pool shares the pictures' slots (a core each) between client addresses.
	pool *aiwork.Fair
	// drawn counts the pictures drawn (a metric; tests count draws with it).
	drawn func()

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

func newImages(slots, waiting int) *images {
	switch {
	case waiting == 0:
		waiting = imageWaiting
	case waiting < 0:
		waiting = math.MaxInt32
	}
	busy := func() error {
		return domain.Errorf(domain.RateLimited, "your earlier pictures are still being drawn; ask again when they are served").Words("picture.busy")
	}
	return &images{pool: aiwork.NewFair(max(1, slots), waiting, busy), drawn: func() {},
		lru: list.New(), byKey: map[string]*list.Element{}}
}

// buildID tells the pictures of one build from another's in their ETags (a new build may draw
// the same key differently).
var buildID = func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
		return bi.Main.Version + bi.GoVersion
	}
	return ""
}()

// imageETag is the ETag of the picture under key.
func imageETag(key string) string {
	sum := sha256.Sum256([]byte(buildID + "\x00" + key))
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// limitedBuffer is a buffer that refuses to grow beyond max bytes.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

var errImageTooLarge = domain.Errorf(domain.TooLarge, "the picture would be larger than %d MiB: ask a smaller size", maxImageBytes>>20).
	Words("picture.too_large", "mib", strconv.Itoa(maxImageBytes>>20))

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		return 0, errImageTooLarge
	}
	return b.Buffer.Write(p)
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

// serve answers with the picture under key, drawing it with draw when it is not kept and the
// client does not have it already (its If-None-Match names the key's ETag): the drawing waits
// for a slot of owner's (the client's address) fair share.
func (im *images) serve(w http.ResponseWriter, r *http.Request, owner, key string, f render.Format, draw func(io.Writer) error) error {
	hdr := w.Header()
	etag := imageETag(key)
	hdr.Set("ETag", etag)
	// The picture is public (it shows what a spectator sees) and changes with the game: kept by
	// caches, revalidated by its ETag.
	hdr.Set("Cache-Control", "public, no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	if f == render.SVG {
		hdr.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	}
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	e := im.get(key)
	if e == nil {
		release, err := im.pool.Acquire(r.Context(), owner)
		if err != nil {
			hdr.Del("ETag")
			return err
		}
		if e = im.get(key); e == nil { // drawn for another client while this one waited
			b := &limitedBuffer{max: maxImageBytes}
			im.drawn()
			err = draw(b)
			release()
			if err != nil {
				hdr.Del("ETag")
				return imageError(err)
			}
			e = &imageEntry{key: key, ctype: f.MediaType(), etag: etag, data: b.Bytes()}
			im.put(e)
		} else {
			release()
		}
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
	// public is a digest of the game's public record (its moves), which its pictures show: a
	// pending selection changes the version, not the pictures.
	public string
	row    domain.Game
	replay render.Replay
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
		h := sha256.New()
		for _, m := range tb.Moves() {
			io.WriteString(h, m.Text)
			h.Write([]byte{0})
		}
		g.public = hex.EncodeToString(h.Sum(nil)[:12])
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
		key := fmt.Sprintf("g\x00%s\x00%d\x00%s\x00%s\x00%s", id, g.replay.Len(), g.public, f, q.Values().Encode())
		return s.images.serve(w, r, s.clientAddr(r), key, f, func(b io.Writer) error {
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
		return s.images.serve(w, r, s.clientAddr(r), key, f, func(b io.Writer) error {
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
	return s.images.serve(w, r, s.clientAddr(r), key, f, func(b io.Writer) error {
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
