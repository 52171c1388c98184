// Package worker is the engine the web UI runs in the browser, in a Web Worker: the games'
// rules and their engines (the Othello search, solver and opening book, MCTS, the exact
// solvers) behind a small message interface. Its answers are the server's own JSON forms, made
// by the same code (game tables and views, the AI's agents built by the same safe constructor
// at the same level and seed as the server's hints and analyses), so a page reads them as it
// reads the API's and the values match the server's for the same position.
//
// The package is plain Go, tested natively; web/worker/wasm is the WebAssembly program around
// it, built by "go generate ./web/worker" into web/static/engine (committed: a plain go build
// embeds it with the other assets).
package worker

//go:generate go run ./internal/build

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"turncoat/engine"
	"turncoat/engine/ai"
	"turncoat/game"
)

// Limits of what the engine keeps and accepts: a page holds a few games at a time.
const (
	// MaxGames is how many games an engine keeps open at once.
	MaxGames = 64
	// MaxMoves bounds a game's moves and an analysis's replayed moves, as on the server.
	MaxMoves = 1000
	// MaxThink bounds an AI move or an analysis.
	MaxThink = 60 * time.Second
)

// Engine holds the games a page plays in the browser. It is safe for concurrent use, but its
// searches run one at a time (the browser gives the worker one thread).
type Engine struct {
	reg *game.Registry
	// limits are the caps of the agents, as the server's (whose moves stop at its MaxThink).
	limits ai.Limits
	now    func() time.Time

	mu    sync.Mutex
	games map[string]*local
	next  int
}

// local is one game the browser plays: hot-seat, its viewer holding both seats.
type local struct {
	tb *game.Table
	// created is when it started (the view's "created").
	created time.Time
}

// New returns an engine of the registry's games.
func New(reg *game.Registry) *Engine {
	return &Engine{reg: reg, limits: ai.Limits{MoveTime: MaxThink}, now: time.Now, games: map[string]*local{}}
}

// Request is one message to the engine: a method and its parameters.
type Request struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// Reply is the engine's answer to a Request: a result, or an error as the API writes it.
type Reply struct {
	Result any    `json:"result,omitempty"`
	Error  *Error `json:"error,omitempty"`
}

// HandleJSON answers one request written as JSON with its reply written as JSON: the
// worker's whole interface.
func (e *Engine) HandleJSON(ctx context.Context, req []byte) []byte {
	var r Request
	var res any
	err := json.Unmarshal(req, &r)
	if err != nil {
		err = errorf(codeBadJSON, "the request: %v", err)
	} else {
		res, err = e.Handle(ctx, r.Method, r.Params)
	}
	var out Reply
	if err != nil {
		out.Error = asError(err)
	} else {
		out.Result = res
	}
	b, err := json.Marshal(out)
	if err != nil {
		b, _ = json.Marshal(Reply{Error: &Error{Code: codeInternal, Message: err.Error()}})
	}
	return b
}

// Parameters of the methods.
type (
	// NewGame starts a game: Game is a registry name, Options the game's options as the
	// server's new-game API takes them ("kind" is read as "game", as the API names it), and
	// State, when given, the position to start from, as the analysis reads it (the game's
	// position notation, or a view's "state").
	NewGame struct {
		Game    string            `json:"game"`
		Kind    string            `json:"kind"`
		Options map[string]string `json:"options"`
		State   string            `json:"state"`
	}
	// GameRef names a game.
	GameRef struct {
		ID string `json:"id"`
	}
	// ViewOf names a game and the side it is seen by (As: "first" or "second"; none: the side
	// alone to act, the first when both act), as the server's GET /api/games/{id}?as= for the
	// holder of both seats: at a Turncoat round each side sees its own selection only, so a
	// hot-seat page shows each player's board in turn.
	ViewOf struct {
		ID string `json:"id"`
		As string `json:"as"`
	}
	// Play plays a move: the move in the game's notation, as a string, or as the server's
	// command {"move", "side"} (the side is needed only when both act: a Turncoat round,
	// whose selections come one side at a time as on the server).
	Play struct {
		ID   string          `json:"id"`
		Move json.RawMessage `json:"move"`
	}
	// AIMove asks the AI's move for the side to act at a level (1-10, default 5), within Ms
	// milliseconds (0: the level's own time).
	AIMove struct {
		ID    string `json:"id"`
		Level int    `json:"level"`
		Ms    int    `json:"ms"`
		Side  string `json:"side"`
	}
	// Analyse values every legal move of the side to act (or Side, at a simultaneous node) at
	// the server's analysis level (1-10); Depth is read as Level when Level is absent.
	Analyse struct {
		ID    string `json:"id"`
		Level int    `json:"level"`
		Depth int    `json:"depth"`
		Side  string `json:"side"`
	}
)

// Results of the methods.
type (
	// Started is a new game: its id and view.
	Started struct {
		ID   string `json:"id"`
		View Game   `json:"view"`
	}
	// Viewed is a game's view.
	Viewed struct {
		View Game `json:"view"`
	}
	// Chosen is the AI's move, in the game's notation, and the side it is for.
	Chosen struct {
		Move string      `json:"move"`
		Side game.Player `json:"side"`
	}
	// Values are a position's moves valued (the server's hints), best first, and the best
	// move.
	Values struct {
		Side  game.Player `json:"side"`
		Level int         `json:"level"`
		Moves []Hint      `json:"moves"`
		Best  string      `json:"best"`
	}
	// Records are a game's record as the server exports it: the JSON record, and the text of
	// each record format the game writes, by the format's name.
	Records struct {
		Record  Record            `json:"record"`
		Formats map[string]string `json:"formats"`
	}
	// Hello is the engine's greeting: the games it plays.
	Hello struct {
		Games []string `json:"games"`
	}
	// Closed acknowledges a close.
	Closed struct {
		OK bool `json:"ok"`
	}
)

// Methods lists the methods Handle answers.
var Methods = []string{"hello", "newGame", "legal", "play", "view", "aiMove", "analyse", "analysis", "record", "close", "bench"}

// Handle runs one method with its parameters (JSON) and returns its result.
func (e *Engine) Handle(ctx context.Context, method string, params json.RawMessage) (any, error) {
	switch method {
	case "hello":
		if err := decode(params, &struct{}{}); err != nil {
			return nil, err
		}
		return Hello{Games: e.reg.Names()}, nil
	case "newGame":
		var p NewGame
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.newGame(p)
	case "legal":
		var p GameRef
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.legal(p.ID)
	case "play":
		var p Play
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.play(p)
	case "view":
		var p ViewOf
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.view(p)
	case "aiMove":
		var p AIMove
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.aiMove(ctx, p)
	case "analyse":
		var p Analyse
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.analyse(ctx, p)
	case "analysis":
		var p Analyze
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.Analysis(ctx, p)
	case "record":
		var p GameRef
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.record(p.ID)
	case "bench":
		var p Bench
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		return e.bench(ctx, p)
	case "close":
		var p GameRef
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		if _, ok := e.games[p.ID]; !ok {
			return nil, notFound(p.ID)
		}
		delete(e.games, p.ID)
		return Closed{OK: true}, nil
	}
	return nil, errorf(codeBadRequest, "unknown method %q (want one of %s)", method, strings.Join(Methods, ", "))
}

// decode reads a method's parameters, as the server reads a request's body: strictly.
func decode(params json.RawMessage, v any) error {
	if len(params) == 0 {
		params = []byte("{}")
	}
	d := json.NewDecoder(strings.NewReader(string(params)))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return errorf(codeBadJSON, "the parameters: %v", err)
	}
	return nil
}

func notFound(id string) error {
	return errorf(codeNotFound, "no game %s", id)
}

// newGame starts a game as the server starts a hot-seat one.
func (e *Engine) newGame(p NewGame) (Started, error) {
	kind := p.Game
	if kind == "" {
		kind = p.Kind
	}
	g, err := e.reg.Lookup(kind)
	if err != nil {
		return Started{}, errorf(codeUnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), p.Options)
	if err != nil {
		return Started{}, errorf(codeBadOption, "%s: %v", g.Name(), err)
	}
	var st game.State
	if p.State == "" {
		st, err = g.New(o)
		if err != nil {
			return Started{}, errorf(codeBadOption, "%s: %v", g.Name(), err)
		}
	} else if st, err = game.ReadPosition(g, o, p.State); err != nil {
		return Started{}, errorf(codeBadRequest, "the position: %v", err)
	}
	if b, ok := st.(game.Bounded); ok {
		if n := b.MovesLeft(); n > MaxMoves {
			return Started{}, errorf(codeBadOption, "%s: these options let a game last %d moves; a game here holds at most %d",
				st.Game().Name(), n, MaxMoves)
		}
	}
	now := e.now()
	tb, err := game.NewTable(st, game.TableConfig{Now: now})
	if err != nil {
		return Started{}, errorf(codeBadOption, "%s: %v", g.Name(), err)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.games) >= MaxGames {
		return Started{}, errorf(codeConflict, "%d games are open: close one first", MaxGames)
	}
	e.next++
	id := "local-" + strconv.Itoa(e.next)
	lg := &local{tb: tb, created: now}
	e.games[id] = lg
	return Started{ID: id, View: e.viewOf(id, lg, game.NoPlayer)}, nil
}

// game returns game id; the caller holds e.mu.
func (e *Engine) game(id string) (*local, error) {
	lg, ok := e.games[id]
	if !ok {
		return nil, notFound(id)
	}
	return lg, nil
}

// viewOf is game id as the server shows a hot-seat game to the holder of both seats: as the
// side as, else the side alone to act (First when both act).
func (e *Engine) viewOf(id string, lg *local, as game.Player) Game {
	tb := lg.tb
	names := tb.Game().SideNames(tb.State().Options())
	status := "active"
	if tb.Over() {
		status = "over"
	}
	j := Game{ID: id, Kind: tb.Game().Name(), Mode: "hotseat", Status: status, Created: lg.created,
		You: []string{game.First.String(), game.Second.String()}}
	for p := game.First; p <= game.Second; p++ {
		j.Seats[p] = Seat{Side: p, Name: names[p], You: true}
	}
	viewer := as
	if !viewer.Valid() {
		viewer = tb.ToAct().Single()
	}
	if !viewer.Valid() {
		viewer = game.First
	}
	j.View = tb.View(viewer, e.now())
	if len(j.View.Legal) > 0 {
		j.Actions = actionsOf(tb.State(), viewer)
	}
	return j
}

// legal returns the legal moves of the side the view is for, as the view lists them.
func (e *Engine) legal(id string) ([]string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	lg, err := e.game(id)
	if err != nil {
		return nil, err
	}
	return e.viewOf(id, lg, game.NoPlayer).View.Legal, nil
}

func (e *Engine) view(p ViewOf) (Viewed, error) {
	as := game.NoPlayer
	if p.As != "" {
		q, err := game.ParsePlayer(p.As)
		if err != nil || !q.Valid() {
			return Viewed{}, errorf(codeBadRequest, "as %q: want first or second", p.As)
		}
		as = q
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	lg, err := e.game(p.ID)
	if err != nil {
		return Viewed{}, err
	}
	return Viewed{View: e.viewOf(p.ID, lg, as)}, nil
}

// play plays a move as the server's move command does for the holder of both seats.
func (e *Engine) play(p Play) (Viewed, error) {
	var cmd Command
	if len(p.Move) > 0 && p.Move[0] == '"' {
		if err := json.Unmarshal(p.Move, &cmd.Move); err != nil {
			return Viewed{}, errorf(codeBadJSON, "the move: %v", err)
		}
	} else if len(p.Move) > 0 && string(p.Move) != "null" {
		if err := decode(p.Move, &cmd); err != nil {
			return Viewed{}, err
		}
	}
	if strings.TrimSpace(cmd.Move) == "" {
		return Viewed{}, errorf(codeBadRequest, "a move is required: {\"move\": \"f5\"}")
	}
	side := game.NoPlayer
	if cmd.Side != "" {
		s, err := game.ParsePlayer(cmd.Side)
		if err != nil || !s.Valid() {
			return Viewed{}, errorf(codeBadRequest, "side %q: want first or second", cmd.Side)
		}
		side = s
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	lg, err := e.game(p.ID)
	if err != nil {
		return Viewed{}, err
	}
	if side == game.NoPlayer {
		side = lg.tb.ToAct().Single()
		if side == game.NoPlayer && !lg.tb.Over() {
			return Viewed{}, errorf(codeBadRequest, "you hold both seats: say which side acts (\"side\": \"first\" or \"second\")")
		}
		if side == game.NoPlayer {
			side = game.First // the table says the game is over
		}
	}
	if cmd.Ply != nil && *cmd.Ply != lg.tb.Ply() {
		return Viewed{}, errorf(codeStalePly, "the game is at ply %d, not %d", lg.tb.Ply(), *cmd.Ply)
	}
	if lg.tb.Ply() >= MaxMoves {
		return Viewed{}, errorf(codeGameOver, "a game here holds at most %d moves", MaxMoves)
	}
	if _, err := lg.tb.SubmitText(side, cmd.Move, e.now()); err != nil {
		return Viewed{}, err
	}
	// At a simultaneous round the next view is the other side's, whose selection is due.
	as := game.NoPlayer
	if lg.tb.ToAct().Simultaneous() && lg.tb.Pending(side) != nil {
		as = side.Other()
	}
	return Viewed{View: e.viewOf(p.ID, lg, as)}, nil
}

// state returns a copy of game id's state, and the side that acts in it (side, or the side
// alone to act; First when both act).
func (e *Engine) state(id, side string) (game.State, game.Player, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	lg, err := e.game(id)
	if err != nil {
		return nil, game.NoPlayer, err
	}
	p := lg.tb.ToAct().Single()
	if side != "" {
		q, err := game.ParsePlayer(side)
		if err != nil || !q.Valid() {
			return nil, game.NoPlayer, errorf(codeBadRequest, "side %q: want first or second", side)
		}
		p = q
	} else if !p.Valid() && lg.tb.ToAct().Simultaneous() {
		p = game.First
	}
	if lg.tb.Over() {
		return nil, game.NoPlayer, errorf(codeGameOver, "%v", game.ErrGameOver)
	}
	if !lg.tb.ToAct().Has(p) {
		return nil, game.NoPlayer, errorf(codeNotYourTurn, "%s does not act now", p)
	}
	return lg.tb.State(), p, nil
}

// aiMove returns the AI's move at a level for the side to act, by the agent the server's AI
// seats use (the safe constructor, a secret seed).
func (e *Engine) aiMove(ctx context.Context, p AIMove) (Chosen, error) {
	if p.Level == 0 {
		p.Level = 5
	}
	if !engine.Level(p.Level).Valid() {
		return Chosen{}, errorf(codeBadRequest, "AI level %d: want 1 to 10", p.Level)
	}
	if p.Ms < 0 {
		return Chosen{}, errorf(codeBadRequest, "ms %d: want 0 (the level's time) or more", p.Ms)
	}
	st, side, err := e.state(p.ID, p.Side)
	if err != nil {
		return Chosen{}, err
	}
	agent, err := e.limits.New(st.Game(), "level="+strconv.Itoa(p.Level), seed())
	if err != nil {
		return Chosen{}, errorf(codeBadRequest, "AI level %d: %v", p.Level, err)
	}
	limit := MaxThink
	if p.Ms > 0 {
		limit = min(limit, time.Duration(p.Ms)*time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	a, err := agent.Choose(ctx, st, side)
	if err != nil {
		return Chosen{}, err
	}
	return Chosen{Move: st.FormatAction(side, a), Side: side}, nil
}

// seed draws an AI move's random choices from the secret randomness, as the server's do.
func seed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// analyse values every legal move of a game's side to act, at the server's analysis level.
func (e *Engine) analyse(ctx context.Context, p Analyse) (Values, error) {
	level := p.Level
	if level == 0 {
		level = p.Depth
	}
	if !engine.Level(level).Valid() {
		return Values{}, errorf(codeBadRequest, "level %d: want 1 to 10", level)
	}
	st, side, err := e.state(p.ID, p.Side)
	if err != nil {
		return Values{}, err
	}
	hints, err := e.values(ctx, st, side, level)
	if err != nil {
		return Values{}, err
	}
	return valuesOf(side, level, hints), nil
}

// values has the engine of a level value every legal move of side in state, as the server's
// hints and analyses do (aiwork.Work.Analyze): the level's agent from the safe constructor with
// seed 1, its analysis within MaxThink, each move in the game's notation.
func (e *Engine) values(ctx context.Context, state game.State, side game.Player, level int) ([]Hint, error) {
	agent, err := e.limits.New(state.Game(), "level="+strconv.Itoa(level), 1)
	if err != nil {
		return nil, err
	}
	an, ok := agent.(engine.Analyzer)
	if !ok {
		return nil, errorf(codeNotAllowed, "%s has no hints", state.Game().Title())
	}
	ctx, cancel := context.WithTimeout(ctx, MaxThink)
	defer cancel()
	stats, err := an.Analyze(ctx, state, side)
	if err != nil {
		return nil, err
	}
	out := make([]Hint, 0, len(stats))
	for _, st := range stats {
		out = append(out, Hint{Move: state.FormatAction(side, st.Action), Visits: st.Visits, Value: st.Value, Unit: st.Unit, PV: st.PV, Exact: st.Exact})
	}
	return out, nil
}

// valuesOf sorts hints best first (stably: the engine's order breaks ties) and names the best.
func valuesOf(side game.Player, level int, hints []Hint) Values {
	v := Values{Side: side, Level: level, Moves: append([]Hint{}, hints...)}
	sort.SliceStable(v.Moves, func(i, j int) bool { return v.Moves[i].Value > v.Moves[j].Value })
	if len(v.Moves) > 0 {
		v.Best = v.Moves[0].Move
	}
	return v
}

// Analysis answers what the server's POST /api/analyze answers: the position reached from a
// start by some moves, as a view for the side to act, and with a level the engine's value of
// each of that side's legal moves.
func (e *Engine) Analysis(ctx context.Context, req Analyze) (Analysis, error) {
	if req.Level != 0 && !engine.Level(req.Level).Valid() {
		return Analysis{}, errorf(codeBadRequest, "level %d: want 0 (no analysis) or 1 to 10", req.Level)
	}
	if len(req.Moves) > MaxMoves {
		return Analysis{}, errorf(codeBadRequest, "%d moves: at most %d", len(req.Moves), MaxMoves)
	}
	g, err := e.reg.Lookup(req.Kind)
	if err != nil {
		return Analysis{}, errorf(codeUnknownKind, "%v", err)
	}
	o, err := game.ParseOptions(g.OptionSpecs(), req.Options)
	if err != nil {
		return Analysis{}, errorf(codeBadOption, "%s: %v", g.Name(), err)
	}
	var st game.State
	if req.State == "" {
		st, err = g.New(o)
	} else {
		st, err = game.ReadPosition(g, o, req.State)
	}
	if err != nil {
		return Analysis{}, errorf(codeBadRequest, "the position: %v", err)
	}
	now := e.now()
	tb, err := game.NewTable(st, game.TableConfig{Now: now})
	if err != nil {
		return Analysis{}, errorf(codeBadRequest, "the position: %v", err)
	}
	for i, text := range req.Moves {
		m, err := game.ParseMove(tb.State(), text)
		if err != nil {
			return Analysis{}, errorf(codeIllegalMove, "move %d (%s): %v", i+1, text, err)
		}
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				return Analysis{}, errorf(codeIllegalMove, "move %d (%s): %v", i+1, text, err)
			}
		}
	}
	side := tb.ToAct().Single()
	if req.Side != "" {
		p, err := game.ParsePlayer(req.Side)
		if err != nil || !p.Valid() {
			return Analysis{}, errorf(codeBadRequest, "side %q: want first or second", req.Side)
		}
		side = p
	}
	if !side.Valid() {
		side = game.First
	}
	state := tb.State()
	out := Analysis{View: tb.View(side, now), Side: side, Actions: actionsOf(state, side)}
	if req.Level > 0 && state.ToAct().Has(side) {
		hints, err := e.values(ctx, state, side, req.Level)
		if err != nil {
			return Analysis{}, err
		}
		out.Level, out.Moves = req.Level, hints
	}
	return out, nil
}

// record returns game id's record as the server exports it.
func (e *Engine) record(id string) (Records, error) {
	e.mu.Lock()
	lg, err := e.game(id)
	var tb *game.Table
	if err == nil {
		tb = lg.tb.Clone()
	}
	e.mu.Unlock()
	if err != nil {
		return Records{}, err
	}
	rec := tb.Record([2]string{})
	out := Records{
		Record: Record{ID: id, Game: rec.Start.Game().Name(), Options: rec.Start.Options().Map(), Start: rec.Start.Encode(),
			Players: rec.Players, Date: rec.Date, Moves: append([]string{}, rec.Moves...), Result: rec.Result},
		Formats: map[string]string{},
	}
	for _, f := range game.RecordFormats(tb.Game()) {
		if f.Write == nil {
			continue
		}
		var b strings.Builder
		if err := f.Write(&b, rec); err != nil {
			continue // a format that cannot hold this game (a position the format cannot start from)
		}
		out.Formats[f.Name] = b.String()
	}
	return out, nil
}
