package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/riverqueue/river"

	"turncoat/api"
	"turncoat/client"
	"turncoat/domain"
	"turncoat/games"
	"turncoat/platform/aiwork"
	"turncoat/platform/clock"
	"turncoat/platform/notify"
	"turncoat/platform/tourney"
	"turncoat/server"
	"turncoat/store"
	"turncoat/tournament"
)

// tournamentAPI is what the tournament commands do: against a server through the API client,
// or on a database through the tournaments' service in process (--db).
type tournamentAPI interface {
	CreateTournament(ctx context.Context, q api.CreateTournament) (api.Tournament, error)
	Tournaments(ctx context.Context) ([]api.TournamentRow, error)
	Tournament(ctx context.Context, id string) (api.Tournament, error)
	TournamentOp(ctx context.Context, id, op string, q *api.HostAction) (api.OpResult, error)
	TournamentPost(ctx context.Context, id, text string, edit bool, round int) (api.OpResult, error)
	TournamentBoards(ctx context.Context, id string) ([]tournament.BoardInfo, error)
	TournamentSummary(ctx context.Context, id string, f tournament.SummaryFormat) (string, error)
	TournamentStandings(ctx context.Context, id string) ([]tournament.Placing, error)
	TournamentLedger(ctx context.Context, id string) (api.Ledger, error)
}

// openTournaments connects to the server, or opens the database with the tournaments' service
// on clk, acting as the user named as (made, without a password, if there is none).
func openTournaments(ctx context.Context, clk clock.Clock, serverURL, token, db, as, publicURL string) (tournamentAPI, func(), error) {
	if db == "" {
		if serverURL == "" {
			serverURL = os.Getenv("TURNCOAT_SERVER")
		}
		if serverURL == "" {
			serverURL = "http://localhost:8080"
		}
		if token == "" {
			token = os.Getenv("TURNCOAT_TOKEN")
		}
		return client.New(serverURL, token), func() {}, nil
	}
	public, err := server.ParsePublicURL(publicURL)
	if err != nil {
		return nil, nil, usagef("--public-url %v", err)
	}
	st, err := store.Open(ctx, db, store.Options{})
	if err != nil {
		return nil, nil, err
	}
	// The service stores its jobs with its changes, and the notices with their mail jobs (a
	// server works them and pushes the notices): an insert-only queue.
	if _, err := st.NewJobs(ctx, &river.Config{}, slog.New(slog.DiscardHandler)); err != nil {
		st.Close()
		return nil, nil, err
	}
	l := &localTournaments{public: public, svc: tourney.New(tourney.Config{Store: st, Registry: games.Registry(), Log: slog.New(slog.DiscardHandler),
		Clock: clk, AI: aiwork.New(1, time.Minute), Notes: notify.New(notify.Config{Store: st, Clock: clk})})}
	closeAll := func() {
		l.svc.Close()
		st.Close()
	}
	if as != "" {
		u, _, err := st.UserByName(ctx, as)
		if errors.Is(err, domain.ErrNotFound) {
			u, err = st.CreateUser(ctx, as, "", false, clk.Now())
		}
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("--as %s: %w", as, err)
		}
		l.u = &u
	}
	return l, closeAll, nil
}

// localTournaments is the tournaments' service in process, acting as u (nil: anonymous).
type localTournaments struct {
	svc    *tourney.Service
	u      *domain.User
	public string
}

func (l *localTournaments) CreateTournament(ctx context.Context, q api.CreateTournament) (api.Tournament, error) {
	return l.svc.CreateFor(ctx, l.u, q)
}

func (l *localTournaments) Tournaments(ctx context.Context) ([]api.TournamentRow, error) {
	return l.svc.List(ctx, "")
}

func (l *localTournaments) Tournament(ctx context.Context, id string) (api.Tournament, error) {
	return l.svc.View(ctx, id, l.u)
}

func (l *localTournaments) TournamentOp(ctx context.Context, id, op string, q *api.HostAction) (api.OpResult, error) {
	if q == nil {
		return l.svc.PlayerOp(ctx, id, l.u, op)
	}
	return l.svc.HostOp(ctx, id, l.u, op, *q)
}

func (l *localTournaments) TournamentPost(ctx context.Context, id, text string, edit bool, round int) (api.OpResult, error) {
	return l.svc.Post(ctx, id, l.u, text, edit, round)
}

func (l *localTournaments) TournamentBoards(ctx context.Context, id string) ([]tournament.BoardInfo, error) {
	return l.svc.Boards(ctx, id)
}

func (l *localTournaments) TournamentSummary(ctx context.Context, id string, f tournament.SummaryFormat) (string, error) {
	return l.svc.Summary(ctx, id, f, l.public, "en")
}

func (l *localTournaments) TournamentStandings(ctx context.Context, id string) ([]tournament.Placing, error) {
	return l.svc.Standings(ctx, id)
}

func (l *localTournaments) TournamentLedger(ctx context.Context, id string) (api.Ledger, error) {
	return l.svc.Ledger(ctx, id)
}
