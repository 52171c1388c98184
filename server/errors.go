package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"turncoat/api"

	"turncoat/game"
	"turncoat/platform"
)

// statusOf is the one table from the services' error codes to HTTP statuses.
var statusOf = map[platform.Code]int{
	platform.BadRequest:           http.StatusBadRequest,
	platform.BadJSON:              http.StatusBadRequest,
	platform.TooLarge:             http.StatusRequestEntityTooLarge,
	platform.BadOption:            http.StatusBadRequest,
	platform.UnknownKind:          http.StatusBadRequest,
	platform.BadRecord:            http.StatusUnprocessableEntity,
	platform.NotFound:             http.StatusNotFound,
	platform.IllegalMove:          http.StatusUnprocessableEntity,
	platform.BadNotation:          http.StatusUnprocessableEntity,
	platform.NotYourTurn:          http.StatusConflict,
	platform.GameOver:             http.StatusConflict,
	platform.StalePly:             http.StatusConflict,
	platform.Conflict:             http.StatusConflict,
	platform.NotAllowed:           http.StatusConflict,
	platform.Unauthorized:         http.StatusUnauthorized,
	platform.Forbidden:            http.StatusForbidden,
	platform.RateLimited:          http.StatusTooManyRequests,
	platform.Busy:                 http.StatusServiceUnavailable,
	platform.BadLogin:             http.StatusUnauthorized,
	platform.NameTaken:            http.StatusConflict,
	platform.Unavailable:          http.StatusServiceUnavailable,
	platform.Internal:             http.StatusInternalServerError,
	platform.TokenExpired:         http.StatusUnauthorized,
	platform.SessionExpired:       http.StatusUnauthorized,
	platform.SessionEnded:         http.StatusUnauthorized,
	platform.TokenRevoked:         http.StatusUnauthorized,
	platform.TooManyTokens:        http.StatusConflict,
	platform.TooManySockets:       http.StatusTooManyRequests,
	platform.TooManySubscriptions: http.StatusTooManyRequests,
	platform.LoginBackoff:         http.StatusTooManyRequests,
	platform.WeakPassword:         http.StatusBadRequest,
	platform.BadPost:              http.StatusUnprocessableEntity,
	platform.PassRefused:          http.StatusUnprocessableEntity,
	platform.NotYourBoard:         http.StatusForbidden,
	platform.NotYourRound:         http.StatusConflict,
	platform.SecondPost:           http.StatusConflict,
	platform.RoundClosed:          http.StatusConflict,
	platform.NoPost:               http.StatusConflict,
	platform.WrongPhase:           http.StatusConflict,
	platform.ChatEmpty:            http.StatusBadRequest,
	platform.ChatTooLong:          http.StatusBadRequest,
	platform.ChatOff:              http.StatusConflict,
}

// httpStatus returns the status of an error's code.
func httpStatus(code platform.Code) int {
	if st, ok := statusOf[code]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// errMessage returns err as a live message's error.
func errMessage(err error) *api.Error {
	e := toErrorJSON(err)
	return &e
}

func toErrorJSON(err error) api.Error {
	e := platform.AsError(err)
	out := api.Error{Code: e.Code, Message: e.Message}
	switch v := e.View.(type) {
	case api.Game:
		out.View = &v
	case *api.Game:
		out.View = v
	}
	return out
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
	e := toErrorJSON(err)
	status := httpStatus(e.Code)
	if status >= 500 {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	writeJSON(w, status, map[string]any{"error": e})
}

// decodeJSON reads a request body of at most maxBody bytes into v, refusing unknown fields.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return platform.Errorf(platform.TooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return platform.Errorf(platform.BadJSON, "reading the request body: %v", err)
	}
	if hasNUL(body) {
		return errNUL()
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // an empty body: every field takes its default
		}
		if errors.Is(err, game.ErrOption) {
			return platform.Errorf(platform.BadOption, "%v", err)
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return platform.Errorf(platform.TooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return platform.Errorf(platform.BadJSON, "malformed JSON: %v", err)
	}
	if dec.More() {
		return platform.Errorf(platform.BadJSON, "malformed JSON: more than one value")
	}
	return nil
}

// hasNUL reports whether JSON text holds a NUL character (which a JSON string can only carry
// escaped): no name, move or id has one, and PostgreSQL refuses it in text.
func hasNUL(b []byte) bool { return bytes.Contains(b, []byte(`\u0000`)) }

func errNUL() *platform.Error {
	return platform.Errorf(platform.BadRequest, "text with a NUL character (\\u0000) is refused")
}

// maxBody bounds request bodies (imported records included).
const maxBody = 1 << 20
