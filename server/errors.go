package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"strings"
	"unicode/utf8"

	"turncoat/api"

	"turncoat/domain"
	"turncoat/game"
	"turncoat/internal/words"
)

// statusOf is the one table from the services' error codes to HTTP statuses.
var statusOf = map[domain.Code]int{
	domain.BadRequest:           http.StatusBadRequest,
	domain.BadJSON:              http.StatusBadRequest,
	domain.TooLarge:             http.StatusRequestEntityTooLarge,
	domain.BadOption:            http.StatusBadRequest,
	domain.UnknownKind:          http.StatusBadRequest,
	domain.BadRecord:            http.StatusUnprocessableEntity,
	domain.NotFound:             http.StatusNotFound,
	domain.IllegalMove:          http.StatusUnprocessableEntity,
	domain.BadNotation:          http.StatusUnprocessableEntity,
	domain.NotYourTurn:          http.StatusConflict,
	domain.GameOver:             http.StatusConflict,
	domain.StalePly:             http.StatusConflict,
	domain.Conflict:             http.StatusConflict,
	domain.NotAllowed:           http.StatusConflict,
	domain.Unauthorized:         http.StatusUnauthorized,
	domain.Forbidden:            http.StatusForbidden,
	domain.RateLimited:          http.StatusTooManyRequests,
	domain.Busy:                 http.StatusServiceUnavailable,
	domain.BadLogin:             http.StatusUnauthorized,
	domain.NameTaken:            http.StatusConflict,
	domain.Unavailable:          http.StatusServiceUnavailable,
	domain.Internal:             http.StatusInternalServerError,
	domain.TokenExpired:         http.StatusUnauthorized,
	domain.SessionExpired:       http.StatusUnauthorized,
	domain.SessionEnded:         http.StatusUnauthorized,
	domain.TokenRevoked:         http.StatusUnauthorized,
	domain.TooManyTokens:        http.StatusConflict,
	domain.TooManySockets:       http.StatusTooManyRequests,
	domain.TooManySubscriptions: http.StatusTooManyRequests,
	domain.LoginBackoff:         http.StatusTooManyRequests,
	domain.WeakPassword:         http.StatusBadRequest,
	domain.AccountClosed:        http.StatusForbidden,
	domain.AccountSuspended:     http.StatusForbidden,
	domain.LinkInvalid:          http.StatusBadRequest,
	domain.BadPost:              http.StatusUnprocessableEntity,
	domain.PassRefused:          http.StatusUnprocessableEntity,
	domain.NotYourBoard:         http.StatusForbidden,
	domain.NotYourRound:         http.StatusConflict,
	domain.SecondPost:           http.StatusConflict,
	domain.RoundClosed:          http.StatusConflict,
	domain.NoPost:               http.StatusConflict,
	domain.WrongPhase:           http.StatusConflict,
	domain.ChatEmpty:            http.StatusBadRequest,
	domain.ChatTooLong:          http.StatusBadRequest,
	domain.ChatOff:              http.StatusConflict,
}

// httpStatus returns the status of an error's code.
func httpStatus(code domain.Code) int {
	if st, ok := statusOf[code]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// errMessage returns err as a live message's error, in lang (see toErrorJSON).
func errMessage(err error, lang string) *api.Error {
	e, _ := toErrorJSON(err, lang)
	return &e
}

// toErrorJSON returns err as the API's error object, its message in lang when the catalogues
// say it (the error's own sentence, or its code's in a language other than English: an
// English page keeps the service's sentence, which names the move, the option...), and the
// language the message is in.
func toErrorJSON(err error, lang string) (api.Error, string) {
	e := domain.AsError(err)
	out := api.Error{Code: e.Code, Message: e.Message}
	said := "en"
	if e.Key != "" {
		if m, ok := words.Say(lang, e.Key, sidesIn(lang, e.Args)); ok {
			out.Message, said = m, lang
		}
	} else if lang != "en" {
		if m, ok := words.Say(lang, "code."+string(e.Code), nil); ok {
			out.Message, said = m, lang
		}
	}
	switch v := e.View.(type) {
	case api.Game:
		out.View = &v
	case *api.Game:
		c := *v
		out.View = &c
	}
	sayEnd(lang, out.View)
	return out, said
}

// sidesIn returns an error's arguments with the sides' names (the arguments named side...,
// as a tournament's refusals give them) said in lang.
func sidesIn(lang string, args map[string]string) map[string]string {
	if lang == "en" {
		return args
	}
	var out map[string]string
	for k, v := range args {
		if strings.HasPrefix(k, "side") {
			if out == nil {
				out = maps.Clone(args)
			}
			out[k] = words.Side(lang, v)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// requestLang is the language of a request's person: its lang parameter, else its
// Accept-Language (the web UI sends its page's language), else English.
func requestLang(r *http.Request) string {
	return words.Pick(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
}

// writeJSON writes v with a status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// writeError writes err as the API's error object, with its code's status.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	e, lang := toErrorJSON(err, requestLang(r))
	status := httpStatus(e.Code)
	if status >= 500 {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	w.Header().Set("Content-Language", lang)
	w.Header().Add("Vary", "Accept-Language")
	writeJSON(w, status, map[string]any{"error": e})
}

// decodeJSON reads a request body of at most maxBody bytes into v, refusing unknown fields.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return domain.Errorf(domain.TooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return domain.Errorf(domain.BadJSON, "reading the request body: %v", err)
	}
	return unmarshalJSON(body, v, true)
}

// unmarshalJSON is the one decoder of JSON from outside (request bodies, a tournament post's,
// WebSocket messages): one value, its text UTF-8 (a byte that starts no character, or a
// surrogate escaped alone, is refused rather than taken as U+FFFD) without a NUL character;
// strict refuses unknown fields. An empty text leaves v as it is. Its errors are the API's:
// bad_request for the text, bad_option for a game's option, bad_json for the JSON.
func unmarshalJSON(data []byte, v any, strict bool) error {
	if hasNUL(data) {
		return errNUL()
	}
	if err := checkJSONText(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // an empty body: every field takes its default
		}
		if errors.Is(err, game.ErrOption) {
			return domain.Errorf(domain.BadOption, "%v", err)
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return domain.Errorf(domain.TooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return domain.Errorf(domain.BadJSON, "malformed JSON: %v", err)
	}
	if dec.More() {
		return domain.Errorf(domain.BadJSON, "malformed JSON: more than one value")
	}
	return nil
}

// checkJSONText refuses JSON text that is not UTF-8, or whose escapes name a surrogate alone (a
// high one not followed by a low one, or a low one first): encoding/json would take either as
// U+FFFD. A backslash is outside a string only in malformed JSON, which the decoder refuses.
func checkJSONText(b []byte) error {
	if !utf8.Valid(b) {
		return domain.Errorf(domain.BadRequest, "the text is not UTF-8").Words("text.not_utf8")
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+1 < len(b) && b[i+1] != 'u' {
			i++ // \\, \", \n...: one escaped character
			continue
		}
		r, ok := hex4(b, i+2)
		if !ok {
			continue // malformed: the decoder says so
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return errSurrogate()
		case r >= 0xD800 && r <= 0xDBFF:
			lo, ok := rune(0), false
			if i+7 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
				lo, ok = hex4(b, i+8)
			}
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return errSurrogate()
			}
			i += 11
		default:
			i += 5
		}
	}
	return nil
}

func errSurrogate() *domain.Error {
	return domain.Errorf(domain.BadRequest, "the text is not UTF-8: a surrogate escaped alone (\\uD800-\\uDFFF)").Words("text.not_utf8")
}

// hex4 reads four hex digits at b[i:].
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// hasNUL reports whether JSON text holds a NUL character (which a JSON string can only carry
// escaped): no name, move or id has one, and PostgreSQL refuses it in text.
func hasNUL(b []byte) bool { return bytes.Contains(b, []byte(`\u0000`)) }

func errNUL() *domain.Error {
	return domain.Errorf(domain.BadRequest, "text with a NUL character (\\u0000) is refused").Words("text.nul")
}

// maxBody bounds request bodies (imported records included).
const maxBody = 1 << 20
