package tournament

import (
	"regexp"
	"strconv"
	"unicode/utf8"

	"turncoat/game"
	"turncoat/internal/words"
)

// voice says a summary's sentences in one language of the server's catalogues
// (internal/words): English by default, so that the CLI and the thread's plain text read as
// they always did. The sides' names are said in the language when the catalogues know them
// ("Red" is "Rojo" in Spanish); a name of the host's own stays as it is.
type voice struct {
	lang  string
	sides [2]string
}

func (t *Tournament) voice(lang string) voice {
	if !words.Known(lang) {
		lang = "en"
	}
	return voice{lang: lang, sides: t.cfg.Sides}
}

// say says key with its named arguments given as pairs: say("k", "name", "Ann").
func (v voice) say(key string, args ...string) string {
	s, _ := words.Say(v.lang, key, pairs(args))
	return s
}

// sayN says the plural form of key for the count n ({n}), with its other arguments as pairs.
func (v voice) sayN(key string, n int, args ...string) string {
	s, _ := words.SayN(v.lang, key, n, pairs(args))
	return s
}

func pairs(args []string) map[string]string {
	if len(args) == 0 {
		return nil
	}
	m := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		m[args[i]] = args[i+1]
	}
	return m
}

// side names side p in the language.
func (v voice) side(p game.Player) string {
	if !p.Valid() {
		return v.say("tournament.nobody")
	}
	return v.sideName(v.sides[p])
}

func (v voice) sideName(name string) string {
	if v.lang == "en" {
		return name
	}
	return words.Side(v.lang, name)
}

// result describes a board's result: the game's end as the catalogues say it (English keeps
// the rules' own description), or a walkover.
func (v voice) result(r *Result, sides [2]string) string {
	if r.Walkover {
		return v.say("tournament.walkover", "player", r.Players[game.First])
	}
	if v.lang == "en" {
		return r.Outcome.Describe(sides)
	}
	return words.End(v.lang, r.Outcome, sides)
}

// tooFew reads the note of a tournament cancelled for want of players, which the tournament
// keeps in English, back into its sentence.
var tooFew = regexp.MustCompile(`^(\d+) players? subscribed; a tournament needs two$`)

// note says a cancellation's note in the language when the catalogues have it.
func (v voice) note(note string) string {
	if m := tooFew.FindStringSubmatch(note); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return v.sayN("tournament.too_few", n)
		}
	}
	return note
}

// roundTitle is a round's title: "Round 7 — only Reds post".
func (v voice) roundTitle(number int) string {
	return v.say("tournament.round_title", "round", strconv.Itoa(number), "side", v.side(sideOfRound(number)))
}

// status names a standings line's status.
func (v voice) status(s PlacingStatus) string {
	if out, ok := words.Say(v.lang, "tournament.status."+string(s), nil); ok {
		return out
	}
	return string(s)
}

// RoundTitleIn returns a round's title in lang (a language of the catalogues; else English).
func (t *Tournament) RoundTitleIn(lang string, number int) string {
	return t.voice(lang).roundTitle(number)
}

// statusWidth is the width of the standings' status column: the longest status in the
// language, at least 8.
func (v voice) statusWidth() int {
	w := 8
	for _, s := range []PlacingStatus{PlacingWaiting, PlacingPlaying, PlacingWon, PlacingDrew, PlacingLost, PlacingReplaced} {
		w = max(w, utf8.RuneCountInString(v.status(s)))
	}
	return w
}
