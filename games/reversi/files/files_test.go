package files

import (
	"os"
	"path/filepath"
	"testing"

	"turncoat/games/reversi"
	"turncoat/internal/sharedtest"
)

// TestWTHORReplay replays every game of the shared WTHOR database: all must be legal, and the
// data README's counts of recorded scores reached exactly must hold.
func TestWTHORReplay(t *testing.T) {
	dir := sharedtest.Path(t, "data/wthor")
	paths, err := filepath.Glob(filepath.Join(dir, "WTH_*.wtb"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no WTHOR files in %s", dir)
	}
	var games, match, mismatch, named int
	for _, p := range paths {
		l, err := Load(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, bad := range l.Bad {
			t.Errorf("illegal game: %v", bad)
		}
		for i := range l.Records {
			r := &l.Records[i]
			games++
			if r.Black != "" && r.Event != "" {
				named++
			}
			ok, err := r.ScoreMatches()
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				match++
			} else {
				mismatch++
			}
		}
	}
	if games != 127475 || match != 127093 || mismatch != 382 {
		t.Errorf("games=%d score_match=%d score_mismatch=%d, want 127475, 127093, 382", games, match, mismatch)
	}
	if named != games {
		t.Errorf("%d of %d games have player and tournament names", named, games)
	}
}

// TestConvertRoundTrip writes a year of WTHOR games as GGF, move lists and WTHOR, reads each
// back, and compares the games.
func TestConvertRoundTrip(t *testing.T) {
	src := filepath.Join(sharedtest.Path(t, "data/wthor"), "WTH_1977.wtb")
	l, err := Load(src)
	if err != nil || len(l.Bad) > 0 {
		t.Fatalf("load: %v %v", err, l.Bad)
	}
	dir := t.TempDir()
	for _, f := range []Format{GGF, Moves, WTHOR} {
		out := filepath.Join(dir, "out."+string(f))
		if f == WTHOR {
			out = filepath.Join(dir, "out.wtb")
		}
		if err := Save(out, f, l.Records); err != nil {
			t.Fatalf("%s: save: %v", f, err)
		}
		back, err := Load(out)
		if err != nil || len(back.Bad) > 0 {
			t.Fatalf("%s: load: %v %v", f, err, back.Bad)
		}
		if back.Format != f || len(back.Records) != len(l.Records) {
			t.Fatalf("%s: read back %d games as %s, wrote %d", f, len(back.Records), back.Format, len(l.Records))
		}
		for i := range l.Records {
			a, b := l.Records[i], back.Records[i]
			if a.MoveList(true) != b.MoveList(true) {
				t.Fatalf("%s game %d: moves %s, read back %s", f, i+1, a.MoveList(true), b.MoveList(true))
			}
			if f != Moves && (a.Black != b.Black || a.White != b.White || a.Result != b.Result) {
				t.Fatalf("%s game %d: %q-%q %d, read back %q-%q %d", f, i+1, a.Black, a.White, a.Result, b.Black, b.White, b.Result)
			}
		}
	}
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		path, head string
		want       Format
	}{
		{"x.wtb", "", WTHOR},
		{"x.txt", "(;GM[Othello]", GGF},
		{"x.txt", "f5d6c3", Moves},
		{"x", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;", OBF},
	} {
		if got := Detect(c.path, []byte(c.head)); got != c.want {
			t.Errorf("Detect(%q, %q) = %s, want %s", c.path, c.head, got, c.want)
		}
	}
}

func TestLoadReportsWhere(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "games.txt")
	if err := os.WriteFile(p, []byte("f5d6c3\nf5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5\nf5f5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Records) != 2 || len(l.Bad) != 1 {
		t.Fatalf("records=%d bad=%d, want 2 and 1", len(l.Records), len(l.Bad))
	}
	want := p + ":3: game 3: ply 2 (f5): illegal move: f5 is not empty"
	if got := l.Bad[0].Error(); got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	_ = reversi.Pass
}
