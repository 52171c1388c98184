package server

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"turncoat/domain"
)

// FuzzUnmarshalJSON feeds the one decoder of outside JSON anything: it never panics, and what
// it accepts is UTF-8 whose strings hold a replacement character only where the text wrote one
// (never one made of a byte or a surrogate that is not a character); what it refuses is refused
// with the API's codes.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, s := range []string{
		`{"type":"ping","id":"x"}`, `{"a":"\ud83d\ude00"}`, `{"a":"\ud800"}`, `{"a":"\udc00\ud800"}`,
		"{\"a\":\"\xff\"}", `{"a":"\\ud800"}`, `{"a":"\ufffd"}`, `"\u0000"`, `[1,2]`, ``, `{"a":"\ud800\u0041"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		err := unmarshalJSON(data, &v, false)
		if err != nil {
			switch c := domain.AsError(err).Code; c {
			case domain.BadRequest, domain.BadJSON:
			default:
				t.Fatalf("%q: code %s", data, c)
			}
			return
		}
		if !utf8.Valid(data) {
			t.Fatalf("%q: accepted, not UTF-8", data)
		}
		wrote := bytes.ContainsRune(data, utf8.RuneError) || bytes.Contains(bytes.ToLower(data), []byte(`\ufffd`))
		var walk func(any)
		walk = func(x any) {
			switch x := x.(type) {
			case string:
				if strings.ContainsRune(x, utf8.RuneError) && !wrote {
					t.Fatalf("%q: accepted with a replacement character: %q", data, x)
				}
			case []any:
				for _, e := range x {
					walk(e)
				}
			case map[string]any:
				for k, e := range x {
					walk(k)
					walk(e)
				}
			}
		}
		walk(v)
	})
}
