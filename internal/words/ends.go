package words

import (
	"regexp"
	"strconv"
	"strings"

	"turncoat/game"
)

// The end of a game in words: the typed ending says who won and how (a resignation, a flag,
// an agreement...), the score follows the winner, and the reason a game's rules gave (its few
// English words, "board full") is read here, in this one place, into a sentence of its own.
// Each is a sentence of the catalogue: "White wins 63–1. Neither side can move. Discs on the
// board: 1–62." No game package knows the catalogues.

// reasons are the rules' reasons the catalogues say, by pattern; the submatches fill the
// named placeholders (side names are said in the language).
var reasons = []struct {
	re   *regexp.Regexp
	key  string
	args []string
}{
	{regexp.MustCompile(`^board full$`), "why.board_full", nil},
	{regexp.MustCompile(`^no move for (\w+)(?:; discs \d+-\d+)?$`), "why.no_move", []string{"side"}},
	{regexp.MustCompile(`^neither side can move(?:; discs \d+-\d+)?$`), "why.no_moves", nil},
	{regexp.MustCompile(`^neither side can place a disc$`), "why.no_place", nil},
	{regexp.MustCompile(`^(\w+) joins rows 1 and 8$`), "why.joined_rows", []string{"side"}},
	{regexp.MustCompile(`^(\w+) joins columns a and h$`), "why.joined_columns", []string{"side"}},
	{regexp.MustCompile(`^(\w+)'s board shows no white$`), "why.no_white", []string{"side"}},
	{regexp.MustCompile(`^both boards show no white$`), "why.both_no_white", nil},
	{regexp.MustCompile(`^round cap of (\d+) rounds$`), "why.round_cap", []string{"n"}},
	{regexp.MustCompile(`^checkmate$`), "why.checkmate", nil},
	{regexp.MustCompile(`^stalemate$`), "why.stalemate", nil},
	{regexp.MustCompile(`^terra arrasada`), "why.terra", nil},
	{regexp.MustCompile(`^threefold repetition`), "why.repetition", nil},
	{regexp.MustCompile(`^position repeated$`), "why.repeated", nil},
	{regexp.MustCompile(`^(\d+) plies without capture`), "why.fifty", []string{"n"}},
	{regexp.MustCompile(`^(\w+) has no Castles left$`), "why.no_castles", []string{"side"}},
	{regexp.MustCompile(`^(\w+) moved its last Castle`), "why.last_castle", []string{"side"}},
	{regexp.MustCompile(`^all white: (\w+) cannot move$`), "why.all_white", []string{"side"}},
}

// discsIn finds the discs on the board a reason names ("...; discs 1-62").
var discsIn = regexp.MustCompile(`discs (\d+)-(\d+)$`)

// Score writes a score with an en dash, First's first: "63–1".
func Score(s [2]int) string { return strconv.Itoa(s[0]) + "–" + strconv.Itoa(s[1]) }

// Side says a side's name (a game's own, "Black") in lang.
func Side(lang, name string) string {
	if s, ok := Say(lang, "side."+name, nil); ok {
		return s
	}
	return name
}

// End says how a game ended, in lang, with its sides named by sides (the game's own names,
// game.View.Sides): "" while it is in play. A reason the catalogues do not know (a record's
// own words) is kept in English and dropped in the other languages.
func End(lang string, o game.Outcome, sides [2]string) string {
	if !o.Over {
		return ""
	}
	side := func(p game.Player) string {
		if !p.Valid() {
			return ""
		}
		return Side(lang, sides[p])
	}
	say := func(key string, nameValues ...string) string {
		args := map[string]string{}
		for i := 0; i+1 < len(nameValues); i += 2 {
			args[nameValues[i]] = nameValues[i+1]
		}
		s, _ := Say(lang, key, args)
		return s
	}
	winner, loser := side(o.Winner), side(o.Winner.Other())
	won := o.Winner.Valid()
	switch o.Ending {
	case game.EndResignation:
		return say("end.resigned", "loser", loser, "winner", winner)
	case game.EndAbandoned:
		return say("end.abandoned", "loser", loser, "winner", winner)
	case game.EndTime:
		if won {
			return say("end.time", "loser", loser, "winner", winner)
		}
		if flagged, _, ok := strings.Cut(o.Reason, " ran out of time; "); ok {
			if i := indexOf(sides, flagged); i >= 0 {
				return say("end.time_cannot_win", "flagged", side(game.Player(i)), "other", side(game.Player(1-i)))
			}
		}
		return say("end.time_draw")
	case game.EndAgreement:
		return say("end.agreed")
	case game.EndAbort:
		if by, ok := strings.CutPrefix(o.Reason, "aborted by "); ok && indexOf(sides, by) >= 0 {
			return say("end.aborted_by", "side", side(game.Player(indexOf(sides, by))))
		}
		return say("end.aborted")
	case game.EndAdjudication:
		if won {
			return say("end.adjudicated_win", "winner", winner)
		}
		return say("end.adjudicated_draw")
	case game.EndClaim:
		return say("end.claimed")
	}
	var out string
	switch {
	case won && o.Scored:
		out = say("end.win_score", "winner", winner, "score", Score(o.Score))
	case won:
		out = say("end.win", "winner", winner)
	case o.Scored:
		out = say("end.draw_score", "score", Score(o.Score))
	default:
		out = say("end.draw")
	}
	if why := reasonWords(lang, o.Reason, sides); why != "" {
		out += " " + why
	}
	if m := discsIn.FindStringSubmatch(o.Reason); m != nil && o.Scored {
		b, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		if d := [2]int{b, w}; d != o.Score {
			out += " " + say("why.discs", "discs", Score(d))
		}
	}
	return out
}

// reasonWords is the sentence of a rules' reason in lang, "" when the catalogues have none and
// lang is not English.
func reasonWords(lang, reason string, sides [2]string) string {
	if reason == "" {
		return ""
	}
	for _, r := range reasons {
		m := r.re.FindStringSubmatch(reason)
		if m == nil {
			continue
		}
		args := map[string]string{}
		for i, name := range r.args {
			v := m[i+1]
			if name == "side" {
				v = Side(lang, v)
			}
			args[name] = v
		}
		// A count says itself in the plural form it takes where the key has one (key.one,
		// key.other).
		if n, err := strconv.Atoi(args["n"]); err == nil {
			if s, ok := SayN(lang, r.key, n, args); ok {
				return s
			}
		}
		s, _ := Say(lang, r.key, args)
		return s
	}
	if lang != "en" {
		return ""
	}
	s := strings.ToUpper(reason[:1]) + reason[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func indexOf(sides [2]string, name string) int {
	for i, s := range sides {
		if s == name {
			return i
		}
	}
	return -1
}
