package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"turncoat/api"

	"turncoat/domain"
	"turncoat/game"
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

// errMessage returns err as a live message's error.
func errMessage(err error) *api.Error {
	e := toErrorJSON(err)
	return &e
}

func toErrorJSON(err error) api.Error {
	e := domain.AsError(err)
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
			return domain.Errorf(domain.TooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return domain.Errorf(domain.BadJSON, "reading the request body: %v", err)
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

// hasNUL reports whether JSON text holds a NUL character (which a JSON string can only carry
// escaped): no name, move or id has one, and PostgreSQL refuses it in text.
func hasNUL(b []byte) bool { return bytes.Contains(b, []byte(`\u0000`)) }

func errNUL() *domain.Error {
	return domain.Errorf(domain.BadRequest, "text with a NUL character (\\u0000) is refused")
}

// maxBody bounds request bodies (imported records included).
const maxBody = 1 << 20
