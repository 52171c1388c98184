package puzzle

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"turncoat/internal/sharedtest"
)

// oneYear is a directory holding one year of the WTHOR database and its name files.
func oneYear(t *testing.T, year string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"WTH_" + year + ".wtb", "WTHOR.JOU", "WTHOR.TRN"} {
		if err := os.Symlink(sharedtest.Path(t, "data/wthor/"+name), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBuildReproducible: the same games and seed give the same bytes, whatever the number of
// workers; another seed other puzzles; and every puzzle built proves.
func TestBuildReproducible(t *testing.T) {
	dir := oneYear(t, "2019")
	build := func(seed uint64, workers int) ([]Puzzle, []byte) {
		cands, err := WTHORCandidates(dir, seed, 12, 14)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := BuildOthello(context.Background(), cands, Options{Count: 4, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, ps); err != nil {
			t.Fatal(err)
		}
		return ps, b.Bytes()
	}
	ps, one := build(7, 1)
	if _, two := build(7, 2); !bytes.Equal(one, two) {
		t.Fatal("seed 7 built different sets on one worker and on two")
	}
	other, _ := build(8, 2)
	if slices.EqualFunc(ps, other, func(a, b Puzzle) bool { return a.Position == b.Position }) {
		t.Fatal("seeds 7 and 8 built the same puzzles")
	}
	read, err := Read(bytes.NewReader(one))
	if err != nil || len(read) != len(ps) {
		t.Fatalf("reading the set back: %d puzzles, %v", len(read), err)
	}
	pr := NewProver()
	for i := range read {
		p := &read[i]
		if err := pr.Prove(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if p.Margin < MinMargin || p.Value != p.Steps[0].Moves[0].Value || p.Source.Year != 2019 || p.Source.Black == "" {
			t.Fatalf("puzzle %s: margin %d, value %d, source %+v", p.ID, p.Margin, p.Value, p.Source)
		}
		if !slices.ContainsFunc(p.Themes, func(s string) bool { return strings.HasPrefix(s, ThemeEndgame) }) {
			t.Fatalf("puzzle %s: themes %q without its endgame-N", p.ID, p.Themes)
		}
	}
}

// TestProveRefuses: a puzzle whose claims are changed does not prove.
func TestProveRefuses(t *testing.T) {
	dir := oneYear(t, "2019")
	cands, err := WTHORCandidates(dir, 3, 12, 13)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := BuildOthello(context.Background(), cands, Options{Count: 1})
	if err != nil {
		t.Fatal(err)
	}
	good := ps[0]
	clone := func() Puzzle {
		p := good
		p.Steps = slices.Clone(good.Steps)
		for i := range p.Steps {
			p.Steps[i].Moves = slices.Clone(p.Steps[i].Moves)
		}
		p.Rest = slices.Clone(good.Rest)
		return p
	}
	for _, tc := range []struct {
		name   string
		change func(p *Puzzle)
	}{
		{"a value off by two", func(p *Puzzle) { p.Steps[0].Moves[0].Value += 2; p.Value += 2 }},
		{"a larger margin", func(p *Puzzle) { p.Margin += 2 }},
		{"the answer swapped", func(p *Puzzle) { p.Steps[0].Moves[0], p.Steps[0].Moves[1] = p.Steps[0].Moves[1], p.Steps[0].Moves[0] }},
		{"a line cut short", func(p *Puzzle) { p.Rest = p.Rest[:len(p.Rest)-1] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := clone()
			tc.change(&p)
			if err := NewProver().Prove(context.Background(), &p); err == nil {
				t.Fatalf("%s: proven", tc.name)
			}
		})
	}
	p := clone()
	if err := NewProver().Prove(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
}

// TestParityMove: the parity theme wants the answer in an odd region while an even one exists.
func TestParityMove(t *testing.T) {
	const (
		a1 = 0
		h8 = 63
		g8 = 62
		h7 = 55
	)
	empty := uint64(1)<<a1 | 1<<h8 | 1<<g8 // {a1} odd, {g8, h8} even
	for _, tc := range []struct {
		sq   int
		want bool
	}{{a1, true}, {h8, false}} {
		if got := parityMove(empty, tc.sq); got != tc.want {
			t.Errorf("parityMove(%d) = %v, want %v", tc.sq, got, tc.want)
		}
	}
	if parityMove(uint64(1)<<a1|1<<h8|1<<g8|1<<h7, a1) {
		t.Error("parityMove with odd regions only")
	}
}
