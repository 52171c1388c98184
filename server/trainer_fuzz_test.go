package server

import (
	"context"
	"testing"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/engine/othello/book"
	"turncoat/platform/trainer"
)

// FuzzTrainerDrill feeds a drill's request body anything: the decoder and the trainer never
// panic, and refuse with the codes of bad input.
func FuzzTrainerDrill(f *testing.F) {
	for _, s := range []string{
		`{"line":"f5d6c3d3c4","color":"black","moves":"f5d6c3","seed":1}`,
		`{"line":"","color":"white","moves":"f5d6","seed":18446744073709551615,"plies":4}`,
		`{"color":"black","moves":"1. F5 d6 2. pass"}`, `{"color":"red"}`, `{"color":"black","plies":-3}`,
		`{"color":"black","extra":1}`, `{"moves":"\u0000"}`, `[]`, ``,
	} {
		f.Add([]byte(s))
	}
	b, err := book.SharedShipped()
	if err != nil {
		f.Fatal(err)
	}
	t := trainer.New(trainer.Config{Book: b})
	f.Fuzz(func(tt *testing.T, data []byte) {
		var req api.Drill
		if err := unmarshalJSON(data, &req, true); err != nil {
			if c := domain.AsError(err).Code; c != domain.BadRequest && c != domain.BadJSON && c != domain.TooLarge {
				tt.Fatalf("%q: code %s", data, c)
			}
			return
		}
		if _, err := t.Drill(context.Background(), nil, req); err != nil {
			switch c := domain.ErrorCode(err); c {
			case domain.BadRequest, domain.BadNotation, domain.IllegalMove:
			default:
				tt.Fatalf("%q: code %s (%v)", data, c, err)
			}
		}
	})
}
