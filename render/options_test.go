package render

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestParseQuery(t *testing.T) {
	for _, c := range []struct {
		query string
		want  Query
		err   string
	}{
		{"", Query{Options: Options{Theme: Auto}, Ply: Latest}, ""},
		{"ply=0", Query{Options: Options{Theme: Auto}, Ply: 0}, ""},
		{"ply=last&theme=ByPost&size=640", Query{Options: Options{Theme: ByPost, Size: 640}, Ply: Latest}, ""},
		{"theme=high-contrast&coords=0&letters=false", Query{Options: Options{Theme: Contrast, NoCoords: true, NoLetters: true}, Ply: Latest}, ""},
		{"ply=12&utm_source=forum", Query{Options: Options{Theme: Auto}, Ply: 12}, ""},
		{"size=63", Query{}, "size \"63\": want a width from 64 to 2048 pixels"},
		{"size=2049", Query{}, "size \"2049\""},
		{"size=%2B480", Query{}, "size \"+480\""},
		{"size=480px", Query{}, "size \"480px\""},
		{"size=", Query{}, "size \"\""},
		{"ply=-1", Query{}, "ply \"-1\": want a number of moves from 0, or last"},
		{"ply=100000", Query{}, "ply \"100000\""},
		{"ply=1&ply=2", Query{}, "ply given 2 times"},
		{"theme=neon", Query{}, "theme \"neon\": want auto, classic, bypost or contrast"},
		{"coords=maybe", Query{}, "coords \"maybe\": want 1 or 0"},
		{"theme=" + strings.Repeat("x", 500), Query{}, `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…: want auto`},
	} {
		v, err := url.ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseQuery(v)
		if c.err != "" {
			if err == nil || !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one saying %q", c.query, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %+v, %v; want %+v", c.query, got, err, c.want)
		}
	}
}

// FuzzParseQuery reads query strings as a picture's URL brings them: never a panic; an error
// is an option error of a readable length; what is read is within bounds, and reads back the
// same from the query it writes.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "ply=3&theme=bypost&size=480", "size=64", "size=2048", "ply=last",
		"theme=CONTRAST&coords=0&letters=1", "size=99999", "ply=-3", "ply=1&ply=1", "theme=%ff%fe", "size=0480"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseQuery(v)
		if err != nil {
			if !errors.Is(err, ErrOption) {
				t.Fatalf("%q: %v is not an option error", raw, err)
			}
			if len(err.Error()) > 200 {
				t.Fatalf("%q: an error of %d bytes", raw, len(err.Error()))
			}
			return
		}
		if err := q.Validate(); err != nil {
			t.Fatalf("%q: read %+v, which does not validate: %v", raw, q, err)
		}
		if q.Size != 0 && (q.Size < MinSize || q.Size > MaxSize) {
			t.Fatalf("%q: size %d", raw, q.Size)
		}
		if q.Ply < Latest || q.Ply > maxPly {
			t.Fatalf("%q: ply %d", raw, q.Ply)
		}
		back, err := ParseQuery(q.Values())
		if err != nil || back != q {
			t.Fatalf("%q: read %+v, written %q, read back %+v, %v", raw, q, q.Values().Encode(), back, err)
		}
	})
}
