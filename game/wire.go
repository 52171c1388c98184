package game

import (
	"encoding/json"
	"fmt"
)

// Wire forms: the JSON the server and its clients exchange. Players are "first" and "second"
// (null for nobody), sets of actors are lists of players, kinds and endings are their names.
// Golden files in testdata pin them: a change to these forms is a change to the API.

// MarshalJSON writes "first", "second", or null for NoPlayer.
func (p Player) MarshalJSON() ([]byte, error) {
	if !p.Valid() {
		return []byte("null"), nil
	}
	return json.Marshal(p.String())
}

// UnmarshalJSON reads "first", "second", or null.
func (p *Player) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*p = NoPlayer
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%w: a player is \"first\", \"second\" or null", ErrSyntax)
	}
	q, err := ParsePlayer(s)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePlayer reads "first" or "second" (and "none" for NoPlayer).
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "first":
		return First, nil
	case "second":
		return Second, nil
	case "none":
		return NoPlayer, nil
	}
	return NoPlayer, fmt.Errorf("%w: unknown player %q (want first or second)", ErrSyntax, s)
}

// Players returns the players in the set, First first.
func (a Actors) Players() []Player {
	out := []Player{}
	for p := First; p <= Second; p++ {
		if a.Has(p) {
			out = append(out, p)
		}
	}
	return out
}

// MarshalJSON writes the set as a list of players: [], ["first"], ["first","second"].
func (a Actors) MarshalJSON() ([]byte, error) { return json.Marshal(a.Players()) }

// UnmarshalJSON reads a list of players.
func (a *Actors) UnmarshalJSON(b []byte) error {
	var ps []Player
	if err := json.Unmarshal(b, &ps); err != nil {
		return err
	}
	*a = Nobody
	for _, p := range ps {
		if !p.Valid() {
			return fmt.Errorf("%w: null is not an actor", ErrSyntax)
		}
		*a |= ActorsOf(p)
	}
	return nil
}

// MarshalText writes the kind's name ("enum", "int", "bool", "text").
func (k OptionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *OptionKind) UnmarshalText(b []byte) error {
	for c := OptionEnum; c <= OptionText; c++ {
		if c.String() == string(b) {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("%w: unknown option kind %q", ErrSyntax, b)
}

// MarshalText writes the ending's name.
func (e Ending) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText reads an ending's name.
func (e *Ending) UnmarshalText(b []byte) error {
	x, err := ParseEnding(string(b))
	*e = x
	return err
}

// outcomeJSON is Outcome's wire form.
type outcomeJSON struct {
	Over   bool    `json:"over"`
	Winner Player  `json:"winner"`
	Scored bool    `json:"scored,omitempty"`
	Score  *[2]int `json:"score,omitempty"`
	Ending Ending  `json:"ending"`
	Reason string  `json:"reason,omitempty"`
	Text   string  `json:"text,omitempty"`
}

// MarshalJSON writes {"over", "winner", "scored", "score", "ending", "reason"}.
func (o Outcome) MarshalJSON() ([]byte, error) {
	j := outcomeJSON{Over: o.Over, Winner: o.Winner, Scored: o.Scored, Ending: o.Ending, Reason: o.Reason, Text: o.Text}
	if !o.Over {
		j.Winner = NoPlayer
	}
	if o.Scored {
		j.Score = &o.Score
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads Outcome's wire form.
func (o *Outcome) UnmarshalJSON(b []byte) error {
	j := outcomeJSON{Winner: NoPlayer}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*o = Outcome{Over: j.Over, Winner: j.Winner, Scored: j.Scored, Ending: j.Ending, Reason: j.Reason, Text: j.Text}
	if j.Score != nil {
		o.Score = *j.Score
	}
	return nil
}
