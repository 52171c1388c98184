package tournament

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePost(t *testing.T) {
	for _, c := range []struct {
		text  string
		board int
		move  string
		pass  bool
	}{
		// The source's two examples.
		{"Board #3\nD 5", 3, "d5", false},
		{"Board #1\nPass - no moves available", 1, "pass", true},
		// Case, spacing, D5/d 5.
		{"board #3\nd5", 3, "d5", false},
		{"BOARD #3\nD5", 3, "d5", false},
		{"  Board   #12  \n   d   5  ", 12, "d5", false},
		{"Board#3\nD-5", 3, "d5", false},
		{"Board 3\nc 2", 3, "c2", false},
		{"Board no. 7\nF 4", 7, "f4", false},
		{"Board number 2\nA1", 2, "a1", false},
		{"Board #3: D 5", 3, "d5", false},
		{"Board #3 - d5", 3, "d5", false},
		{"board #3 D5", 3, "d5", false},
		{"Board #3\r\nD 5\r\n", 3, "d5", false},
		{"\n\nBoard #3\n\n\nD 5\n\n", 3, "d5", false},
		// A quote header is skipped.
		{"Peacock wrote:\nBoard #3\nD 5", 3, "d5", false},
		{"Tiger wrote:\nBoard #1\nPass - no moves available", 1, "pass", true},
		// Passes, however written.
		{"Board #1\npass", 1, "pass", true},
		{"Board #1\nPASS", 1, "pass", true},
		{"Board #1\nPass – no moves available", 1, "pass", true},
		{"Board #1\npass: no moves", 1, "pass", true},
		{"Board #1 pass", 1, "pass", true},
		// Another game's notation passes through, spacing tidied.
		{"Board #4\nC.e3", 4, "C.e3", false},
		{"Board #4\nK  b1-c3", 4, "K b1-c3", false},
		// Two-digit rows (bigger boards) are squares too.
		{"Board #4\nJ 10", 4, "j10", false},
	} {
		p, err := ParsePost(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if p.Board != c.board || p.Move != c.move || p.Pass != c.pass {
			t.Errorf("%q: board %d move %q pass %v, want %d %q %v", c.text, p.Board, p.Move, p.Pass, c.board, c.move, c.pass)
		}
	}
}

func TestParsePostErrors(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"", "the post is empty"},
		{"   \n \n", "the post is empty"},
		{"Peacock wrote:", "the post is empty"},
		{"D 5", "a post starts with the board number"},
		{"Bored #3\nD 5", "a post starts with the board number"},
		{"Board\nD 5", "the board number is missing"},
		{"Board #x\nD 5", "the board number is missing"},
		{"Board #0\nD 5", "no board has the number 0"},
		{"Board #99999999999\nD 5", "no board has the number"},
		{"Board #3", "no move after"},
		{"Board #3\n\n", "no move after"},
		{"Board #3\nD 5\nE 6", "one move per post"},
		{"Board #3\nD 5\ngood luck!", "one move per post"},
		{"Board #3\nD\x005", "not text"},
		{"Board #3\n" + strings.Repeat("x", 41), "too long"},
		{"Board #3\nBoard #4", "one board per post"},
	} {
		_, err := ParsePost(c.text)
		if !errors.Is(err, ErrPostFormat) {
			t.Errorf("%q: error %v, want ErrPostFormat", c.text, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want it to say %q", c.text, err, c.want)
		}
	}
}

// TestPostString writes posts the forum's way and reads them back.
func TestPostString(t *testing.T) {
	for _, c := range []struct {
		post PostText
		text string
	}{
		{PostText{Board: 3, Move: "d5"}, "Board #3\nD 5"},
		{PostText{Board: 1, Move: "pass", Pass: true}, "Board #1\nPass - no moves available"},
		{PostText{Board: 4, Move: "C.e3"}, "Board #4\nC.e3"},
	} {
		if got := c.post.String(); got != c.text {
			t.Errorf("%+v: %q, want %q", c.post, got, c.text)
		}
		back, err := ParsePost(c.text)
		if err != nil || back != c.post {
			t.Errorf("%q read back as %+v, %v", c.text, back, err)
		}
	}
}

// FuzzParsePost: the parser never panics, what it accepts is a board from 1 and a one-line
// move, and a post written back by String reads back the same.
func FuzzParsePost(f *testing.F) {
	for _, s := range []string{"Board #3\nD 5", "Board #1\nPass - no moves available", "Peacock wrote:\nboard 3: d5",
		"Board #4\nC.e3", "Board #3\nD 5\nE 6", "Board\n", "board #12 pass - x", "Board #3\n\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePost(text)
		if err != nil {
			if !errors.Is(err, ErrPostFormat) {
				t.Fatalf("%q: error %v does not wrap ErrPostFormat", text, err)
			}
			return
		}
		if p.Board < 1 || p.Move == "" || strings.ContainsAny(p.Move, "\n\r") || p.Pass != (p.Move == "pass") {
			t.Fatalf("%q: accepted as %+v", text, p)
		}
		back, err := ParsePost(p.String())
		if err != nil || back != p {
			t.Fatalf("%q: %+v written as %q reads back as %+v, %v", text, p, p.String(), back, err)
		}
	})
}
