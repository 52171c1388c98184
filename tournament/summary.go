package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"turncoat/game"
)

// Summary returns the text the host pastes into the forum after a round closes: the title of
// the round now open (whose posts are next) and its deadline, how the last round went, every
// board with its number, players and colours, what happened on it in the last round and the
// position drawn as text (the dice rolls on a board that has not started), then the standings.
// Boards finished in earlier rounds get one line each. It is in English: SummaryIn says it in
// another language.
func (t *Tournament) Summary() string { return t.SummaryIn("en") }

// SummaryIn returns the Summary in lang, a language of the server's catalogues (en, pt, es;
// any other is English).
func (t *Tournament) SummaryIn(lang string) string {
	v := t.voice(lang)
	var b strings.Builder
	b.Grow(256 + 220*len(t.boards))
	switch {
	case t.phase == PhaseSubscription:
		b.WriteString(v.say("tournament.subscription_open", "title", t.cfg.Title, "until", stamp(t.window)))
		b.WriteByte('\n')
		b.WriteString(v.sayN("tournament.subscribed", len(t.subscribers), "names", strings.Join(t.subscribers, ", ")))
		b.WriteByte('\n')
		return b.String()
	case t.phase == PhaseCancelled:
		b.WriteString(v.say("tournament.cancelled_because", "title", t.cfg.Title, "note", v.note(t.note)))
		b.WriteByte('\n')
		return b.String()
	case t.phase == PhaseFinished:
		b.WriteString(v.say("tournament.final", "title", t.cfg.Title))
		b.WriteByte('\n')
	default:
		fmt.Fprintf(&b, "%s — %s\n%s\n", t.cfg.Title, v.roundTitle(t.round.Number), v.say("tournament.post_by", "when", stamp(t.round.Deadline)))
	}
	last := 0
	if n := len(t.rounds); n > 0 {
		last = t.rounds[n-1].Number
	}
	b.WriteString(t.lastRound(v))
	b.WriteByte('\n')
	counts := make([]discTally, len(t.boards))
	for i, bd := range t.boards {
		b.WriteByte('\n')
		counts[i] = t.writeBoard(&b, v, bd, last)
	}
	b.WriteByte('\n')
	b.WriteString(v.say("tournament.standings"))
	b.WriteByte('\n')
	for _, p := range t.placings(counts) {
		t.writePlacing(&b, v, p)
	}
	for _, line := range t.tail(v) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// lastRound says how the last round went, or, before the first closed, how the boards were
// drawn.
func (t *Tournament) lastRound(v voice) string {
	if n := len(t.rounds); n > 0 {
		r := t.rounds[n-1]
		return v.say("tournament.round_closed", "round", strconv.Itoa(r.Number), "side", v.side(r.Side), "when", stamp(r.Closed),
			"posted", strconv.Itoa(r.Posted), "missed", strconv.Itoa(r.Missed))
	}
	return v.say("tournament.drawn", "players", v.sayN("tournament.players", t.players()), "boards", v.sayN("tournament.boards", len(t.boards)),
		"side", v.side(game.First))
}

// tail is the summary's last lines: the reserves not seated, what has been paid.
func (t *Tournament) tail(v voice) []string {
	var out []string
	if len(t.reserves) > 0 {
		out = append(out, v.say("tournament.reserves", "names", strings.Join(t.reserves, ", ")))
	}
	paid := "tournament.paid_so_far"
	if t.phase == PhaseFinished {
		paid = "tournament.paid"
	}
	return append(out, v.say(paid, "amount", t.ledger.Total().String()+" "+t.cfg.Currency))
}

func (t *Tournament) players() int {
	n := 0
	for _, b := range t.boards {
		for _, s := range b.Pair {
			if s != "" && s != House {
				n++
			}
		}
	}
	return n
}

// discTally is a board's disc count, when its game counts discs.
type discTally struct {
	n  [2]int
	ok bool
}

// writeBoard writes one board's part of the summary and returns the disc count of the position
// it drew (none when it drew none).
func (t *Tournament) writeBoard(b *strings.Builder, v voice, bd *board, lastRound int) discTally {
	b.WriteString(v.say("tournament.board", "board", strconv.Itoa(bd.Number)))
	if bd.waiting() {
		b.WriteString(" — ")
		b.WriteString(v.say("tournament.waits_reserve", "player", bd.Pair[0]))
		b.WriteByte('\n')
		return discTally{}
	}
	b.WriteString(" — ")
	b.WriteString(t.pairing(v, bd))
	if bd.Result != nil && (bd.Result.Round < lastRound || bd.Result.Walkover) {
		b.WriteString(" — ")
		b.WriteString(v.result(bd.Result, t.cfg.Sides))
		b.WriteByte('\n')
		return discTally{}
	}
	b.WriteByte('\n')
	for _, line := range t.boardNews(v, bd, lastRound, "") {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	tally := writeDiagram(b, bd.live().State(), t.cfg.Sides)
	if line := t.boardNext(v, bd); line != "" {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return tally
}

// pairing names a board's players and their colours: "Peacock (Red) vs Tiger (Blue)".
func (t *Tournament) pairing(v voice, bd *board) string {
	return v.say("tournament.pairing", "first", bd.Seats[game.First].Player, "firstSide", v.side(game.First),
		"second", bd.Seats[game.Second].Player, "secondSide", v.side(game.Second))
}

// moveMark stands for the move in a sentence that says it, for a forum's markup to replace (no
// name holds a NUL).
const moveMark = "\x00"

// boardNews says what happened on a board in the last round (or its dice, on a board that has
// not started) and who replaced whom; move is what stands for the move played ("" the move
// itself).
func (t *Tournament) boardNews(v voice, bd *board, lastRound int, move string) []string {
	var out []string
	if l := bd.Last; l != nil && l.Round == lastRound && l.Round > 0 {
		who := v.side(l.Side)
		switch l.Kind {
		case LastMove:
			if strings.EqualFold(l.Move, "pass") {
				out = append(out, v.say("tournament.passed", "side", who))
			} else {
				if move == "" {
					move = ForumMove(l.Move)
				}
				out = append(out, v.say("tournament.played", "side", who, "move", move))
			}
		case LastMissed:
			out = append(out, v.sayN("tournament.missed", bd.Seats[l.Side].Misses, "side", who))
		case LastForcedPass:
			out = append(out, v.sayN("tournament.forced_pass", bd.Seats[l.Side].Misses, "side", who))
		}
	} else if bd.plies() == 0 && len(bd.Rolls) > 0 {
		out = append(out, t.rolls(v, bd))
	}
	for _, r := range bd.Seats {
		if n := len(r.Replaced); n > 0 && r.Replaced[n-1].Round >= lastRound {
			out = append(out, v.say("tournament.replaces", "player", r.Player, "out", r.Replaced[n-1].Out))
		}
	}
	return out
}

// boardNext says a board's result, or whose post it waits for: "" when neither.
func (t *Tournament) boardNext(v voice, bd *board) string {
	switch {
	case bd.Result != nil:
		return v.say("tournament.result", "result", v.result(bd.Result, t.cfg.Sides))
	case t.round != nil:
		mover := bd.toMove()
		switch {
		case mover == t.round.Side:
			return v.say("tournament.to_post", "player", bd.Seats[mover].Player, "side", v.side(mover))
		case mover.Valid():
			return v.say("tournament.waits_round", "side", v.side(mover), "round", strconv.Itoa(t.round.Number+1))
		}
	}
	return ""
}

// rolls says a board's dice: "Dice: Peacock 3, Tiger 3 (tie); Peacock 5, Tiger 2: Peacock
// plays Red".
func (t *Tournament) rolls(v voice, bd *board) string {
	var b strings.Builder
	for i, r := range bd.Rolls {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %d, %s %d", bd.Pair[0], r[0], bd.Pair[1], r[1])
		if r.Tie() {
			b.WriteByte(' ')
			b.WriteString(v.say("tournament.tie"))
		}
	}
	return v.say("tournament.dice", "rolls", b.String(), "player", bd.Seats[game.First].Player, "side", v.side(game.First))
}

// writeDiagram draws a position: a compact grid when the game draws its board as one grid of
// discs (the sides' initials on the squares, "R" and "B" for Red and Blue, with the disc count),
// else the game's own diagram, else its encoding.
// It returns the disc count it read from the board's tallies.
func writeDiagram(b *strings.Builder, s game.State, sides [2]string) discTally {
	var tally discTally
	if bv, ok := s.(game.BoardViewer); ok {
		view := bv.BoardView()
		tally.n, tally.ok = discCounts(view)
		if len(view.Grids) == 1 && discsOnly(view.Grids[0]) {
			writeGrid(b, view, sides)
			return tally
		}
	}
	if d, ok := s.(game.Diagrammer); ok {
		b.WriteString(d.Diagram(game.NoPlayer))
		b.WriteByte('\n')
		return tally
	}
	b.WriteString(s.Encode())
	b.WriteByte('\n')
	return tally
}

func discsOnly(g game.Grid) bool {
	if len(g.Cells) != g.Rows*g.Cols || len(g.ColNames) != g.Cols || len(g.RowNames) != g.Rows {
		return false
	}
	for _, c := range g.Cells {
		if c.Piece != nil && (c.Piece.Kind != "disc" || !c.Piece.Owner.Valid()) {
			return false
		}
	}
	return true
}

// marks returns the letters of the two sides' discs: their initials, or X and O when the
// initials are the same.
func marks(sides [2]string) [2]byte {
	a, c := strings.ToUpper(sides[0][:1]), strings.ToUpper(sides[1][:1])
	if a == c || len(a) != 1 || len(c) != 1 {
		return [2]byte{'X', 'O'}
	}
	return [2]byte{a[0], c[0]}
}

func writeGrid(b *strings.Builder, view game.Board, sides [2]string) {
	g := view.Grids[0]
	m := marks(sides)
	w := 0
	for _, r := range g.RowNames {
		w = max(w, len(r))
	}
	b.WriteString(strings.Repeat(" ", w+1))
	for _, c := range g.ColNames {
		b.WriteByte(' ')
		b.WriteString(strings.ToUpper(c))
	}
	b.WriteByte('\n')
	for r := range g.Rows {
		b.WriteString(strings.Repeat(" ", w-len(g.RowNames[r])))
		b.WriteString(g.RowNames[r])
		b.WriteByte(' ')
		for c := range g.Cols {
			cell := g.Cells[r*g.Cols+c]
			ch := byte('.')
			switch {
			case cell.Hole:
				ch = ' '
			case cell.Piece != nil:
				ch = m[cell.Piece.Owner]
			}
			b.WriteByte(' ')
			for range len(g.ColNames[c]) - 1 {
				b.WriteByte(' ')
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	if n, ok := discCounts(view); ok {
		fmt.Fprintf(b, "%s %d, %s %d\n", sides[0], n[0], sides[1], n[1])
	}
}

// discCounts returns each side's disc count from a board's tallies.
func discCounts(view game.Board) ([2]int, bool) {
	var n [2]int
	found := 0
	for _, tl := range view.Tallies {
		if tl.Name == "discs" && tl.Side.Valid() {
			n[tl.Side] = tl.Value
			found++
		}
	}
	return n, found == 2
}

// PlacingStatus says where a player stands on their board.
type PlacingStatus string

// Placing statuses.
const (
	PlacingWaiting PlacingStatus = "waiting"
	PlacingPlaying PlacingStatus = "playing"
	PlacingWon     PlacingStatus = "won"
	PlacingDrew    PlacingStatus = "drew"
	PlacingLost    PlacingStatus = "lost"
	// PlacingReplaced: the player's seat went to a reserve.
	PlacingReplaced PlacingStatus = "replaced"
)

// Placing is one line of a play-by-post tournament's standings.
type Placing struct {
	// Rank is the place, from 1; players with the same balance and margin share it.
	Rank   int           `json:"rank"`
	Player string        `json:"player"`
	Board  int           `json:"board"`
	Side   game.Player   `json:"side"`
	Status PlacingStatus `json:"status"`
	// Margin is the player's disc (or score) difference: the final one on a finished board,
	// the current one on a board in play.
	Margin int `json:"margin"`
	// Balance is what the player has received (corrections included).
	Balance Amount `json:"balance"`
}

// Placings returns the standings: every player who holds or held a seat, by what they have
// received, then by their margin, then by board.
func (t *Tournament) Placings() []Placing { return t.placings(nil) }

// placings computes the standings; counts, when given, are the boards' disc counts already read
// (by the summary), so that no board is drawn twice.
func (t *Tournament) placings(counts []discTally) []Placing {
	out := make([]Placing, 0, 2*len(t.boards))
	for i, bd := range t.boards {
		if bd.waiting() {
			out = append(out, Placing{Player: bd.Pair[0], Board: bd.Number, Side: game.NoPlayer, Status: PlacingWaiting, Balance: t.ledger.Balance(bd.Pair[0])})
			continue
		}
		var margin [2]int
		switch {
		case bd.Result != nil:
			margin = [2]int{bd.Result.Outcome.Margin(game.First), bd.Result.Outcome.Margin(game.Second)}
		case counts != nil:
			if c := counts[i]; c.ok {
				margin = [2]int{c.n[0] - c.n[1], c.n[1] - c.n[0]}
			}
		default:
			if bv, ok := bd.live().State().(game.BoardViewer); ok {
				if n, ok := discCounts(bv.BoardView()); ok {
					margin = [2]int{n[0] - n[1], n[1] - n[0]}
				}
			}
		}
		for p := game.First; p <= game.Second; p++ {
			seat := bd.Seats[p]
			if seat.Player == "" {
				continue
			}
			pl := Placing{Player: seat.Player, Board: bd.Number, Side: p, Status: PlacingPlaying, Margin: margin[p], Balance: t.ledger.Balance(seat.Player)}
			if r := bd.Result; r != nil {
				switch r.Outcome.Winner {
				case p:
					pl.Status = PlacingWon
				case game.NoPlayer:
					pl.Status = PlacingDrew
				default:
					pl.Status = PlacingLost
				}
			}
			out = append(out, pl)
			for _, rp := range seat.Replaced {
				out = append(out, Placing{Player: rp.Out, Board: bd.Number, Side: p, Status: PlacingReplaced, Balance: t.ledger.Balance(rp.Out)})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Placing) int {
		return cmp.Or(cmp.Compare(b.Balance, a.Balance), boolOrder(a.Status == PlacingReplaced, b.Status == PlacingReplaced), cmp.Compare(b.Margin, a.Margin),
			cmp.Compare(a.Board, b.Board), cmp.Compare(a.Side, b.Side))
	})
	for i := range out {
		if i > 0 && out[i].Balance == out[i-1].Balance && out[i].Margin == out[i-1].Margin && (out[i].Status == PlacingReplaced) == (out[i-1].Status == PlacingReplaced) {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// writePlacing writes one line of the standings:
// "  3. Peacock              Board #3     Red    won       +4  150 WRZ$".
func (t *Tournament) writePlacing(b *strings.Builder, v voice, p Placing) {
	side := "-"
	if p.Side.Valid() {
		side = v.side(p.Side)
	}
	var buf [24]byte
	pad := func(s string, w int, left bool) {
		n := utf8.RuneCountInString(s)
		if !left {
			b.WriteString(strings.Repeat(" ", max(w-n, 0)))
		}
		b.WriteString(s)
		if left {
			b.WriteString(strings.Repeat(" ", max(w-n, 0)))
		}
	}
	pad(string(strconv.AppendInt(buf[:0], int64(p.Rank), 10)), 3, false)
	b.WriteString(". ")
	pad(p.Player, 20, true)
	b.WriteByte(' ')
	pad(v.say("tournament.board", "board", strconv.Itoa(p.Board)), utf8.RuneCountInString(v.say("tournament.board", "board", ""))+5, true)
	b.WriteByte(' ')
	pad(side, 6, true)
	b.WriteByte(' ')
	pad(v.status(p.Status), v.statusWidth(), true)
	margin := strconv.AppendInt(buf[:0], int64(p.Margin), 10)
	if p.Margin >= 0 {
		margin = append([]byte{'+'}, margin...)
	}
	b.WriteByte(' ')
	pad(string(margin), 4, false)
	b.WriteString("  ")
	b.WriteString(p.Balance.String())
	b.WriteByte(' ')
	b.WriteString(t.cfg.Currency)
	b.WriteByte('\n')
}
