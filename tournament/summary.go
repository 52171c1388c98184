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
// Boards finished in earlier rounds get one line each.
func (t *Tournament) Summary() string {
	var b strings.Builder
	b.Grow(256 + 220*len(t.boards))
	switch {
	case t.phase == PhaseSubscription:
		fmt.Fprintf(&b, "%s — subscription open until %s\n%s subscribed: %s\n", t.cfg.Title, stamp(t.window),
			Players(len(t.subscribers)), strings.Join(t.subscribers, ", "))
		return b.String()
	case t.phase == PhaseCancelled:
		fmt.Fprintf(&b, "%s — cancelled: %s\n", t.cfg.Title, t.note)
		return b.String()
	case t.phase == PhaseFinished:
		fmt.Fprintf(&b, "%s — final results\n", t.cfg.Title)
	default:
		fmt.Fprintf(&b, "%s — %s\nPost by %s.\n", t.cfg.Title, t.RoundTitle(t.round.Number), stamp(t.round.Deadline))
	}
	last := 0
	if n := len(t.rounds); n > 0 {
		r := t.rounds[n-1]
		last = r.Number
		fmt.Fprintf(&b, "Round %d (%ss) closed %s: %d posted, %d missed.\n", r.Number, t.side(r.Side), stamp(r.Closed), r.Posted, r.Missed)
	} else {
		fmt.Fprintf(&b, "%d players on %d boards; the dice decided the colours: %s moves first.\n", t.players(), len(t.boards), t.side(game.First))
	}
	counts := make([]discTally, len(t.boards))
	for i, bd := range t.boards {
		b.WriteByte('\n')
		counts[i] = t.writeBoard(&b, bd, last)
	}
	b.WriteString("\nStandings\n")
	for _, p := range t.placings(counts) {
		t.writePlacing(&b, p)
	}
	if len(t.reserves) > 0 {
		fmt.Fprintf(&b, "Reserves: %s\n", strings.Join(t.reserves, ", "))
	}
	paid := "Paid so far"
	if t.phase == PhaseFinished {
		paid = "Paid"
	}
	fmt.Fprintf(&b, "%s: %s %s\n", paid, t.ledger.Total(), t.cfg.Currency)
	return b.String()
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
func (t *Tournament) writeBoard(b *strings.Builder, bd *board, lastRound int) discTally {
	b.WriteString("Board #")
	b.WriteString(strconv.Itoa(bd.Number))
	if bd.waiting() {
		b.WriteString(" — ")
		b.WriteString(bd.Pair[0])
		b.WriteString(" waits for a reserve\n")
		return discTally{}
	}
	for p := game.First; p <= game.Second; p++ {
		b.WriteString([2]string{" — ", " vs "}[p])
		b.WriteString(bd.Seats[p].Player)
		b.WriteString(" (")
		b.WriteString(t.side(p))
		b.WriteByte(')')
	}
	if bd.Result != nil && (bd.Result.Round < lastRound || bd.Result.Walkover) {
		b.WriteString(" — ")
		b.WriteString(t.describeResult(bd.Result))
		b.WriteByte('\n')
		return discTally{}
	}
	b.WriteByte('\n')
	if l := bd.Last; l != nil && l.Round == lastRound && l.Round > 0 {
		who := t.side(l.Side)
		switch l.Kind {
		case LastMove:
			if strings.EqualFold(l.Move, "pass") {
				fmt.Fprintf(b, "%s passed (no moves available)\n", who)
			} else {
				fmt.Fprintf(b, "%s played %s\n", who, ForumMove(l.Move))
			}
		case LastMissed:
			fmt.Fprintf(b, "%s did not post (%d round(s) in a row)\n", who, bd.Seats[l.Side].Misses)
		case LastForcedPass:
			fmt.Fprintf(b, "%s did not post: the turn passes (%d round(s) in a row)\n", who, bd.Seats[l.Side].Misses)
		}
	} else if bd.plies() == 0 && len(bd.Rolls) > 0 {
		t.writeRolls(b, bd)
	}
	for _, r := range bd.Seats {
		if n := len(r.Replaced); n > 0 && r.Replaced[n-1].Round >= lastRound {
			fmt.Fprintf(b, "%s replaces %s\n", r.Player, r.Replaced[n-1].Out)
		}
	}
	tally := writeDiagram(b, bd.live().State(), t.cfg.Sides)
	switch {
	case bd.Result != nil:
		fmt.Fprintf(b, "Result: %s\n", t.describeResult(bd.Result))
	case t.round != nil:
		mover := bd.toMove()
		switch {
		case mover == t.round.Side:
			fmt.Fprintf(b, "%s (%s) to post\n", bd.Seats[mover].Player, t.side(mover))
		case mover.Valid():
			fmt.Fprintf(b, "%s to move: the board waits for round %d\n", t.side(mover), t.round.Number+1)
		}
	}
	return tally
}

// writeRolls writes a board's dice: "Dice: Peacock 3, Tiger 3 (tie); Peacock 5, Tiger 2:
// Peacock plays Red".
func (t *Tournament) writeRolls(b *strings.Builder, bd *board) {
	b.WriteString("Dice: ")
	for i, r := range bd.Rolls {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(b, "%s %d, %s %d", bd.Pair[0], r[0], bd.Pair[1], r[1])
		if r.Tie() {
			b.WriteString(" (tie)")
		}
	}
	fmt.Fprintf(b, ": %s plays %s\n", bd.Seats[game.First].Player, t.side(game.First))
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
func (t *Tournament) writePlacing(b *strings.Builder, p Placing) {
	side := "-"
	if p.Side.Valid() {
		side = t.side(p.Side)
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
	b.WriteString(" Board #")
	pad(string(strconv.AppendInt(buf[:0], int64(p.Board), 10)), 5, true)
	b.WriteByte(' ')
	pad(side, 6, true)
	b.WriteByte(' ')
	pad(string(p.Status), 8, true)
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
