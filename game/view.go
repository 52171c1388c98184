package game

import "time"

// View is what one side, or a spectator, may see of a table: everything a client needs to draw
// the game and offer the viewer its actions, without parsing the game's encoding.
type View struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// Options are the game's options by name.
	Options map[string]string `json:"options"`
	// Sides are the names of First and Second under these options ("Black", "White").
	Sides [2]string `json:"sides"`
	// Viewer is the side this view is for; NoPlayer for a spectator.
	Viewer  Player `json:"viewer"`
	Version int64  `json:"version"`
	Ply     int    `json:"ply"`
	// State is the canonical encoding of the current state (every game of Turncoat shows the
	// whole position to both sides).
	State string `json:"state"`
	// ToAct is who must act now (empty once the game is over).
	ToAct Actors `json:"toAct"`
	// Submitted tells which sides have a selection in at a simultaneous node, and Commitments
	// their commitments; the selection itself is shown only to its owner, in Own.
	Submitted   [2]bool   `json:"submitted"`
	Commitments [2]string `json:"commitments"`
	Own         string    `json:"own,omitempty"`
	// Legal are the viewer's legal actions in notation (empty when the viewer does not act).
	Legal []string `json:"legal"`
	// Losing are those of Legal that lose the game at once for the viewer, moves the rules
	// make a way to resign (Forfeiter: Turnover's last Castle moved), for a client to confirm
	// before it sends one.
	Losing []string `json:"losing,omitempty"`
	// CanClaimDraw tells whether the viewer may claim a draw under the rules now.
	CanClaimDraw bool `json:"canClaimDraw,omitempty"`
	// LastMove is the last move played, if any.
	LastMove *MoveView `json:"lastMove,omitempty"`
	// Moves is the history: all of it, or from MovesFrom on (see Since).
	Moves []MoveView `json:"moves"`
	// MovesFrom is the number of moves left out before Moves: a client that has the history
	// keeps its first MovesFrom moves and appends Moves.
	MovesFrom int `json:"movesFrom,omitempty"`
	// Clock is the clocks at the time of the view, in timed games.
	Clock *ClockView `json:"clock,omitempty"`
	// DrawOffer is the side whose draw offer stands, or null.
	DrawOffer Player `json:"drawOffer"`
	// Takeback is a standing takeback request.
	Takeback *TakebackRequest `json:"takeback,omitempty"`
	Outcome  Outcome          `json:"outcome"`
	// Board is the position drawn as grids, for games that provide one.
	Board *Board `json:"board,omitempty"`
}

// MoveView is one move of a view's history.
type MoveView struct {
	// Ply is the move's number, from 1.
	Ply int `json:"ply"`
	// By is who moved (both sides for a simultaneous round).
	By   Actors    `json:"by"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	// Reveal holds a simultaneous round's selections and nonces.
	Reveal *[2]Reveal `json:"reveal,omitempty"`
	// Steps are the stages of a move that plays out in stages (see Stepper), with the cells
	// each changed: only the view's LastMove carries them, for clients to animate it.
	Steps []Step `json:"steps,omitempty"`
}

// ClockView is the clocks at a moment, for clients.
type ClockView struct {
	Control TimeControl `json:"control"`
	// RemainingMs is each side's time left in milliseconds.
	RemainingMs [2]int64 `json:"remainingMs"`
	// Running tells whose clock runs.
	Running [2]bool `json:"running"`
	// FirstMoveMs is, in a Fischer game before both sides have made their first move (no clock
	// runs yet), the time left to the side to move to make its first move before the game is
	// aborted.
	FirstMoveMs int64 `json:"firstMoveMs,omitempty"`
}

func (t *Table) clockView(now time.Time) ClockView {
	v := ClockView{
		Control:     t.clock.Control,
		RemainingMs: [2]int64{t.clock.Left(First, now).Milliseconds(), t.clock.Left(Second, now).Milliseconds()},
		Running:     t.clock.Running,
	}
	if by := t.clock.FirstMoveBy; !by.IsZero() && !t.Over() {
		v.FirstMoveMs = max(by.Sub(now).Milliseconds(), 1)
	}
	return v
}

func (m PlayedMove) view(ply int) MoveView {
	v := MoveView{Ply: ply, By: m.Move.Actors, Text: m.Text, At: m.At}
	if m.Move.Actors.Simultaneous() {
		v.Reveal = &[2]Reveal{{m.Selections[First], m.Nonces[First]}, {m.Selections[Second], m.Nonces[Second]}}
	}
	return v
}

// View returns what viewer (a side, or NoPlayer for a spectator) may see at now.
func (t *Table) View(viewer Player, now time.Time) View {
	if !viewer.Valid() {
		viewer = NoPlayer
	}
	opts := t.state.Options()
	v := View{
		Game:      t.game.Name(),
		Title:     t.game.Title(),
		Options:   opts.Map(),
		Sides:     t.game.SideNames(opts),
		Viewer:    viewer,
		Version:   t.version,
		Ply:       len(t.moves),
		State:     t.state.Encode(),
		ToAct:     t.ToAct(),
		Submitted: t.Submitted(),
		Legal:     []string{},
		Moves:     make([]MoveView, len(t.moves)),
		DrawOffer: t.drawOffer,
		Takeback:  t.TakebackRequested(),
		Outcome:   t.Outcome(),
	}
	for p := First; p <= Second; p++ {
		if s := t.pending[p]; s != nil {
			v.Commitments[p] = s.Commitment
		}
	}
	if viewer.Valid() {
		if s := t.pending[viewer]; s != nil {
			v.Own = s.Text
		}
		if v.ToAct.Has(viewer) {
			f, forfeits := t.state.(Forfeiter)
			forfeits = forfeits && v.ToAct.Single() == viewer
			var buf [256]Action
			for _, a := range t.state.Legal(viewer, buf[:0]) {
				text := t.state.FormatAction(viewer, a)
				v.Legal = append(v.Legal, text)
				if forfeits && f.Forfeits(viewer, a) {
					v.Losing = append(v.Losing, text)
				}
			}
		}
		v.CanClaimDraw = t.CanClaimDraw(viewer)
	}
	for i, m := range t.moves {
		v.Moves[i] = m.view(i + 1)
	}
	if n := len(v.Moves); n > 0 {
		last := v.Moves[n-1]
		last.Steps = t.lastSteps()
		v.LastMove = &last
	}
	if t.clock.Timed() {
		cv := t.clockView(now)
		v.Clock = &cv
	}
	if bv, ok := t.state.(BoardViewer); ok {
		b := bv.BoardView()
		v.Board = &b
	}
	return v
}

// Since cuts the view's history to the moves after the first from (those a client that saw
// them need not receive again): views that follow a change carry what changed, not the whole
// game again.
func (v *View) Since(from int) {
	from = min(max(from, 0), len(v.Moves))
	v.Moves = v.Moves[from:]
	v.MovesFrom = from
}

// HistoryFrom returns the number of moves a client that saw the table before evs still has:
// the moves up to the first ply evs changed.
func HistoryFrom(evs []Event) int {
	from := -1
	for _, e := range evs {
		p := e.Ply
		if e.Kind == EventMove {
			p--
		}
		if from < 0 || p < from {
			from = p
		}
	}
	return max(from, 0)
}

// Record returns the game as a record, with the players' names.
func (t *Table) Record(players [2]string) Record {
	r := Record{Start: t.start.Clone(), Players: players, Date: t.created, Result: t.Outcome()}
	for _, m := range t.moves {
		r.Moves = append(r.Moves, m.Text)
	}
	return r
}
