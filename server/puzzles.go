package server

import (
	"fmt"
	"io"
	"net/http"
	"strconv"

	"turncoat/api"
	"turncoat/domain"
	"turncoat/platform/puzzles"
	"turncoat/render"
)

// The puzzles' endpoints: the puzzles themselves, their checking and ratings are
// platform/puzzles'.

func (s *Server) puzzleService() (*puzzles.Service, error) {
	if s.puzzles == nil {
		return nil, domain.Errorf(domain.NotFound, "this server has no puzzles").Words("puzzle.none")
	}
	return s.puzzles, nil
}

// puzzleMember is the caller as the puzzles rate them: a member, or nil for a visitor or a guest
// account, whose puzzle rating the browser keeps.
func puzzleMember(r *http.Request) *domain.User {
	if u := userOf(r); u != nil && !u.Guest {
		return u
	}
	return nil
}

// handlePuzzleNext answers GET /api/puzzles/next: a puzzle at the player's rating (a guest's
// is ?rating=R, kept by their browser) other than ?after=ID, of ?kind=K (a game's name; absent or
// "any": a kind of the set at random, each kind as likely).
func (s *Server) handlePuzzleNext(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var guest float64
	if v := q.Get("rating"); v != "" {
		if guest, err = strconv.ParseFloat(v, 64); err != nil || guest < 0 || guest > 4000 {
			return domain.Errorf(domain.BadRequest, "rating=%q: want a number from 0 to 4000", v).Words("puzzle.bad_rating")
		}
	}
	p, err := ps.Next(r.Context(), puzzleMember(r), guest, q.Get("after"), q.Get("kind"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// handlePuzzleKinds answers GET /api/puzzles/kinds: the kinds of puzzles served and how many of
// each, for the page's kind picker.
func (s *Server) handlePuzzleKinds(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ps.KindCounts())
	return nil
}

// handlePuzzleDaily answers GET /api/puzzles/daily: the puzzle of the UTC day.
func (s *Server) handlePuzzleDaily(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	p, err := ps.Daily(s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// handlePuzzleMe answers GET /api/puzzles/me: a member's puzzle rating.
func (s *Server) handlePuzzleMe(w http.ResponseWriter, r *http.Request) error {
	u := puzzleMember(r)
	if u == nil {
		return domain.Errorf(domain.Unauthorized, "sign up to keep a puzzle rating: a guest's is kept by the browser").Words("puzzle.sign_up")
	}
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	me, err := ps.Me(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, me)
	return nil
}

// handlePuzzle answers GET /api/puzzles/{id}.
func (s *Server) handlePuzzle(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	p, err := ps.Puzzle(r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// handlePuzzleAttempt answers POST /api/puzzles/{id}/attempt: the player's moves so far, judged.
func (s *Server) handlePuzzleAttempt(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.puzzleService()
	if err != nil {
		return err
	}
	req, err := decodePuzzleAttempt(w, r)
	if err != nil {
		return err
	}
	out, err := ps.Attempt(r.Context(), puzzleMember(r), r.PathValue("id"), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// decodePuzzleAttempt reads an attempt's body and refuses one no puzzle could take.
func decodePuzzleAttempt(w http.ResponseWriter, r *http.Request) (api.PuzzleAttempt, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return api.PuzzleAttempt{}, domain.Errorf(domain.TooLarge, "the request body is larger than %d bytes", maxBody)
	}
	return parsePuzzleAttempt(body)
}

// parsePuzzleAttempt reads an attempt: strict JSON, and moves a puzzle could take.
func parsePuzzleAttempt(body []byte) (api.PuzzleAttempt, error) {
	var req api.PuzzleAttempt
	if err := unmarshalJSON(body, &req, true); err != nil {
		return req, err
	}
	return req, puzzles.ValidateAttempt(req)
}

// puzzleImage draws a puzzle's position.
func (s *Server) puzzleImage(f render.Format) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		ps, err := s.puzzleService()
		if err != nil {
			return err
		}
		q, err := imageQuery(r, f)
		if err != nil {
			return err
		}
		id := r.PathValue("id")
		st, err := ps.State(id)
		if err != nil {
			return err
		}
		p, err := render.PositionOf(st)
		if err != nil {
			return err
		}
		key := fmt.Sprintf("p\x00%s\x00%s\x00%s", id, f, q.Values().Encode())
		return s.images.serve(w, r, s.clientAddr(r), key, f, func(b io.Writer) error {
			return s.images.r.Encode(b, f, p, q.Options)
		})
	}
}
