package main

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/engine/othello"
	"turncoat/games/reversi"
	"turncoat/games/reversi/files"
)

// randomGamesFile writes n random complete 8x8 games of the given year, with their results, as
// a WTHOR file in dir and returns its path.
func randomGamesFile(t *testing.T, dir string, n int, year string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	var records []reversi.Record
	for range n {
		b := reversi.Start(8)
		r := reversi.Record{Start: b, Date: year, Black: "a", White: "b", Event: "e"}
		for {
			m := b.Moves()
			if m == 0 {
				if b.OpponentMoves() == 0 {
					break
				}
				b.Pass()
				r.Moves = append(r.Moves, reversi.Pass)
				continue
			}
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			sq := bits.TrailingZeros64(m)
			if _, err := b.Play(sq); err != nil {
				t.Fatal(err)
			}
			r.Moves = append(r.Moves, sq)
		}
		black, white := b.FinalScore()
		r.HasResult, r.Result = true, black-white
		records = append(records, r)
	}
	path := filepath.Join(dir, "WTH_"+year+".wtb")
	if _, err := files.Save(path, files.WTHOR, records); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTrainRefusesNoGames: files without a readable game (garbage, a WTHOR name file) or with
// nothing left to train on (every game held out) fail with a message and write nothing.
func TestTrainRefusesNoGames(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.txt")
	names := filepath.Join(dir, "WTHOR.JOU")
	os.WriteFile(junk, []byte("hello\nworld\n"), 0o644)
	os.WriteFile(names, make([]byte, 16+20*3), 0o644)
	games := randomGamesFile(t, dir, 4, "2001")
	out := filepath.Join(dir, "eval.weights")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{junk}, "no game could be read from " + junk + " (2 unreadable)"},
		{[]string{names}, "is a WTHOR name file"},
		{[]string{t.TempDir()}, "no .wtb files"},
		{[]string{"--holdout", "1990", games}, "no training positions: of the 4 games read, 4 are held out"},
	} {
		args := append([]string{"train", "--solve", "0", "--selfplay", "0", "--quiet", "--out", out}, c.args...)
		code, _, stderr := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 1 and %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%q: %s was written", c.args, out)
		}
	}
}

// TestTrainNeverReplaces: an existing --out is refused up front (usage), kept byte for byte,
// and replaced with --force; the command says what it wrote: the path, the size, the games.
func TestTrainNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	games := randomGamesFile(t, dir, 30, "2001")
	out := filepath.Join(dir, "eval.weights")
	os.WriteFile(out, []byte("the engine's weights"), 0o644)
	args := []string{"train", "--solve", "4", "--selfplay", "5", "--label-depth", "2", "--epochs", "1", "--quiet", "--out", out, games}
	code, _, stderr := runCLI(t, "", args...)
	if code != 2 || !strings.Contains(stderr, "--out "+out+" exists: give --force") {
		t.Errorf("existing --out: exit %d, stderr %q", code, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "the engine's weights" {
		t.Fatalf("existing --out changed: %d bytes now", len(b))
	}
	code, stdout, stderr := runCLI(t, "", append(args, "--force")...)
	if code != 0 {
		t.Fatalf("--force: exit %d, stderr %q", code, stderr)
	}
	m := regexp.MustCompile(`(?m)^wrote (\S+) \((\d+) bytes\) in \d+s: trained on (\d+) games \((\d+) positions\), validated on 1 games`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no line saying what was written:\n%s", stdout)
	}
	st, err := os.Stat(out)
	if err != nil || m[1] != out || m[2] != strconv.FormatInt(st.Size(), 10) || m[3] != "34" {
		t.Errorf("wrote %s (%s bytes) from %s games; the file is %s (%v), 34 games train (29 real, 5 self-play)", m[1], m[2], m[3], out, st)
	}
	f, err := os.Open(out)
	if err == nil {
		_, err = othello.ReadWeights(f)
		f.Close()
	}
	if err != nil {
		t.Errorf("the file written does not read back: %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".eval.weights*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// TestTrainFrom: --from refines an existing weights file without training from scratch, and
// says so.
func TestTrainFrom(t *testing.T) {
	dir := t.TempDir()
	games := randomGamesFile(t, dir, 30, "2001")
	from := defaultWeightsFile(t, dir)
	out := filepath.Join(dir, "refined.weights")
	code, stdout, stderr := runCLI(t, "", "train", "--from", from, "--refine-epochs", "2", "--quiet", "--out", out, games)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !regexp.MustCompile(`(?m)^wrote \S+ \(\d+ bytes\) in \d+s: \S+ refined on the theoretical scores of 30 games$`).MatchString(stdout) {
		t.Fatalf("no line saying what was written:\n%s", stdout)
	}
	if f, err := os.Open(out); err != nil {
		t.Fatal(err)
	} else if _, err := othello.ReadWeights(f); err != nil {
		t.Errorf("the file written does not read back: %v", err)
	}
	if code, _, stderr := runCLI(t, "", "train", "--from", filepath.Join(dir, "none"), "--out", filepath.Join(dir, "x"), games); code == 0 || !strings.Contains(stderr, "none") {
		t.Errorf("a missing --from: exit %d, stderr %q", code, stderr)
	}
}

// defaultWeightsFile writes the engine's own weights into dir and returns the file's path.
func defaultWeightsFile(t *testing.T, dir string) string {
	t.Helper()
	from := filepath.Join(dir, "from.weights")
	f, err := os.Create(from)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := othello.DefaultWeights().Write(f); err != nil {
		t.Fatal(err)
	}
	return from
}
