package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"turncoat/engine/othello"
)

// TestFeaturesReport: the report of a phase measured on games' positions solved exactly: the
// counts, the fit with every feature, and a line for each family and each candidate.
func TestFeaturesReport(t *testing.T) {
	dir := t.TempDir()
	randomGamesFile(t, dir, 60, "2001")
	randomGamesFile(t, dir, 12, "2020")
	code, stdout, stderr := runCLI(t, "", "features", "--empties", "8", "--train", "200", "--test", "30", "--epochs", "2", "--threads", "2", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	head := regexp.MustCompile(`phase of 7-8 empties: (\d+) positions fitted, (\d+) choosing the epoch \(solved\), (\d+) held out`).FindStringSubmatch(stdout)
	if head == nil || head[1] == "0" || head[3] == "0" {
		t.Fatalf("no report's first line:\n%s", stdout)
	}
	if !regexp.MustCompile(`every feature: held-out RMSE \d+\.\d+, MAE \d+\.\d+`).MatchString(stdout) {
		t.Errorf("no line for every feature:\n%s", stdout)
	}
	for _, row := range []string{`corner2x5\s+59049\s+without \d+\.\d+\s+[+-]\d+\.\d+`, `mobility\s+64\s+without`, `parity\s+10\s+without`,
		`potential mobility \(candidate\)\s+128\s+with \d+\.\d+`, `triangle \(candidate\)\s+59049\s+with`, `every candidate\s+with`,
		`learning curve`, `\n\s+\d+\s+\d+\.\d+\s+\d+\.\d+\s*\n`} {
		if !regexp.MustCompile(row).MatchString(stdout) {
			t.Errorf("no row %q:\n%s", row, stdout)
		}
	}
}

// TestFeaturesBadInput: usage errors, and data that leaves nothing to fit or to measure on, get
// a clear message.
func TestFeaturesBadInput(t *testing.T) {
	dir := t.TempDir()
	games := randomGamesFile(t, dir, 4, "2001")
	both := t.TempDir()
	randomGamesFile(t, both, 4, "2001")
	randomGamesFile(t, both, 2, "2020")
	six := filepath.Join(dir, "six.samples")
	f, err := os.Create(six)
	if err != nil {
		t.Fatal(err)
	}
	if err := othello.WriteSamples(f, 6, []othello.Sample{{P: 1, O: 2, Empties: 34}}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want a directory of WTHOR files"},
		{[]string{"--empties", "x", games}, 2, `--empties "x"`},
		{[]string{"--empties", "12,60", games}, 2, "from 1 to 59"},
		{[]string{"--train", "0", games}, 2, "--train and --test want 1 or more"},
		{[]string{"--curve", "2", games}, 2, "--curve 2: want 0 (no curve) or 3 to 10 fits"},
		{[]string{"--holdout", "1990", games}, 1, "no training positions: of the 4 games read, 4 are held out"},
		{[]string{games}, 1, "no game is from 2018 or later: nothing to measure on"},
		{[]string{"--samples", six, both}, 1, "holds 6x6 positions"},
		{[]string{filepath.Join(dir, "missing")}, 1, "no such file"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"features"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
}
