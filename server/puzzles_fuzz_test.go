package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"turncoat/domain"
	"turncoat/platform/puzzles"
)

// FuzzPuzzleAttempt feeds the attempt's reader anything, and what it accepts to a guest's
// attempt at a shipped puzzle: nothing panics, and every refusal is the API's, a 4xx.
func FuzzPuzzleAttempt(f *testing.F) {
	set, err := puzzles.Shipped()
	if err != nil {
		f.Fatal(err)
	}
	set = set[:min(len(set), 20)]
	svc, err := puzzles.New(nil, set, time.Now)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		`{"moves":["a1"]}`, `{"moves":["` + set[0].Answer(0) + `"]}`, `{"moves":["` + set[0].Answer(0) + `","pass"]}`,
		`{"moves":[]}`, `{"moves":null,"guest":{"rating":1500,"deviation":350,"volatility":0.06}}`,
		`{"moves":["b2"],"guest":{"rating":-1e308,"deviation":0,"volatility":1e9}}`, `{"moves":"a1"}`, `[]`, ``,
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		req, err := parsePuzzleAttempt(data)
		if err == nil {
			_, err = svc.Attempt(context.Background(), nil, set[int(which)%len(set)].ID, req)
		}
		if err == nil {
			return
		}
		var de *domain.Error
		if !errors.As(err, &de) {
			t.Fatalf("%q: %v is not the API's error", data, err)
		}
		switch de.Code {
		case domain.BadRequest, domain.BadJSON, domain.IllegalMove:
		default:
			t.Fatalf("%q: code %s (%v)", data, de.Code, err)
		}
	})
}
