package play

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzCleanChat: a chat message that is accepted is trimmed text of 1 to maxChatRunes
// characters without control characters; anything else is refused with an error.
func FuzzCleanChat(f *testing.F) {
	for _, s := range []string{"good luck", "  ", "<script>alert(1)</script>", "a\x00b\nc", strings.Repeat("é", 301), "\u2028", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := cleanChat(in)
		if err != nil {
			return
		}
		n := utf8.RuneCountInString(out)
		if n == 0 || n > maxChatRunes || !utf8.ValidString(out) || out != strings.TrimSpace(out) {
			t.Fatalf("%q became %q", in, out)
		}
		if strings.ContainsFunc(out, unicode.IsControl) {
			t.Fatalf("%q keeps a control character: %q", in, out)
		}
	})
}
