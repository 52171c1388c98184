package render

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The bounds of a picture's width in pixels, and the width when none is asked for.
const (
	MinSize     = 64
	MaxSize     = 2048
	DefaultSize = 480
)

// The GIF's pauses when none are asked for: on each move, and on the last frame, which stays
// longer so the final position can be read before the game starts again.
const (
	DefaultMoveDelay  = 800 * time.Millisecond
	DefaultFinalDelay = 3 * time.Second
	maxDelay          = 60 * time.Second
)

// ErrOption marks an option out of its bounds or not understood, for errors.Is.
var ErrOption = errors.New("render: invalid option")

// Options say how to draw a picture. The zero value draws in the game's Auto theme at
// DefaultSize, with coordinates and Turnover's letters.
type Options struct {
	// Theme is the board theme; "" is Auto.
	Theme Theme
	// Size is the picture's width in pixels, from MinSize to MaxSize (0: DefaultSize for each
	// of the board's grids); the height follows from the board. A sheet's width is the whole
	// sheet's.
	Size int
	// NoCoords leaves out the coordinates around the board.
	NoCoords bool
	// NoLetters leaves out the letters in the corner of Turnover's stacks.
	NoLetters bool
	// MoveDelay and FinalDelay are a GIF's pauses on each move and on the last frame (0: the
	// defaults); GIFs count in hundredths of a second.
	MoveDelay, FinalDelay time.Duration
}

// Validate reports the first option out of its bounds.
func (o Options) Validate() error {
	if _, err := ParseTheme(string(o.Theme)); err != nil {
		return fmt.Errorf("%w: %v", ErrOption, err)
	}
	if o.Size != 0 && (o.Size < MinSize || o.Size > MaxSize) {
		return fmt.Errorf("%w: size %d: want a width from %d to %d pixels", ErrOption, o.Size, MinSize, MaxSize)
	}
	for _, d := range [...]struct {
		name string
		v    time.Duration
	}{{"move delay", o.MoveDelay}, {"final delay", o.FinalDelay}} {
		if d.v < 0 || d.v > maxDelay {
			return fmt.Errorf("%w: %s %v: want 0 to %v", ErrOption, d.name, d.v, maxDelay)
		}
	}
	return nil
}

// width returns the width in pixels of a picture of a board of grids grids.
func (o Options) width(grids int) int {
	if o.Size == 0 {
		return min(DefaultSize*max(grids, 1), MaxSize)
	}
	return o.Size
}

// Latest is the ply of a game's current position in a Query.
const Latest = -1

// Query is a picture asked for by a query string: ?ply=N&theme=T&size=S&coords=0&letters=0.
type Query struct {
	Options
	// Ply is the position's number of moves played (0: the start), or Latest.
	Ply int
}

// The query's keys.
const (
	keyPly     = "ply"
	keyTheme   = "theme"
	keySize    = "size"
	keyCoords  = "coords"
	keyLetters = "letters"
)

// ParseQuery reads a picture's options from a query string's values. Every key is optional
// (the theme is Auto, the ply Latest when not given);
// unknown keys are ignored (links carry others), a known key given twice or a value out of its
// bounds is an error that says what is wanted.
func ParseQuery(v url.Values) (Query, error) {
	q := Query{Options: Options{Theme: Auto}, Ply: Latest}
	one := func(key string) (string, bool, error) {
		vs, ok := v[key]
		if !ok {
			return "", false, nil
		}
		if len(vs) != 1 {
			return "", false, fmt.Errorf("%w: %s given %d times", ErrOption, key, len(vs))
		}
		return vs[0], true, nil
	}
	var err error
	if s, ok, e := one(keyTheme); e != nil {
		return q, e
	} else if ok {
		if q.Theme, err = ParseTheme(s); err != nil {
			return q, fmt.Errorf("%w: %v", ErrOption, err)
		}
	}
	if s, ok, e := one(keySize); e != nil {
		return q, e
	} else if ok {
		if q.Size, err = ParseSize(s); err != nil {
			return q, err
		}
	}
	if s, ok, e := one(keyPly); e != nil {
		return q, e
	} else if ok {
		if q.Ply, err = ParsePly(s); err != nil {
			return q, err
		}
	}
	for _, f := range [...]struct {
		key string
		off *bool
	}{{keyCoords, &q.NoCoords}, {keyLetters, &q.NoLetters}} {
		s, ok, e := one(f.key)
		if e != nil {
			return q, e
		}
		if !ok {
			continue
		}
		on, e := parseSwitch(s)
		if e != nil {
			return q, fmt.Errorf("%w: %s %s: want 1 or 0", ErrOption, f.key, quoteShort(s))
		}
		*f.off = !on
	}
	return q, nil
}

// Values writes q as query values that ParseQuery reads back, leaving out what is the default.
func (q Query) Values() url.Values {
	v := url.Values{}
	if q.Theme != "" && q.Theme != Auto {
		v.Set(keyTheme, string(q.Theme))
	}
	if q.Size != 0 {
		v.Set(keySize, strconv.Itoa(q.Size))
	}
	if q.Ply != Latest {
		v.Set(keyPly, strconv.Itoa(q.Ply))
	}
	if q.NoCoords {
		v.Set(keyCoords, "0")
	}
	if q.NoLetters {
		v.Set(keyLetters, "0")
	}
	return v
}

// ParseSize reads a width in pixels: digits alone, from MinSize to MaxSize.
func ParseSize(s string) (int, error) {
	n, ok := digits(s, 4)
	if !ok || n < MinSize || n > MaxSize {
		return 0, fmt.Errorf("%w: size %s: want a width from %d to %d pixels", ErrOption, quoteShort(s), MinSize, MaxSize)
	}
	return n, nil
}

// maxPly bounds the plies a query may name: no game is that long, and the number stays small.
const maxPly = 99999

// ParsePly reads a ply: digits alone (0 is the start), or "last" (or "") for Latest.
func ParsePly(s string) (int, error) {
	if s == "" || strings.EqualFold(s, "last") {
		return Latest, nil
	}
	n, ok := digits(s, 5)
	if !ok || n > maxPly {
		return 0, fmt.Errorf("%w: ply %s: want a number of moves from 0, or last", ErrOption, quoteShort(s))
	}
	return n, nil
}

// digits reads a number of at most max decimal digits, and nothing else (no sign, no space).
func digits(s string, max int) (int, bool) {
	if s == "" || len(s) > max {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func parseSwitch(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "true", "on", "yes":
		return true, nil
	case "0", "false", "off", "no":
		return false, nil
	}
	return false, errors.New("not a switch")
}
