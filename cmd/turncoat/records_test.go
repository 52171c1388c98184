package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mixedGGF holds four games: standard 8x8, 6x6 (TY[6]), a position other than the start
// (Black has played f5), and standard 8x8 again.
const mixedGGF = `(;GM[Othello]PB[A]PW[B]RE[+2]TY[8]B[f5]W[d6]B[c3]W[d3]B[c4];)
(;GM[Othello]PB[C]PW[D]TY[6]B[e4]W[e3]B[c2]W[c5];)
(;GM[Othello]PB[E]PW[F]BO[8 -------- -------- -------- ---O*--- ---**--- -----*-- -------- -------- O]W[d6]B[c3]W[d3];)
(;GM[Othello]PB[G]PW[H]RE[-4]B[f5]W[f6]B[e6]W[f4];)
`

// TestRecordsConvertSkipsGamesWTHORCannotHold checks that a conversion to WTHOR leaves out,
// and reports, the games WTHOR cannot store, writes the others, and exits 0; and that with no
// game it can write it exits 1 and leaves OUT as it was.
func TestRecordsConvertSkipsGamesWTHORCannotHold(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "mixed.ggf")
	if err := os.WriteFile(in, []byte(mixedGGF), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"wthor", "moves"} {
		out := filepath.Join(dir, "out-"+to+".wtb")
		if to == "moves" {
			out = filepath.Join(dir, "out.txt")
		}
		code, stdout, stderr := runCLI(t, "", "records", "convert", "--to", to, in, out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", to, code, stderr)
		}
		for _, want := range []string{
			"skipped: " + in + ": game 2: a 6x6 game: only 8x8 games from the standard start can be stored",
			"skipped: " + in + ": game 3: the game starts from ",
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr %q lacks %q", to, stderr, want)
			}
		}
		if want := "converted 2 games from ggf to " + to + " (" + out + "); 2 skipped (0 unreadable, 2 that " + to + " cannot hold)\n"; stdout != want {
			t.Errorf("%s: stdout %q, want %q", to, stdout, want)
		}
		// WTHOR keeps the two results (which are not the boards' scores); move lists keep none
		want := map[string]string{"wthor": "games=2 legal=2 illegal=0 score_match=0 score_mismatch=2\n",
			"moves": "games=2 legal=2 illegal=0 score_match=0 score_mismatch=0\n"}[to]
		code, stdout, _ = runCLI(t, "", "records", "check", out)
		if code != 0 || stdout != want {
			t.Errorf("%s: check of the output: exit %d, %q", to, code, stdout)
		}
	}

	// nothing WTHOR can hold: exit 1, and OUT stays as it was
	only6 := filepath.Join(dir, "six.ggf")
	os.WriteFile(only6, []byte(strings.Split(mixedGGF, "\n")[1]+"\n"), 0o644)
	out := filepath.Join(dir, "kept.wtb")
	os.WriteFile(out, []byte("keep me"), 0o644)
	code, stdout, stderr := runCLI(t, "", "records", "convert", "--to", "wthor", only6, out)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "game 1: a 6x6 game") || !strings.Contains(stderr, "none of the 1 games can be written as wthor: nothing was written") {
		t.Errorf("nothing to write: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(out); string(data) != "keep me" {
		t.Errorf("OUT became %q", data)
	}
	for _, ext := range []string{".JOU", ".TRN"} {
		if _, err := os.Stat(filepath.Join(dir, "kept"+ext)); err == nil {
			t.Errorf("kept%s written with nothing to write", ext)
		}
	}
}

// TestRecordsOnFilesWithoutGames checks that check and convert say so, and fail, on files that
// hold no games: an empty file, garbage, a WTHOR name file, a GGF file without a game.
func TestRecordsOnFilesWithoutGames(t *testing.T) {
	dir := t.TempDir()
	jou := make([]byte, 16+20)
	jou[8] = 1 // one name
	copy(jou[16:], "Tastet Marc")
	for _, c := range []struct {
		name string
		data string
		says string
	}{
		{"empty.txt", "", "empty.txt: the file is empty"},
		{"blank.txt", "\n# just a comment\n\n", "blank.txt: nothing but blank lines and comments"},
		{"garbage.txt", "lorem ipsum\ndolor sit amet\n\x7f\x80\x81\n", "garbage.txt: none of its 3 lines is a move list"},
		{"garbage.bin", "\x01\x02\x00\x00\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00junk", "garbage.bin: header claims"},
		{"WTHOR.JOU", string(jou), "WTHOR.JOU is a WTHOR name file (the names of players), not a game file"},
		{"none.ggf", "GM[Othello] but no game\n", "none.ggf: no GGF game"},
		{"ffo.obf", strings.Repeat("-", 64) + " X;\n", "ffo.obf holds positions (OBF), not games"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCLI(t, "", "records", "check", p)
		if code != 1 || stdout != "games=0 legal=0 illegal=0 score_match=0 score_mismatch=0\n" || !strings.Contains(stderr, "no games: ") || !strings.Contains(stderr, c.says) {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want 1 and %q", c.name, code, stdout, stderr, c.says)
		}
		out := filepath.Join(dir, "out.ggf")
		os.Remove(out)
		code, _, stderr = runCLI(t, "", "records", "convert", "--to", "ggf", p, out)
		if code != 1 || !strings.Contains(stderr, c.says) {
			t.Errorf("convert %s: exit %d, stderr %q; want 1 and %q", c.name, code, stderr, c.says)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("convert %s wrote %s", c.name, out)
		}
	}
	// a file without games among good ones: the others are checked, and the exit status is 1
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("f5d6c3\n"), 0o644)
	code, stdout, _ := runCLI(t, "", "records", "check", good, filepath.Join(dir, "empty.txt"))
	if code != 1 || stdout != "games=1 legal=1 illegal=0 score_match=0 score_mismatch=0\n" {
		t.Errorf("good and empty: exit %d, %q", code, stdout)
	}
}
