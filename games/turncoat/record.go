package turncoat

import (
	"fmt"
	"strconv"
	"strings"

	"turncoat/game"
)

// Record is a whole game: the rules it was played under (size, mode, round cap, and the setup:
// a seed or explicit boards) and its rounds, Red's selection then Yellow's.
type Record struct {
	Rules  Rules
	Rounds []game.Joint
}

// Result words of a record.
const (
	resultRed    = "red"
	resultYellow = "yellow"
	resultDraw   = "draw"
)

// String writes the record as text that ParseRecord reads back:
//
//	size 8
//	mode white-and-black
//	cap 100
//	seed 42
//	1. c3 f6
//	2. d4 d4
//	result red
//
// An explicit setup is written "setup <board>" (or "<Red's board>:<Yellow's board>") in place
// of the seed. The result line (red, yellow or draw) follows the rounds of a finished game.
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "size %d\nmode %s\ncap %d\n", r.Rules.Size, r.Rules.Mode, r.Rules.Cap)
	if r.Rules.Setup != "" {
		fmt.Fprintf(&b, "setup %s\n", r.Rules.Setup)
	} else {
		fmt.Fprintf(&b, "seed %d\n", r.Rules.Seed)
	}
	for i, j := range r.Rounds {
		fmt.Fprintf(&b, "%d. %s %s\n", i+1, SquareName(int(j[0])), SquareName(int(j[1])))
	}
	if s, err := r.Replay(); err == nil && s.Result() != InPlay {
		b.WriteString("result " + resultWord(s.Result()) + "\n")
	}
	return b.String()
}

func resultWord(r Result) string {
	switch r {
	case RedWins:
		return resultRed
	case YellowWins:
		return resultYellow
	}
	return resultDraw
}

// Replay plays the record's rounds from its start and returns the final state; an error names
// the round that is not legal.
func (r Record) Replay() (*State, error) {
	s, err := NewState(r.Rules)
	if err != nil {
		return nil, err
	}
	for i, j := range r.Rounds {
		if err := game.PlayJoint(s, j); err != nil {
			return nil, fmt.Errorf("round %d (%s %s): %w", i+1, SquareName(int(j[0])), SquareName(int(j[1])), err)
		}
	}
	return s, nil
}

// ParseRecord reads a record written by Record.String. Header lines "size N", "mode M",
// "cap N", "seed N" and "setup BOARD[:BOARD]" come first, in any order, each at most once
// (missing ones take the defaults); then the rounds, "N. <Red's square> <Yellow's square>"
// numbered from 1 (several may share a line); then optionally "result red|yellow|draw", which
// must match the game. Blank lines and lines starting with '#' are ignored. The rounds are
// replayed, so a record that parses is a legal game.
func ParseRecord(text string) (Record, error) {
	raw := map[string]string{}
	lines := strings.Split(text, "\n")
	i := 0
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		key := strings.ToLower(f[0])
		if _, err := strconv.Atoi(strings.TrimSuffix(key, ".")); err == nil || key == "result" {
			break // the rounds begin
		}
		switch key {
		case "size", "mode", "cap", "seed", "setup":
		default:
			return Record{}, fmt.Errorf("%w: line %d: unknown header %q (want size, mode, cap, seed or setup)", game.ErrSyntax, i+1, f[0])
		}
		if len(f) != 2 {
			return Record{}, fmt.Errorf("%w: line %d: want \"%s <value>\"", game.ErrSyntax, i+1, key)
		}
		if _, dup := raw[key]; dup {
			return Record{}, fmt.Errorf("%w: line %d: %s given twice", game.ErrSyntax, i+1, key)
		}
		raw[key] = f[1]
	}
	o, err := game.ParseOptions(optionSpecs, raw)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Rules: RulesOf(o)}
	start, err := NewState(rec.Rules)
	if err != nil {
		return Record{}, err
	}
	// The rest is tokens: "N." then two squares, per round; then perhaps "result X".
	type token struct {
		text string
		line int
	}
	var toks []token
	for ; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) > 0 && strings.HasPrefix(f[0], "#") {
			continue
		}
		for _, t := range f {
			toks = append(toks, token{t, i + 1})
		}
	}
	result := ""
	for k := 0; k < len(toks); {
		t := toks[k]
		if strings.EqualFold(t.text, "result") {
			if k+2 != len(toks) {
				return Record{}, fmt.Errorf("%w: line %d: \"result\" takes one word and ends the record", game.ErrSyntax, t.line)
			}
			result = strings.ToLower(toks[k+1].text)
			if result != resultRed && result != resultYellow && result != resultDraw {
				return Record{}, fmt.Errorf("%w: line %d: result %q: want red, yellow or draw", game.ErrSyntax, t.line, toks[k+1].text)
			}
			break
		}
		want := strconv.Itoa(len(rec.Rounds)+1) + "."
		if t.text != want {
			return Record{}, fmt.Errorf("%w: line %d: %q: want round number %q", game.ErrSyntax, t.line, t.text, want)
		}
		if k+2 >= len(toks) {
			return Record{}, fmt.Errorf("%w: line %d: round %s wants Red's and Yellow's squares", game.ErrSyntax, t.line, want)
		}
		var j game.Joint
		for p := game.First; p <= game.Second; p++ {
			a, err := start.ParseAction(p, toks[k+1+int(p)].text)
			if err != nil {
				return Record{}, fmt.Errorf("line %d: round %s: %w", toks[k+1+int(p)].line, want, err)
			}
			j[p] = a
		}
		rec.Rounds = append(rec.Rounds, j)
		k += 3
	}
	end, err := rec.Replay()
	if err != nil {
		return Record{}, err
	}
	switch {
	case result != "" && end.Result() == InPlay:
		return Record{}, fmt.Errorf("%w: the record says %q but the game is not over after %d rounds", errResult, result, len(rec.Rounds))
	case result != "" && result != resultWord(end.Result()):
		return Record{}, fmt.Errorf("%w: the record says %q but the game ends %s", errResult, result, resultWord(end.Result()))
	}
	return rec, nil
}

// errResult marks a record whose result line contradicts its rounds.
var errResult = fmt.Errorf("%w: wrong result", game.ErrIllegal)
