package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"turncoat/game"
	"turncoat/store"
)

// apiError is an error the API reports as {"error": {"code": ..., "message": ...}} with an HTTP
// status. Codes are stable; messages say what was wrong in words.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// View is the fresh state sent with a conflict, so the client catches up at once.
	View any `json:"view,omitempty"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

// Error codes.
const (
	codeBadRequest   = "bad_request"
	codeBadJSON      = "bad_json"
	codeTooLarge     = "too_large"
	codeBadOption    = "bad_option"
	codeUnknownKind  = "unknown_kind"
	codeNotFound     = "not_found"
	codeIllegalMove  = "illegal_move"
	codeBadNotation  = "bad_notation"
	codeNotYourTurn  = "not_your_turn"
	codeGameOver     = "game_over"
	codeStalePly     = "stale_ply"
	codeConflict     = "conflict"
	codeNotAllowed   = "not_allowed"
	codeUnauthorized = "unauthorized"
	codeForbidden    = "forbidden"
	codeRateLimited  = "rate_limited"
	codeBadLogin     = "bad_login"
	codeNameTaken    = "name_taken"
	codeUnavailable  = "unavailable"
	codeInternal     = "internal"
)

func errorf(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// toAPIError maps the errors of the game contract, the table and the store to API errors.
func toAPIError(err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, game.ErrIllegal):
		return errorf(http.StatusUnprocessableEntity, codeIllegalMove, "%v", err)
	case errors.Is(err, game.ErrSyntax):
		return errorf(http.StatusUnprocessableEntity, codeBadNotation, "%v", err)
	case errors.Is(err, game.ErrNotYourTurn):
		return errorf(http.StatusConflict, codeNotYourTurn, "%v", err)
	case errors.Is(err, game.ErrGameOver):
		return errorf(http.StatusConflict, codeGameOver, "%v", err)
	case errors.Is(err, game.ErrNotAllowed):
		return errorf(http.StatusConflict, codeNotAllowed, "%v", err)
	case errors.Is(err, game.ErrOption):
		return errorf(http.StatusBadRequest, codeBadOption, "%v", err)
	case errors.Is(err, game.ErrNoSuchPlayer):
		return errorf(http.StatusBadRequest, codeBadRequest, "%v", err)
	case errors.Is(err, store.ErrNotFound):
		return errorf(http.StatusNotFound, codeNotFound, "%v", err)
	case errors.Is(err, store.ErrConflict):
		return errorf(http.StatusConflict, codeConflict, "%v", err)
	}
	return errorf(http.StatusInternalServerError, codeInternal, "internal error")
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

// writeError writes err as the API's error object.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	ae := toAPIError(err)
	if ae.Status >= 500 {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	writeJSON(w, ae.Status, map[string]any{"error": ae})
}

// decodeJSON reads a request body of at most maxBody bytes into v, refusing unknown fields.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errorf(http.StatusRequestEntityTooLarge, codeTooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return errorf(http.StatusBadRequest, codeBadJSON, "reading the request body: %v", err)
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
			return errorf(http.StatusBadRequest, codeBadOption, "%v", err)
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errorf(http.StatusRequestEntityTooLarge, codeTooLarge, "the request body is larger than %d bytes", maxBody)
		}
		return errorf(http.StatusBadRequest, codeBadJSON, "malformed JSON: %v", err)
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, codeBadJSON, "malformed JSON: more than one value")
	}
	return nil
}

// hasNUL reports whether JSON text holds a NUL character (which a JSON string can only carry
// escaped): no name, move or id has one, and PostgreSQL refuses it in text.
func hasNUL(b []byte) bool { return bytes.Contains(b, []byte(`\u0000`)) }

func errNUL() *apiError {
	return errorf(http.StatusBadRequest, codeBadRequest, "text with a NUL character (\\u0000) is refused")
}

// maxBody bounds request bodies (imported records included).
const maxBody = 1 << 20
