package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"turncoat/engine/othello"
)

// labelArgs are the flags of a quick labelling: a few self-play games' positions of 8 to 14
// empties, exact up to 10, a search of 3 plies above.
var labelArgs = []string{"--selfplay", "24", "--seed", "4", "--solve", "10", "--empties", "8-14", "--depth-schedule", "14:3"}

func labelTo(t *testing.T, out string, extra ...string) (stdout, stderr string) {
	t.Helper()
	args := append(append([]string{"label", "--out", out}, labelArgs...), extra...)
	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
	}
	return stdout, stderr
}

// TestLabelCommand: the label file is the same whatever the threads; a run killed mid-chunk is
// continued to the same file, byte for byte; a finished file is left as it is; and other flags
// are refused with the difference named, the file untouched.
func TestLabelCommand(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.labels"), filepath.Join(dir, "two.labels")
	stdout, _ := labelTo(t, one, "--threads", "1")
	if !regexp.MustCompile(`(?m)^wrote \S+: positions=\d+ \(labelled now \d+\) games=0 self-play=24 seconds=\d+$`).MatchString(stdout) ||
		!regexp.MustCompile(`(?m)^empties=10 label=exact positions=\d+ nodes/position=\d+ `).MatchString(stdout) ||
		!regexp.MustCompile(`(?m)^empties=14 label=depth-3 positions=\d+ `).MatchString(stdout) {
		t.Errorf("the summary:\n%s", stdout)
	}
	labelTo(t, two, "--threads", "2")
	want, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(two); !bytes.Equal(got, want) {
		t.Fatal("2 threads wrote another file than 1")
	}
	lf, err := othello.ReadLabels(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if lf.Chunks < 3 || lf.Header["solve"] != "10" || lf.Header["seed"] != "4" {
		t.Fatalf("%d chunks, header %v: the test wants 3 chunks or more", lf.Chunks, lf.Header)
	}

	// killed in the second chunk: the first is kept, the rest labelled again
	headerEnd := len("TCLABEL1") + 4 + len(lf.Header.String()) + 4
	cut := headerEnd + 8 + othello.LabelChunk*20 + 100
	killed := filepath.Join(dir, "killed.labels")
	if err := os.WriteFile(killed, want[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr := labelTo(t, killed, "--threads", "2")
	if got, _ := os.ReadFile(killed); !bytes.Equal(got, want) {
		t.Fatal("the continued file differs from the uninterrupted one")
	}
	if !strings.Contains(stderr, "cut short: continuing after its 1 whole chunks") ||
		!strings.Contains(stdout, "(labelled now "+strconv.Itoa(len(lf.Labels)-othello.LabelChunk)+")") {
		t.Errorf("continuing: stdout %q stderr %q", stdout, stderr)
	}
	// cut between chunks, and after the header: continued too
	for _, at := range []int{headerEnd, headerEnd + 8 + othello.LabelChunk*20} {
		os.WriteFile(killed, want[:at], 0o644)
		labelTo(t, killed)
		if got, _ := os.ReadFile(killed); !bytes.Equal(got, want) {
			t.Fatalf("continued from %d bytes: another file", at)
		}
	}
	if stdout, _ := labelTo(t, killed); !strings.Contains(stdout, "is complete") {
		t.Errorf("a finished file: %q", stdout)
	}

	// other flags: refused, the file as it was
	os.WriteFile(killed, want[:cut], 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--solve", "9"}, `solve: "10" against "9"`},
		{[]string{"--seed", "5"}, `seed: "4" against "5"`},
		{[]string{"--depth-schedule", "14:4"}, `depth-schedule: "14:3" against "14:4"`},
		{[]string{"--selfplay", "25"}, `selfplay`},
	} {
		args := append(append([]string{"label", "--out", killed}, labelArgs...), c.args...)
		code, _, stderr := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(stderr, "other flags") || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want one naming %s", c.args, code, stderr, c.want)
		}
		if got, _ := os.ReadFile(killed); !bytes.Equal(got, want[:cut]) {
			t.Fatalf("%v: the refused file was changed", c.args)
		}
	}
	// a file that is no label file is not touched
	foreign := filepath.Join(dir, "foreign")
	os.WriteFile(foreign, []byte("some other data"), 0o644)
	if code, _, stderr := runCLI(t, "", append([]string{"label", "--out", foreign}, labelArgs...)...); code != 1 || !strings.Contains(stderr, "not a Turncoat label file") {
		t.Errorf("a foreign --out: exit %d, stderr %q", code, stderr)
	}
}

// TestLabelCommandBadInput: bad command lines and unreadable data get a clear error, and no
// file.
func TestLabelCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "WTH_2000.wtb")
	os.WriteFile(garbage, []byte("not a database"), 0o644)
	out := filepath.Join(dir, "out.labels")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--selfplay", "2"}, 2, "--out is required"},
		{[]string{"--out", out, "--selfplay", "2", "--empties", "20-10"}, 2, `--empties "20-10": want 0 <= LO <= HI <= 60`},
		{[]string{"--out", out, "--selfplay", "2", "--empties", "x"}, 2, "want LO-HI"},
		{[]string{"--out", out, "--selfplay", "2", "--solve", "29"}, 2, "--solve 29: want 0 to 28"},
		{[]string{"--out", out, "--selfplay", "2", "--depth-schedule", "30:x"}, 2, "not MAXEMPTIES:DEPTH"},
		{[]string{"--out", out, "--selfplay", "2", "--depth-schedule", "30:8"}, 2, "no depth for positions with 60 empties"},
		{[]string{"--out", out}, 2, "no positions"},
		{[]string{"--out", out, "--wthor", filepath.Join(dir, "missing.wtb")}, 1, "missing.wtb"},
		{[]string{"--out", out, "--wthor", garbage}, 1, "WTH_2000.wtb"},
		{[]string{"--out", out, "--wthor", t.TempDir()}, 1, "no .wtb files"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"label"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr, c.code, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: a file was written", c.args)
		}
	}
}

// TestLabelThenTrain: games give labels; a training refines on them, and refuses labels of
// games it holds out.
func TestLabelThenTrain(t *testing.T) {
	dir := t.TempDir()
	games := randomGamesFile(t, dir, 30, "2001")
	labels := filepath.Join(dir, "games.labels")
	code, _, stderr := runCLI(t, "", "label", "--out", labels, "--solve", "10", "--empties", "8-12", "--depth-schedule", "12:2", games)
	if code != 0 {
		t.Fatalf("label: exit %d, stderr %q", code, stderr)
	}
	from := defaultWeightsFile(t, dir)
	out := filepath.Join(dir, "refined.weights")
	code, _, stderr = runCLI(t, "", "train", "--from", from, "--labels", labels, "--refine-epochs", "2", "--out", out, games)
	if code != 0 || !strings.Contains(stderr, "theoretical scores or labels") {
		t.Fatalf("train --labels: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "train", "--from", from, "--labels", labels, "--holdout", "2000", "--out", filepath.Join(dir, "x"), games); code != 1 || !strings.Contains(stderr, "holds out") {
		t.Errorf("labels of held-out games: exit %d, stderr %q", code, stderr)
	}
	// a labelling that was stopped: its whole chunks are used, and the cut is told
	whole, err := os.ReadFile(labels)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(labels, whole[:len(whole)-10], 0o644)
	code, _, stderr = runCLI(t, "", "train", "--from", from, "--labels", labels, "--refine-epochs", "1", "--out", filepath.Join(dir, "cut.weights"), games)
	if code != 0 || !strings.Contains(stderr, "cut short: using its first") {
		t.Errorf("a cut label file: exit %d, stderr %q", code, stderr)
	}
	os.WriteFile(labels, []byte("TCLABEL1\x05"), 0o644)
	if code, _, stderr := runCLI(t, "", "train", "--from", from, "--labels", labels, "--out", filepath.Join(dir, "y"), games); code != 1 || !strings.Contains(stderr, "games.labels") {
		t.Errorf("a broken label file: exit %d, stderr %q", code, stderr)
	}
}
