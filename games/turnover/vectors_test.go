package turnover

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/game"
	"turncoat/internal/sharedtest"
)

// readTable reads a testdata file of '|'-separated rows, skipping comments and blank lines.
func readTable(tb testing.TB, name string, columns int) [][]string {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		cells := strings.Split(text, "|")
		if len(cells) != columns {
			tb.Fatalf("%s:%d: %d columns, want %d", name, line, len(cells), columns)
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(rows) == 0 {
		tb.Fatalf("%s: no rows", name)
	}
	return rows
}

// classText is the fixtures' class of a move: "capture", "move+promotion", ...
func classText(m Move) string {
	s := m.Class().String()
	if m.Promotes() {
		s += "+promotion"
	}
	return s
}

// TestSeedNotation checks every seed notation example of §5.4 on its position: the canonical
// text and the other accepted forms all read as one move, of the right class, which leads to
// the position given; the printer writes the canonical text.
func TestSeedNotation(t *testing.T) {
	for _, row := range readTable(t, "notation.txt", 5) {
		fen, canonical, others, class, after := row[0], row[1], row[2], row[3], row[4]
		t.Run(fen+" "+canonical, func(t *testing.T) {
			p := mustFEN(t, fen)
			n := Notation{KnightLetter: 'K'}
			m, err := n.Parse(&p, canonical)
			if err != nil {
				t.Fatalf("Parse(%q): %v", canonical, err)
			}
			if got := classText(m); got != class {
				t.Errorf("%s: class %s, want %s", canonical, got, class)
			}
			if got := n.Format(&p, m); got != canonical {
				t.Errorf("Format: %q, want %q", got, canonical)
			}
			for _, o := range strings.Split(others, ",") {
				o = strings.TrimSpace(o)
				if o == "" {
					continue
				}
				m2, err := n.Parse(&p, o)
				if err != nil {
					t.Errorf("Parse(%q): %v", o, err)
				} else if m2 != m {
					t.Errorf("Parse(%q) = %s, want %s (as %s)", o, coordinate(m2.Action()), coordinate(m.Action()), canonical)
				}
			}
			c := p
			c.Make(m)
			if got := c.ShortFEN(); got != after {
				t.Errorf("after %s: %s, want %s", canonical, got, after)
			}
		})
	}
}

// specRows returns the table rows of a section of the rule spec (from the heading that starts
// with from to the one that starts with to) whose first or second cell is in backquotes, as
// cells without their backquotes.
func specRows(t *testing.T, from, to string) [][]string {
	t.Helper()
	spec, err := os.ReadFile(sharedtest.Path(t, "rules/turnover.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(spec)
	start := strings.Index(text, from)
	end := strings.Index(text[start+1:], to) + start + 1
	if start < 0 || end <= start {
		t.Fatalf("rules/turnover.md: no section %q", from)
	}
	var rows [][]string
	for _, line := range strings.Split(text[start:end], "\n") {
		cells := strings.Split(strings.TrimSpace(line), "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") && !strings.HasPrefix(strings.TrimSpace(cells[2]), "`") {
			continue
		}
		cells = cells[1 : len(cells)-1]
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		rows = append(rows, cells)
	}
	return rows
}

var (
	leadingNumber = regexp.MustCompile(`^\d+`)
	legalCount    = regexp.MustCompile(`, legal (\d+)`)
)

// TestFixturesMatchSpec checks that the fixtures hold every row of the spec's tables (§5.4,
// §5.5, §7.3), so that the two cannot drift apart.
func TestFixturesMatchSpec(t *testing.T) {
	notation := map[string]bool{}
	for _, row := range readTable(t, "notation.txt", 5) {
		notation[row[0]+"|"+row[4]] = true
	}
	rows := specRows(t, "### 5.4", "### 5.5")
	for _, r := range rows {
		if !notation[r[0]+"|"+r[3]] {
			t.Errorf("spec §5.4 row %s -> %s is not in testdata/notation.txt", r[0], r[3])
		}
	}
	if len(rows) != len(notation) {
		t.Errorf("spec §5.4 has %d rows, the fixture %d", len(rows), len(notation))
	}

	opening := readTable(t, "opening.txt", 2)
	rows = specRows(t, "### 5.5", "### 5.6")
	if len(rows) != len(opening) {
		t.Errorf("spec §5.5 has %d moves, the fixture %d", len(rows), len(opening))
	}
	for i, r := range rows {
		if i < len(opening) && (r[1] != opening[i][0] || r[3] != opening[i][1]) {
			t.Errorf("spec §5.5 move %d is %s -> %s, the fixture has %s -> %s", i+1, r[1], r[3], opening[i][0], opening[i][1])
		}
	}

	vectors := map[string]string{}
	for _, row := range readTable(t, "vectors.txt", 3) {
		vectors[row[0]] = row[1]
	}
	endings := map[string]string{}
	for _, row := range readTable(t, "endings.txt", 4) {
		endings[row[0]] = row[1]
	}
	rows = specRows(t, "### 7.3", "### 7.4")
	n, m := 0, 0
	for _, r := range rows {
		fen := r[0]
		// "54", "24. White's last Castle ...", "pseudo-legal 2, legal 0 (...)", "1: ..."
		count := leadingNumber.FindString(r[1])
		if g := legalCount.FindStringSubmatch(r[1]); g != nil {
			count = g[1]
		}
		switch {
		case vectors[fen] != "":
			n++
			if vectors[fen] != count {
				t.Errorf("spec §7.3 %s: %s moves, the fixture %s", fen, count, vectors[fen])
			}
		case endings[fen] != "":
			m++
			if endings[fen] != count {
				t.Errorf("spec §7.3 %s: %s moves, the fixture %s", fen, count, endings[fen])
			}
		default:
			t.Errorf("spec §7.3 row %s is in no fixture", fen)
		}
	}
	if n != len(vectors) || m != len(endings) {
		t.Errorf("spec §7.3 has %d count vectors and %d endings, the fixtures %d and %d", n, m, len(vectors), len(endings))
	}
}

// TestWorkedOpening plays the worked opening of §5.5 through the game contract: each move
// reads, prints back as written, and leads to the position given.
func TestWorkedOpening(t *testing.T) {
	s, err := Game{}.New(Standard.Options())
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range readTable(t, "opening.txt", 2) {
		text, after := row[0], row[1]
		p := s.ToAct().Single()
		a, err := s.ParseAction(p, text)
		if err != nil {
			t.Fatalf("ply %d: ParseAction(%q): %v", i+1, text, err)
		}
		if got := s.FormatAction(p, a); got != text {
			t.Errorf("ply %d: FormatAction = %q, want %q", i+1, got, text)
		}
		if err := game.Play(s, p, a); err != nil {
			t.Fatalf("ply %d (%s): %v", i+1, text, err)
		}
		pos := s.(*State).Position()
		if got := pos.ShortFEN(); got != after {
			t.Fatalf("ply %d (%s): %s, want %s", i+1, text, got, after)
		}
	}
	pos := s.(*State).Position()
	if w, b := pos.Castles(game.First), pos.Castles(game.Second); w != 6 || b != 6 {
		t.Errorf("Castles after 7...: White %d, Black %d; want 6 and 6", w, b)
	}
}

// TestMoveCountVectors checks the move-count vectors of §7.3: the number of legal moves, by
// class, with the promotions inside each class.
func TestMoveCountVectors(t *testing.T) {
	classes := []Class{ClassMove, ClassCombine, ClassTurnover, ClassCapture}
	for _, row := range readTable(t, "vectors.txt", 3) {
		fen := row[0]
		want, _ := strconv.Atoi(row[1])
		s, err := Game{}.ParsePosition(Standard.Options(), fen)
		if err != nil {
			t.Fatal(err)
		}
		var buf [MaxMoves]game.Action
		legal := s.Legal(s.ToAct().Single(), buf[:0])
		if len(legal) != want {
			t.Errorf("%s: %d legal moves, want %d", fen, len(legal), want)
		}
		pos := s.(*State).Position()
		var count, promos [4]int
		var mb [MaxMoves]Move
		for _, m := range pos.Moves(mb[:0]) {
			count[m.Class()]++
			if m.Promotes() {
				promos[m.Class()]++
			}
		}
		f := strings.Fields(row[2])
		for i, c := range classes {
			n, p, _ := strings.Cut(f[i], "/")
			wn, _ := strconv.Atoi(n)
			wp, _ := strconv.Atoi(p)
			if count[c] != wn || promos[c] != wp {
				t.Errorf("%s: %s %d (%d promotions), want %d (%d)", fen, c, count[c], promos[c], wn, wp)
			}
		}
		// The contract's class agrees.
		for _, a := range legal {
			m, _ := pos.Lookup(Square(a&63), Square(a>>6))
			if got := s.(*State).ActionClass(a); got != m.Class().String() {
				t.Errorf("%s: ActionClass(%s) = %q, want %q", fen, coordinate(a), got, m.Class())
			}
		}
	}
}

// TestDagazDivergence checks the §7.3 vector where the Dagaz program leaves a lone Pawn: the
// spec promotes, and writes the move KxKh8.Q (KxNh8.Q with the N letter).
func TestDagazDivergence(t *testing.T) {
	fen := "r1cbr1rn/Pq2bq2/1r2R1Nn/8/3n4/1B4P1/R5R1/2r1RBC1 w"
	for _, letter := range []byte{'K', 'N'} {
		p := mustFEN(t, fen)
		n := Notation{KnightLetter: letter}
		m, ok := p.Lookup(sq("g6"), sq("h8"))
		if !ok {
			t.Fatal("g6-h8 not legal")
		}
		want := "KxKh8.Q"
		if letter == 'N' {
			want = "NxNh8.Q"
		}
		if got := n.Format(&p, m); got != want {
			t.Errorf("letter %c: %q, want %q", letter, got, want)
		}
		p.Make(m)
		if got, want := p.ShortFEN(), "r1cbr1rQ/Pq2bq2/1r2R1Bn/8/3n4/1B4P1/R5R1/2r1RBC1 b"; got != want {
			t.Errorf("after: %s, want %s", got, want)
		}
	}
}

// TestEndings checks the end-of-game vectors of §7.3: the legal-move count, the outcome of the
// position, and the outcome after each listed move.
func TestEndings(t *testing.T) {
	for _, row := range readTable(t, "endings.txt", 4) {
		fen := row[0]
		t.Run(fen, func(t *testing.T) {
			st, err := Game{}.ParsePosition(Standard.Options(), fen)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			pos := s.Position()
			var mb [MaxMoves]Move
			want, _ := strconv.Atoi(row[1])
			if got := len(pos.Moves(mb[:0])); got != want {
				t.Errorf("%d legal moves, want %d", got, want)
			}
			if got := outcomeText(s.Outcome()); !strings.HasPrefix(got, row[2]) {
				t.Errorf("outcome %q, want %q", got, row[2])
			}
			if s.Outcome().Over != (s.ToAct() == game.Nobody) {
				t.Errorf("ToAct %v with outcome %v", s.ToAct(), s.Outcome())
			}
			if row[3] == "" {
				return
			}
			for _, item := range strings.Split(row[3], ";") {
				text, wantAfter, _ := strings.Cut(item, "->")
				text, wantAfter = strings.TrimSpace(text), strings.TrimSpace(wantAfter)
				c := s.Clone()
				a, err := c.ParseAction(game.First, text)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if err := game.Play(c, game.First, a); err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				if got := outcomeText(c.Outcome()); !strings.HasPrefix(got, wantAfter) {
					t.Errorf("after %s: %q, want %q", text, got, wantAfter)
				}
			}
		})
	}
}
