// Package aiwork runs the AI's work for the game service: agents built only through the safe
// constructor (a level, or a vetted kind within caps: never an external process), each move's
// randomness from a secret seed, and every search (an AI seat's move, a hint, an analysis, the
// tournaments' house AI, the opening book's learning) on the owner's share of a fair pool of
// the cores.
package aiwork

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"strconv"
	"sync"
	"time"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/game"
)

// Work is the AI of the service.
type Work struct {
	// Pool shares the cores between owners.
	Pool   *fairPool
	limits ai.Limits
	// maxThink bounds a search.
	maxThink time.Duration
	// prepare is given every agent built (the opening book's hook: levels 8-10 of Othello play
	// from the server's book).
	prepare func(engine.Agent)
	// guests remembers the address each guest last came from (see Owner).
	guests sync.Map
}

// New returns the AI work of slots searches at once, each at most maxThink.
func New(slots int, maxThink time.Duration) *Work {
	return &Work{Pool: newFairPool(slots), limits: ai.Limits{MoveTime: maxThink}, maxThink: maxThink}
}

// MaxThink is the longest a search may take.
func (w *Work) MaxThink() time.Duration { return w.maxThink }

// Prepare sets the hook every agent built is given.
func (w *Work) Prepare(f func(engine.Agent)) { w.prepare = f }

// Acquire waits for a slot of owner's share of the cores; see fairPool.acquire.
func (w *Work) Acquire(ctx context.Context, owner string, refusable bool) (func(), error) {
	return w.Pool.acquire(ctx, owner, refusable)
}

// OnWaiting reports the number of waiting requests to f at each change (a metric).
func (w *Work) OnWaiting(f func(n int)) { w.Pool.onChange = f }

// NewAgent builds an agent, only ever through the safe constructor: a level, or a vetted
// engine kind with capped parameters; never an external process, never more threads, memory
// or time than allowed.
func (w *Work) NewAgent(g game.Game, spec string, seed uint64) (engine.Agent, error) {
	a, err := w.limits.New(g, spec, seed)
	if err == nil && w.prepare != nil {
		w.prepare(a)
	}
	return a, err
}

// SeatSpec reads the AI of a seat from a request: a level 1-10 (0: 5), or an engine spec the
// safe constructor accepts. It returns the canonical spec stored with the seat.
func (w *Work) SeatSpec(g game.Game, level int, spec string) (string, error) {
	if spec == "" {
		if level == 0 {
			level = 5
		}
		if !engine.Level(level).Valid() {
			return "", domain.Errorf(domain.BadRequest, "AI level %d: want 1 to 10", level)
		}
		spec = "level=" + strconv.Itoa(level)
	}
	if _, err := w.NewAgent(g, spec, 1); err != nil {
		return "", domain.Errorf(domain.BadRequest, "AI %q: %v", spec, err)
	}
	return spec, nil
}

// SecretSeed draws the seed of one AI move's random choices from the operating system's
// secret randomness. It must never be derivable from what players see (a game's id and ply
// are public): an opponent who could rerun the AI with its seed would know its hidden Turncoat
// selection before choosing, and its every tie-break elsewhere. Nothing needs to replay it.
func SecretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Analyze has the engine of the given level value every legal move of side in state, on
// owner's share of the AI: the search holds a slot of the fair pool (refused when the owner
// has enough waiting) and ends after MaxThink at most.
func (w *Work) Analyze(ctx context.Context, owner string, state game.State, side game.Player, level int) ([]api.Hint, error) {
	agent, err := w.NewAgent(state.Game(), "level="+strconv.Itoa(level), 1)
	if err != nil {
		return nil, err
	}
	an, ok := agent.(engine.Analyzer)
	if !ok {
		return nil, domain.Errorf(domain.NotAllowed, "%s has no hints", state.Game().Title())
	}
	ctx, cancel := context.WithTimeout(ctx, w.maxThink)
	defer cancel()
	release, err := w.Acquire(ctx, owner, true)
	if err != nil {
		var pe *domain.Error
		if errors.As(err, &pe) {
			return nil, err
		}
		return nil, domain.Errorf(domain.Unavailable, "the AI is busy; try again")
	}
	stats, err := an.Analyze(ctx, state, side)
	release()
	if err != nil {
		return nil, err
	}
	out := make([]api.Hint, 0, len(stats))
	for _, st := range stats {
		out = append(out, api.Hint{Move: state.FormatAction(side, st.Action), Visits: st.Visits, Value: st.Value, Unit: st.Unit, PV: st.PV, Exact: st.Exact})
	}
	return out, nil
}

// Hints reports whether game g's engine analyses (hints and the analysis board).
func (w *Work) Hints(g game.Game) bool {
	a, err := w.NewAgent(g, "level=1", 1)
	if err != nil {
		return false
	}
	_, ok := a.(engine.Analyzer)
	return ok
}

// The AI's cores are shared by owner: a registered user is an owner; guests are owners by
// their address, since anyone can make guests by the dozen.

// NoteGuest remembers the address a guest's request came from.
func (w *Work) NoteGuest(userID int64, addr string) { w.guests.Store(userID, addr) }

// Owner is the owner of a user's AI work: the address of a guest whose address is known, else
// the user.
func (w *Work) Owner(userID int64) string {
	if a, ok := w.guests.Load(userID); ok {
		return "addr:" + a.(string)
	}
	return "user:" + strconv.FormatInt(userID, 10)
}

// Caller is the owner of the AI work a caller asks for: a guest or an anonymous caller by its
// address, a registered user as itself.
func (w *Work) Caller(u *domain.User, addr string) string {
	if u == nil || u.Guest {
		return "addr:" + addr
	}
	return w.Owner(u.ID)
}

// GameOwner is the owner of a game's AI moves: the person playing the AI (the first seat held
// by a user), or the server for a game of AI against AI.
func (w *Work) GameOwner(row domain.Game) string {
	for _, seat := range row.Seats {
		if seat.UserID != 0 {
			return w.Owner(seat.UserID)
		}
	}
	return Server
}

// Server is the owner of the server's own AI work (the book's learning, games of AI against AI).
const Server = "server"
