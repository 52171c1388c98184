package files

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
		if skipped, err := Save(out, f, l.Records); err != nil || len(skipped) > 0 {
			t.Fatalf("%s: save: %v %v", f, err, skipped)
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

// mixedGames returns a standard 8x8 game, a 6x6 game, a game from a position other than the
// start, and another standard game: the second and third are no WTHOR or move-list games.
func mixedGames(t *testing.T) []reversi.Record {
	t.Helper()
	var out []reversi.Record
	random := reversi.Start(8)
	random.Play(37) // f5: the position after it, White to move
	for _, g := range []struct {
		moves string
		start reversi.Board
	}{
		{"f5d6c3d3c4", reversi.Start(8)},
		{"e4e3c2c5", reversi.Start(6)},
		{"d6c3d3", random},
		{"f5f6e6f4", reversi.Start(8)},
	} {
		r, err := reversi.ParseMoveList(g.moves, g.start)
		if err != nil {
			t.Fatal(err)
		}
		r.Black, r.White, r.HasResult, r.Result = "A", "B", true, 2
		out = append(out, r)
	}
	return out
}

// TestSaveSkipsWhatTheFormatCannotHold checks that WTHOR and move-list files leave out the
// games they cannot store, say which and why, and write the others; and that a file with no
// game to write is not written, nor what was there lost.
func TestSaveSkipsWhatTheFormatCannotHold(t *testing.T) {
	dir := t.TempDir()
	recs := mixedGames(t)
	for _, f := range []Format{WTHOR, Moves, GGF} {
		out := filepath.Join(dir, "out."+string(f))
		skipped, err := Save(out, f, recs)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want := 2
		if f == GGF {
			want = 0
		}
		if len(skipped) != want {
			t.Fatalf("%s: skipped %+v, want games 2 and 3", f, skipped)
		}
		if f != GGF {
			if skipped[0].Index != 1 || skipped[1].Index != 2 ||
				!strings.Contains(skipped[0].Err.Error(), "a 6x6 game: only 8x8 games from the standard start can be stored") ||
				!strings.Contains(skipped[1].Err.Error(), "not from the standard start") {
				t.Errorf("%s: skipped %v %v", f, skipped[0], skipped[1])
			}
		}
		back, err := Load(out)
		if err != nil || len(back.Bad) > 0 || len(back.Records) != len(recs)-want {
			t.Fatalf("%s: read back %d games, %v %v", f, len(back.Records), err, back.Bad)
		}
		if f != GGF && (back.Records[0].MoveList(true) != recs[0].MoveList(true) || back.Records[1].MoveList(true) != recs[3].MoveList(true)) {
			t.Errorf("%s: read back %s and %s", f, back.Records[0].MoveList(true), back.Records[1].MoveList(true))
		}
	}
	// nothing to write: the file that was there stays
	for _, f := range []Format{WTHOR, Moves} {
		out := filepath.Join(dir, "kept."+string(f))
		if err := os.WriteFile(out, []byte("keep me"), 0o644); err != nil {
			t.Fatal(err)
		}
		skipped, err := Save(out, f, recs[1:3])
		if err == nil || len(skipped) != 2 || !strings.Contains(err.Error(), "none of the 2 games can be written") {
			t.Errorf("%s: nothing writable: %v, %v", f, skipped, err)
		}
		if data, _ := os.ReadFile(out); string(data) != "keep me" {
			t.Errorf("%s: the file that was there became %q", f, data)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2+3+2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files left: %q (a temporary file?)", names)
	}
}

// TestLoadFilesWithoutGames checks what Load makes of files that hold no games.
func TestLoadFilesWithoutGames(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var jou bytes.Buffer
	if err := reversi.WriteWTHORNames(&jou, []string{"Tastet Marc", "Noël"}, 20, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		data   []byte
		format Format
		junk   int
		err    string
	}{
		{"empty.txt", nil, Moves, 0, ""},
		{"comments.txt", []byte("# nothing\n\n% here\n"), Moves, 0, ""},
		{"prose.txt", []byte("Hello,\nthese are not games.\n"), Moves, 2, ""},
		{"nogames.ggf", []byte("no game here\n"), GGF, 0, ""},
		{"WTHOR.JOU", jou.Bytes(), "", 0, "is a WTHOR name file (the names of players), not a game file"},
		{"names.trn", jou.Bytes(), "", 0, "is a WTHOR name file (the names of tournaments)"},
		{"garbage.bin", []byte("\x01\x02\x00\x00\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x07"), WTHOR, 0, "header claims"},
	} {
		l, err := Load(write(c.name, c.data))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || l.Format != c.format || l.NotGames != c.junk || l.Games() != 0 {
			t.Errorf("%s: %s, %d games, %d not games, %v; want %s, none", c.name, l.Format, l.Games(), l.NotGames, err, c.format)
		}
	}
	// lines of other text among games are games that cannot be read
	l, err := Load(write("mixed.txt", []byte("f5d6\nnot a game\nf5d6c3\nf5f5\n")))
	if err != nil || l.Games() != 3 || len(l.Records) != 2 || len(l.Bad) != 2 || l.NotGames != 1 {
		t.Fatalf("mixed: %d games, %d read, %d bad, %d not games, %v", l.Games(), len(l.Records), len(l.Bad), l.NotGames, err)
	}
	if l.Numbers[0] != 1 || l.Numbers[1] != 3 {
		t.Errorf("the games read are numbers %v, want 1 and 3", l.Numbers)
	}
}
