// Package gametest is the conformance suite every game of Turncoat runs: the contract's promises
// (encodings, notation, cloning, legality, outcomes) checked on random games, the table's
// snapshots restored at every ply, the optional interfaces (boards, records) checked where a
// game has them, what the game says of itself (game.Info: options it names, a game for play by
// post never simultaneous), and no panic on any out-of-range input.
package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"turncoat/game"
)

// Config tunes the suite for one game.
type Config struct {
	// Options are extra option strings to test besides the defaults and each enum value.
	Options []string
	// Games is the number of random games per option set (default 4).
	Games int
	// MaxPlies stops a random game that has not ended (default 400).
	MaxPlies int
}

// OptionSets returns the option strings the suite plays: the defaults, every other value of
// each enum and bool option (and of int options with a list of values) with the rest at their
// defaults, and cfg's extras. Sets the game refuses (invalid combinations) are left out.
func OptionSets(g game.Game, extra []string) []game.Options {
	texts := []string{""}
	for _, s := range g.OptionSpecs() {
		var values []string
		switch s.Kind {
		case game.OptionEnum:
			values = s.Values
		case game.OptionInt:
			values = s.Values
		case game.OptionBool:
			values = []string{"true", "false"}
		}
		for _, v := range values {
			if v != s.Default {
				texts = append(texts, s.Name+"="+v)
			}
		}
	}
	texts = append(texts, extra...)
	var out []game.Options
	for _, text := range texts {
		o, err := game.ParseOptionString(g.OptionSpecs(), text)
		if err != nil {
			continue
		}
		if _, err := g.New(o); err != nil {
			continue
		}
		out = append(out, o)
	}
	return out
}

// Run runs the conformance suite on g.
func Run(t *testing.T, g game.Game, cfg Config) {
	if cfg.Games == 0 {
		cfg.Games = 4
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 400
	}
	reg := game.NewRegistry(g)
	t.Run("metadata", func(t *testing.T) { checkMetadata(t, g) })
	t.Run("info", func(t *testing.T) { checkInfo(t, g) })
	// A game that says it can be played by post is never simultaneous (tournaments would
	// refuse it at its first such position).
	sequential := game.InfoOf(g).Tournament
	for _, o := range OptionSets(g, cfg.Options) {
		t.Run(o.String(), func(t *testing.T) {
			for i := range cfg.Games {
				rng := rand.New(rand.NewPCG(uint64(i), 0x5eed))
				s, err := g.New(o)
				if err != nil {
					t.Fatal(err)
				}
				playRandomGame(t, reg, s, rng, cfg.MaxPlies, i == 0, sequential)
			}
		})
	}
}

// checkInfo checks what the game says of itself (game.Describer), as InfoOf gives it: a known
// piece style, rated options and theme hints that name the game's options and values, a
// summary for the home page, and a title for every option set.
func checkInfo(t *testing.T, g game.Game) {
	info := game.InfoOf(g)
	if _, ok := g.(game.Describer); ok && info.Summary == "" {
		t.Error("Describe gives no summary for the home page")
	}
	if strings.ContainsAny(info.Summary, "\n\r") {
		t.Errorf("summary %q: one line is wanted", info.Summary)
	}
	if !info.Pieces.Valid() {
		t.Errorf("piece style %q: want disc, stack or number", info.Pieces)
	}
	specs := map[string]game.OptionSpec{}
	for _, s := range g.OptionSpecs() {
		specs[s.Name] = s
	}
	seen := map[string]bool{}
	for _, name := range info.RatedOptions {
		if _, ok := specs[name]; !ok || seen[name] {
			t.Errorf("rated option %q: not one of the game's options, or listed twice", name)
		}
		seen[name] = true
	}
	for _, h := range info.Themes {
		if h.Theme == "" {
			t.Errorf("theme hint %v names no theme", h.When)
		}
		if _, err := game.ParseOptions(g.OptionSpecs(), h.When); err != nil {
			t.Errorf("theme hint %v: %v", h.When, err)
		}
	}
	for _, o := range OptionSets(g, nil) {
		if info.VariantTitle(o) == "" {
			t.Errorf("%s: an empty variant title", o)
		}
	}
}

func checkMetadata(t *testing.T, g game.Game) {
	if g.Name() == "" || strings.ContainsAny(g.Name(), " /") || g.Title() == "" {
		t.Errorf("name %q / title %q", g.Name(), g.Title())
	}
	names := g.SideNames(game.DefaultOptions(g.OptionSpecs()))
	if names[0] == "" || names[1] == "" || names[0] == names[1] {
		t.Errorf("side names %q", names)
	}
	for _, s := range g.OptionSpecs() {
		if s.Doc == "" {
			t.Errorf("option %s has no doc", s.Name)
		}
	}
	b, err := json.Marshal(g.OptionSpecs())
	if err != nil || !bytes.Contains(b, []byte(`"kind":`)) {
		t.Errorf("option specs JSON %s: %v", b, err)
	}
	if _, err := g.Decode(""); err == nil {
		t.Error("Decode accepted an empty text")
	}
	for _, f := range game.RecordFormats(g) {
		if f.Name == "" || f.Read == nil && f.Write == nil {
			t.Errorf("record format %+v neither reads nor writes", f)
		}
	}
}

// junkActions are actions no game has: out of every range.
var junkActions = []game.Action{game.NoAction, -2, -1 << 20, 1 << 20, 1<<31 - 1}

// playRandomGame plays s to its end (or maxPlies) by uniformly random legal actions, checking
// the contract at every ply. deep adds the table's snapshot/restore check at every ply;
// sequential refuses a simultaneous node.
func playRandomGame(t *testing.T, reg *game.Registry, s game.State, rng *rand.Rand, maxPlies int, deep, sequential bool) {
	t.Helper()
	tb, err := game.NewTable(s, game.TableConfig{Now: time.Unix(0, 0).UTC()})
	if err != nil {
		t.Fatal(err)
	}
	var record []string
	now := time.Unix(0, 0).UTC()
	bound := -1 // the plies the game's own bound allowed at the start (game.Bounded)
	if b, ok := s.(game.Bounded); ok {
		bound = b.MovesLeft()
	}
	for ply := 0; ; ply++ {
		checkState(t, s, rng)
		if b, ok := s.(game.Bounded); ok && bound >= 0 {
			if left := b.MovesLeft(); left < 0 || ply+left > bound {
				t.Fatalf("ply %d: %d moves left, but the start bounded the game to %d", ply, left, bound)
			}
			if s.ToAct() != game.Nobody && b.MovesLeft() == 0 {
				t.Fatalf("ply %d: the game goes on with no moves left by its bound", ply)
			}
		}
		if deep {
			CheckRestore(t, reg, tb, now)
		}
		acts := s.ToAct()
		if acts == game.Nobody || ply >= maxPlies {
			break
		}
		if sequential && acts.Simultaneous() {
			t.Fatalf("ply %d: both sides act at once in a game that says it can be played by post (Info.Tournament)", ply)
		}
		m := randomMove(s, rng)
		text := game.FormatMove(s, m)
		record = append(record, text)
		back, err := game.ParseMove(s, text)
		if err != nil || back != m {
			t.Fatalf("ply %d: move %q reads back as %+v (%v), want %+v", ply+1, text, back, err, m)
		}
		now = now.Add(time.Second)
		for _, p := range m.Actors.Players() {
			if _, err := tb.Submit(p, m.Actions[p], now); err != nil {
				t.Fatalf("ply %d: the table refused %s's %q: %v", ply+1, p, text, err)
			}
		}
		stepped := applySteps(t, s, m)
		if err := game.PlayMove(s, m); err != nil {
			t.Fatalf("ply %d: %q: %v", ply+1, text, err)
		}
		if stepped != nil && !reflect.DeepEqual(stepped.Grids, s.(game.BoardViewer).BoardView().Grids) {
			t.Fatalf("ply %d: %q: the move's steps do not lead from the board before it to the board after it", ply+1, text)
		}
		if got, want := tb.State().Encode(), s.Encode(); got != want {
			t.Fatalf("ply %d: the table's state %q, the game's %q", ply+1, got, want)
		}
	}
	// The record replays to the same end, and through the game's record formats.
	start := tb.Start()
	end, err := game.Replay(start, record)
	if err != nil || end.Encode() != s.Encode() {
		t.Fatalf("replaying %q: %v", record, err)
	}
	checkRecords(t, tb)
	if o := s.Outcome(); o.Over && o.Ending != game.EndRules && o.Ending != game.EndClaim {
		t.Errorf("a game over by its rules says ending %s", o.Ending)
	}
}

// applySteps returns the board of s with the cells the steps of move m change (game.Stepper)
// put in, for a game that plays moves in steps and draws a board; nil otherwise.
func applySteps(t *testing.T, s game.State, m game.Move) *game.Board {
	t.Helper()
	st, ok := s.(game.Stepper)
	bv, drawn := s.(game.BoardViewer)
	if !ok || !drawn {
		return nil
	}
	steps := st.Steps(m)
	if len(steps) == 0 {
		t.Fatalf("%q: no steps for the legal move %+v", s.Encode(), m)
	}
	b := bv.BoardView()
	for _, step := range steps {
		if step.Grid < 0 || step.Grid >= len(b.Grids) || len(step.Cells) == 0 {
			t.Fatalf("%q: step %+v: no grid %d or no cells", s.Encode(), step, step.Grid)
		}
		for _, c := range step.Cells {
			i := slices.IndexFunc(b.Grids[step.Grid].Cells, func(x game.Cell) bool { return x.Coord == c.Coord })
			if i < 0 {
				t.Fatalf("%q: step %+v changes %s, not a cell of its grid", s.Encode(), step, c.Coord)
			}
			b.Grids[step.Grid].Cells[i] = c
		}
	}
	return &b
}

// checkState checks one state: encoding, notation, cloning, who acts, illegal actions, and the
// board, without changing it.
func checkState(t *testing.T, s game.State, rng *rand.Rand) {
	t.Helper()
	enc := s.Encode()
	g := s.Game()
	d, err := g.Decode(enc)
	if err != nil {
		t.Fatalf("Decode(%q): %v", enc, err)
	}
	if d.Encode() != enc {
		t.Fatalf("Decode(%q).Encode() = %q", enc, d.Encode())
	}
	if !d.Options().Equal(s.Options()) {
		t.Fatalf("%q decodes with options %s, want %s", enc, d.Options(), s.Options())
	}
	acts := s.ToAct()
	o := s.Outcome()
	if o.Over != (acts == game.Nobody) {
		t.Fatalf("%q: outcome over=%v but actors %v", enc, o.Over, acts)
	}
	if !o.Over && (o.Ending != game.EndNone || o.Winner != game.NoPlayer) {
		t.Fatalf("%q: in play with outcome %+v", enc, o)
	}
	var buf, dbuf [512]game.Action
	for _, p := range []game.Player{game.NoPlayer, game.Player(2), game.Player(-7)} {
		if l := s.Legal(p, buf[:0]); len(l) != 0 || acts.Has(p) {
			t.Fatalf("%q: %d acts or has legal actions %v", enc, p, l)
		}
		_ = s.FormatAction(p, 0)
		_, _ = s.ParseAction(p, "a1")
	}
	for p := game.First; p <= game.Second; p++ {
		legal := slices.Clone(s.Legal(p, buf[:0]))
		if (len(legal) > 0) != acts.Has(p) {
			t.Fatalf("%q: %s acts=%v with %d legal actions", enc, p, acts.Has(p), len(legal))
		}
		if dl := d.Legal(p, dbuf[:0]); !slices.Equal(dl, legal) {
			t.Fatalf("%q: the decoded state's legal actions %v, want %v", enc, dl, legal)
		}
		seen := map[game.Action]bool{}
		for _, a := range legal {
			if seen[a] {
				t.Fatalf("%q: %s's action %d listed twice", enc, p, a)
			}
			seen[a] = true
			text := s.FormatAction(p, a)
			back, err := s.ParseAction(p, text)
			if err != nil || back != a {
				t.Fatalf("%q: %s's action %d formats as %q, which reads back as %d (%v)", enc, p, a, text, back, err)
			}
			if err := game.CheckLegal(s, p, a); err != nil {
				t.Fatalf("%q: CheckLegal(%s, %q): %v", enc, p, text, err)
			}
		}
		for _, text := range []string{"", " ", "zz99", "\x00", strings.Repeat("a", 300), "pass", "claim", "-1"} {
			if a, err := s.ParseAction(p, text); err == nil {
				_ = game.CheckLegal(s, p, a) // junk that parses must still be checked, without a panic
			}
		}
		// Illegal actions are refused, by CheckLegal and by Apply/ApplyJoint themselves, and
		// leave the state unchanged.
		cands := append([]game.Action(nil), junkActions...)
		for range 8 {
			cands = append(cands, game.Action(rng.IntN(300)))
		}
		var other [512]game.Action
		cands = append(cands, s.Legal(p.Other(), other[:0])...)
		for _, a := range cands {
			if seen[a] || !acts.Has(p) {
				continue
			}
			if err := game.CheckLegal(s, p, a); !errors.Is(err, game.ErrIllegal) {
				t.Fatalf("%q: CheckLegal(%s, %d) = %v, want ErrIllegal", enc, p, a, err)
			}
			_ = s.FormatAction(p, a)
			c := s.Clone()
			if acts.Simultaneous() {
				j := game.Joint{}
				j[p] = a
				j[p.Other()] = s.Legal(p.Other(), other[:0])[0]
				err = c.ApplyJoint(j)
			} else {
				err = c.Apply(a)
			}
			if err == nil {
				t.Fatalf("%q: %s's illegal action %d (%q) was applied by the game without an error", enc, p, a, s.FormatAction(p, a))
			}
			if c.Encode() != enc {
				t.Fatalf("%q: a refused action %d changed the state to %q", enc, a, c.Encode())
			}
		}
	}
	// Clones are independent: playing on one leaves the other as it was.
	if acts != game.Nobody {
		c := s.Clone()
		var j game.Joint
		for p := game.First; p <= game.Second; p++ {
			if l := s.Legal(p, buf[:0]); len(l) > 0 {
				j[p] = l[0]
			}
		}
		if acts.Simultaneous() {
			err = c.ApplyJoint(j)
		} else {
			err = c.Apply(j[acts.Single()])
		}
		if err != nil {
			t.Fatalf("%q: a legal action: %v", enc, err)
		}
		if s.Encode() != enc {
			t.Fatalf("playing on a clone changed the original to %q", s.Encode())
		}
		if acts.Simultaneous() {
			if err := c.Apply(j[0]); err == nil && c.ToAct().Simultaneous() {
				t.Fatalf("%q: Apply accepted a single action at a simultaneous node", enc)
			}
		} else if err := s.Clone().ApplyJoint(j); err == nil {
			t.Fatalf("%q: ApplyJoint accepted a joint move at a sequential node", enc)
		}
	} else if err := s.Clone().Apply(0); err == nil {
		t.Fatalf("%q: Apply accepted an action after the end", enc)
	}
	checkForfeits(t, s)
	checkBoard(t, s)
	if dg, ok := s.(game.Diagrammer); ok {
		for _, p := range []game.Player{game.First, game.Second, game.NoPlayer} {
			if dg.Diagram(p) == "" {
				t.Fatalf("%q: empty diagram", enc)
			}
		}
	}
}

// checkForfeits checks, for a game whose states mark the moves that lose at once
// (game.Forfeiter), that a legal action is marked exactly when the game is over after it and
// its player has lost.
func checkForfeits(t *testing.T, s game.State) {
	t.Helper()
	f, ok := s.(game.Forfeiter)
	p := s.ToAct().Single()
	if !ok || p == game.NoPlayer {
		return
	}
	var buf [512]game.Action
	for _, a := range s.Legal(p, buf[:0]) {
		c := s.Clone()
		if err := c.Apply(a); err != nil {
			t.Fatalf("%q: a legal action %q: %v", s.Encode(), s.FormatAction(p, a), err)
		}
		o := c.Outcome()
		if lost := o.Over && o.Winner == p.Other(); f.Forfeits(p, a) != lost {
			t.Fatalf("%q: Forfeits(%s, %q) = %v, but after it the outcome is %+v", s.Encode(), p, s.FormatAction(p, a), !lost, o)
		}
	}
}

// checkBoard checks a state's structured board, when the game draws one.
func checkBoard(t *testing.T, s game.State) {
	t.Helper()
	bv, ok := s.(game.BoardViewer)
	if !ok {
		return
	}
	b := bv.BoardView()
	if len(b.Grids) == 0 {
		t.Fatalf("%q: a board without grids", s.Encode())
	}
	for gi, g := range b.Grids {
		if g.Rows < 1 || g.Cols < 1 || len(g.Cells) != g.Rows*g.Cols || len(g.ColNames) != g.Cols || len(g.RowNames) != g.Rows {
			t.Fatalf("%q: grid %d is %dx%d with %d cells, %d column and %d row names", s.Encode(), gi, g.Rows, g.Cols, len(g.Cells), len(g.ColNames), len(g.RowNames))
		}
		coords := map[string]bool{}
		for _, c := range g.Cells {
			if c.Coord == "" || coords[c.Coord] {
				t.Fatalf("%q: grid %d: cell coordinate %q empty or repeated", s.Encode(), gi, c.Coord)
			}
			coords[c.Coord] = true
			if c.Hole && c.Piece != nil {
				t.Fatalf("%q: a piece on the hole %s", s.Encode(), c.Coord)
			}
			if c.Piece != nil && (c.Piece.Kind == "" || c.Piece.Colour == "") {
				t.Fatalf("%q: piece %+v at %s lacks a kind or colour", s.Encode(), *c.Piece, c.Coord)
			}
		}
		for _, m := range g.Marks {
			if !coords[m.Coord] || m.Kind == "" {
				t.Fatalf("%q: mark %+v off the grid", s.Encode(), m)
			}
		}
	}
	if _, err := json.Marshal(b); err != nil {
		t.Fatal(err)
	}
}

// checkRecords writes the table's game in each of the game's record formats and reads it back.
func checkRecords(t *testing.T, tb *game.Table) {
	t.Helper()
	rec := tb.Record([2]string{"Ann", "Bob"})
	for _, f := range game.RecordFormats(tb.Game()) {
		if f.Write == nil || f.Read == nil {
			continue
		}
		var b bytes.Buffer
		if err := f.Write(&b, rec); err != nil {
			// A format may not hold every game (a random start); it must say why.
			if err.Error() == "" {
				t.Fatalf("%s: an empty error", f.Name)
			}
			continue
		}
		recs, err := f.Read(bytes.NewReader(b.Bytes()), rec.Start.Options())
		if err != nil {
			t.Fatalf("%s: reading back what was written: %v\n%s", f.Name, err, b.String())
		}
		if len(recs) != 1 {
			t.Fatalf("%s: read %d games back, want 1\n%s", f.Name, len(recs), b.String())
		}
		got := recs[0]
		if got.Start.Encode() != rec.Start.Encode() || !slices.Equal(got.Moves, rec.Moves) {
			t.Fatalf("%s: read back start %q moves %q, want %q %q\n%s", f.Name, got.Start.Encode(), got.Moves, rec.Start.Encode(), rec.Moves, b.String())
		}
		if got.Result.Over != rec.Result.Over || got.Result.Over && got.Result.Winner != rec.Result.Winner {
			t.Fatalf("%s: read back result %+v, want %+v\n%s", f.Name, got.Result, rec.Result, b.String())
		}
	}
}

// CheckRestore checks that tb's snapshot, through JSON, restores to a table with the same
// snapshot, the same view for both sides and a spectator at now, and the same future.
func CheckRestore(t *testing.T, reg *game.Registry, tb *game.Table, now time.Time) {
	t.Helper()
	snap := tb.Snapshot()
	b, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	var back game.Snapshot
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	rt, err := game.Restore(reg, back, nil)
	if err != nil {
		t.Fatalf("restore %s: %v", b, err)
	}
	b2, _ := json.Marshal(rt.Snapshot())
	if !bytes.Equal(b, b2) {
		t.Fatalf("restored snapshot differs:\n%s\n%s", b, b2)
	}
	for _, p := range []game.Player{game.First, game.Second, game.NoPlayer} {
		v1, _ := json.Marshal(tb.View(p, now))
		v2, _ := json.Marshal(rt.View(p, now))
		if !bytes.Equal(v1, v2) {
			t.Fatalf("view of %s differs:\n%s\n%s", p, v1, v2)
		}
	}
	// The same future: the same command gives the same events.
	acts := tb.ToAct()
	if acts == game.Nobody {
		return
	}
	p := acts.Players()[0]
	var buf [512]game.Action
	a := tb.State().Legal(p, buf[:0])[0]
	later := now.Add(time.Second)
	e1, err1 := tb.Clone().Submit(p, a, later)
	e2, err2 := rt.Submit(p, a, later)
	if (err1 == nil) != (err2 == nil) || len(e1) != len(e2) {
		t.Fatalf("futures differ: %v %v / %v %v", e1, err1, e2, err2)
	}
	for i := range e1 {
		if e1[i].Kind != e2[i].Kind || e1[i].Version != e2[i].Version || e1[i].Move != e2[i].Move {
			t.Fatalf("futures differ: %+v / %+v", e1[i], e2[i])
		}
	}
}

// FuzzInput drives a game from fuzz bytes: the first bytes choose the options and a text to
// decode and to parse as actions, the rest choose table commands. It checks nothing but that no
// input panics and that every refused command changes nothing.
func FuzzInput(t *testing.T, g game.Game, data []byte) {
	sets := OptionSets(g, nil)
	if len(data) == 0 || len(sets) == 0 {
		return
	}
	o := sets[int(data[0])%len(sets)]
	data = data[1:]
	text := string(data)
	if len(text) > 200 {
		text = text[:200]
	}
	if s, err := g.Decode(text); err == nil {
		if s.Encode() == "" {
			t.Fatalf("Decode(%q) gives an empty encoding", text)
		}
		checkLegalLists(t, s)
	}
	if pr, ok := g.(game.PositionReader); ok {
		if s, err := pr.ParsePosition(o, text); err == nil {
			checkLegalLists(t, s)
		}
	}
	s, err := g.New(o)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.NewTable(s, game.TableConfig{Now: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(0, 0)
	for i := 0; i+1 < len(data) && i < 400; i += 2 {
		now = now.Add(time.Second)
		p := game.Player(int(data[i]%3) - 1)
		before, _ := json.Marshal(tb.Snapshot())
		var err error
		switch data[i] % 8 {
		case 0, 1, 2:
			var buf [512]game.Action
			st := tb.State()
			if l := st.Legal(p, buf[:0]); len(l) > 0 {
				_, err = tb.Submit(p, l[int(data[i+1])%len(l)], now)
			} else {
				_, err = tb.Submit(p, game.Action(data[i+1]), now)
			}
		case 3:
			_, err = tb.SubmitText(p, text[:min(len(text), int(data[i+1])%8)], now)
		case 4:
			_, err = tb.Takeback(int(data[i+1]%3), now)
		case 5:
			_, err = tb.OfferDraw(p, now)
		case 6:
			_, err = tb.Withdraw(p, now)
		default:
			_, err = tb.ClaimDraw(p, now)
		}
		if err != nil {
			if after, _ := json.Marshal(tb.Snapshot()); !bytes.Equal(after, before) {
				t.Fatalf("a refused command (%v) changed the table", err)
			}
		}
	}
}

func checkLegalLists(t *testing.T, s game.State) {
	var buf [512]game.Action
	for p := game.First; p <= game.Second; p++ {
		for _, a := range s.Legal(p, buf[:0]) {
			_ = s.FormatAction(p, a)
		}
	}
	_ = s.Outcome()
}
