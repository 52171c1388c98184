package main

import (
	"strings"
	"testing"
)

// TestOptionConflictsAreUsageErrors: options valid one by one but not together are a bad
// command line: exit 2 with the message and the usage hint, in every command that takes them.
func TestOptionConflictsAreUsageErrors(t *testing.T) {
	troll := "first=white goes with rules=1993"
	setup := "setup is 3x3 but size=4"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "troll", "--options", "first=white"}, troll},
		{[]string{"moves", "--game", "troll", "--options", "first=white"}, troll},
		{[]string{"perft", "--game", "troll", "--options", "first=white", "1"}, troll},
		{[]string{"match", "--game", "troll", "--options", "first=white", "--a", "1", "--b", "2"}, troll},
		{[]string{"play", "turncoat", "--options", "size=4,setup=WWW/WBW/WWW"}, setup},
		{[]string{"perft", "--game", "turncoat", "--options", "size=4,setup=WWW/WBW/WWW", "1"}, setup},
		{[]string{"solve", "blocs", "--seating", "sideways", "BWWW/WWWW/WWWW/WWWW"}, `seating="sideways"`},
		{[]string{"solve", "blocs", "--to-move", "third", "BWWW/WWWW/WWWW/WWWW"}, `--to-move "third"`},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		hint := "Run \"turncoat " + c.args[0]
		if c.args[0] == "solve" {
			hint += " " + c.args[1]
		}
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, hint+" --help\" for usage.") {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q and the usage hint", c.args, code, stderr, c.want)
		}
	}
}

// TestSolveBlocsOpposite: the partizan variant is solved (the player to move matters), not
// answered with the same-side Grundy value. Black a1 and d1: with same-side seating the mover
// wins (value 1 xor 4); with opposite seating neither side can force a win, whoever moves.
func TestSolveBlocsOpposite(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"BWWB/WWWW/WWWW/WWWW"}, "value=5 move=c1-d1\n"},
		{[]string{"BWWB/WWWW/WWWW/WWWW", "--seating", "opposite"}, "result=draw move="},
		{[]string{"BWWB/WWWW/WWWW/WWWW", "--seating", "opposite", "--to-move", "second"}, "result=draw move="},
		// a single black square: a 1x1 flip wins for either player, by either corner
		{[]string{"WWWW/WWWW/WBWW/WWWW", "--seating", "opposite", "--to-move", "second"}, "result=win move=b3\n"},
		// all white: the player to move has no flip and has lost
		{[]string{"WWWW/WWWW/WWWW/WWWW", "--seating", "opposite"}, "result=loss move=none\n"},
		// a1 and b1 black, the second player (upper-left corners) to move: a1-b1 empties the board
		{[]string{"BBWW/WWWW/WWWW/WWWW", "--seating", "opposite", "--to-move", "second"}, "result=win move=a1-b1\n"},
	} {
		code, out, stderr := runCLI(t, "", append([]string{"solve", "blocs"}, c.args...)...)
		if code != 0 || !strings.HasPrefix(out, c.want) {
			t.Errorf("%q: exit %d, output %q (stderr %q), want %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestNewUserMistakes: what a new user types wrong gets a message naming it and exit 2.
func TestNewUserMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "nosuch"}, `unknown command "nosuch"`},
		{[]string{"perft", "0"}, `DEPTH "0": want a number from 1 to 64`},
		{[]string{"analyze", "nosuch.txt"}, `"nosuch.txt" is neither a file (open nosuch.txt: no such file or directory) nor a move list`},
		{[]string{"analyze", "--time", "-1s", "f5"}, "--time -1s: want a positive duration"},
		{[]string{"analyze", "--depth", "61", "f5"}, "--depth 61: want 0 to 60"},
	} {
		code, stdout, stderr := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
	// No command at all: the help, on the error stream.
	if code, stdout, stderr := runCLI(t, ""); code != 2 || stdout != "" || !strings.Contains(stderr, "Usage: turncoat <command>") {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// "help COMMAND ARGS" is "COMMAND ARGS --help".
	if code, stdout, _ := runCLI(t, "", "help", "play", "troll"); code != 0 || !strings.Contains(stdout, "rules=1987|1993") {
		t.Errorf("help play troll: exit %d\n%s", code, stdout)
	}
}
