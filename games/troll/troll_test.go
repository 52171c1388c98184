package troll

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/games/discs"
)

func sq(t testing.TB, name string) game.Action {
	t.Helper()
	n, err := discs.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return game.Action(n)
}

// board builds a position from rows ("B", "W", ".") and the side to move.
func board(t testing.TB, r Rules, rows []string, turn string) *State {
	t.Helper()
	s, err := parseBoard(r, strings.Join(rows, "/"), turn)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStart(t *testing.T) {
	s := NewState(Rules{})
	if got := s.Encode(); got != "rules=1987,first=black ......../......../......../...WB.../...BW.../......../......../........ B" {
		t.Errorf("start = %q", got)
	}
	if s.ToAct() != game.FirstActs {
		t.Errorf("ToAct = %v, want Black", s.ToAct())
	}
	// Black may place on any empty square but White's edges (columns a and h), where nothing
	// can be captured yet.
	if got := len(s.Legal(game.First, nil)); got != 60-16 {
		t.Errorf("Black has %d placements at the start, want 44", got)
	}
	s93 := NewState(Rules{Published1993: true, WhiteFirst: true})
	if got := s93.Encode(); got != "rules=1993,first=white "+strings.Repeat("......../", 7)+"........ W" {
		t.Errorf("1993 start = %q", got)
	}
	// White may place anywhere but Black's edges (rows 1 and 8, corners included).
	if got := len(s93.Legal(game.Second, nil)); got != 64-16 {
		t.Errorf("White has %d placements at the 1993 start, want 48", got)
	}
	if _, err := (Game{}).New(mustOptions(t, "first=white")); !errors.Is(err, game.ErrOption) {
		t.Errorf("first=white with the 1987 rules: %v, want ErrOption", err)
	}
}

func mustOptions(t testing.TB, text string) game.Options {
	t.Helper()
	o, err := game.ParseOptionString(optionSpecs, text)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestPlacementRules checks where each side may place under both rule sets.
func TestPlacementRules(t *testing.T) {
	rows := []string{
		"........",
		".W......",
		"BW......",
		"........",
		"........",
		"........",
		"......WB",
		"........",
	}
	r87, r93 := Rules{}, Rules{Published1993: true}
	cases := []struct {
		rules Rules
		turn  string
		move  string
		legal bool
		why   string
	}{
		{r87, "B", "d4", true, "the middle without a capture"},
		{r87, "B", "c1", true, "Black's own edge without a capture"},
		{r87, "B", "a5", false, "White's edge without a capture"},
		{r87, "B", "a1", false, "a corner without a capture"},
		{r87, "B", "h7", false, "occupied"},
		{r87, "W", "a4", true, "White's own edge"},
		{r87, "W", "c8", false, "Black's edge without a capture"},
		{r87, "W", "h8", false, "a corner without a capture"},
		{r87, "B", "c3", true, "the middle with a capture"},
		{r87, "B", "h1", false, "a corner without a capture"},
		{r93, "B", "d4", true, "the middle"},
		{r93, "B", "c1", true, "Black's own edge"},
		{r93, "B", "a5", false, "White's edge, forbidden"},
		{r93, "B", "a1", false, "a corner, unplayable"},
		{r93, "W", "a4", true, "White's own edge"},
		{r93, "W", "c8", false, "Black's edge, forbidden"},
	}
	rows93 := []string{ // the same, less the discs the 1993 rules forbid on the edges
		"........",
		".W......",
		".WB.....",
		"........",
		"........",
		"........",
		".....W..",
		"........",
	}
	for _, c := range cases {
		rows := rows
		if c.rules.Published1993 {
			rows = rows93
		}
		s := board(t, c.rules, rows, c.turn)
		p := s.Turn()
		err := game.Play(s, p, sq(t, c.move))
		if c.legal != (err == nil) || (!c.legal && !errors.Is(err, game.ErrIllegal)) {
			t.Errorf("%+v %s %s (%s): %v, want legal=%v", c.rules, c.turn, c.move, c.why, err, c.legal)
		}
		s = board(t, c.rules, rows, c.turn)
		if err := s.Apply(sq(t, c.move)); c.legal != (err == nil) {
			t.Errorf("%+v %s Apply(%s): %v, want legal=%v", c.rules, c.turn, c.move, err, c.legal)
		}
	}
	// Black on White's edge with a capture: a3 is taken when a line ends at one of Black's.
	capture := []string{
		"........",
		"........",
		".WB.....",
		"........",
		"........",
		"........",
		"........",
		"........",
	}
	s := board(t, r87, capture, "B")
	if err := game.Play(s, game.First, sq(t, "a3")); err != nil {
		t.Fatalf("Black captures on a3: %v", err)
	}
	if black, _ := s.Discs(); black != 1<<16|1<<17|1<<18 {
		t.Errorf("after a3: Black has %x, want a3 b3 c3", black)
	}
	// Captures are made under the 1993 rules too, though never required.
	s = board(t, r93, capture, "B")
	if err := game.Play(s, game.First, sq(t, "d3")); err != nil {
		t.Fatal(err)
	}
	if s2 := board(t, r93, capture, "W"); game.Play(s2, game.Second, sq(t, "d3")) != nil {
		t.Error("White may not place on d3 without a capture under the 1993 rules")
	}
	// d3 white: Black's placement on e3 brackets it against c3.
	s = board(t, r93, []string{"........", "........", ".WBW....", "........", "........", "........", "........", "........"}, "B")
	if err := game.Play(s, game.First, sq(t, "e3")); err != nil {
		t.Fatal(err)
	}
	if black, _ := s.Discs(); black&(1<<19) == 0 {
		t.Error("the 1993 rules: a bracketed disc was not turned")
	}
}

// refJoined is the connection rule read literally: a search over orthogonal neighbours from
// p's discs on its first edge.
func refJoined(discs uint64, p game.Player) bool {
	var seen [64]bool
	var stack []int
	for i := range 8 {
		sq := i // row 1 for Black
		if p == game.Second {
			sq = 8 * i // column a for White
		}
		if discs&(1<<sq) != 0 {
			stack = append(stack, sq)
			seen[sq] = true
		}
	}
	for len(stack) > 0 {
		sq := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := sq/8, sq%8
		if (p == game.First && r == 7) || (p == game.Second && c == 7) {
			return true
		}
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr > 7 || nc < 0 || nc > 7 {
				continue
			}
			n := nr*8 + nc
			if discs&(1<<n) != 0 && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return false
}

// TestConnections checks the connection rule: orthogonal chains only, along edges and through
// corners.
func TestConnections(t *testing.T) {
	mask := func(rows ...string) uint64 {
		var m uint64
		for r, row := range rows {
			for c := range row {
				if row[c] == 'X' {
					m |= 1 << (8*r + c)
				}
			}
		}
		return m
	}
	cases := []struct {
		name  string
		discs uint64
		p     game.Player
		want  bool
	}{
		{"a straight column joins rows 1 and 8", mask("...X....", "...X....", "...X....", "...X....", "...X....", "...X....", "...X....", "...X...."), game.First, true},
		{"a column for White joins nothing", mask("...X....", "...X....", "...X....", "...X....", "...X....", "...X....", "...X....", "...X...."), game.Second, false},
		{"a diagonal does not connect", mask("X.......", ".X......", "..X.....", "...X....", "....X...", ".....X..", "......X.", ".......X"), game.First, false},
		{"a diagonal step breaks a chain", mask("...X....", "...X....", "...X....", "....X...", "....X...", "....X...", "....X...", "....X..."), game.First, false},
		{"a staircase of orthogonal steps", mask("X.......", "XX......", ".XX.....", "..XX....", "...XX...", "....XX..", ".....XX.", "......X."), game.First, true},
		{"along White's edge from corner to corner", mask("X.......", "X.......", "X.......", "X.......", "X.......", "X.......", "X.......", "X......."), game.First, true},
		{"White along Black's edge through the corners", mask("XXXXXXXX", "........", "........", "........", "........", "........", "........", "........"), game.Second, true},
		{"White's row one short", mask("XXXXXXX.", "........", "........", "........", "........", "........", "........", "........"), game.Second, false},
		{"a winding chain", mask(".X......", ".XXXX...", "....X...", "XXXXX...", "X.......", "XXXXXXX.", "......X.", "......X."), game.First, true},
		{"a winding chain for White", mask("........", "XXX.....", "..X.XXXX", "..X.X...", "..XXX...", "........", "........", "........"), game.Second, true},
		{"one square missing", mask(".X......", ".XXXX...", "....X...", "XXXXX...", "X.......", "XXX.XXX.", "......X.", "......X."), game.First, false},
	}
	for _, c := range cases {
		if got := Joined(c.discs, c.p); got != c.want {
			t.Errorf("%s: Joined = %v, want %v", c.name, got, c.want)
		}
		if got := refJoined(c.discs, c.p); got != c.want {
			t.Errorf("%s: the reference says %v, want %v (the table is wrong)", c.name, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 100_000 {
		d := rng.Uint64() | rng.Uint64()
		for p := game.First; p <= game.Second; p++ {
			if Joined(d, p) != refJoined(d, p) {
				t.Fatalf("Joined(%016x, %v) = %v, the reference says otherwise", d, p, Joined(d, p))
			}
		}
	}
}

// TestWin checks that a placement joining the mover's edges wins, also when the joining disc is
// one the placement turned.
func TestWin(t *testing.T) {
	s := board(t, Rules{}, []string{
		"..B.....",
		"..B.....",
		"..B.....",
		"........",
		"..B.....",
		"..B.....",
		"..B.....",
		"..B.....",
	}, "B")
	if err := game.Play(s, game.First, sq(t, "c4")); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.First {
		t.Errorf("Black joins c1-c8: %+v", o)
	}
	if s.ToAct() != game.Nobody {
		t.Error("play goes on after the win")
	}
	// The joining square c4 is White's; Black's placement on d4 turns it.
	s = board(t, Rules{}, []string{
		"..B.....",
		"..B.....",
		"..B.....",
		".BW.....",
		"..B.....",
		"..B.....",
		"..B.....",
		"..B.....",
	}, "B")
	if err := game.Play(s, game.First, sq(t, "d4")); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.First {
		t.Errorf("Black joins by a capture: %+v", o)
	}
	if err := s.Apply(sq(t, "e5")); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a move after the win: %v, want ErrGameOver", err)
	}
}

// TestPassAndDraw checks a forced pass and the draw when neither side can place.
func TestPassAndDraw(t *testing.T) {
	// A checkerboard with White on the squares where row+column is even: no chain anywhere.
	rows := make([]string, 8)
	for r := range 8 {
		var b strings.Builder
		for c := range 8 {
			if (r+c)%2 == 0 {
				b.WriteByte('W')
			} else {
				b.WriteByte('B')
			}
		}
		rows[r] = b.String()
	}
	full := board(t, Rules{}, rows, "B")
	if o := full.Outcome(); !o.Over || o.Winner != game.NoPlayer {
		t.Errorf("full checkerboard: %+v, want a draw", o)
	}
	// Empty a3, on White's edge: Black cannot capture there, White may place freely.
	rows[2] = "." + rows[2][1:]
	s := board(t, Rules{}, rows, "B")
	legal := s.Legal(game.First, nil)
	if len(legal) != 1 || legal[0] != Pass {
		t.Fatalf("Black's legal actions = %v, want just a pass", legal)
	}
	if err := game.Play(s, game.First, Pass); err != nil {
		t.Fatal(err)
	}
	if s.ToAct() != game.SecondActs {
		t.Fatalf("after Black's pass %v acts", s.ToAct())
	}
	if err := s.Apply(Pass); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("White passes with a placement available: %v, want ErrIllegal", err)
	}
	if err := game.Play(s, game.Second, sq(t, "a3")); err != nil {
		t.Fatal(err)
	}
	if !s.Outcome().Over {
		t.Error("the board is full and the game goes on")
	}
}

// TestRandomGames plays random games under both rule sets and checks: encodings round-trip, every
// legal action formats and parses back, Apply accepts exactly the legal actions, the outcome
// matches the connection rule, and a game ends within 61 placements and passes.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 300 {
		r := Rules{Published1993: i%2 == 1, WhiteFirst: i%4 == 3}
		s := NewState(r)
		for plies := 0; s.ToAct() != game.Nobody; plies++ {
			if plies > 130 {
				t.Fatal("a game longer than 130 plies")
			}
			text := s.Encode()
			d, err := DecodeState(text)
			if err != nil || d.Encode() != text {
				t.Fatalf("round trip of %q: %v, %v", text, d, err)
			}
			p := s.ToAct().Single()
			legal := s.Legal(p, nil)
			isLegal := map[game.Action]bool{}
			for _, a := range legal {
				isLegal[a] = true
				if back, err := s.ParseAction(p, s.FormatAction(p, a)); err != nil || back != a {
					t.Fatalf("%q: %d formats as %q, parses as %d, %v", text, a, s.FormatAction(p, a), back, err)
				}
			}
			if i%30 == 0 {
				for a := game.Action(0); a <= Pass; a++ {
					if err := s.Clone().Apply(a); (err == nil) != isLegal[a] {
						t.Fatalf("%q: Apply(%d) = %v, legal %v", text, a, err, isLegal[a])
					}
				}
			}
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		black, white := s.Discs()
		o := s.Outcome()
		switch {
		case refJoined(black, game.First):
			if o.Winner != game.First {
				t.Fatalf("%q: Black is joined, outcome %+v", s.Encode(), o)
			}
		case refJoined(white, game.Second):
			if o.Winner != game.Second {
				t.Fatalf("%q: White is joined, outcome %+v", s.Encode(), o)
			}
		default:
			if o.Winner != game.NoPlayer || !o.Over {
				t.Fatalf("%q: nobody joined, outcome %+v", s.Encode(), o)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	empty := strings.Repeat("......../", 7) + "........"
	for _, c := range []struct {
		text string
		want error
	}{
		{"", game.ErrSyntax},
		{"rules=1987,first=black " + empty, game.ErrSyntax},
		{"rules=1987,first=black " + empty + " X2", game.ErrSyntax},
		{"rules=1987,first=white " + empty + " B", game.ErrOption},
		{"rules=2000,first=black " + empty + " B", game.ErrOption},
		{"rules=1987,first=black ......../......../ B", game.ErrSyntax},
		{"rules=1987,first=black " + strings.Replace(empty, ".", "?", 1) + " B", game.ErrSyntax},
		{"rules=1993,first=black " + strings.Replace(empty, ".", "B", 1) + " B", game.ErrSyntax},                      // a corner
		{"rules=1993,first=black ......../B......./" + strings.Repeat("......../", 5) + "........ B", game.ErrSyntax}, // Black on White's edge
		{"rules=1987,first=black " + strings.Repeat("B......./", 7) + "B......." + " W" + "x", game.ErrSyntax},
	} {
		if _, err := DecodeState(c.text); !errors.Is(err, c.want) {
			t.Errorf("DecodeState(%q) = %v, want %v", c.text, err, c.want)
		}
	}
}

func TestDiagram(t *testing.T) {
	d := NewState(Rules{}).Diagram(game.First)
	for _, want := range []string{"a b c d e f g h", "1 = |. . . . . . . .|", "4   |. . . W B . . .|", "Black to place"} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
}

// mask reads rows of 'X' (set) and anything else (clear), row 1 first.
func mask(rows ...string) uint64 {
	var m uint64
	for r, row := range rows {
		for c := range row {
			if row[c] == 'X' {
				m |= 1 << (8*r + c)
			}
		}
	}
	return m
}

// TestWindingChains checks chains that double back: a connection must be found through
// stretches that run towards the edge it started from, which a search that only spreads
// one way (down the rows, across the columns) would miss.
func TestWindingChains(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		p    game.Player
		want bool
	}{
		{"Black climbs back from row 5 to row 2", []string{
			"X.......",
			"X.XXX...",
			"X.X.X...",
			"X.X.X...",
			"XXX.X...",
			"....X...",
			"....X...",
			"....X...",
		}, game.First, true},
		{"the same with c3 missing", []string{
			"X.......",
			"X.XXX...",
			"X...X...",
			"X.X.X...",
			"XXX.X...",
			"....X...",
			"....X...",
			"....X...",
		}, game.First, false},
		{"Black's serpentine over the whole board", []string{
			".X......",
			".XXXXXXX",
			".......X",
			"XXXXXXXX",
			"X.......",
			"XXXXXXXX",
			".......X",
			".......X",
		}, game.First, true},
		{"the serpentine cut at h3", []string{
			".X......",
			".XXXXXXX",
			"........",
			"XXXXXXXX",
			"X.......",
			"XXXXXXXX",
			".......X",
			".......X",
		}, game.First, false},
		{"White doubles back from column e to column b", []string{
			"XXXXX...",
			"....X...",
			".XXXX...",
			".X......",
			".XXXXXXX",
			"........",
			"........",
			"........",
		}, game.Second, true},
		{"the same with b4 missing", []string{
			"XXXXX...",
			"....X...",
			".XXXX...",
			"........",
			".XXXXXXX",
			"........",
			"........",
			"........",
		}, game.Second, false},
		{"White's serpentine down the columns", []string{
			"X.XXX.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.XX",
			"XXX.XXX.",
		}, game.Second, true},
		{"the serpentine joined only diagonally at d8", []string{
			"X.XXX.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.X.",
			"X.X.X.XX",
			"XX.X.XX.",
		}, game.Second, false},
	}
	for _, c := range cases {
		m := mask(c.rows...)
		if got := Joined(m, c.p); got != c.want {
			t.Errorf("%s: Joined = %v, want %v", c.name, got, c.want)
		}
		if got := refJoined(m, c.p); got != c.want {
			t.Errorf("%s: the reference says %v, want %v (the table is wrong)", c.name, got, c.want)
		}
		if got := Joined(m, c.p.Other()); got != refJoined(m, c.p.Other()) {
			t.Errorf("%s: for the other side Joined = %v, the reference disagrees", c.name, got)
		}
	}
}

// TestWindingWin plays the placement that closes a winding chain: the game is won at once,
// and the chain the board shows is the winding group (a branch of it included), not Black's
// other discs.
func TestWindingWin(t *testing.T) {
	s := board(t, Rules{}, []string{
		"B.......",
		"B.BBB...",
		"B...BB..",
		"B.B.B...",
		"BBB.B...",
		"....B...",
		"....B.B.",
		"....B...",
	}, "B")
	if s.Outcome().Over {
		t.Fatal("over before c3 closes the chain")
	}
	if err := game.Play(s, game.First, sq(t, "c3")); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != game.First || o.Ending != game.EndRules {
		t.Fatalf("after c3: %+v, want Black to win by the rules", o)
	}
	want := mask(
		"X.......",
		"X.XXX...",
		"X.X.XX..",
		"X.X.X...",
		"XXX.X...",
		"....X...",
		"....X...",
		"....X...",
	)
	if got := s.Chain(); got != want {
		t.Errorf("chain %016x, want %016x (g7 stands apart)", got, want)
	}
}

// TestIllegalReasons checks that an illegal action's error gives the rule it breaks.
func TestIllegalReasons(t *testing.T) {
	rows := []string{
		"........",
		".W......",
		"BW......",
		"........",
		"........",
		"........",
		"......WB",
		"........",
	}
	rows93 := []string{
		"........",
		".W......",
		".WB.....",
		"........",
		"........",
		"........",
		".....W..",
		"........",
	}
	r87, r93 := Rules{}, Rules{Published1993: true}
	cases := []struct {
		rules Rules
		rows  []string
		turn  string
		move  string
		want  string
	}{
		{r87, rows, "B", "h7", "h7 is not empty"},
		{r87, rows, "B", "a5", "a5 is on White's edge (columns a and h): a disc there must capture"},
		{r87, rows, "W", "c8", "c8 is on Black's edge (rows 1 and 8): a disc there must capture"},
		{r87, rows, "B", "h1", "h1 is a corner, on White's edge (columns a and h) as well: a disc there must capture"},
		{r87, rows, "B", "pass", "Black may pass only without a placement"},
		{r93, rows93, "B", "a1", "a1 is a corner: the 1993 rules leave the corners empty"},
		{r93, rows93, "B", "a5", "a5 is on White's edge (columns a and h), where Black may never place under the 1993 rules"},
		{r93, rows93, "W", "c1", "c1 is on Black's edge (rows 1 and 8), where White may never place"},
		{r93, rows93, "W", "b2", "b2 is not empty"},
	}
	for _, c := range cases {
		s := board(t, c.rules, c.rows, c.turn)
		a, err := s.ParseAction(s.Turn(), c.move)
		if err != nil {
			t.Fatal(err)
		}
		err = game.Play(s, s.Turn(), a)
		if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v %s %s: %v, want an illegal move saying %q", c.rules, c.turn, c.move, err, c.want)
		}
		if why := s.ExplainIllegal(s.Turn().Other(), a); why != "" {
			t.Errorf("%s %s: the side not to move gets a reason %q", c.turn, c.move, why)
		}
	}
	// A side that must pass is told so.
	full := make([]string, 8)
	for r := range 8 {
		var b strings.Builder
		for c := range 8 {
			b.WriteByte("WB"[(r+c)%2])
		}
		full[r] = b.String()
	}
	full[2] = "." + full[2][1:]
	s := board(t, r87, full, "B")
	err := game.Play(s, game.First, sq(t, "a3"))
	if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), "Black has no placement and must pass") {
		t.Errorf("a placement when Black must pass: %v", err)
	}
	// A legal action has nothing to explain.
	if why := NewState(r87).ExplainIllegal(game.First, sq(t, "d3")); why != "" {
		t.Errorf("d3 at the start: %q", why)
	}
}
