package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"turncoat/internal/sharedtest"
)

// TestPuzzlesBuild: "puzzles build" writes the same bytes for the same seed (progress on
// stderr, the count, size and time on stdout), "puzzles prove" proves what it wrote, and bad
// flags are refused with the usage's words.
func TestPuzzlesBuild(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "wthor")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"WTH_2018.wtb", "WTHOR.JOU", "WTHOR.TRN"} {
		if err := os.Symlink(sharedtest.Path(t, "data/wthor/"+name), filepath.Join(games, name)); err != nil {
			t.Fatal(err)
		}
	}
	var sets [2][]byte
	for i := range sets {
		out := filepath.Join(dir, "set.gz")
		code, stdout, stderr := runCLI(t, "", "puzzles", "build", "--seed", "5", "--count", "3", "--max-empties", "13", "--workers", "1", "--out", out, games)
		if code != 0 || !strings.HasPrefix(stdout, "puzzles=3 bytes=") || !strings.Contains(stderr, "puzzles=3 tried=") {
			t.Fatalf("build: %d\n%s\n%s", code, stdout, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		sets[i] = b
		if i == 0 {
			if code, stdout, stderr := runCLI(t, "", "puzzles", "prove", out); code != 0 || !strings.HasPrefix(stdout, "proven=3 ") {
				t.Fatalf("prove: %d\n%s\n%s", code, stdout, stderr)
			}
		}
	}
	if !bytes.Equal(sets[0], sets[1]) {
		t.Fatal("the same seed built two different files")
	}
	for _, args := range [][]string{
		{"puzzles", "build", games},
		{"puzzles", "build", "--out", "x", "--min-empties", "9", "--max-empties", "8", games},
		{"puzzles", "frobnicate"},
	} {
		if code, _, stderr := runCLI(t, "", args...); code == 0 || stderr == "" {
			t.Errorf("%q: exit %d, %q", args, code, stderr)
		}
	}
}

// TestPuzzlesBuildKind: "puzzles build --kind" makes another game's set from self-play with no
// directory, the same bytes for the same seed, which "puzzles prove" proves; an unknown kind
// or a directory is refused.
func TestPuzzlesBuildKind(t *testing.T) {
	dir := t.TempDir()
	var sets [2][]byte
	for i := range sets {
		out := filepath.Join(dir, "blocs.gz")
		code, stdout, stderr := runCLI(t, "", "puzzles", "build", "--kind", "blocs", "--seed", "3", "--count", "4", "--workers", "1", "--out", out)
		if code != 0 || !strings.HasPrefix(stdout, "puzzles=4 bytes=") || !strings.Contains(stderr, "puzzles=4 games=") {
			t.Fatalf("build: %d\n%s\n%s", code, stdout, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		sets[i] = b
		if i == 0 {
			if code, stdout, stderr := runCLI(t, "", "puzzles", "prove", out); code != 0 || !strings.HasPrefix(stdout, "proven=4 ") {
				t.Fatalf("prove: %d\n%s\n%s", code, stdout, stderr)
			}
		}
	}
	if !bytes.Equal(sets[0], sets[1]) {
		t.Fatal("the same seed built two different files")
	}
	for _, args := range [][]string{
		{"puzzles", "build", "--kind", "chess", "--out", "x"},
		{"puzzles", "build", "--kind", "troll", "--out", "x", dir},
		{"puzzles", "build", "--kind", "troll"},
	} {
		if code, _, stderr := runCLI(t, "", args...); code == 0 || stderr == "" {
			t.Errorf("%q: exit %d, %q", args, code, stderr)
		}
	}
}
