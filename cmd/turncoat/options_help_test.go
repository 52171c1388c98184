package main

import (
	"strings"
	"testing"

	"turncoat/games"
)

// TestPlayHelpListsOptions: "play GAME --help" lists each of the game's options with the values
// it takes, its default and its doc.
func TestPlayHelpListsOptions(t *testing.T) {
	for _, name := range games.Registry().Names() {
		g, err := games.Registry().Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCLI(t, "", "play", name, "--help")
		if code != 0 || !strings.Contains(out, "Usage: turncoat play "+name) {
			t.Fatalf("play %s --help: exit %d, stdout %q, stderr %q", name, code, out, stderr)
		}
		for _, o := range g.OptionSpecs() {
			head := "\n  " + o.Name + "=" + optionValues(o) + " (default "
			if !strings.Contains(out, head) {
				t.Errorf("play %s --help lacks %q:\n%s", name, head, out)
			}
			if words := strings.Fields(o.Doc); len(words) > 0 && !strings.Contains(out, words[0]) {
				t.Errorf("play %s --help lacks %s's doc", name, o.Name)
			}
		}
	}
	for game, want := range map[string][]string{
		"blocs":    {"first-flip=continue|second (default continue)", "seating=same|opposite (default same)"},
		"troll":    {"rules=1987|1993 (default 1987)", "first=black|white (default black)"},
		"turncoat": {"cap=1..1000000 (default 100)", "size=3..8 (default 8; also --size)", `setup=TEXT (default "";`},
		"reversi":  {"size=4|6|8 (default 8; also --size)", "nomove=pass|end (default pass)"},
	} {
		_, out, _ := runCLI(t, "", "play", game, "--help")
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("play %s --help lacks %q", game, w)
			}
		}
	}
}

func TestWrapText(t *testing.T) {
	got := wrapText("one two three four five six", 9)
	want := []string{"one two", "three", "four five", "six"}
	if strings.Join(got, "/") != strings.Join(want, "/") {
		t.Errorf("wrapText = %q, want %q", got, want)
	}
	for _, l := range wrapText(strings.Repeat("word ", 50), 20) {
		if len(l) > 20 {
			t.Errorf("line %q longer than 20", l)
		}
	}
}
